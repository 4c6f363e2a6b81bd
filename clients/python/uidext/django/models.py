"""No models: present so that Django sends this app the pre_migrate signal."""
