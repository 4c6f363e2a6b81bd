"""uidext.psycopg: ulid and ulid[] load as ULID; ULID parameters bind to ulid and uuid columns."""
import uuid

import psycopg
import pytest
from psycopg.errors import InvalidTextRepresentation

from uidext import ULID
from uidext.psycopg import register_ulid


@pytest.fixture
def conn(server, dbname):
    with psycopg.connect(**server.params(dbname)) as c:
        register_ulid(c)
        c.execute("DROP TABLE IF EXISTS child, parent")
        c.execute("CREATE TABLE parent (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int)")
        c.execute("CREATE TABLE child (id ulid PRIMARY KEY DEFAULT gen_ulid(), parent_u uuid, parent_l ulid)")
        c.commit()
        yield c


def test_loads_text_and_binary(conn):
    made = conn.execute("INSERT INTO parent (n) SELECT g FROM generate_series(1, 20) g RETURNING id").fetchall()
    assert all(type(r[0]) is ULID for r in made)
    text = conn.execute("SELECT id, id::text AS t FROM parent ORDER BY 1").fetchall()
    assert [str(a) for a, _ in text] == [b for _, b in text]
    binary = conn.cursor(binary=True).execute("SELECT id, id::uuid AS u FROM parent ORDER BY 1").fetchall()
    assert [a for a, _ in binary] == [a for a, _ in text]
    assert all(a.uuid == b for a, b in binary)
    assert conn.execute("SELECT NULL::ulid").fetchone()[0] is None


def test_loads_arrays(conn):
    conn.execute("INSERT INTO parent (n) SELECT g FROM generate_series(1, 5) g")
    ids = [r[0] for r in conn.execute("SELECT id FROM parent ORDER BY id")]
    for cur in (conn.cursor(), conn.cursor(binary=True)):
        got = cur.execute("SELECT array_agg(id ORDER BY id), ARRAY[NULL::ulid] FROM parent").fetchone()
        assert got[0] == ids and got[1] == [None]


@pytest.mark.parametrize("placeholder", ["%s", "%t", "%b"])
def test_parameters_bind_to_ulid_and_uuid_columns(conn, placeholder):
    key = ULID.generate()
    conn.execute(f"INSERT INTO parent (id, n) VALUES ({placeholder}, 1)", [key])
    conn.execute(f"INSERT INTO child (parent_u, parent_l) VALUES ({placeholder}, {placeholder})", [key, key])
    assert conn.execute(f"SELECT n FROM parent WHERE id = {placeholder}", [key]).fetchone() == (1,)
    assert conn.execute(f"SELECT parent_l FROM child WHERE parent_u = {placeholder}", [key]).fetchone() == (key,)
    assert conn.execute(f"SELECT count(*) FROM child WHERE parent_u = ANY({placeholder}) AND parent_l = ANY({placeholder})",
                        [[key, ULID.generate()], [key]]).fetchone() == (1,)
    assert conn.execute(f"SELECT parent_u FROM child WHERE parent_l IN ({placeholder}, {placeholder})",
                        [key, ULID.generate()]).fetchone() == (key.uuid,)
    conn.execute(f"UPDATE child SET parent_u = {placeholder}, parent_l = {placeholder}", [ULID(bytes(16)), ULID(bytes(16))])
    assert conn.execute("SELECT parent_u::text, parent_l FROM child").fetchone() == (str(uuid.UUID(int=0)), ULID(bytes(16)))


def test_select_parameter_round_trips(conn):
    key = ULID.generate()
    assert conn.execute("SELECT %s::ulid, %s::uuid", [key, key]).fetchone() == (key, key.uuid)
    assert conn.execute("SELECT %b", [key]).fetchone() == (key,)


def test_executemany_and_prepared(conn):
    keys = [ULID.generate() for _ in range(30)]
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO child (parent_u, parent_l) VALUES (%s, %s)", [(k, k) for k in keys])
    for k in keys[:10]:  # prepared on the fifth execution (prepare_threshold), and explicitly
        assert conn.execute("SELECT parent_l FROM child WHERE parent_u = %s", [k]).fetchone() == (k,)
        assert conn.execute("SELECT parent_u FROM child WHERE parent_l = %b", [k], prepare=True).fetchone() == (k.uuid,)
    assert conn.execute("SELECT array_agg(parent_l ORDER BY parent_l) FROM child").fetchone()[0] == sorted(keys)


@pytest.mark.parametrize("binary", [False, True])
def test_copy_with_ulid_str_and_uuid_values(conn, binary):
    keys = [ULID.generate() for _ in range(3)]
    values = [keys[0], str(keys[1]), keys[2].uuid]
    fmt = " (FORMAT BINARY)" if binary else ""
    with conn.cursor() as cur:
        with cur.copy(f"COPY child (id, parent_u, parent_l) FROM STDIN{fmt}") as copy:
            copy.set_types(["ulid", "uuid", "ulid"])
            for v in values:
                copy.write_row([v, v if not isinstance(v, str) else uuid.UUID(str(ULID(v).uuid)), v])
        with cur.copy(f"COPY child (id, parent_u, parent_l) TO STDOUT{fmt}") as copy:
            copy.set_types(["ulid", "uuid", "ulid"])
            rows = list(copy.rows())
    assert [r[0] for r in rows] == keys and [r[2] for r in rows] == keys
    assert [r[1] for r in rows] == [k.uuid for k in keys]


@pytest.mark.parametrize("binary", [False, True])
def test_copy_without_set_types(conn, binary):
    keys = [ULID.generate() for _ in range(3)]
    fmt = " (FORMAT BINARY)" if binary else ""
    with conn.cursor() as cur:
        with cur.copy(f"COPY child (id, parent_u) FROM STDIN{fmt}") as copy:
            for k in keys:
                copy.write_row([k, k])
    assert conn.execute("SELECT id, parent_u FROM child ORDER BY id").fetchall() == [(k, k.uuid) for k in sorted(keys)]


def test_bad_input_is_22p02_and_rolls_back(conn):
    conn.execute("INSERT INTO parent (n) VALUES (1)")
    with pytest.raises(InvalidTextRepresentation, match="ulid"):
        conn.execute("INSERT INTO child (parent_l) VALUES (%s)", ["01ARZ3NDEKTSV4RRFFQ69G5FAU"])
    conn.rollback()
    assert conn.execute("SELECT count(*) FROM parent").fetchone() == (0,)
    with pytest.raises(ValueError, match="invalid ULID"):
        conn.execute("SELECT %s::ulid", [ULID("nope")])
    with pytest.raises(psycopg.Error, match="invalid ULID 'not a key'"):  # COPY ends, naming the value
        with conn.cursor() as cur, cur.copy("COPY child (parent_l) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["ulid"])
            copy.write_row(["not a key"])
    conn.rollback()
    assert conn.execute("SELECT count(*) FROM child").fetchone() == (0,)


def test_register_on_a_cursor_only(server, dbname):
    with psycopg.connect(**server.params(dbname)) as c:
        cur = c.cursor()
        register_ulid(cur)
        assert type(cur.execute("SELECT gen_ulid()").fetchone()[0]) is ULID
        assert type(c.execute("SELECT gen_ulid()").fetchone()[0]) is str  # the connection is untouched


def test_without_the_extension_says_so(server):
    name = server.create_database("uidext_py_noext", extension=False)
    try:
        with psycopg.connect(**server.params(name)) as c, pytest.raises(LookupError, match="CREATE EXTENSION"):
            register_ulid(c)
    finally:
        server.drop_database(name)


async def test_async_connection(server, dbname):
    async with await psycopg.AsyncConnection.connect(**server.params(dbname)) as c:
        await register_ulid(c)
        key = ULID.generate()
        cur = await c.execute("SELECT %s::ulid, ARRAY[%s::ulid], %s::uuid = %s", [key, key, key, key])
        assert await cur.fetchone() == (key, [key], True)


def _plan(conn, sql, params):
    return "\n".join(r[0] for r in conn.execute("EXPLAIN " + sql, params))


@pytest.mark.parametrize("placeholder", ["%s", "%b"])
def test_indexes_serving_a_ulid_parameter(conn, placeholder):
    """A ULID is sent typed ulid: a ulid index and a uuid_ulid_ops index on a uuid column serve
    it; a plain uuid index serves its .uuid (a uuid.UUID, typed uuid)."""
    conn.execute("CREATE INDEX child_parent_l ON child (parent_l)")
    conn.execute("CREATE INDEX child_plain_u ON child (parent_u)")
    conn.execute("SET enable_seqscan = off")
    key, p = ULID.generate(), placeholder
    assert "child_parent_l" in _plan(conn, f"SELECT * FROM child WHERE parent_l = {p}", [key])
    assert "child_parent_l" in _plan(conn, f"SELECT * FROM child WHERE parent_l = ANY({p})", [[key, key]])
    assert "child_plain_u" in _plan(conn, f"SELECT * FROM child WHERE parent_u = {p}", [key.uuid])
    assert "child_plain_u" not in _plan(conn, f"SELECT * FROM child WHERE parent_u = {p}", [key])
    conn.execute("CREATE INDEX child_ulid_ops_u ON child (parent_u uuid_ulid_ops)")
    assert "child_ulid_ops_u" in _plan(conn, f"SELECT * FROM child WHERE parent_u = {p}", [key])
    assert "child_ulid_ops_u" in _plan(conn, f"SELECT * FROM child WHERE parent_u = ANY({p})", [[key]])


def test_without_registration_a_ulid_binds_as_its_uuid(server, dbname):
    """A ULID is a uuid.UUID: on a connection without register_ulid psycopg dumps it as one
    (typed uuid, the same 16 bytes), which ulid and uuid columns both take."""
    with psycopg.connect(**server.params(dbname), autocommit=True) as c:
        key = ULID.generate()
        for p in ("%s", "%b"):
            row = c.execute(f"SELECT {p}::ulid::text, {p} = {p}::uuid, pg_typeof({p})::text", [key] * 4).fetchone()
            assert row == (str(key), True, "uuid")
