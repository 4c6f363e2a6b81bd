"""uidext.asyncpg: ulid/ulid[] load as ULID; ULID, str, uuid.UUID and bytes bind to ulid columns."""
import uuid

import asyncpg
import pytest

from uidext import ULID
from uidext.asyncpg import register_ulid


@pytest.fixture
async def conn(server, dbname):
    c = await asyncpg.connect(host=server.host, port=server.port, user=server.user, database=dbname)
    await register_ulid(c)
    await c.execute("DROP TABLE IF EXISTS child, parent;"
                    "CREATE TABLE parent (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int);"
                    "CREATE TABLE child (id ulid PRIMARY KEY DEFAULT gen_ulid(), parent_u uuid, parent_l ulid)")
    yield c
    await c.close()


async def test_loads(conn):
    rows = await conn.fetch("INSERT INTO parent (n) SELECT g FROM generate_series(1, 10) g RETURNING id, id::text AS t")
    assert all(type(r["id"]) is ULID and str(r["id"]) == r["t"] for r in rows)
    ids = sorted(r["id"] for r in rows)
    assert await conn.fetchval("SELECT array_agg(id ORDER BY id) FROM parent") == ids
    assert await conn.fetchval("SELECT NULL::ulid") is None


async def test_parameters(conn):
    key = ULID.generate()
    for value in (key, str(key), str(key).lower(), str(key.uuid), key.uuid, key.bytes):
        assert await conn.fetchval("SELECT $1::ulid", value) == key
    await conn.execute("INSERT INTO parent (id, n) VALUES ($1, 1)", key)
    await conn.execute("INSERT INTO child (parent_u, parent_l) VALUES ($1, $2)", key, key)  # uuid column too
    assert await conn.fetchval("SELECT parent_l FROM child WHERE parent_u = $1", key) == key
    assert await conn.fetchval("SELECT parent_u FROM child WHERE parent_l = $1", key.uuid) == key.uuid
    assert await conn.fetchval("SELECT count(*) FROM child WHERE parent_l = ANY($1)", [key, str(ULID.generate())]) == 1
    await conn.executemany("INSERT INTO parent (id, n) VALUES ($1, $2)", [(ULID.generate(), i) for i in range(5)])
    assert await conn.fetchval("SELECT count(*) FROM parent") == 6
    await conn.copy_records_to_table("child", records=[(ULID.generate(), key, key)], columns=["id", "parent_u", "parent_l"])
    assert await conn.fetchval("SELECT count(*) FROM child WHERE parent_l = $1 AND parent_u = $1::uuid", key) == 2


async def test_bad_input(conn):
    # asyncpg wraps the encoder's ValueError in its DataError, keeping the message
    bad_argument = (ValueError, asyncpg.exceptions.DataError)
    with pytest.raises(bad_argument, match="invalid ULID '01ARZ3NDEKTSV4RRFFQ69G5FAU'"):
        await conn.fetchval("SELECT $1::ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAU")
    with pytest.raises(bad_argument, match="16 bytes expected"):
        await conn.fetchval("SELECT $1::ulid", b"short")
    with pytest.raises(asyncpg.InvalidTextRepresentationError):
        async with conn.transaction():
            await conn.execute("INSERT INTO parent (n) VALUES (1)")
            await conn.execute("INSERT INTO parent (id) VALUES ('nope')")
    assert await conn.fetchval("SELECT count(*) FROM parent") == 0


async def test_without_the_extension_says_so(server):
    name = server.create_database("uidext_py_noext_asyncpg", extension=False)
    try:
        c = await asyncpg.connect(host=server.host, port=server.port, user=server.user, database=name)
        with pytest.raises(LookupError, match="CREATE EXTENSION"):
            await register_ulid(c)
        await c.close()
    finally:
        server.drop_database(name)
