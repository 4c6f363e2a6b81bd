"""SQLAlchemy: the `TypeID` column type (imported and exported by uidext.sqlalchemy).

`TypeID("user")` maps a column of the per-prefix type `user_id` (made by typeid_define('user')),
`TypeID("org", type_name="org_key")` one of typeid_define('org', 'org_key'), `TypeID()` a
column of the general `typeid`. Values are `uidext.TypeID`; a bound value of another prefix
raises ValueError before anything is sent. Reflection gives the same types back: before reading
a table's columns the PostgreSQL dialect learns the database's per-prefix types.
"""
import functools

from sqlalchemy import text as _sql_text
from sqlalchemy.dialects.postgresql import base as _pg_base
from sqlalchemy.types import UserDefinedType

from . import _typeid
from ._typeid_catalog import TYPEID_TYPES_SQL


class TypeID(UserDefinedType):
    """A per-prefix TypeID column (`TypeID("user")` -> `user_id`), or `TypeID()` for `typeid`."""

    __module__ = "uidext.sqlalchemy"  # Alembic writes uidext.sqlalchemy.TypeID(...) in migrations
    cache_ok = True

    def __init__(self, prefix=None, type_name=None):
        if prefix is not None:
            _typeid._check_prefix(prefix)
            if type_name is None and not prefix:
                raise ValueError("TypeID(''): name the type of the empty prefix with type_name=")
        self.prefix = prefix
        self.type_name = type_name or (f"{prefix}_id" if prefix is not None else "typeid")

    def __repr__(self):
        args = [] if self.prefix is None else [repr(self.prefix)]
        if self.prefix is not None and self.type_name != f"{self.prefix}_id":
            args.append(f"type_name={self.type_name!r}")
        return f"TypeID({', '.join(args)})"

    def get_col_spec(self, **kw):
        return self.type_name

    @property
    def python_type(self):
        return _typeid.TypeID

    def bind_processor(self, dialect):
        # The TypeID text, untyped: the server reads it with the column's input, which checks
        # the prefix again; asyncpg, told nothing, sends it as text.
        def process(value, _prefix=self.prefix, _to=_typeid.to_typeid):
            return None if value is None else str(_to(value, _prefix))
        return process

    def literal_processor(self, dialect):
        def process(value):
            return f"'{_typeid.to_typeid(value, self.prefix)}'"
        return process

    def result_processor(self, dialect, coltype):
        def process(value, _T=_typeid.TypeID, _to=_typeid.to_typeid, _prefix=self.prefix):
            # a driver with uidext's codecs registered gives TypeID; otherwise the text
            return value if value is None or type(value) is _T else _to(value, _prefix)
        return process

    def coerce_compared_value(self, op, value):
        return self


class _Reflected:
    """ischema_names entry of a per-prefix type: reflection calls it with no arguments."""

    def __init__(self, prefix, type_name):
        self.prefix, self.type_name = prefix, type_name

    def __call__(self, *args, **kwargs):
        return TypeID(self.prefix, type_name=None if self.type_name == f"{self.prefix}_id" else self.type_name)


def _learn_typeid_types(dialect, connection):
    if "ischema_names" not in dialect.__dict__:
        dialect.ischema_names = dict(dialect.ischema_names)  # per engine: OIDs and names are per database
    for _oid, _array, schema, name, prefix in connection.execute(_sql_text(TYPEID_TYPES_SQL)):
        if prefix is not None:
            dialect.ischema_names[name] = dialect.ischema_names[f"{schema}.{name}"] = _Reflected(prefix, name)


def _learning(method):
    @functools.wraps(method)
    def wrapper(self, connection, *args, **kwargs):
        _learn_typeid_types(self, connection)
        return method(self, connection, *args, **kwargs)
    wrapper.uidext_learns_typeid = True
    return wrapper


for _name in ("get_columns", "get_multi_columns"):  # get_multi_columns: SQLAlchemy 2.0
    _method = getattr(_pg_base.PGDialect, _name, None)
    if _method is not None and not getattr(_method, "uidext_learns_typeid", False):
        setattr(_pg_base.PGDialect, _name, _learning(_method))
_pg_base.ischema_names["typeid"] = TypeID
