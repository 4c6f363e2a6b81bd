"""psycopg2: `register_ulid(conn_or_cursor)` makes ulid and ulid[] load as ULID; ULID parameters
(adapted globally once this module is imported) are written `'<ULID text>'::ulid`, as
`register_uuid()` writes a uuid.UUID `'...'::uuid`: ulid and uuid columns both take it (the
extension's casts and cross-type operators; an index built with uuid_ulid_ops serves it), a list
becomes `ARRAY[...]` of ulid (`= ANY(%s)` on either column), and opaque_decode(%s) reads it as a
ULID. The exact-type adapter wins over the one register_uuid() gives uuid.UUID, which a ULID is.
"""
import psycopg2.extensions as _ext

from ._ulid import _CROCKFORD_TO_BASE32_STR, ULID, _new, _set_int

__all__ = ["register_ulid", "ULID"]


class _QuotedULID:
    __slots__ = ("_value",)

    def __init__(self, value):
        self._value = value

    def getquoted(self):
        return f"'{self._value}'::ulid".encode()


_ext.register_adapter(ULID, _QuotedULID)


def _cast(value, cursor, _table=_CROCKFORD_TO_BASE32_STR, _new=_new, _set=_set_int, _ULID=ULID):
    """The server's 26-character ULID text -> ULID (from_text_fast inlined: once per value)."""
    if value is None:
        return None
    key = _new(_ULID)
    _set(key, int(value.translate(_table), 32))
    return key


def register_ulid(conn_or_cursor):
    """Load ulid and ulid[] as ULID on this connection or cursor; returns (oid, array oid)."""
    cursor = conn_or_cursor if isinstance(conn_or_cursor, _ext.cursor) else conn_or_cursor.cursor()
    cursor.execute("SELECT t.oid, t.typarray FROM pg_type t WHERE t.typname = 'ulid' AND pg_type_is_visible(t.oid)")
    row = cursor.fetchone()
    if row is None:
        raise LookupError("type ulid not found: run CREATE EXTENSION uidext in this database first")
    oid, array_oid = row
    ulid_type = _ext.new_type((oid,), "ULID", _cast)
    _ext.register_type(ulid_type, conn_or_cursor)
    _ext.register_type(_ext.new_array_type((array_oid,), "ULID[]", ulid_type), conn_or_cursor)
    return oid, array_oid


# --- TypeID (#32): register_typeid and register_uidext (ulid and every TypeID type) -------------
from ._typeid import TypeID  # noqa: E402
from ._typeid_psycopg2 import register_typeid  # noqa: E402


def register_uidext(conn_or_cursor):
    """register_ulid and register_typeid in one call. Call it again after typeid_define."""
    register_ulid(conn_or_cursor)
    return register_typeid(conn_or_cursor)


__all__ += ["register_uidext", "register_typeid", "TypeID"]
