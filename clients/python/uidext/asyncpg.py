"""asyncpg: `await register_uidext(conn)` does all of the below in one call. `await register_ulid(conn)` makes ulid and ulid[] load as ULID (binary format) and
accept ULID, str (ULID or UUID text), uuid.UUID and 16-byte bytes parameters.

asyncpg's own uuid codec already takes ULID values for uuid columns (it reads their .bytes).
Use it as SQLAlchemy's or a pool's `init` hook: `create_pool(..., init=register_ulid)`.
"""
import uuid

from ._convert import key_bytes
from ._ulid import ULID, from_bytes_fast

__all__ = ["register_ulid", "ULID"]


async def register_ulid(conn, *, uuid_text_parameters=False):
    """uuid_text_parameters=True: text parameters also take a ULID or a uuid.UUID, written as its
    str() (ULID text, UUID text), so that `opaque_decode($1)` (a text parameter) takes the public
    id as the object the database returned; other non-str values are refused as asyncpg does.
    It replaces asyncpg's text codec on this connection (text results then pass one Python call)."""
    schema = await conn.fetchval(
        "SELECT n.nspname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace "
        "WHERE t.typname = 'ulid' AND pg_type_is_visible(t.oid)")
    if schema is None:
        raise LookupError("type ulid not found: run CREATE EXTENSION uidext in this database first")
    await conn.set_type_codec("ulid", schema=schema, encoder=key_bytes, decoder=from_bytes_fast, format="binary")
    if uuid_text_parameters:
        await conn.set_type_codec("text", schema="pg_catalog", encoder=_text_parameter, decoder=str, format="text")


def _text_parameter(value, _str=str, _uuid=uuid.UUID):
    if type(value) is _str:
        return value
    if isinstance(value, _uuid):  # a ULID too: its str() is the ULID text
        return _str(value)
    if type(value) is _TypeID:  # its TypeID text
        return _str(value)
    raise TypeError(f"expected str, got {type(value).__name__}")


# --- TypeID (#32): register_typeid and register_uidext (ulid and every TypeID type) -------------
from ._typeid import TypeID  # noqa: E402
from ._typeid_asyncpg import register_typeid  # noqa: E402


_TypeID = TypeID


async def register_uidext(conn, *, uuid_text_parameters=True):
    """Everything in one call: register_ulid (with uuid_text_parameters, so that
    `opaque_decode($1)` and `opaque_candidates($1)` take the public id as a str, a uuid.UUID or a
    ULID, and a text parameter a TypeID) and register_typeid; also a pool's `init` hook:
    `create_pool(..., init=register_uidext)`. Await it again after typeid_define.
    uuid_text_parameters=False keeps asyncpg's own text codec (text results skip one Python call)."""
    await register_ulid(conn, uuid_text_parameters=uuid_text_parameters)
    return await register_typeid(conn)


__all__ += ["register_uidext", "register_typeid", "TypeID"]
