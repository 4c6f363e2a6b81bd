"""asyncpg: `await register_ulid(conn)` makes ulid and ulid[] load as ULID (binary format) and
accept ULID, str (ULID or UUID text), uuid.UUID and 16-byte bytes parameters.

asyncpg's own uuid codec already takes ULID values for uuid columns (it reads their .bytes).
Use it as SQLAlchemy's or a pool's `init` hook: `create_pool(..., init=register_ulid)`.
"""
from ._convert import key_bytes
from ._ulid import ULID, from_bytes_fast

__all__ = ["register_ulid", "ULID"]


async def register_ulid(conn):
    schema = await conn.fetchval(
        "SELECT n.nspname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace "
        "WHERE t.typname = 'ulid' AND pg_type_is_visible(t.oid)")
    if schema is None:
        raise LookupError("type ulid not found: run CREATE EXTENSION uidext in this database first")
    await conn.set_type_codec("ulid", schema=schema, encoder=key_bytes, decoder=from_bytes_fast, format="binary")


# --- TypeID (#32): register_typeid and register_uidext (ulid and every TypeID type) -------------
from ._typeid import TypeID  # noqa: E402
from ._typeid_asyncpg import register_typeid  # noqa: E402


async def register_uidext(conn):
    """register_ulid and register_typeid in one call; also a pool's `init` hook:
    `create_pool(..., init=register_uidext)`. Await it again after typeid_define."""
    await register_ulid(conn)
    return await register_typeid(conn)


__all__ += ["register_uidext", "register_typeid", "TypeID"]
