"""Settings of the Django tests; the database comes from the environment (see test_django.py)."""
import os

SECRET_KEY = "tests"
USE_TZ = True
ROOT_URLCONF = "djangoapp.urls"  # <ulid:pk>: registered by the "uidext.django" app
ALLOWED_HOSTS = ["testserver"]
INSTALLED_APPS = ["uidext.django", "django.contrib.contenttypes", "django.contrib.auth", "djangoapp"]
INSTALLED_APPS.append("typeidapp")  # TypeID (#32)
DEFAULT_AUTO_FIELD = os.environ.get("UIDEXT_TEST_AUTO_FIELD", "uidext.django.ULIDAutoField")
if os.environ.get("UIDEXT_TEST_NO_APP"):
    INSTALLED_APPS.remove("uidext.django")
    del ROOT_URLCONF
DATABASES = {"default": {
    "ENGINE": "django.db.backends.postgresql",
    "NAME": os.environ["UIDEXT_TEST_DB"],
    "HOST": os.environ.get("UIDEXT_TEST_HOST", ""),
    "PORT": os.environ.get("UIDEXT_TEST_PORT", ""),
    "USER": os.environ.get("UIDEXT_TEST_USER", ""),
}}
