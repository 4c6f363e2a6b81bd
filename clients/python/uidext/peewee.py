"""Peewee: `ULIDField` (a ulid column; `storage="uuid"` for a uuid column of ULID keys) and
`ULIDForeignKeyField(Model, storage="uuid")` for an existing uuid column referencing a ULID key;
its index is built with the uuid_ulid_ops operator class, the one the foreign-key checks (a
ulid key compared with the uuid column) can use: a plain uuid index cannot serve them.

`ULIDField(primary_key=True)` without a Python default is filled by the database's gen_ulid()
(peewee reads it back with RETURNING). Values are `uidext.ULID`; they are sent as UUID text,
which both a ulid and a uuid column read.
"""
from peewee import SQL, Field, FieldAccessor, ForeignKeyField, ModelIndex, NodeList

from ._convert import key_uuid_text, storage_type
from ._ulid import ULID, from_driver, to_ulid
from ._drivers import adapt_in_psycopg2

adapt_in_psycopg2()  # raw ULID parameters (RawSQL, fn(), text()) on psycopg2

__all__ = ["ULIDField", "ULIDForeignKeyField", "ULID"]

class _ULIDAccessor(FieldAccessor):
    """Converts on assignment: the key RETURNING hands back, and keys users assign."""

    def __set__(self, instance, value):
        super().__set__(instance, to_ulid(value))


class ULIDField(Field):
    accessor_class = _ULIDAccessor

    def __init__(self, *args, storage="ulid", **kwargs):
        self.storage = storage_type(storage)
        self.field_type = storage.upper()
        if kwargs.get("primary_key") and "default" not in kwargs:
            default = "gen_ulid()" if storage == "ulid" else "gen_ulid()::uuid"
            kwargs["constraints"] = [*kwargs.get("constraints", []), SQL(f"DEFAULT {default}")]
            self.auto_increment = True  # peewee leaves the key out of INSERT and reads it back
        super().__init__(*args, **kwargs)

    def db_value(self, value):
        return None if value is None else key_uuid_text(value)

    def python_value(self, value):
        return from_driver(value)


class ULIDForeignKeyField(ForeignKeyField):
    """A ForeignKeyField whose column type is chosen: storage="uuid" for a uuid column."""

    def __init__(self, model, *args, storage="ulid", **kwargs):
        self._column_type = storage_type(storage).upper()
        super().__init__(model, *args, **kwargs)

    def bind(self, model, name, set_attribute=True):
        super().bind(model, name, set_attribute)
        if self._column_type == "UUID" and (self.index or self.unique):
            # The index peewee would make, with the operator class the foreign-key checks use.
            index = ModelIndex(model, (NodeList((self, SQL("uuid_ulid_ops"))),), unique=self.unique,
                               name=f"{model._meta.table_name}_{self.column_name}")
            self.index = self.unique = False
            model._meta.indexes = [*model._meta.indexes, index]

    @property
    def field_type(self):
        return self._column_type


# --- TypeID (#32): TypeIDField ------------------------------------------------------------------
from ._typeid_peewee import TypeIDField  # noqa: E402
from ._typeid import TypeID  # noqa: E402,F401

__all__ += ["TypeIDField", "TypeID"]
