"""Django: ULID keys and columns (Django 3.2 to 5.x, psycopg2 or psycopg 3).

- `ULIDField()` — a `ulid` column; `ULIDField(storage="uuid")` — a `uuid` column of ULID keys.
- `ULIDAutoField` — a `ulid` primary key filled by the database's `gen_ulid()`; works as
  `DEFAULT_AUTO_FIELD = "uidext.django.ULIDAutoField"`.
- `UUIDv7AutoField` — a `uuid` primary key filled by `gen_uuidv7()` (values `uuid.UUID`).
- `UidextExtension` — a migration operation creating the extension.
- Adding "uidext.django" to INSTALLED_APPS creates the extension before `migrate` creates
  Django's own tables (needed when DEFAULT_AUTO_FIELD is ULIDAutoField on a fresh database),
  and registers the path converter `<ulid:name>` (uidext.django.converters).
- A malformed key (a TypeID of another prefix too) raises `InvalidKey`: a ValidationError (as UUIDField raises), a ValueError
  (as 1.3 raised) and an Http404, so that `get_object_or_404(Order, pk="nope")` answers 404.

Values go to the database as UUID text with no type, which both a ulid and a uuid column read:
a ForeignKey binds the parent's key through the parent's field, also where the child's column
is an existing uuid column.
"""
import uuid

from django import forms
from django.core import exceptions
from django.db import models as djmodels  # not "models": that name is this package's models module
from django.db.models.query_utils import DeferredAttribute
from django.utils.translation import gettext_lazy as _

from .._convert import key_uuid_text, storage_type
from .._ulid import ULID, from_driver, to_ulid
from ._invalid_key import InvalidKey
from .operations import UidextExtension
from .._drivers import adapt_in_psycopg2

adapt_in_psycopg2()  # raw ULID parameters (RawSQL, fn(), text()) on psycopg2

__all__ = ["ULIDField", "ULIDAutoField", "UUIDv7AutoField", "ULIDForeignKey", "UidextExtension", "InvalidKey",
           "ULID"]


def _invalid(field, value, error):
    """The field's "invalid" message, with the reason ULID() gave (after its "invalid ULID 'x': ")."""
    text = str(error)
    prefix = f"invalid ULID {value!r}: "
    reason = text[len(prefix):] if text.startswith(prefix) else text
    return InvalidKey(field.error_messages["invalid"], code="invalid", params={"value": value, "reason": reason})

class _KeyAttribute(DeferredAttribute):
    """Converts on assignment, so the key is a ULID also where Django assigns raw database
    values (the RETURNING of save() and bulk_create() before Django 4.x applied converters)."""

    def __set__(self, instance, value):
        instance.__dict__[self.field.attname] = self.field.python_value(value)


class ULIDFormField(forms.CharField):
    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        try:
            return ULID(value)
        except ValueError as e:
            raise exceptions.ValidationError(str(e), code="invalid")

    def prepare_value(self, value):
        return "" if value is None else str(value)


class _ULIDMixin:
    """What ULIDField and ULIDAutoField share: conversions and binding."""
    descriptor_class = _KeyAttribute
    empty_strings_allowed = False
    default_error_messages = {"invalid": _("“%(value)s” is not a valid ULID: %(reason)s.")}

    def python_value(self, value):
        return self.to_python(value)  # validates: assigned values may come from users

    def to_python(self, value):
        if value is None or type(value) is ULID:
            return value
        try:
            return to_ulid(value)
        except ValueError as e:
            raise _invalid(self, value, e) from None

    def get_prep_value(self, value):
        value = djmodels.Field.get_prep_value(self, value)
        return self.to_python(value)  # InvalidKey names a bad key

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        return None if value is None else key_uuid_text(value)

    def from_db_value(self, value, expression, connection):
        return None if value is None else from_driver(value)

    def value_to_string(self, obj):
        value = self.value_from_object(obj)
        return "" if value is None else str(value)


class ULIDField(_ULIDMixin, djmodels.Field):
    description = _("ULID")

    def __init__(self, *args, storage="ulid", **kwargs):
        self.storage = storage_type(storage)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if self.storage != "ulid":
            kwargs["storage"] = self.storage
        return name, path, args, kwargs

    def get_internal_type(self):
        return "ULIDField"

    def db_type(self, connection):
        return self.storage

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": ULIDFormField, "max_length": 38, **kwargs})


class ULIDForeignKey(djmodels.ForeignKey):
    """A ForeignKey to a model with a ULID key, whose column is a uuid column with
    storage="uuid" (a plain ForeignKey's column takes the key's type, ulid). Django indexes a
    foreign key with a plain index, which the foreign-key checks (the ulid key compared with the
    uuid column) cannot use: pass db_index=False and declare the index in Meta.indexes with
    opclasses=["uuid_ulid_ops"]."""

    def __init__(self, to, on_delete, *args, storage="ulid", **kwargs):
        self.storage = storage_type(storage)
        super().__init__(to, on_delete, *args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if self.storage != "ulid":
            kwargs["storage"] = self.storage
        return name, path, args, kwargs

    def db_type(self, connection):
        return "uuid" if self.storage == "uuid" else super().db_type(connection)


class _DatabaseKeyMixin:
    """An AutoField whose value comes from a database default instead of a sequence."""
    db_default_sql = None  # e.g. "gen_ulid()"
    column_type = None

    def get_internal_type(self):
        return type(self).__name__

    def db_type(self, connection):
        return self.column_type

    def rel_db_type(self, connection):
        return self.column_type  # a ForeignKey takes the key's type

    def db_type_suffix(self, connection):
        return f"DEFAULT {self.db_default_sql}"

    @property
    def validators(self):  # not an integer: no integer range validators
        return list(self._validators)


class ULIDAutoField(_DatabaseKeyMixin, _ULIDMixin, djmodels.AutoField):
    """A ulid primary key filled by the database's gen_ulid()."""
    description = _("ULID primary key filled by the database")
    column_type = "ulid"
    db_default_sql = "gen_ulid()"


class UUIDv7AutoField(_DatabaseKeyMixin, djmodels.AutoField):
    """A uuid primary key filled by the database's gen_uuidv7(); values are uuid.UUID."""
    description = _("UUIDv7 primary key filled by the database")
    column_type = "uuid"
    db_default_sql = "gen_uuidv7()"
    empty_strings_allowed = False

    default_error_messages = {"invalid": _("“%(value)s” is not a valid UUID.")}

    def to_python(self, value):
        if value is None or isinstance(value, uuid.UUID):
            return value
        try:
            return uuid.UUID(str(value))
        except ValueError:
            raise InvalidKey(self.error_messages["invalid"], code="invalid", params={"value": value}) from None

    def get_prep_value(self, value):
        value = djmodels.Field.get_prep_value(self, value)
        return self.to_python(value)

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        return None if value is None else key_uuid_text(value)  # not str(): a ULID is a uuid.UUID too

    def from_db_value(self, value, expression, connection):
        return None if value is None else self.to_python(value)


def _skip_database_keys_in_sequence_reset():
    """loaddata (and TransactionTestCase.reset_sequences) run the backend's sequence_reset_sql,
    which for every AutoField writes `setval(pg_get_serial_sequence(...), coalesce(max(id), 1))`:
    invalid for a ulid or uuid key, which has no sequence. Leave those models out of it."""
    try:
        from django.db.backends.postgresql.operations import DatabaseOperations
    except ImportError:  # no PostgreSQL driver installed: nothing to reset
        return
    original = DatabaseOperations.sequence_reset_sql
    if getattr(original, "uidext_skips_database_keys", False):
        return

    def sequence_reset_sql(self, style, model_list):
        return original(self, style, [model for model in model_list if not any(
            isinstance(field, _DatabaseKeyMixin) for field in model._meta.local_fields)])
    sequence_reset_sql.uidext_skips_database_keys = True
    DatabaseOperations.sequence_reset_sql = sequence_reset_sql


_skip_database_keys_in_sequence_reset()


# --- TypeID (#32): TypeIDField, TypeIDAutoField, TypeIDDefine, the <typeid:pk> converter ---------
from .typeid import TypeID, TypeIDAutoField, TypeIDConverter, TypeIDDefine, TypeIDField  # noqa: E402
from ._json_encoder import write_typeid_as_text  # noqa: E402

write_typeid_as_text()  # DjangoJSONEncoder (JsonResponse, serializers) writes a TypeID as its text

__all__ += ["TypeIDField", "TypeIDAutoField", "TypeIDDefine", "TypeIDConverter", "TypeID"]
