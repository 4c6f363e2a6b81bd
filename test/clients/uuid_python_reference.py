"""uidext's UUID family against Python's uuid module (and Java's nameUUIDFromBytes rule).

Usage: uuid_python_reference.py TIME_ROWS NAMES [SEED]   (PG* environment variables)
Reads TIME_ROWS uuidv1() and uuidv6() values with uidext's inspectors and checks them with
Python's uuid.UUID accessors; hashes NAMES random names with uuid.uuid3/uuid5 and compares with
uuidv3/uuidv5(uuid_namespace(...), name). In a LATIN1 database the names are Latin-1 only.
Prints one line per check ("ok ..." or "FAIL ..."); exit status 1 when any failed.
"""
import datetime
import hashlib
import random
import sys
import uuid

import psycopg

import checks
from checks import check

GREGORIAN = datetime.datetime(1582, 10, 15, tzinfo=datetime.timezone.utc)
LOW64 = (1 << 64) - 1


def ticks_time(ticks):
    """100-ns ticks since 1582-10-15 -> datetime, truncated to microseconds like PostgreSQL."""
    return GREGORIAN + datetime.timedelta(microseconds=ticks // 10)


def v6_ticks(u):
    """The 60-bit time of a version 6 UUID (RFC 9562 5.6), read from the layout."""
    return ((u.int >> 80) << 12) | ((u.int >> 64) & 0xFFF)


def v1_to_v6(u):
    t = u.time  # Python's own v1 accessor
    return uuid.UUID(int=((t >> 12) << 80) | (6 << 76) | ((t & 0xFFF) << 64) | (u.int & LOW64))


def v6_to_v1(u):
    t = v6_ticks(u)
    return uuid.UUID(int=((t & 0xFFFFFFFF) << 96) | (((t >> 32) & 0xFFFF) << 80) | (1 << 76)
                     | (((t >> 48) & 0xFFF) << 64) | (u.int & LOW64))


def java_name_uuid(data):
    """java.util.UUID.nameUUIDFromBytes: MD5 of the bytes alone, version 3, RFC variant."""
    b = bytearray(hashlib.md5(data).digest())
    b[6] = (b[6] & 0x0F) | 0x30
    b[8] = (b[8] & 0x3F) | 0x80
    return uuid.UUID(bytes=bytes(b))


def v8_from(data):
    b = bytearray(data)
    b[6] = (b[6] & 0x0F) | 0x80
    b[8] = (b[8] & 0x3F) | 0x80
    return uuid.UUID(bytes=bytes(b))


def check_time_based(conn, version, rows):
    """uuidv1()/uuidv6() read by Python: version, variant, time, clock_seq, node, conversion."""
    fn, convert, back = ("uuidv1", "uuid_v1_to_v6", "uuid_v6_to_v1") if version == 1 else ("uuidv6", "uuid_v6_to_v1", "uuid_v1_to_v6")
    before = conn.execute("SELECT clock_timestamp()").fetchone()[0]
    got = conn.execute(
        f"SELECT u, uuid_extract_timestamp(u), uuid_extract_clock_seq(u), uuid_extract_node(u)::text,"
        f"       {convert}(u), {back}({convert}(u)) = u, uuid_extract_version(u), uuid_extract_variant(u),"
        f"       uuid_extract_timestamp({'u' if version == 1 else convert + '(u)'})"
        f" FROM (SELECT g, {fn}() AS u FROM generate_series(1, %s) g) s ORDER BY g", [rows]).fetchall()
    after = conn.execute("SELECT clock_timestamp()").fetchone()[0]
    label = f"{fn}() x{len(got)}"
    check(f"{label}: Python .version", sorted({r[0].version for r in got}), [version])
    check(f"{label}: Python .variant", sorted({r[0].variant for r in got}), [uuid.RFC_4122])
    check(f"{label}: uuid_extract_version / _variant (Java numbering: 2 = RFC)",
          sorted({(r[6], r[7]) for r in got}), [(version, 2)])
    ticks = [r[0].time if version == 1 else v6_ticks(r[0]) for r in got]
    # On 17 to 19 an unqualified uuid_extract_timestamp is core's, which reads no version 6 (NULL,
    # doc/compatibility.md); master (20) reads it. Through the v1 form it reads on every major.
    if version == 6 and 170000 <= conn.info.server_version < 200000:
        check(f"{label}: uuid_extract_timestamp is core's here (17-19): NULL for version 6",
              sum(r[1] is not None for r in got), 0)
    else:
        check(f"{label}: Python time -> timestamp == uuid_extract_timestamp (truncated to us)",
              sum(ticks_time(t) != r[1] for t, r in zip(ticks, got)), 0)
    check(f"{label}: Python time -> timestamp == uuid_extract_timestamp of its version 1 form",
          sum(ticks_time(t) != r[8] for t, r in zip(ticks, got)), 0)
    slack = datetime.timedelta(milliseconds=5)
    check(f"{label}: time between clock_timestamp() before and after (+-5 ms)",
          sum(not (before - slack <= ticks_time(t) <= after + slack) for t in ticks), 0)
    check(f"{label}: 60-bit time never descends in generation order",
          sum(b < a for a, b in zip(ticks, ticks[1:])), 0)
    if version == 1:  # Go's NewUUID: the same tick counts in the clock sequence, a later one keeps it
        seqs = [r[0].clock_seq for r in got]
        check(f"{label}: same tick -> clock_seq + 1 (mod 2^14), later tick -> same clock_seq",
              sum(s != ((p + 1) % 16384 if b == a else p) for a, b, p, s in zip(ticks, ticks[1:], seqs, seqs[1:])), 0)
    if version == 6:
        check(f"{label}: values strictly ascending (Python UUID order)",
              sum(b <= a for a, b in zip(got, got[1:])), 0)
    check(f"{label}: Python .clock_seq == uuid_extract_clock_seq", sum(r[0].clock_seq != r[2] for r in got), 0)
    check(f"{label}: Python .node == uuid_extract_node",
          sum(r[0].node != int(r[3].replace(":", ""), 16) for r in got), 0)
    check(f"{label}: multicast bit (least significant bit of node octet 0) set",
          sum(not (r[0].node >> 40) & 1 for r in got), 0)
    check(f"{label}: {convert}() == Python's recomputed layout",
          sum((v1_to_v6(r[0]) if version == 1 else v6_to_v1(r[0])) != r[4] for r in got), 0)
    check(f"{label}: {convert} round trip is lossless", sum(r[5] is not True for r in got), 0)
    if version == 6:
        check(f"{label}: Python's v1 .time of uuid_v6_to_v1(u) == the v6 time",
              sum(r[4].time != t for t, r in zip(ticks, got)), 0)
    nodes = len({r[0].node for r in got})
    print(f"     {label}: {nodes} distinct nodes, {len({r[2] for r in got})} distinct clock sequences")
    if version == 6:  # RFC 9562 5.6: random node per value
        check(f"{label}: a fresh random node per value (distinct nodes)", nodes, len(got))


def random_name(rng, latin1):
    ranges = [(0x20, 0x7E), (0xA0, 0xFF)]
    if not latin1:
        ranges += [(0x100, 0x4FF), (0x4E00, 0x9FFF), (0x1F300, 0x1F64F)]  # Latin ext., Greek, Cyrillic; CJK; emoji
    return "".join(chr(rng.randint(*rng.choice(ranges))) for _ in range(rng.randint(0, 24)))


def check_names(conn, count, rng, latin1):
    spaces = {"dns": uuid.NAMESPACE_DNS, "url": uuid.NAMESPACE_URL, "oid": uuid.NAMESPACE_OID, "x500": uuid.NAMESPACE_X500}
    for name, ns in spaces.items():
        check(f"uuid_namespace('{name.upper()}') == Python's NAMESPACE_{name.upper()}",
              conn.execute("SELECT uuid_namespace(%s)", [name.upper()]).fetchone()[0], ns)
    fixed = ["", "é", "ü", "café", "Straße", "www.example.com"] + ([] if latin1 else ["日本語", "😀", "Ελλάδα"])
    names = fixed + [random_name(rng, latin1) for _ in range(count - len(fixed))]
    # Namespace names in mixed case: uuid_namespace accepts any case.
    keys = [rng.choice(list(spaces)) for _ in names]
    cased = ["".join(c.upper() if rng.random() < 0.5 else c for c in k) for k in keys]
    got = conn.execute(
        "SELECT uuidv3(uuid_namespace(ns), name), uuidv5(uuid_namespace(ns), name)"
        " FROM unnest(%s::text[], %s::text[]) WITH ORDINALITY AS t(ns, name, i) ORDER BY i", [cased, names]).fetchall()
    non_ascii = sum(any(ord(c) > 127 for c in n) for n in names)
    label = f"{len(got)} names ({non_ascii} non-ASCII, {'Latin-1' if latin1 else 'any Unicode'})"
    check(f"{label}: uuidv3 == Python uuid.uuid3", sum(uuid.uuid3(spaces[k], n) != g[0] for k, n, g in zip(keys, names, got)), 0)
    check(f"{label}: uuidv5 == Python uuid.uuid5", sum(uuid.uuid5(spaces[k], n) != g[1] for k, n, g in zip(keys, names, got)), 0)

    # bytea overloads: hashlib over namespace bytes + name bytes, random namespaces.
    blobs = [rng.randbytes(rng.randint(0, 40)) for _ in range(count)]
    nss = [uuid.UUID(bytes=rng.randbytes(16)) for _ in blobs]
    got = conn.execute(
        "SELECT uuidv3(ns, b), uuidv5(ns, b), uuidv3(b)"
        " FROM unnest(%s::uuid[], %s::bytea[]) WITH ORDINALITY AS t(ns, b, i) ORDER BY i", [nss, blobs]).fetchall()
    v3 = [uuid.UUID(bytes=hashlib.md5(ns.bytes + b).digest(), version=3) for ns, b in zip(nss, blobs)]
    v5 = [uuid.UUID(bytes=hashlib.sha1(ns.bytes + b).digest()[:16], version=5) for ns, b in zip(nss, blobs)]
    check(f"{len(got)} random bytea names: uuidv3(uuid, bytea) == md5 in Python", sum(a != g[0] for a, g in zip(v3, got)), 0)
    check(f"{len(got)} random bytea names: uuidv5(uuid, bytea) == sha1 in Python", sum(a != g[1] for a, g in zip(v5, got)), 0)
    check(f"{len(got)} random bytea names: uuidv3(bytea) == Java nameUUIDFromBytes rule",
          sum(java_name_uuid(b) != g[2] for b, g in zip(blobs, got)), 0)


def main():
    rows, names = int(sys.argv[1]), int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else random.randrange(1 << 32)
    rng = random.Random(seed)
    with psycopg.connect(autocommit=True, client_encoding="utf8") as conn:
        encoding = conn.execute("SHOW server_encoding").fetchone()[0]
        print(f"     database encoding {encoding}, Python {sys.version.split()[0]}, seed {seed}")
        latin1 = encoding == "LATIN1"
        check_names(conn, names, rng, latin1)
        if latin1:
            return
        check_time_based(conn, 1, rows)
        check_time_based(conn, 6, rows)
        check("Java nameUUIDFromBytes(\"www.example.com\") vector (uuid-family.md 6)",
              str(conn.execute("SELECT uuidv3(convert_to('www.example.com', 'UTF8'))").fetchone()[0]),
              "7c1767b3-0512-3600-bfd3-c2e618a86522")
        check("Java rule in Python gives the same vector",
              str(java_name_uuid(b"www.example.com")), "7c1767b3-0512-3600-bfd3-c2e618a86522")
        data = [rng.randbytes(16) for _ in range(rows)]
        got = conn.execute("SELECT uuidv8(b) FROM unnest(%s::bytea[]) WITH ORDINALITY AS t(b, i) ORDER BY i", [data]).fetchall()
        check(f"uuidv8(bytea) x{len(got)} == the bytes with version 8 and the RFC variant set (Python)",
              sum(v8_from(d) != g[0] for d, g in zip(data, got)), 0)


main()
sys.exit(1 if checks.failed else 0)
