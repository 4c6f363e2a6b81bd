"""The ULID value type, checked against the server's own ulid input and output."""
import datetime as dt
import pickle
import uuid

import psycopg
import pytest

from uidext import ULID

SPEC = "01ARZ3NDEKTSV4RRFFQ69G5FAV"  # the ULID spec's example


@pytest.fixture(scope="module")
def conn(server, dbname):
    with psycopg.connect(**server.params(dbname), autocommit=True) as c:
        yield c


def server_ulid(conn, text):
    """(uuid text, ulid text) the server reads from text, or the SQLSTATE it raises."""
    try:
        return conn.execute("SELECT %s::text::ulid::uuid::text, %s::text::ulid::text", [text, text]).fetchone()
    except psycopg.Error as e:
        return e.sqlstate


def test_constructors_agree():
    u = ULID(SPEC)
    assert str(u) == SPEC and len(u.bytes) == 16
    assert ULID(SPEC.lower()) == u
    assert ULID(u.bytes) == u == ULID(bytearray(u.bytes)) == ULID(memoryview(u.bytes))
    assert ULID(u.uuid) == u and ULID(str(u.uuid)) == u and ULID(u) == u
    assert ULID(u.uuid.hex) == u and ULID("{%s}" % u.uuid) == u
    assert u.int == int.from_bytes(u.bytes, "big") == u.uuid.int
    assert u.hex == u.uuid.hex
    assert repr(u) == f"ULID('{SPEC}')"
    assert ULID.from_int(u.int) == u


@pytest.mark.parametrize("text", [
    SPEC, SPEC.lower(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "00000000000000000000000000",
    "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189C4E1D9A87C1B9C3E4F2A1B0C9D8E",
    "{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}", "0189-c4e1-d9a8-7c1b-9c3e-4f2a-1b0c-9d8e",
    "{0189c4e1d9a87c1b9c3e4f2a1b0c9d8e}",
])
def test_accepts_what_the_server_accepts(conn, text):
    want_uuid, want_text = server_ulid(conn, text)
    u = ULID(text)
    assert str(u.uuid) == want_uuid and str(u) == want_text


@pytest.mark.parametrize("text", [
    "", "x", SPEC[:-1], SPEC + "0", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01ARZ3NDEKTSV4RRFFQ69G5FAU",
    "01ARZ3NDEKTSV4RRFFQ69G5FAI", "01ARZ3NDEKTSV4RRFFQ69G5FAL", "01ARZ3NDEKTSV4RRFFQ69G5FA-",
    " 01ARZ3NDEKTSV4RRFFQ69G5FAV", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8g",
    "{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}",
    "0189c4e-1d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189c4e1--d9a8-7c1b-9c3e-4f2a1b0c9d8e",
    "urn:uuid:0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "01ARZ3NDEKTSV4RRFFQ69G5FAé", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e ",
    "01ARZ3NDEKTSV4RRFFQ69G5FA\u017f", "01ARZ3NDEKTSV4RRFFQ69G5FA\u212a",  # match s and k only with Unicode case folding
])
def test_rejects_what_the_server_rejects(conn, text):
    assert server_ulid(conn, text) == "22P02"
    with pytest.raises(ValueError) as e:
        ULID(text)
    assert repr(text) in str(e.value)


def test_reasons_name_the_problem():
    with pytest.raises(ValueError, match="'U' at position 26 is not a Crockford base32 digit"):
        ULID("01ARZ3NDEKTSV4RRFFQ69G5FAU")
    with pytest.raises(ValueError, match="first digit must be between 0 and 7"):
        ULID("8ZZZZZZZZZZZZZZZZZZZZZZZZZ")
    with pytest.raises(ValueError, match="not 3 characters"):
        ULID("abc")
    with pytest.raises(ValueError, match="16 bytes expected, got 15"):
        ULID(b"\0" * 15)
    with pytest.raises(ValueError, match="not int"):
        ULID(5)
    with pytest.raises(ValueError):
        ULID(None)


def test_round_trips_through_the_server(conn):
    for _ in range(50):
        u = ULID.generate()
        text, as_uuid, raw = conn.execute("SELECT %s::ulid::text, %s::ulid::uuid, %s::ulid::bytea",
                                          [str(u), str(u), str(u)]).fetchone()
        assert text == str(u) and as_uuid == u.uuid and raw == u.bytes


def test_order_equality_hash():
    a, b = ULID.from_int(1), ULID.from_int(2 << 100)
    assert a < b and b > a and a <= a and a != b and not (a == b)
    assert sorted([b, a]) == [a, b]
    assert sorted([b, a], key=lambda u: u.bytes) == [a, b]
    assert len({ULID(SPEC), ULID(SPEC.lower()), ULID(SPEC)}) == 1
    assert ULID(SPEC) != SPEC and not (ULID(SPEC) == SPEC)  # a value, not its text (as uuid.UUID)
    with pytest.raises(TypeError):
        ULID(SPEC) < SPEC


def test_is_the_uuid_of_its_bytes():
    """A ULID is a uuid.UUID: equal to (and hashing as) the uuid.UUID of the same 16 bytes."""
    u = ULID(SPEC)
    plain = uuid.UUID("01563e3a-b5d3-d676-4c61-efb99302bd5b")
    assert isinstance(u, uuid.UUID) and type(u.uuid) is uuid.UUID
    assert u == plain and plain == u and not (u != plain) and hash(u) == hash(plain)
    assert {u: 1}[plain] == 1 and {plain: 1}[u] == 1 and len({u, plain}) == 1
    assert plain < ULID.from_int(plain.int + 1) and ULID.from_int(plain.int - 1) < plain
    assert u.uuid == plain and str(u.uuid) == str(plain) and u.urn == plain.urn
    assert str(u) == SPEC and f"{u}" == SPEC and repr(u) == f"ULID('{SPEC}')"  # the ULID text
    assert (u.hex, u.bytes, u.int, u.bytes_le, u.fields) == (plain.hex, plain.bytes, plain.int, plain.bytes_le, plain.fields)
    assert uuid.UUID(str(u.uuid)) == u and ULID(plain) == u
    assert plain != str(plain) and u != str(plain)  # neither equals its text


def test_immutable_and_small():
    u = ULID(SPEC)
    with pytest.raises(AttributeError):
        u.x = 1
    with pytest.raises(AttributeError):
        u.int = 1
    assert not hasattr(u, "__dict__")
    assert pickle.loads(pickle.dumps(u)) == u


def test_time_fields_match_the_server(conn):
    u = ULID(SPEC)
    got = conn.execute("SELECT ulid_extract_timestamp(%s::ulid)", [SPEC]).fetchone()[0]
    assert u.datetime == got and u.datetime.tzinfo is not None
    digits = 0  # the first 10 digits, decoded by hand
    for c in SPEC[:10]:
        digits = digits * 32 + "0123456789ABCDEFGHJKMNPQRSTVWXYZ".index(c)
    assert u.timestamp == digits == 1469922850259
    assert u.datetime == dt.datetime(2016, 7, 30, 23, 54, 10, 259000, tzinfo=dt.timezone.utc)


def test_generate_is_now_and_ordered_by_millisecond():
    before = dt.datetime.now(dt.timezone.utc)
    u = ULID.generate()
    after = dt.datetime.now(dt.timezone.utc)
    assert before - dt.timedelta(milliseconds=1) <= u.datetime <= after
    assert len({ULID.generate() for _ in range(1000)}) == 1000


def test_bounds_match_the_server(conn):
    when = dt.datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    lo, hi = conn.execute("SELECT ulid_lower_bound(%s)::text, ulid_upper_bound(%s)::text", [when, when]).fetchone()
    assert str(ULID.min_for(when)) == lo and str(ULID.max_for(when)) == hi
    u = ULID.generate()
    assert ULID.min_for(u.datetime) <= u <= ULID.max_for(u.datetime)
    with pytest.raises(ValueError, match="timezone-aware"):
        ULID.min_for(dt.datetime(2024, 1, 1))
    with pytest.raises(ValueError, match="48-bit"):
        ULID.min_for(dt.datetime(1969, 12, 31, tzinfo=dt.timezone.utc))
