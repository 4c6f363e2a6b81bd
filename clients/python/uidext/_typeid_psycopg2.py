"""psycopg2 adapters of TypeID (imported by uidext.psycopg2).

A TypeID parameter is quoted as its text with no type, which the server reads with the input of
the type the context needs (a per-prefix column, which checks the prefix, or typeid). A list of
TypeID is quoted as one untyped array literal ('{user_…,user_…}'), so `= ANY(%s)` reads it as
the column's array type; other lists go to the list adapter registered before this module.
`register_typeid(conn_or_cursor)` makes every per-prefix type and typeid (and their arrays)
load as TypeID.
"""
import psycopg2.extensions as _ext

from ._typeid import TypeID, load_general_text, loader_fixed_text
from ._typeid_catalog import TYPEID_TYPES_SQL, typeid_types


class _QuotedTypeID:
    __slots__ = ("_value",)

    def __init__(self, value):
        self._value = value

    def getquoted(self):
        return f"'{self._value}'".encode()  # [a-z0-9_] only: nothing to escape


class _QuotedTypeIDList:
    __slots__ = ("_values",)

    def __init__(self, values):
        self._values = values

    def getquoted(self):
        return ("'{" + ",".join("NULL" if v is None else str(v) for v in self._values) + "}'").encode()


_ext.register_adapter(TypeID, _QuotedTypeID)
_previous_list_adapter = _ext.adapters.get((list, _ext.ISQLQuote))


def _adapt_list(values):
    if values and any(type(v) is TypeID for v in values) and all(v is None or type(v) is TypeID for v in values):
        return _QuotedTypeIDList(values)
    return _previous_list_adapter(values)


if _previous_list_adapter is not None:
    _ext.register_adapter(list, _adapt_list)


def _caster(load):
    def cast(value, cursor, _load=load):
        return None if value is None else _load(value)
    return cast


def register_typeid(conn_or_cursor):
    """Load every TypeID type of the database (per-prefix types and typeid, and their arrays)
    as TypeID on this connection or cursor; returns the types found. Call it again after
    typeid_define has made a new type."""
    cursor = conn_or_cursor if isinstance(conn_or_cursor, _ext.cursor) else conn_or_cursor.cursor()
    cursor.execute(TYPEID_TYPES_SQL)
    types = typeid_types(cursor.fetchall())
    if not any(t.prefix is None for t in types):
        raise LookupError("type typeid not found: run CREATE EXTENSION uidext (1.3 or later) in this database first")
    for t in types:
        load = load_general_text if t.prefix is None else loader_fixed_text(t.prefix)
        caster = _ext.new_type((t.oid,), t.name, _caster(load))
        _ext.register_type(caster, conn_or_cursor)
        _ext.register_type(_ext.new_array_type((t.array_oid,), t.name + "[]", caster), conn_or_cursor)
    return types
