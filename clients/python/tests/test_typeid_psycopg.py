"""uidext.psycopg register_uidext: per-prefix TypeID types and typeid load as TypeID (text, binary,
arrays); TypeID parameters bind to them (the server checks the prefix) and in lists."""
import psycopg
import pytest
from psycopg.errors import InvalidTextRepresentation, UndefinedFunction

from uidext import ULID, TypeID
from uidext.psycopg import register_typeid, register_uidext, register_uidext_async


@pytest.fixture
def conn(server, dbname):
    with psycopg.connect(**server.params(dbname)) as c:
        c.execute("DROP TABLE IF EXISTS members, orgs, audit, legacy")
        c.execute("SELECT typeid_define(p) FROM unnest(ARRAY['org', 'user']) p "
                  "WHERE to_regtype(p || '_id') IS NULL")
        c.execute("CREATE TABLE orgs (id org_id PRIMARY KEY DEFAULT gen_org_id(), name text)")
        c.execute("CREATE TABLE members (id user_id PRIMARY KEY DEFAULT gen_user_id(), org org_id REFERENCES orgs, "
                  "u ulid)")
        c.execute("CREATE TABLE audit (subject typeid, what text)")
        c.execute("CREATE TABLE legacy (id uuid)")
        c.commit()
        types = register_uidext(c)
        assert {t.name for t in types} >= {"typeid", "org_id", "user_id"}
        yield c


def test_loads_text_and_binary(conn):
    orgs = [r[0] for r in conn.execute("INSERT INTO orgs (name) SELECT 'o' || g FROM generate_series(1, 5) g RETURNING id")]
    assert all(type(o) is TypeID and o.prefix == "org" for o in orgs)
    conn.execute("INSERT INTO audit SELECT id, 'made' FROM orgs")
    for cur in (conn.cursor(), conn.cursor(binary=True)):
        rows = cur.execute("SELECT id, id::text, id::uuid, typeid(id), a.subject FROM orgs "
                           "JOIN audit a ON a.subject = typeid(id) ORDER BY 1").fetchall()
        assert [r[0] for r in rows] == sorted(orgs)
        assert all(str(r[0]) == r[1] and r[0].uuid == r[2] and r[3] == r[0] == r[4] for r in rows)
        assert cur.execute("SELECT NULL::org_id, NULL::typeid").fetchone() == (None, None)


def test_loads_arrays(conn):
    conn.execute("INSERT INTO orgs (name) SELECT 'o' || g FROM generate_series(1, 3) g")
    ids = [r[0] for r in conn.execute("SELECT id FROM orgs ORDER BY id")]
    for cur in (conn.cursor(), conn.cursor(binary=True)):
        got = cur.execute("SELECT array_agg(id ORDER BY id), array_agg(typeid(id) ORDER BY id), ARRAY[NULL::org_id] "
                          "FROM orgs").fetchone()
        assert got == (ids, ids, [None])


@pytest.mark.parametrize("placeholder", ["%s", "%t", "%b"])
def test_parameters_bind_to_per_prefix_columns_and_lists(conn, placeholder):
    org = TypeID.generate("org")
    user = TypeID.generate("user")
    conn.execute(f"INSERT INTO orgs (id, name) VALUES ({placeholder}, 'acme')", [org])
    conn.execute(f"INSERT INTO members (id, org) VALUES ({placeholder}, {placeholder})", [user, org])
    assert conn.execute(f"SELECT org FROM members WHERE id = {placeholder}", [user]).fetchone() == (org,)
    assert conn.execute(f"SELECT count(*) FROM members WHERE id = ANY({placeholder}) AND org = ANY({placeholder})",
                        [[user, TypeID.generate("user")], [org]]).fetchone() == (1,)
    assert conn.execute(f"SELECT id FROM members WHERE org IN ({placeholder}, {placeholder})",
                        [org, TypeID.generate("org")]).fetchone() == (user,)
    assert conn.execute(f"SELECT {placeholder}::org_id", [org]).fetchone() == (org,)


@pytest.mark.parametrize("placeholder", ["%s", "%t"])
def test_parameters_bind_to_typeid_columns(conn, placeholder):
    subjects = [TypeID.generate("org"), TypeID.generate("user"), TypeID.generate("")]
    with conn.cursor() as cur:
        cur.executemany(f"INSERT INTO audit VALUES ({placeholder}, 'x')", [[s] for s in subjects])
    assert conn.execute(f"SELECT count(*) FROM audit WHERE subject = ANY({placeholder})", [subjects]).fetchone() == (3,)
    assert conn.execute(f"SELECT subject FROM audit WHERE subject = {placeholder}", [subjects[1]]).fetchone() == (subjects[1],)
    assert [r[0] for r in conn.execute("SELECT subject FROM audit ORDER BY subject")] == sorted(subjects)


def test_binary_parameter_is_typed_per_prefix(conn):
    """%b sends the per-prefix type of the value's prefix: a typeid column needs %s."""
    value = TypeID.generate("org")
    assert conn.execute("SELECT pg_typeof(%b)::text", [value]).fetchone() == ("org_id",)
    assert conn.execute("SELECT pg_typeof(%b)::text", [TypeID.generate("nothing")]).fetchone() == ("typeid",)
    with pytest.raises(UndefinedFunction):
        conn.execute("SELECT count(*) FROM audit WHERE subject = %b", [value])
    conn.rollback()


def test_wrong_prefix_is_refused_by_the_server(conn):
    """The prefix travels with the value, so mixing up a user id and an org id is an error."""
    user = TypeID.generate("user")
    with pytest.raises(InvalidTextRepresentation, match='The prefix is "user"; expected "org"'):
        conn.execute("SELECT * FROM orgs WHERE id = %s", [user])
    conn.rollback()
    with pytest.raises(psycopg.errors.QueryCanceled, match="expected \"org\""):  # binary: refused before sending
        with conn.cursor().copy("COPY orgs (id) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["org_id"])
            copy.write_row([user])
    conn.rollback()


def test_uuid_columns_take_the_uuid(conn):
    """A TypeID's .uuid (UUID text, untyped) reads into uuid and per-prefix columns alike."""
    org = TypeID.generate("org")
    conn.execute("INSERT INTO legacy VALUES (%s)", [org.uuid])
    conn.execute("INSERT INTO orgs (id) VALUES (%s)", [org.uuid])  # the per-prefix input reads UUID text
    assert conn.execute("SELECT o.id FROM orgs o JOIN legacy l ON l.id = o.id::uuid WHERE l.id = %s",
                        [org.uuid]).fetchone() == (org,)
    # or the TypeID itself, read (and its prefix checked) by the per-prefix type, then cast
    assert conn.execute("SELECT count(*) FROM legacy WHERE id = %s::org_id::uuid", [org]).fetchone() == (1,)
    assert conn.execute("SELECT count(*) FROM legacy WHERE id = ANY(%s::org_id[]::uuid[])", [[org]]).fetchone() == (1,)
    with pytest.raises(InvalidTextRepresentation):  # a TypeID is not a uuid: its text has the prefix
        conn.execute("SELECT * FROM legacy WHERE id = %s", [org])
    conn.rollback()


@pytest.mark.parametrize("binary", [False, True])
def test_copy(conn, binary):
    orgs = [TypeID.generate("org") for _ in range(3)]
    fmt = " (FORMAT BINARY)" if binary else ""
    with conn.cursor() as cur:
        with cur.copy(f"COPY orgs (id) FROM STDIN{fmt}") as copy:
            copy.set_types(["org_id"])
            for value in (orgs[0], str(orgs[1]), orgs[2]):
                copy.write_row([value])
        with cur.copy(f"COPY audit (subject) FROM STDIN{fmt}") as copy:
            copy.set_types(["typeid"])
            copy.write_row([orgs[0]])
        with cur.copy(f"COPY (SELECT id FROM orgs ORDER BY id) TO STDOUT{fmt}") as copy:
            copy.set_types(["org_id"])
            assert [row[0] for row in copy.rows()] == sorted(orgs)
    assert conn.execute("SELECT subject FROM audit").fetchone() == (orgs[0],)


def test_prepared_and_executemany(conn):
    orgs = [TypeID.generate("org") for _ in range(10)]
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO orgs (id) VALUES (%s)", [[o] for o in orgs])
    for o in orgs:  # prepared from the fifth execution on, and explicitly
        assert conn.execute("SELECT id FROM orgs WHERE id = %s", [o]).fetchone() == (o,)
        assert conn.execute("SELECT id FROM orgs WHERE id = %b", [o], prepare=True).fetchone() == (o,)


def test_register_again_after_typeid_define(conn, server, dbname):
    """A type made after registration loads as text until registration runs again."""
    conn.execute("SELECT typeid_define('team')")
    value = conn.execute("SELECT gen_team_id()").fetchone()[0]
    assert type(value) is str and value.startswith("team_")
    register_typeid(conn)
    value = conn.execute("SELECT gen_team_id()").fetchone()[0]
    assert type(value) is TypeID and value.prefix == "team"
    conn.rollback()


def test_cursor_only_registration_and_ulid_too(server, dbname):
    with psycopg.connect(**server.params(dbname)) as c:
        c.execute("SELECT typeid_define('user') WHERE to_regtype('user_id') IS NULL")
        cur = c.cursor()
        register_uidext(cur)
        assert type(cur.execute("SELECT gen_user_id()").fetchone()[0]) is TypeID
        assert type(cur.execute("SELECT gen_ulid()").fetchone()[0]) is ULID
        assert type(c.execute("SELECT gen_user_id()").fetchone()[0]) is str


async def test_async_connection(server, dbname):
    async with await psycopg.AsyncConnection.connect(**server.params(dbname)) as c:
        await (await c.execute("SELECT typeid_define('user') WHERE to_regtype('user_id') IS NULL")).close()
        await register_uidext(c)
        value = await (await c.execute("SELECT gen_user_id()")).fetchone()
        assert type(value[0]) is TypeID
        assert await (await c.execute("SELECT %s::user_id", [value[0]])).fetchone() == value
        await register_uidext_async(c.cursor())


def test_database_without_the_extension(server):
    from conftest import fresh_name
    name = server.create_database(fresh_name(), extension=False)
    try:
        with psycopg.connect(**server.params(name)) as c:
            with pytest.raises(LookupError, match="CREATE EXTENSION uidext"):
                register_typeid(c)
    finally:
        server.drop_database(name)
