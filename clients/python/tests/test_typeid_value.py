"""uidext.TypeID: reads exactly what the server's typeid input (and a per-prefix type's input)
reads, on the vectors the server is tested with; text, order, hash and parts as the server's."""
import copy
import datetime as dt
import pickle
import uuid

import psycopg
import pytest

from uidext import ULID, TypeID

# sql/typeid.sql's vectors (spec 0.3 valid.yml + a 63-character prefix), and its invalid ones.
VALID = [
    ("00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"),
    ("00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"),
    ("0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"),
    ("0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"),
    ("00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"),
    ("7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
    ("prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"),
    ("prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"),
    ("pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"),
    ("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk_01h455vb4pex5vsknk084sn02q",
     "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk", "01890a5d-ac96-774b-bcce-b302099a8057"),
]
INVALID = [
    "PREFIX_00000000000000000000000000", "12345_00000000000000000000000000", "pre.fix_00000000000000000000000000",
    "préfix_00000000000000000000000000", "  prefix_00000000000000000000000000",
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
    "_00000000000000000000000000", "_", "prefix_1234567890123456789012345", "prefix_123456789012345678901234567",
    "prefix_1234567890123456789012345 ", "prefix_0123456789ABCDEFGHJKMNPQRS", "prefix_123456789-123456789-123456",
    "prefix_ooooooiiiiiiuuuuuuulllllll", "prefix_i23456789ol23456789oi23456", "prefix_123456789-0123456789-0123456",
    "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", "_prefix_00000000000000000000000000", "prefix__00000000000000000000000000",
    "", "prefix_",
]
# More that the per-prefix input reads or refuses: UUID text forms (h2's change), other prefixes.
PER_PREFIX_EXTRA = [
    "01890a5d-ac96-774b-bcce-b302099a8057", "{01890a5d-ac96-774b-bcce-b302099a8057}",
    "01890a5dac96774bbccEb302099a8057", "01890a5d-ac96774b-bcceb302-099a8057", "01890a5d-ac96-774b-bcce-b302099a805",
    "01890a5d-ac96-774b-bcce-b302099a805g", "{01890a5d-ac96-774b-bcce-b302099a8057", "01890a5d-ac96-774b-bcce-b302099a8057}",
    "user_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q", "prefix_01H455VB4PEX5VSKNK084SN02Q",
    "prefix_81h455vb4pex5vsknk084sn02q", "prefix_01h455vb4pex5vsknk084sn0uq", " prefix_01h455vb4pex5vsknk084sn02q",
    "prefix_01h455vb4pex5vsknk084sn02q\n", "01890a5d-ac96-774b-bcce-b302099a8057 ", "-01890a5d-ac96-774b-bcce-b302099a805",
]


@pytest.fixture(scope="module")
def conn(server, dbname):
    with psycopg.connect(**server.params(dbname), autocommit=True) as c:
        c.execute("SELECT typeid_define('prefix')")
        yield c


def server_reads(conn, text, type_name):
    """(True, text output) or (False, SQLSTATE) for text read by the server's input of type_name."""
    try:
        return True, conn.execute(f"SELECT %s::text::{type_name}::text", [text]).fetchone()[0]
    except psycopg.Error as e:
        return False, e.sqlstate


@pytest.mark.parametrize("text,prefix,u", VALID)
def test_valid_vectors(conn, text, prefix, u):
    value = TypeID.parse(text)
    assert (value.prefix, value.uuid, str(value)) == (prefix, uuid.UUID(u), text)
    assert TypeID(text) == value == TypeID.from_uuid(prefix, uuid.UUID(u)) == pickle.loads(pickle.dumps(value))
    assert value.suffix == text.rpartition("_")[2] and value.ulid == ULID(uuid.UUID(u))
    assert server_reads(conn, text, "typeid") == (True, text)


@pytest.mark.parametrize("text", INVALID)
def test_invalid_vectors(conn, text):
    with pytest.raises(ValueError) as e:
        TypeID.parse(text)
    assert repr(text) in str(e.value) and ": " in str(e.value)
    assert server_reads(conn, text, "typeid") == (False, "22P02")


@pytest.mark.parametrize("text", [v[0] for v in VALID] + INVALID + PER_PREFIX_EXTRA)
def test_per_prefix_input_as_the_server(conn, text):
    """TypeID.parse(text, prefix) accepts exactly what prefix_id's input accepts, with its value."""
    accepted, output = server_reads(conn, text, "prefix_id")
    try:
        mine = (True, str(TypeID.parse(text, "prefix")))
    except ValueError as e:
        assert repr(text) in str(e)
        mine = (False, "22P02")
    assert mine == (accepted, output)


def test_reasons_name_the_value_and_the_server_detail():
    cases = {
        "prefix_01H455VB4PEX5VSKNK084SN02Q": "'H' at position 10 is not a lowercase Crockford base32 digit",
        "prefix_81h455vb4pex5vsknk084sn02q": "must begin with a digit between 0 and 7",
        "prefix_01h455vb4pex5vsknk084sn02": "has 25 characters, not 26",
        "Prefix_01h455vb4pex5vsknk084sn02q": "a TypeID prefix is at most 63 lowercase letters",
        "_01h455vb4pex5vsknk084sn02q": 'an empty prefix has no "_"',
    }
    for text, reason in cases.items():
        with pytest.raises(ValueError, match=f"invalid TypeID '{text}': .*{reason}"):
            TypeID.parse(text)
    with pytest.raises(ValueError, match="the prefix is \"user\"; expected \"prefix\""):
        TypeID.parse("user_01h455vb4pex5vsknk084sn02q", "prefix")
    for bad in (None, 5, b"prefix_01h455vb4pex5vsknk084sn02q", uuid.uuid4()):
        with pytest.raises(ValueError, match="invalid TypeID"):
            TypeID(bad)
    for bad_prefix in ("User", "_user", "a" * 64, "us-er"):
        with pytest.raises(ValueError, match="invalid TypeID prefix"):
            TypeID.generate(bad_prefix)


def test_order_and_hash_as_the_server(conn):
    texts = ["user_01h455vb4pex5vsknk084sn02q", "user_01h455vb4pex5vsknk084sn02r", "us_7zzzzzzzzzzzzzzzzzzzzzzzzz",
             "user_a_00000000000000000000000000", "users_00000000000000000000000000", "a_00000000000000000000000000",
             "00000000000000000000000001", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "z_00000000000000000000000000"]
    server_order = [r[0] for r in conn.execute(
        "SELECT t::text FROM unnest(%s::text[]) t ORDER BY t::typeid", [texts])]
    assert [str(v) for v in sorted(TypeID(t) for t in texts)] == server_order
    a, b = TypeID(texts[0]), TypeID(texts[0])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert TypeID.from_uuid("org", a.uuid) != a and a != str(a) and a != a.uuid and a != a.ulid


def test_immutable_generate_and_parts(conn):
    value = TypeID.generate("user")
    with pytest.raises(AttributeError):
        value.prefix = "org"
    with pytest.raises(AttributeError):
        value._int = 0
    assert copy.copy(value) is value and copy.deepcopy(value) is value
    assert value.uuid.version == 7 and value.uuid.variant == uuid.RFC_4122
    assert abs(value.datetime - dt.datetime.now(dt.timezone.utc)) < dt.timedelta(seconds=5)
    row = conn.execute("SELECT typeid_prefix(%s::text::typeid), typeid_uuid(%s::text::typeid), "
                       "uuid_v7_to_timestamptz(typeid_uuid(%s::text::typeid))",
                       [str(value)] * 3).fetchone()
    assert row[:2] == (value.prefix, value.uuid)
    assert row[2] == value.datetime
    assert TypeID.generate("user") > value and TypeID.generate("") .prefix == ""
    assert value.bytes == value.uuid.bytes and value.int == value.uuid.int
