"""uidext.psycopg2 register_uidext: per-prefix TypeID types and typeid (and arrays) load as TypeID;
TypeID parameters and lists of them bind to those columns, with the prefix checked by the server."""
import psycopg2
import psycopg2.extras
import pytest
from psycopg2.errors import InvalidTextRepresentation

from uidext import ULID, TypeID
from uidext.psycopg2 import register_typeid, register_uidext


@pytest.fixture
def conn(server, dbname):
    c = psycopg2.connect(**server.params(dbname))
    with c.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS members, orgs, audit, legacy;"
                    "SELECT typeid_define(p) FROM unnest(ARRAY['org', 'user']) p WHERE to_regtype(p || '_id') IS NULL;"
                    "CREATE TABLE orgs (id org_id PRIMARY KEY DEFAULT gen_org_id(), name text);"
                    "CREATE TABLE members (id user_id PRIMARY KEY DEFAULT gen_user_id(), org org_id REFERENCES orgs);"
                    "CREATE TABLE audit (subject typeid);"
                    "CREATE TABLE legacy (id uuid)")
    c.commit()
    register_uidext(c)
    yield c
    c.close()


def test_loads_and_arrays(conn):
    cur = conn.cursor()
    cur.execute("INSERT INTO orgs (name) SELECT 'o' || g FROM generate_series(1, 5) g RETURNING id, id::text")
    rows = cur.fetchall()
    assert all(type(a) is TypeID and str(a) == b for a, b in rows)
    cur.execute("SELECT array_agg(id ORDER BY id), array_agg(typeid(id) ORDER BY id), NULL::org_id, NULL::typeid, "
                "ARRAY[NULL::org_id], gen_ulid() FROM orgs")
    got = cur.fetchone()
    ids = sorted(a for a, _ in rows)
    assert got[:5] == (ids, ids, None, None, [None]) and type(got[5]) is ULID


def test_parameters_and_lists(conn):
    cur = conn.cursor()
    org, user = TypeID.generate("org"), TypeID.generate("user")
    cur.execute("INSERT INTO orgs (id) VALUES (%s)", [org])
    cur.execute("INSERT INTO members (id, org) VALUES (%s, %s)", [user, org])
    cur.execute("INSERT INTO audit VALUES (%s), (%s)", [org, user])
    cur.execute("SELECT org FROM members WHERE id = %s", [user])
    assert cur.fetchone() == (org,)
    cur.execute("SELECT count(*) FROM members WHERE id = ANY(%s) AND org = ANY(%s)", [[user, None, TypeID.generate("user")], [org]])
    assert cur.fetchone() == (1,)
    cur.execute("SELECT count(*) FROM audit WHERE subject = ANY(%s)", [[org, user]])
    assert cur.fetchone() == (2,)
    cur.execute("SELECT count(*) FROM members WHERE org IN %s", [(org, TypeID.generate("org"))])
    assert cur.fetchone() == (1,)
    cur.execute("SELECT %s = ANY(%s)", [1, [1, 2]])  # other lists still go to psycopg2's adapter
    assert cur.fetchone() == (True,)
    cur.executemany("INSERT INTO orgs (id) VALUES (%s)", [(TypeID.generate("org"),) for _ in range(3)])
    psycopg2.extras.execute_values(cur, "INSERT INTO audit VALUES %s", [(TypeID.generate("x"),) for _ in range(3)])
    cur.execute("SELECT count(*) FROM orgs, audit")
    assert cur.fetchone() == (4 * 5,)
    cur.execute("INSERT INTO legacy VALUES (%s)", [str(org.uuid)])  # a uuid column takes its UUID text
    cur.execute("SELECT o.id FROM orgs o JOIN legacy l ON l.id = o.id::uuid WHERE o.id = %s", [str(org.uuid)])
    assert cur.fetchone() == (org,)


def test_wrong_prefix_is_refused_by_the_server(conn):
    with pytest.raises(InvalidTextRepresentation, match='The prefix is "user"; expected "org"'):
        conn.cursor().execute("SELECT * FROM orgs WHERE id = %s", [TypeID.generate("user")])
    conn.rollback()


def test_register_again_after_typeid_define(conn):
    cur = conn.cursor()
    cur.execute("SELECT typeid_define('team')")
    cur.execute("SELECT gen_team_id()")
    assert type(cur.fetchone()[0]) is str
    register_typeid(cur)
    cur.execute("SELECT gen_team_id()")
    assert type(cur.fetchone()[0]) is TypeID
    conn.rollback()
