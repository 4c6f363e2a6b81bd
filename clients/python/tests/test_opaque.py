"""`WHERE id = opaque_decode(%s)` and `= ANY(opaque_candidates(%s))` with the public id as a
ULID, a uuid.UUID or a str, in each driver and in SQLAlchemy (Django and Peewee: their files).

An opaque ulid's public id is a ULID, an opaque uuid's a uuid.UUID; the function reads the kind
from the parameter's type (ulid, uuid) or, for text, from its form (26 or 32+ characters)."""
import asyncio
import uuid

import psycopg
import psycopg2
import psycopg2.extras
import pytest
import sqlalchemy as sa

from uidext import ULID

LOOKUPS = ["= opaque_decode({p})", "= ANY(opaque_candidates({p}))"]


@pytest.fixture(scope="module")
def keys(server, dbname, opaque):
    """(ulid key, its public ULID, uuidv7 key, its public uuid.UUID)."""
    with psycopg.connect(**server.params(dbname), autocommit=True) as c:
        c.execute("DROP TABLE IF EXISTS orders, v7orders")
        c.execute("CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text)")
        c.execute("CREATE TABLE v7orders (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), name text)")
        c.execute("INSERT INTO orders (name) SELECT 'o' || g FROM generate_series(1, 5) g")
        c.execute("INSERT INTO v7orders (name) SELECT 'v' || g FROM generate_series(1, 5) g")
        ulid_key, ulid_public = c.execute(
            "SELECT id::text, opaque_encode(id)::text FROM orders WHERE name = 'o3'").fetchone()
        v7_key, v7_public = c.execute("SELECT id, opaque_encode(id) FROM v7orders WHERE name = 'v3'").fetchone()
    return ULID(ulid_key), ULID(ulid_public), v7_key, v7_public


def _cases(keys):
    """(table, the key the lookup must find, a public id in one of its Python forms)."""
    ulid_key, ulid_public, v7_key, v7_public = keys
    for value in (ulid_public, str(ulid_public)):
        yield "orders", ulid_key, value
    for value in (v7_public, str(v7_public)):
        yield "v7orders", v7_key, value


@pytest.mark.parametrize("lookup", LOOKUPS)
def test_psycopg(server, dbname, keys, lookup):
    from uidext.psycopg import register_ulid
    with psycopg.connect(**server.params(dbname), autocommit=True) as c:
        register_ulid(c)
        for table, key, value in _cases(keys):
            for p in ("%s", "%b") if not isinstance(value, str) else ("%s",):
                row = c.execute(f"SELECT id FROM {table} WHERE id {lookup.format(p=p)}", [value]).fetchone()
                assert row == (key,), (table, value, p)


@pytest.mark.parametrize("lookup", LOOKUPS)
def test_psycopg2(server, dbname, keys, lookup):
    from uidext.psycopg2 import register_ulid
    c = psycopg2.connect(**server.params(dbname))
    psycopg2.extras.register_uuid(conn_or_curs=c)  # psycopg2 adapts uuid.UUID only after this
    register_ulid(c)
    cur = c.cursor()
    for table, key, value in _cases(keys):
        cur.execute(f"SELECT id FROM {table} WHERE id {lookup.format(p='%s')}", [value])
        assert cur.fetchone() == (key,), (table, value)
    c.close()


@pytest.mark.parametrize("lookup", LOOKUPS)
def test_asyncpg(server, dbname, keys, lookup):
    """`$1` alone is a text parameter, which asyncpg fills only from a str (for a uuid.UUID as
    for a ULID); `$1::ulid` / `$1::uuid` take the objects."""
    import asyncpg

    from uidext.asyncpg import register_ulid

    async def main():
        p = server.params(dbname)
        c = await asyncpg.connect(host=p["host"], port=p["port"], user=p.get("user"), database=dbname)
        await register_ulid(c)
        for table, key, value in _cases(keys):
            typed = "$1::ulid" if table == "orders" else "$1::uuid"
            if isinstance(value, str):
                assert await c.fetchval(f"SELECT id FROM {table} WHERE id {lookup.format(p='$1')}", value) == key
            assert await c.fetchval(f"SELECT id FROM {table} WHERE id {lookup.format(p=typed)}", value) == key
        await c.close()
    asyncio.run(main())


@pytest.mark.parametrize("lookup", LOOKUPS)
def test_asyncpg_uuid_text_parameters(server, dbname, keys, lookup):
    """register_ulid(conn, uuid_text_parameters=True): `$1` alone takes the ULID or uuid.UUID
    itself (written as its str()); other non-str values are still refused."""
    import asyncpg

    from uidext.asyncpg import register_ulid

    async def main():
        p = server.params(dbname)
        c = await asyncpg.connect(host=p["host"], port=p["port"], user=p.get("user"), database=dbname)
        plain = await asyncpg.connect(host=p["host"], port=p["port"], user=p.get("user"), database=dbname)
        await register_ulid(c, uuid_text_parameters=True)
        await register_ulid(plain)
        for table, key, value in _cases(keys):
            sql = f"SELECT id FROM {table} WHERE id {lookup.format(p='$1')}"
            assert await c.fetchval(sql, value) == key, (table, value)
            if not isinstance(value, str):  # what the option is for: asyncpg's own text codec refuses it
                with pytest.raises(asyncpg.exceptions.DataError, match="expected str"):
                    await plain.fetchval(sql, value)
        with pytest.raises(asyncpg.exceptions.DataError, match="expected str, got int"):
            await c.fetchval("SELECT $1::text", 5)
        assert await c.fetchval("SELECT ARRAY['a', $1]", "b") == ["a", "b"]
        await c.close()
        await plain.close()
    asyncio.run(main())


def test_asyncpg_register_uidext_covers_text_parameters(server, dbname, keys):
    """register_uidext(conn), one call (#37): ulid, TypeID types and `opaque_decode($1)` /
    `opaque_candidates($1)` with the public id as a str, a uuid.UUID or a ULID; the same through
    SQLAlchemy's asyncpg dialect with register_uidext on every connection (doc/clients/python/sqlalchemy.md)."""
    import asyncpg
    from sqlalchemy import event
    from sqlalchemy.ext.asyncio import create_async_engine

    from uidext import TypeID
    from uidext.asyncpg import register_uidext

    async def main():
        p = server.params(dbname)
        c = await asyncpg.connect(host=p["host"], port=p["port"], user=p.get("user"), database=dbname)
        await register_uidext(c)
        for table, key, value in _cases(keys):
            for lookup in LOOKUPS:
                assert await c.fetchval(f"SELECT id FROM {table} WHERE id {lookup.format(p='$1')}", value) == key
        t = TypeID.generate("user")
        assert await c.fetchval("SELECT $1::text", t) == str(t)
        assert type(await c.fetchval("SELECT gen_ulid()")) is ULID
        await c.close()

        engine = create_async_engine(server.url("postgresql+asyncpg", dbname))

        @event.listens_for(engine.sync_engine, "connect")
        def register(dbapi_connection, connection_record):
            dbapi_connection.run_async(register_uidext)

        async with engine.connect() as conn:
            for table, key, value in _cases(keys):
                for lookup in LOOKUPS:
                    q = sa.text(f"SELECT id FROM {table} WHERE id {lookup.format(p=':p')}")
                    got = (await conn.execute(q, {"p": value})).scalar_one()
                    assert got == key, (table, value)
        await engine.dispose()
    asyncio.run(main())


@pytest.mark.parametrize("dialect", ["postgresql+psycopg2", "postgresql+asyncpg"])
def test_sqlalchemy(server, dbname, keys, dialect):
    """`func.opaque_decode(public_id)` with a ULID (CAST ... AS ulid), a str (text) or, on
    psycopg2, a uuid.UUID (register_uuid's '...'::uuid; SQLAlchemy 1.4 gives asyncpg an
    untyped one, which needs sa.cast(value, postgresql.UUID))."""
    from sqlalchemy.dialects import postgresql

    from uidext.sqlalchemy import ULID as ULIDType
    metadata = sa.MetaData()
    orders = sa.Table("orders", metadata, sa.Column("id", ULIDType(), primary_key=True))
    v7orders = sa.Table("v7orders", metadata, sa.Column("id", postgresql.UUID(as_uuid=True), primary_key=True))
    tables = {"orders": orders, "v7orders": v7orders}

    def queries(table, value):
        t = tables[table]
        if isinstance(value, uuid.UUID) and not isinstance(value, ULID) and "asyncpg" in dialect:
            value = sa.cast(value, postgresql.UUID(as_uuid=True))
        yield sa.select(t.c.id).where(t.c.id == sa.func.opaque_decode(value))
        yield sa.select(t.c.id).where(t.c.id == sa.any_(sa.func.opaque_candidates(value)))

    if "asyncpg" in dialect:
        from sqlalchemy.ext.asyncio import create_async_engine

        async def main():
            engine = create_async_engine(server.url(dialect, dbname))
            async with engine.connect() as conn:
                for table, key, value in _cases(keys):
                    for q in queries(table, value):
                        assert (await conn.execute(q)).scalar_one() == key, (table, value)
            await engine.dispose()
        asyncio.run(main())
    else:
        engine = sa.create_engine(server.url(dialect, dbname))
        with engine.connect() as conn:
            for table, key, value in _cases(keys):
                for q in queries(table, value):
                    assert conn.execute(q).scalar_one() == key, (table, value)
        engine.dispose()
