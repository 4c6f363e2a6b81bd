"""INSTALLED_APPS entry "uidext.django": creates the extension before migrate creates tables,
registers the <ulid:...> path converter and, when Django REST framework is installed, the
serializer fields of the key fields (uidext.django.rest_framework)."""
import importlib.util
from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import pre_migrate


def create_extension(sender, using="default", **kwargs):
    """Before `migrate` makes django_migrations (whose key is DEFAULT_AUTO_FIELD's type)."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'uidext'")
        if cursor.fetchone() is None:
            cursor.execute("CREATE EXTENSION IF NOT EXISTS uidext")


class UidextConfig(AppConfig):
    name = "uidext.django"
    label = "uidext"
    verbose_name = "uidext"
    default = True

    def ready(self):
        pre_migrate.connect(create_extension, dispatch_uid="uidext.django.create_extension")
        # Path converters (before any URLconf is resolved: ready() runs first).
        from django.urls import register_converter

        from .converters import ULIDConverter
        register_converter(ULIDConverter, "ulid")
        if importlib.util.find_spec("rest_framework") is not None:
            from .rest_framework import register
            register()
