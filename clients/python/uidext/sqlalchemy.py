"""SQLAlchemy: the `ULID` column type (1.4 and 2.0; psycopg2, psycopg and asyncpg dialects).

`ULID()` maps a `ulid` column, `ULID(storage="uuid")` a `uuid` column holding ULID keys (an
existing uuid column referencing a ulid key). Python values are `uidext.ULID` either way; any
value `uidext.ULID()` accepts may be bound. Importing this module teaches the PostgreSQL dialect
to reflect `ulid` columns as `ULID()`, so Alembic autogenerate sees them unchanged.
"""
from sqlalchemy import cast as _cast
from sqlalchemy.dialects.postgresql import base as _pg_base
from sqlalchemy.sql import sqltypes as _sqltypes
from sqlalchemy.types import UserDefinedType

from . import _ulid
from ._convert import key_uuid_text, storage_type
from ._drivers import adapt_in_psycopg2

adapt_in_psycopg2()  # raw ULID parameters (RawSQL, fn(), text()) on psycopg2

__all__ = ["ULID"]

class ULID(UserDefinedType):
    """A ulid column (storage="ulid", the default) or a uuid column of ULID keys (storage="uuid")."""

    cache_ok = True

    def __init__(self, storage="ulid"):
        self.storage = storage_type(storage)

    def get_col_spec(self, **kw):
        return self.storage.upper()

    @property
    def python_type(self):
        return _ulid.ULID

    def bind_processor(self, dialect):
        # UUID text, with no type: psycopg2 quotes it, psycopg sends it untyped, asyncpg hands it
        # to the codec of the type the server infers. Both ulid_in and core's uuid_in read it,
        # which matters because SQLAlchemy binds a relation's key with the *parent's* column
        # type, also where it is compared with a uuid child column.
        def process(value):
            return None if value is None else key_uuid_text(value)
        return process

    def literal_processor(self, dialect):
        def process(value):
            return f"'{key_uuid_text(value)}'"
        return process

    def result_processor(self, dialect, coltype):
        return _ulid.from_driver

    def coerce_compared_value(self, op, value):
        return self


_pg_base.ischema_names["ulid"] = ULID


class _ULIDValue(ULID):
    """The type of a ULID written as a value in an expression, with no column to take the type
    from (`func.opaque_decode(key)`, `literal(key)`): CAST(... AS ulid), so that a function
    with a ulid overload reads it as a ULID on every dialect (asyncpg refuses a non-str for the
    text parameter an untyped one would be)."""

    cache_ok = True

    def bind_expression(self, bindvalue):
        return _cast(bindvalue, ULID())


_sqltypes._type_map[_ulid.ULID] = _ULIDValue()  # type inference by the value's exact type


# --- TypeID (#32): the TypeID column type and its reflection ---------------------------------
from ._typeid_sqlalchemy import TypeID  # noqa: E402

__all__ += ["TypeID"]
