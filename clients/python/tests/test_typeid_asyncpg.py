"""uidext.asyncpg register_uidext: per-prefix TypeID types and typeid load as TypeID (arrays too);
TypeID, its text, a UUID bind to them, with the prefix checked; uuid columns take a TypeID."""
import uuid

import asyncpg
import pytest

from uidext import ULID, TypeID
from uidext.asyncpg import register_typeid, register_uidext


@pytest.fixture
async def conn(server, dbname):
    c = await asyncpg.connect(host=server.host, port=server.port, user=server.user, database=dbname)
    await c.execute("DROP TABLE IF EXISTS members, orgs, audit, legacy;"
                    "SELECT typeid_define(p) FROM unnest(ARRAY['org', 'user']) p WHERE to_regtype(p || '_id') IS NULL;"
                    "CREATE TABLE orgs (id org_id PRIMARY KEY DEFAULT gen_org_id(), name text);"
                    "CREATE TABLE members (id user_id PRIMARY KEY DEFAULT gen_user_id(), org org_id REFERENCES orgs);"
                    "CREATE TABLE audit (subject typeid);"
                    "CREATE TABLE legacy (id uuid)")
    types = await register_uidext(c)
    assert {t.name for t in types} >= {"typeid", "org_id", "user_id"}
    yield c
    await c.close()


async def test_loads(conn):
    rows = await conn.fetch("INSERT INTO orgs (name) SELECT 'o' || g FROM generate_series(1, 5) g RETURNING id, id::text AS t")
    assert all(type(r["id"]) is TypeID and str(r["id"]) == r["t"] for r in rows)
    ids = sorted(r["id"] for r in rows)
    assert await conn.fetchval("SELECT array_agg(id ORDER BY id) FROM orgs") == ids
    assert await conn.fetchval("SELECT array_agg(typeid(id) ORDER BY id) FROM orgs") == ids
    assert tuple(await conn.fetchrow("SELECT NULL::org_id, NULL::typeid")) == (None, None)
    assert type(await conn.fetchval("SELECT gen_ulid()")) is ULID


async def test_parameters(conn):
    org, user = TypeID.generate("org"), TypeID.generate("user")
    for value in (org, str(org), str(org.uuid), org.uuid, org.ulid):
        assert await conn.fetchval("SELECT $1::org_id", value) == org
    await conn.execute("INSERT INTO orgs (id) VALUES ($1)", org)
    await conn.execute("INSERT INTO members (id, org) VALUES ($1, $2)", user, org)
    assert await conn.fetchval("SELECT org FROM members WHERE id = $1", user) == org
    assert await conn.fetchval("SELECT count(*) FROM members WHERE id = ANY($1) AND org = ANY($2)",
                               [user, TypeID.generate("user")], [str(org)]) == 1
    await conn.executemany("INSERT INTO audit VALUES ($1)", [(org,), (user,), (str(TypeID.generate("x")),)])
    assert await conn.fetchval("SELECT count(*) FROM audit WHERE subject = ANY($1)", [org, user]) == 2
    await conn.execute("INSERT INTO legacy VALUES ($1)", org)  # asyncpg's uuid codec reads .bytes
    assert await conn.fetchval("SELECT id FROM legacy WHERE id = $1", org) == org.uuid
    await conn.copy_records_to_table("orgs", records=[(TypeID.generate("org"),)], columns=["id"])
    assert await conn.fetchval("SELECT count(*) FROM orgs") == 2


async def test_wrong_prefix_and_bad_text(conn):
    """Refused before sending (asyncpg wraps the encoder's ValueError), naming value and reason."""
    with pytest.raises(asyncpg.exceptions.DataError, match='the prefix is "user"; expected "org"'):
        await conn.fetchval("SELECT $1::org_id", TypeID.generate("user"))
    for bad in ("org_01H455VB4PEX5VSKNK084SN02Q", "nope"):
        with pytest.raises(asyncpg.exceptions.DataError, match=f"invalid TypeID '{bad}'"):
            await conn.fetchval("SELECT $1::org_id", bad)
    with pytest.raises(asyncpg.exceptions.DataError, match="invalid TypeID"):
        await conn.fetchval("SELECT $1::typeid", uuid.uuid4())


async def test_register_again_after_typeid_define(conn):
    await conn.execute("SELECT typeid_define('team')")
    try:
        assert type(await conn.fetchval("SELECT gen_team_id()")) is str
        await register_typeid(conn)
        assert type(await conn.fetchval("SELECT gen_team_id()")) is TypeID
    finally:
        await conn.execute("SELECT typeid_drop('team_id')")


async def test_pool_init(server, dbname):
    async with asyncpg.create_pool(host=server.host, port=server.port, user=server.user, database=dbname,
                                   min_size=1, max_size=2, init=register_uidext) as pool:
        value = await pool.fetchval("SELECT gen_user_id()")
        assert type(value) is TypeID and value.prefix == "user"
