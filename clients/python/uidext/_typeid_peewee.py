"""Peewee: `TypeIDField` (imported and exported by uidext.peewee).

`TypeIDField("user", primary_key=True)` is a `user_id` key filled by the database's gen_user_id()
(peewee reads it back with RETURNING); `TypeIDField("org", type_name="org_key")` a column of
typeid_define('org', 'org_key'); `TypeIDField()` a column of the general typeid. A ForeignKeyField
to a TypeID key takes the key's type. Values are `uidext.TypeID`, sent as their text, which the
column's input reads and checks; a value of another prefix raises ValueError before sending.
"""
from peewee import SQL, Field, FieldAccessor

from ._typeid import TypeID, _check_prefix, to_typeid


class _TypeIDAccessor(FieldAccessor):
    """Converts on assignment: the key RETURNING hands back, and keys users assign."""

    def __set__(self, instance, value):
        super().__set__(instance, to_typeid(value, self.field.prefix))


class TypeIDField(Field):
    accessor_class = _TypeIDAccessor

    def __init__(self, prefix=None, *args, type_name=None, **kwargs):
        if prefix is not None:
            _check_prefix(prefix)
            if type_name is None and not prefix:
                raise ValueError("TypeIDField(''): name the type of the empty prefix with type_name=")
        self.prefix = prefix
        self.field_type = type_name or (f"{prefix}_id" if prefix is not None else "typeid")
        if kwargs.get("primary_key") and "default" not in kwargs:
            if prefix is None:
                raise ValueError("a TypeIDField key needs a prefix: the general typeid has no generator")
            schema, dot, name = self.field_type.rpartition(".")
            kwargs["constraints"] = [*kwargs.get("constraints", []), SQL(f"DEFAULT {schema}{dot}gen_{name}()")]
            self.auto_increment = True  # peewee leaves the key out of INSERT and reads it back
        super().__init__(*args, **kwargs)

    def db_value(self, value):
        return None if value is None else str(to_typeid(value, self.prefix))

    def python_value(self, value):
        return value if value is None or type(value) is TypeID else to_typeid(value, self.prefix)
