"""psycopg 3 against uidext: inserts, text and binary results, ulid parameters, ordering, COPY.

Usage: psycopg_test.py ROWS [NODE_TABLE]  (PG* environment variables)
Prints one line per check ("ok ..." or "FAIL ..."); exit status 1 when any failed.
With NODE_TABLE, also reads the rows node_test.js wrote there in binary and prints their
ulids re-encoded in Python ("node-binary-md5=..."), for the shell script to compare.
"""
import hashlib
import re
import sys
import uuid

import psycopg

import checks
from checks import check

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def encode(raw: bytes) -> str:
    """16 bytes -> 26 Crockford base32 digits, written independently of the extension."""
    n = int.from_bytes(raw, "big")
    return "".join(CROCKFORD[(n >> (5 * i)) & 31] for i in reversed(range(26)))


def decode(text: str) -> bytes:
    n = 0
    for c in text.upper():
        n = n * 32 + CROCKFORD.index(c)
    return n.to_bytes(16, "big")


rows = int(sys.argv[1])
with psycopg.connect(autocommit=True) as conn:
    conn.execute("DROP TABLE IF EXISTS py_items")
    conn.execute("CREATE TABLE py_items (id ulid PRIMARY KEY DEFAULT gen_ulid(),"
                 " mono ulid NOT NULL DEFAULT gen_monotonic_ulid(), n int NOT NULL)")
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO py_items (n) VALUES (%s)", [(i,) for i in range(rows)])
    # RETURNING: the generated key as text
    new_id = conn.execute("INSERT INTO py_items (n) VALUES (%s) RETURNING id", [rows]).fetchone()[0]
    check("RETURNING id is a 26-character Crockford str", bool(re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{26}", new_id)), True)
    rows += 1

    text = conn.execute("SELECT id, mono, n, id::uuid AS u FROM py_items ORDER BY id").fetchall()
    check("rows read in text format", len(text), rows)
    check("text values are str of 26 characters", all(isinstance(r[0], str) and len(r[0]) == 26 for r in text), True)
    check("id::uuid arrives as uuid.UUID", all(isinstance(r[3], uuid.UUID) for r in text), True)

    binary = conn.cursor(binary=True).execute("SELECT id, mono, n, id::uuid AS u FROM py_items ORDER BY id").fetchall()
    check("rows read in binary format", len(binary), rows)
    check("binary values are 16 bytes", all(isinstance(r[0], bytes) and len(r[0]) == 16 for r in binary), True)
    check("binary id == bytes of id::uuid (text)", all(b[0] == t[3].bytes for b, t in zip(binary, text)), True)
    check("binary id == uuid from a binary cursor", all(b[0] == b[3].bytes for b in binary), True)
    check("Python Crockford encoding of the binary id == text id", all(encode(b[0]) == t[0] for b, t in zip(binary, text)), True)
    check("Python Crockford decoding of the text id == binary id", all(decode(t[0]) == b[0] for b, t in zip(binary, text)), True)

    # ORDER BY id is the order of the text and of the bytes; gen_monotonic_ulid() follows insertion.
    ids = [r[0] for r in text]
    check("ORDER BY id == sorted text", ids, sorted(ids))
    check("ORDER BY id == sorted bytes", [r[0] for r in binary], sorted(r[0] for r in binary))
    by_mono = [r[0] for r in conn.execute("SELECT n FROM py_items ORDER BY mono").fetchall()]
    check("ORDER BY mono (gen_monotonic_ulid default) == insertion order", by_mono, list(range(rows)))
    check("distinct ids", len(set(ids)), rows)

    # Parameters: text in any case or a UUID's text form; uuid.UUID with a cast; bad text -> 22P02.
    probe_id, probe_n, probe_uuid = text[rows // 2][0], text[rows // 2][2], text[rows // 2][3]
    for label, param, sql in [
        ("str parameter", probe_id, "%s"),
        ("lower-case str parameter", probe_id.lower(), "%s"),
        ("UUID-text str parameter", str(probe_uuid), "%s"),
        ("uuid.UUID parameter with ::ulid", probe_uuid, "%s::ulid"),
        ("bytes parameter with ::ulid (bytea cast)", probe_uuid.bytes, "%s::ulid"),
    ]:
        got = conn.execute(f"SELECT n FROM py_items WHERE id = {sql}", [param]).fetchone()
        check(label, got and got[0], probe_n)
    try:
        conn.execute("SELECT n FROM py_items WHERE id = %s", ["not-a-ulid"])
        check("invalid ulid text raises", "no error", "22P02")
    except psycopg.errors.InvalidTextRepresentation as e:
        check("invalid ulid text raises InvalidTextRepresentation", e.sqlstate, "22P02")
    lo = conn.execute("SELECT count(*) FROM py_items WHERE id BETWEEN %s AND %s", [ids[10], ids[19]]).fetchone()[0]
    check("range query with two str parameters", lo, 10)

    # COPY: text rows out, binary rows out, both loaded into copies.
    conn.execute("CREATE TEMP TABLE py_copy (LIKE py_items)")
    with conn.cursor() as cur:
        with cur.copy("COPY py_items TO STDOUT (FORMAT BINARY)") as out:
            data = b"".join(bytes(chunk) for chunk in out)
        with cur.copy("COPY py_copy FROM STDIN (FORMAT BINARY)") as cp:
            cp.write(data)
    same = conn.execute("SELECT count(*) FROM py_copy c JOIN py_items i USING (id, mono, n)").fetchone()[0]
    check("binary COPY TO/FROM STDOUT round trip", same, rows)
    conn.execute("TRUNCATE py_copy")
    with conn.cursor() as cur:
        with cur.copy("COPY py_copy (id, mono, n) FROM STDIN") as cp:
            for r in text:
                cp.write_row((r[0], r[1], r[2]))
    same = conn.execute("SELECT count(*) FROM py_copy c JOIN py_items i USING (id, mono, n)").fetchone()[0]
    check("COPY FROM STDIN with str ulids (write_row)", same, rows)

    if len(sys.argv) > 2:
        node_rows = conn.cursor(binary=True).execute(f"SELECT id FROM {sys.argv[2]} ORDER BY id").fetchall()
        joined = "\n".join(encode(r[0]) for r in node_rows)
        print(f"node-binary-rows={len(node_rows)} node-binary-md5={hashlib.md5(joined.encode()).hexdigest()}")

print(f"psycopg: {rows} rows, {checks.failed} failed checks")
sys.exit(1 if checks.failed else 0)
