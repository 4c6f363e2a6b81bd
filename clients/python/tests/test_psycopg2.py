"""uidext.psycopg2: ulid/ulid[] load as ULID; ULID parameters bind to ulid and uuid columns."""
import io

import psycopg2
import psycopg2.errors
import psycopg2.extras
import pytest

from uidext import ULID
from uidext.psycopg2 import register_ulid


@pytest.fixture
def conn(server, dbname):
    c = psycopg2.connect(**server.params(dbname))
    register_ulid(c)
    with c.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS child, parent;"
                    "CREATE TABLE parent (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int);"
                    "CREATE TABLE child (id ulid PRIMARY KEY DEFAULT gen_ulid(), parent_u uuid, parent_l ulid)")
    c.commit()
    yield c
    c.close()


def test_loads(conn):
    cur = conn.cursor()
    cur.execute("INSERT INTO parent (n) SELECT g FROM generate_series(1, 10) g RETURNING id, id::text")
    rows = cur.fetchall()
    assert all(type(a) is ULID and str(a) == b for a, b in rows)
    cur.execute("SELECT array_agg(id ORDER BY id), NULL::ulid, ARRAY[NULL::ulid] FROM parent")
    assert cur.fetchone() == (sorted(a for a, _ in rows), None, [None])


def test_parameters_bind_to_ulid_and_uuid_columns(conn):
    cur = conn.cursor()
    key, other = ULID.generate(), ULID.generate()
    cur.execute("INSERT INTO parent (id, n) VALUES (%s, 1)", [key])
    cur.execute("INSERT INTO child (parent_u, parent_l) VALUES (%s, %s)", [key, key])
    cur.execute("SELECT parent_l, parent_u FROM child WHERE parent_u = %s AND parent_l = %s", [key, key])
    assert cur.fetchone()[0] == key
    cur.execute("SELECT count(*) FROM child WHERE parent_u = ANY(%s::uuid[]) AND parent_l = ANY(%s::ulid[])",
                [[key, other], [key]])  # explicit casts still work
    assert cur.fetchone() == (1,)
    cur.execute("SELECT count(*) FROM child WHERE parent_u = ANY(%s) AND parent_l = ANY(%s)", [[key, other], [key]])
    assert cur.fetchone() == (1,)
    cur.execute("SELECT count(*) FROM child WHERE parent_u IN %s AND parent_l IN %s", [(key, other), (key,)])
    assert cur.fetchone() == (1,)
    cur.executemany("INSERT INTO child (parent_u, parent_l) VALUES (%s, %s)", [(other, other)] * 3)
    psycopg2.extras.execute_values(cur, "INSERT INTO child (parent_u, parent_l) VALUES %s", [(other, key)] * 2)
    cur.execute("SELECT count(*) FROM child WHERE parent_u = %s", [other])
    assert cur.fetchone() == (5,)
    cur.execute("PREPARE q(uuid) AS SELECT count(*) FROM child WHERE parent_l = $1")
    cur.execute("EXECUTE q(%s)", [key])
    assert cur.fetchone() == (3,)


def test_copy(conn):
    cur = conn.cursor()
    keys = sorted(ULID.generate() for _ in range(3))
    cur.copy_from(io.StringIO("".join(f"{k}\t{k.uuid}\t{k}\n" for k in keys)), "child",
                  columns=("id", "parent_u", "parent_l"))
    out = io.StringIO()
    cur.copy_to(out, "child", columns=("id", "parent_u"))
    assert out.getvalue() == "".join(f"{k}\t{k.uuid}\n" for k in keys)


def test_register_on_a_cursor_only(server, dbname):
    c = psycopg2.connect(**server.params(dbname))
    cur = c.cursor()
    register_ulid(cur)
    cur.execute("SELECT gen_ulid()")
    assert type(cur.fetchone()[0]) is ULID
    other = c.cursor()
    other.execute("SELECT gen_ulid()")
    assert type(other.fetchone()[0]) is str
    c.close()


def test_bad_input(conn):
    cur = conn.cursor()
    with pytest.raises(ValueError, match="invalid ULID"):
        cur.execute("SELECT %s", [ULID("not-a-key")])
    cur.execute("INSERT INTO parent (n) VALUES (1)")
    with pytest.raises(psycopg2.errors.InvalidTextRepresentation):
        cur.execute("INSERT INTO child (parent_l) VALUES (%s)", ["01ARZ3NDEKTSV4RRFFQ69G5FAU"])
    conn.rollback()
    cur.execute("SELECT count(*) FROM parent")
    assert cur.fetchone() == (0,)


def _plan(cur, sql, params):
    cur.execute("EXPLAIN " + sql, params)
    return "\n".join(r[0] for r in cur.fetchall())


def test_indexes_serving_a_ulid_parameter(conn):
    """A ULID is written '...'::ulid: a ulid index and a uuid_ulid_ops index on a uuid column
    serve it; a plain uuid index serves its .uuid (a uuid.UUID, '...'::uuid)."""
    psycopg2.extras.register_uuid(conn_or_curs=conn)
    cur = conn.cursor()
    cur.execute("CREATE INDEX child_parent_l ON child (parent_l); CREATE INDEX child_plain_u ON child (parent_u);"
                "SET enable_seqscan = off")
    key = ULID.generate()
    assert "child_parent_l" in _plan(cur, "SELECT * FROM child WHERE parent_l = %s", [key])
    assert "child_parent_l" in _plan(cur, "SELECT * FROM child WHERE parent_l = ANY(%s)", [[key, key]])
    assert "child_plain_u" in _plan(cur, "SELECT * FROM child WHERE parent_u = %s", [key.uuid])
    assert "child_plain_u" not in _plan(cur, "SELECT * FROM child WHERE parent_u = %s", [key])
    cur.execute("CREATE INDEX child_ulid_ops_u ON child (parent_u uuid_ulid_ops)")
    assert "child_ulid_ops_u" in _plan(cur, "SELECT * FROM child WHERE parent_u = %s", [key])
    assert "child_ulid_ops_u" in _plan(cur, "SELECT * FROM child WHERE parent_u = ANY(%s)", [[key]])


def test_lists_of_ulid_work_on_ulid_and_uuid_columns(conn):
    """= ANY(%s) with a list of ULID, no cast: as with uuid.UUID values after register_uuid()."""
    psycopg2.extras.register_uuid(conn_or_curs=conn)
    cur = conn.cursor()
    keys = [ULID.generate() for _ in range(3)]
    cur.executemany("INSERT INTO child (parent_u, parent_l) VALUES (%s, %s)", [(k, k) for k in keys])
    for column in ("parent_u", "parent_l"):
        cur.execute(f"SELECT count(*) FROM child WHERE {column} = ANY(%s)", [keys[:2] + [ULID.generate()]])
        assert cur.fetchone() == (2,)
        cur.execute(f"SELECT count(*) FROM child WHERE {column} = ANY(%s)", [[k.uuid for k in keys]])
        assert cur.fetchone() == (3,)  # the same with uuid.UUID values
        cur.execute(f"SELECT count(*) FROM child WHERE {column} <> ALL(%s)", [[keys[0]]])
        assert cur.fetchone() == (2,)
    cur.execute("SELECT %s", [keys])
    assert cur.fetchone()[0] == keys  # ulid[] back as a list of ULID


def test_register_uuid_does_not_take_over_ulid(conn):
    """register_uuid() adapts uuid.UUID and its subclasses with str(): the exact-type ULID
    adapter of uidext.psycopg2 must still be the one used, in either order of registration."""
    psycopg2.extras.register_uuid()
    cur = conn.cursor()
    key = ULID.generate()
    assert cur.mogrify("%s", [key]) == f"'{key}'::ulid".encode()
    cur.execute("INSERT INTO child (parent_u, parent_l) VALUES (%s, %s) RETURNING parent_u, parent_l", [key, key])
    assert cur.fetchone() == (key.uuid, key)
