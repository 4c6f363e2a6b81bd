"""Django: TypeID keys and columns (exported by uidext.django).

- `TypeIDField(type_name="user_id")` (or `prefix="user"`) — a column of a per-prefix type made by
  typeid_define; `TypeIDField(type_name="typeid")` — the general typeid (any prefix).
- `TypeIDAutoField(type_name="user_id")` — a per-prefix primary key filled by the database's
  gen_user_id(), as ULIDAutoField is by gen_ulid(). A ForeignKey to it takes its type.
- `TypeIDDefine("user")` — a reversible migration operation: typeid_define / typeid_drop.
- `<typeid:pk>` — a path converter (registered when uidext.django is imported): TypeID text
  to `uidext.TypeID`; malformed text does not match (404). `TypeIDConverter.for_prefix("user")`
  makes one that also gives 404 for another prefix.
- A malformed TypeID, or one of another prefix, in any lookup, assignment or converter raises
  `InvalidKey` (a ValidationError, ValueError and Http404: get_object_or_404 answers 404), as
  for ULID keys.

The prefix is the type's: given, or read from a type name ending in "_id". Values are
`uidext.TypeID`; they go to the database as their text with no type, which the column's input
reads and checks (prefix included). None of these types is text: no `_like` index is made.
"""
from django import forms
from django.core import exceptions
from django.db import models as djmodels
from django.db.migrations.operations.base import Operation
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _

from .._typeid import TypeID, _check_prefix, to_typeid
from ._invalid_key import InvalidKey

__all__ = ["TypeIDField", "TypeIDAutoField", "TypeIDDefine", "TypeIDConverter", "TypeID"]


def _type_and_prefix(prefix, type_name):
    """(type name, prefix or None for the general typeid)."""
    if prefix is None and type_name is None:
        raise ValueError("name the type: type_name='user_id' (a per-prefix type), prefix='user' or type_name='typeid'")
    if prefix is not None:
        _check_prefix(prefix)
        if type_name is None:
            if not prefix:
                raise ValueError("prefix='': name the type with type_name=")
            type_name = f"{prefix}_id"
    elif type_name.rpartition(".")[2] == "typeid":
        return type_name, None
    elif type_name.endswith("_id"):
        prefix = _check_prefix(type_name.rpartition(".")[2][:-3])
    else:
        raise ValueError(f"type {type_name!r}: give prefix= too (the prefix is read only from names ending in '_id')")
    return type_name, prefix


def _invalid(field, value, error):
    """InvalidKey with the field's "invalid" message and the reason (after "invalid TypeID 'x': ")."""
    text = str(error)
    head = f"invalid TypeID {value!r}: "
    reason = text[len(head):] if text.startswith(head) else text
    return InvalidKey(field.error_messages["invalid"], code="invalid", params={"value": value, "reason": reason})


class TypeIDFormField(forms.CharField):
    def __init__(self, *args, prefix=None, **kwargs):
        self.typeid_prefix = prefix
        super().__init__(*args, **kwargs)

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        try:
            return to_typeid(value, self.typeid_prefix)
        except ValueError as e:
            raise exceptions.ValidationError(str(e), code="invalid")

    def prepare_value(self, value):
        return "" if value is None else str(value)


class _TypeIDMixin:
    empty_strings_allowed = False
    default_error_messages = {"invalid": _("“%(value)s” is not a valid TypeID: %(reason)s.")}

    def _init_type(self, prefix, type_name):
        self.type_name, self.prefix = _type_and_prefix(prefix, type_name)
        self._given = {"prefix": prefix, "type_name": type_name}

    def python_value(self, value):
        return self.to_python(value)  # validates: assigned values may come from users

    def to_python(self, value):
        if value is None or (type(value) is TypeID and (self.prefix is None or value.prefix == self.prefix)):
            return value
        try:
            return to_typeid(value, self.prefix)
        except ValueError as e:
            raise _invalid(self, value, e) from None

    def get_prep_value(self, value):
        value = djmodels.Field.get_prep_value(self, value)
        return self.to_python(value)  # InvalidKey names a bad key

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        return None if value is None else str(value)

    def from_db_value(self, value, expression, connection):
        return to_typeid(value, self.prefix)

    def value_to_string(self, obj):
        value = self.value_from_object(obj)
        return "" if value is None else str(value)

    def _deconstruct_type(self, kwargs):
        kwargs.update({k: v for k, v in self._given.items() if v is not None})
        return kwargs

    def db_type(self, connection):
        return self.type_name

    def rel_db_type(self, connection):
        return self.type_name  # a ForeignKey takes the key's type

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": TypeIDFormField, "prefix": self.prefix, **kwargs})


class TypeIDField(_TypeIDMixin, djmodels.Field):
    description = _("TypeID")

    def __init__(self, *args, prefix=None, type_name=None, **kwargs):
        self._init_type(prefix, type_name)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        return name, path, args, self._deconstruct_type(kwargs)

    def get_internal_type(self):
        return "TypeIDField"


def _generator(type_name):
    schema, dot, name = type_name.rpartition(".")
    return f"{schema}{dot}gen_{name}()"


def _key_attribute():
    from . import _KeyAttribute  # converts on assignment (RETURNING values in Django < 4)
    return _KeyAttribute


def _database_key_mixin():
    from . import _DatabaseKeyMixin  # loaddata's sequence reset leaves these models out
    return _DatabaseKeyMixin


class TypeIDAutoField(_database_key_mixin(), _TypeIDMixin, djmodels.AutoField):
    """A per-prefix TypeID primary key filled by the database's gen_<type>()."""
    description = _("TypeID primary key filled by the database")
    descriptor_class = _key_attribute()

    def __init__(self, *args, prefix=None, type_name=None, **kwargs):
        self._init_type(prefix, type_name)
        if self.prefix is None:
            raise ValueError("TypeIDAutoField needs a per-prefix type: the general typeid has no generator")
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        return name, path, args, self._deconstruct_type(kwargs)

    def db_type(self, connection):
        return self.type_name

    def rel_db_type(self, connection):
        return self.type_name

    def db_type_suffix(self, connection):
        return f"DEFAULT {_generator(self.type_name)}"


TypeIDField.descriptor_class = _key_attribute()


class TypeIDDefine(Operation):
    """`TypeIDDefine("user")` (or `TypeIDDefine("org", type_name="org_key")`) in a migration's
    operations: typeid_define forwards, typeid_drop backwards. The type must exist before a
    CreateModel that uses it: put this operation first."""
    reversible = True

    def __init__(self, prefix, type_name=None):
        self.prefix = _check_prefix(prefix)
        self.type_name = type_name

    def deconstruct(self):
        kwargs = {"type_name": self.type_name} if self.type_name else {}
        return self.__class__.__name__, [self.prefix], kwargs

    def state_forwards(self, app_label, state):
        pass

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if self.type_name:
            schema_editor.execute("SELECT typeid_define(%s, %s)", [self.prefix, self.type_name])
        else:
            schema_editor.execute("SELECT typeid_define(%s)", [self.prefix])

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        schema_editor.execute("SELECT typeid_drop(%s)", [self.type_name or f"{self.prefix}_id"])

    def describe(self):
        return f"Create the TypeID type {self.type_name or self.prefix + '_id'} (prefix {self.prefix!r})"

    @property
    def migration_name_fragment(self):
        return f"typeid_{self.prefix}"


def _parse_key(value, prefix=None):
    try:
        return TypeID.parse(value, prefix)
    except ValueError as e:
        raise InvalidKey(str(e), code="invalid") from None


class TypeIDConverter:
    """`<typeid:pk>`: TypeID text -> uidext.TypeID. Text the server would refuse does not match
    (to_python raises InvalidKey, a ValueError, which Django turns into a 404)."""
    regex = "[0-9a-z_]{26,90}"

    def to_python(self, value):
        return _parse_key(value)

    def to_url(self, value):
        return str(value if isinstance(value, TypeID) else TypeID.parse(value))

    @classmethod
    def for_prefix(cls, prefix):
        """A converter that matches only TypeIDs of this prefix (another prefix: 404):
        `register_converter(TypeIDConverter.for_prefix("user"), "user_id")`, then `<user_id:pk>`."""
        _check_prefix(prefix)
        return type(f"TypeIDConverter_{prefix}", (cls,), {"to_python": lambda self, value: _parse_key(value, prefix)})


register_converter(TypeIDConverter, "typeid")
