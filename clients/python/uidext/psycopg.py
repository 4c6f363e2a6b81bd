"""psycopg 3: `register_ulid(conn)` makes ulid and ulid[] load as ULID and ULID parameters bind.

Parameters: a ULID is sent typed `ulid`, as UUID text (`%s`, `%t`) or its 16 bytes (`%b`), a
list as `ulid[]`: as psycopg sends a uuid.UUID typed `uuid`. ulid columns, uuid columns (the
extension's assignment casts and cross-type operators; an index built with uuid_ulid_ops serves
them) and functions with a ulid or a text overload (opaque_decode) take it as a ULID. Without
registration a ULID is dumped as the uuid.UUID it also is (typed uuid, the same 16 bytes).
COPY with `set_types(["ulid", ...])` takes ULID, str, uuid.UUID or bytes.
"""
from psycopg import AsyncConnection
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from ._convert import key_bytes, key_ulid_text, key_uuid_text
from ._ulid import ULID, from_bytes_fast, from_text_bytes_fast

__all__ = ["register_ulid", "register_ulid_async", "ULID"]


class ULIDTextLoader(Loader):
    format = Format.TEXT

    def load(self, data, _load=from_text_bytes_fast):
        # bytes from psycopg's Python implementation; a memoryview elsewhere
        return _load(data if type(data) is bytes else bytes(data))


class ULIDBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data, _load=from_bytes_fast):
        return _load(data)


class ULIDParameterDumper(Dumper):
    """ULID parameters (%s, %t): typed ulid, written as UUID text, which ulid input reads and
    which text COPY (it picks dumpers by Python type, not by set_types, in psycopg 3.1) can
    also write into a uuid column."""
    format = Format.TEXT

    def dump(self, obj):
        return key_uuid_text(obj).encode()


class ULIDTextDumper(Dumper):
    """By OID (COPY set_types(["ulid"])): ULID, str, uuid.UUID or bytes -> ULID text."""
    format = Format.TEXT

    def dump(self, obj):
        return key_ulid_text(obj).encode()


class ULIDBinaryDumper(Dumper):
    """ULID (and, by OID, str, uuid.UUID, bytes) -> 16 bytes typed ulid."""
    format = Format.BINARY

    def dump(self, obj):
        return key_bytes(obj)


def _register(info, context):
    if info is None:
        raise LookupError("type ulid not found: run CREATE EXTENSION uidext in this database first")
    info.register(context)  # ulid[] loads and dumps through the element adapters below
    adapters = context.adapters
    adapters.register_loader(info.oid, ULIDTextLoader)
    adapters.register_loader(info.oid, ULIDBinaryLoader)
    oid_attrs = {"oid": info.oid}
    adapters.register_dumper(None, type("ULIDTextDumper", (ULIDTextDumper,), oid_attrs))  # by OID: COPY set_types
    adapters.register_dumper(ULID, type("ULIDBinaryDumper", (ULIDBinaryDumper,), oid_attrs))
    # Registered last so that %s (AUTO) picks the text form, as psycopg does for uuid.UUID.
    adapters.register_dumper(ULID, type("ULIDParameterDumper", (ULIDParameterDumper,), oid_attrs))
    return info


def _connection(context):
    return getattr(context, "connection", context)


async def register_ulid_async(context):
    """`await register_ulid_async(aconn)`: register_ulid for an AsyncConnection or AsyncCursor."""
    return _register(await TypeInfo.fetch(_connection(context), "ulid"), context)


def register_ulid(context):
    """Register ulid on a Connection or Cursor (sync); on an AsyncConnection or AsyncCursor it
    returns an awaitable: `await register_ulid(aconn)`."""
    connection = _connection(context)
    if isinstance(connection, AsyncConnection):
        return register_ulid_async(context)
    return _register(TypeInfo.fetch(connection, "ulid"), context)


# --- TypeID (#32): register_typeid and register_uidext (ulid and every TypeID type) -------------
from ._typeid import TypeID  # noqa: E402
from ._typeid_psycopg import register_typeid, register_typeid_async  # noqa: E402


async def register_uidext_async(context):
    """`await register_uidext_async(aconn)`: register_uidext for an AsyncConnection or AsyncCursor."""
    await register_ulid_async(context)
    return await register_typeid_async(context)


def register_uidext(context):
    """register_ulid and register_typeid in one call: ulid and every TypeID type of the database
    (per-prefix types made by typeid_define, and typeid) load as ULID and TypeID. Call it again
    after typeid_define has made a new type. On an AsyncConnection it returns an awaitable."""
    if isinstance(_connection(context), AsyncConnection):
        return register_uidext_async(context)
    register_ulid(context)
    return register_typeid(context)


__all__ += ["register_uidext", "register_uidext_async", "register_typeid", "register_typeid_async", "TypeID"]
