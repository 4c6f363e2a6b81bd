"""Benchmark (not a test): fetch 100 000 keys as ULID against the same keys as uuid.UUID.

Usage: PG*=... python3 bench.py [ROWS] [REPEATS]   (a database with uidext; makes table bench_keys)
For each driver and format: the best of REPEATS fetches of `SELECT id FROM bench_keys` (ulid,
loaded as ULID after register_ulid) and of `SELECT u FROM bench_keys` (uuid, uuid.UUID), the two
interleaved, and their ratio. Then the loaders alone (no server), and JSON-encoding ROWS keys
through DjangoJSONEncoder as ULID and as uuid.UUID.
"""
import asyncio
import sys
import time

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def best_pair(ulid_fn, uuid_fn):
    """Best time of each, the two runs interleaved so that a busy moment hits both alike."""
    times = {ulid_fn: [], uuid_fn: []}
    for _ in range(REPEATS):
        for fn in (ulid_fn, uuid_fn):
            start = time.perf_counter()
            n = fn()
            times[fn].append(time.perf_counter() - start)
            assert n == ROWS, n
    return min(times[ulid_fn]), min(times[uuid_fn])


def report(name, ulid_s, uuid_s):
    print(f"{name:<24} ULID {ulid_s * 1000:8.1f} ms   uuid.UUID {uuid_s * 1000:8.1f} ms   ratio {ulid_s / uuid_s:5.2f}x")


def setup():
    import psycopg
    with psycopg.connect(autocommit=True) as c:
        c.execute("DROP TABLE IF EXISTS bench_keys")
        c.execute("CREATE TABLE bench_keys AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id "
                  "FROM generate_series(1, %s)) s", [ROWS])
        c.execute("VACUUM ANALYZE bench_keys")


def bench_psycopg():
    import psycopg

    from uidext import ULID
    from uidext.psycopg import register_ulid
    with psycopg.connect() as c:
        register_ulid(c)
        for binary in (False, True):
            def fetch(column):
                rows = c.cursor(binary=binary).execute(f"SELECT {column} FROM bench_keys").fetchall()
                return len(rows)
            first = c.cursor(binary=binary).execute("SELECT id, u FROM bench_keys LIMIT 1").fetchone()
            assert type(first[0]) is ULID and first[0].uuid == first[1]
            report(f"psycopg {psycopg.__version__} {'binary' if binary else 'text'}",
                   *best_pair(lambda: fetch("id"), lambda: fetch("u")))


def bench_psycopg2():
    import psycopg2
    import psycopg2.extras

    from uidext.psycopg2 import register_ulid
    c = psycopg2.connect("")
    psycopg2.extras.register_uuid(conn_or_curs=c)
    register_ulid(c)

    def fetch(column):
        with c.cursor() as cur:
            cur.execute(f"SELECT {column} FROM bench_keys")
            return len(cur.fetchall())
    report(f"psycopg2 {psycopg2.__version__.split()[0]} text", *best_pair(lambda: fetch("id"), lambda: fetch("u")))
    c.close()


def bench_asyncpg():
    import asyncpg

    from uidext.asyncpg import register_ulid

    async def main():
        c = await asyncpg.connect()
        await register_ulid(c)
        statements = {column: await c.prepare(f"SELECT {column} FROM bench_keys") for column in ("id", "u")}
        times = {"id": [], "u": []}
        for _ in range(REPEATS):
            for column, stmt in statements.items():
                start = time.perf_counter()
                rows = await stmt.fetch()
                times[column].append(time.perf_counter() - start)
                assert len(rows) == ROWS
        assert type(rows[0][0]) is not str
        await c.close()
        return min(times["id"]), min(times["u"])
    report(f"asyncpg {asyncpg.__version__} binary", *asyncio.run(main()))


def bench_json():
    """JSON-encoding ROWS keys through Django's DjangoJSONEncoder (what JsonResponse uses): ULID
    against uuid.UUID, the same 16 bytes. Both go through str(); no server."""
    import json

    from django.core.serializers.json import DjangoJSONEncoder

    from uidext import ULID
    keys = [ULID.generate() for _ in range(ROWS)]
    uuids = [k.uuid for k in keys]
    assert json.loads(json.dumps(keys[:1], cls=DjangoJSONEncoder)) == [str(keys[0])]
    report("DjangoJSONEncoder", *best_pair(lambda: len(json.dumps(keys, cls=DjangoJSONEncoder)) and ROWS,
                                           lambda: len(json.dumps(uuids, cls=DjangoJSONEncoder)) and ROWS))


def bench_decode_only():
    """The loaders alone on the same 100 000 keys, no server: the part the package adds."""
    import uuid

    import psycopg.types.uuid as pg_uuid

    from uidext import ULID
    from uidext.psycopg import ULIDBinaryLoader, ULIDTextLoader
    from uidext.psycopg2 import _cast
    keys = [ULID.generate() for _ in range(ROWS)]
    cases = [
        ("psycopg text loaders", ULIDTextLoader(0).load, [str(k).encode() for k in keys],
         pg_uuid.UUIDLoader(0).load, [str(k.uuid).encode() for k in keys]),
        ("psycopg binary loaders", ULIDBinaryLoader(0).load, [k.bytes for k in keys],
         pg_uuid.UUIDBinaryLoader(0).load, [k.bytes for k in keys]),
        ("psycopg2 typecasters", lambda v: _cast(v, None), [str(k) for k in keys],
         lambda v: v and uuid.UUID(v), [str(k.uuid) for k in keys]),  # psycopg2.extras.register_uuid's
    ]
    for name, ulid_load, ulid_data, uuid_load, uuid_data in cases:
        report(name, *best_pair(lambda: len([ulid_load(d) for d in ulid_data]),
                                lambda: len([uuid_load(d) for d in uuid_data])))


if __name__ == "__main__":
    setup()
    print(f"{ROWS} keys, best of {REPEATS}; Python {sys.version.split()[0]}")
    bench_psycopg()
    bench_psycopg2()
    bench_asyncpg()
    bench_decode_only()
    bench_json()


# --- TypeID (#32): 100 000 per-prefix TypeID keys as TypeID against the same keys as uuid.UUID ---
# (table bench_typeid: a `bench_id` column made by typeid_define('bench'), and the same bytes as uuid)

def setup_typeid():
    import psycopg
    with psycopg.connect(autocommit=True) as c:
        c.execute("SELECT typeid_define('bench') WHERE to_regtype('bench_id') IS NULL")
        c.execute("DROP TABLE IF EXISTS bench_typeid")
        c.execute("CREATE TABLE bench_typeid AS SELECT id, id::uuid AS u FROM (SELECT gen_bench_id() AS id "
                  "FROM generate_series(1, %s)) s", [ROWS])
        c.execute("VACUUM ANALYZE bench_typeid")


def report_typeid(name, typeid_s, uuid_s):
    print(f"{name:<24} TypeID {typeid_s * 1000:8.1f} ms   uuid.UUID {uuid_s * 1000:8.1f} ms   "
          f"ratio {typeid_s / uuid_s:5.2f}x")


def bench_typeid_psycopg():
    import psycopg

    from uidext import TypeID
    from uidext.psycopg import register_uidext
    with psycopg.connect() as c:
        register_uidext(c)
        for binary in (False, True):
            def fetch(column):
                return len(c.cursor(binary=binary).execute(f"SELECT {column} FROM bench_typeid").fetchall())
            first = c.cursor(binary=binary).execute("SELECT id, u FROM bench_typeid LIMIT 1").fetchone()
            assert type(first[0]) is TypeID and first[0].uuid == first[1]
            report_typeid(f"psycopg {psycopg.__version__} {'binary' if binary else 'text'}",
                          *best_pair(lambda: fetch("id"), lambda: fetch("u")))


def bench_typeid_psycopg2():
    import psycopg2
    import psycopg2.extras

    from uidext import TypeID
    from uidext.psycopg2 import register_uidext
    c = psycopg2.connect("")
    psycopg2.extras.register_uuid(conn_or_curs=c)
    register_uidext(c)

    def fetch(column):
        with c.cursor() as cur:
            cur.execute(f"SELECT {column} FROM bench_typeid")
            rows = cur.fetchall()
            assert type(rows[0][0]) is TypeID or column == "u"
            return len(rows)
    report_typeid(f"psycopg2 {psycopg2.__version__.split()[0]} text", *best_pair(lambda: fetch("id"), lambda: fetch("u")))
    c.close()


def bench_typeid_asyncpg():
    import asyncpg

    from uidext import TypeID
    from uidext.asyncpg import register_uidext

    async def main():
        c = await asyncpg.connect()
        await register_uidext(c)
        statements = {column: await c.prepare(f"SELECT {column} FROM bench_typeid") for column in ("id", "u")}
        times = {"id": [], "u": []}
        for _ in range(REPEATS):
            for column, stmt in statements.items():
                start = time.perf_counter()
                rows = await stmt.fetch()
                times[column].append(time.perf_counter() - start)
                assert len(rows) == ROWS
                assert type(rows[0][0]) is TypeID if column == "id" else type(rows[0][0]) is not str
        await c.close()
        return min(times["id"]), min(times["u"])
    report_typeid(f"asyncpg {asyncpg.__version__} binary", *asyncio.run(main()))


def bench_typeid_decode_only():
    """The TypeID loaders alone on 100 000 keys, no server, against psycopg's uuid loaders."""
    import psycopg.types.uuid as pg_uuid

    from uidext import TypeID
    from uidext._typeid_psycopg import _fixed_binary_loader, _fixed_text_loader
    keys = [TypeID.generate("bench") for _ in range(ROWS)]
    cases = [
        ("psycopg text loaders", _fixed_text_loader("bench")(0).load, [str(k).encode() for k in keys],
         pg_uuid.UUIDLoader(0).load, [str(k.uuid).encode() for k in keys]),
        ("psycopg binary loaders", _fixed_binary_loader("bench")(0).load, [k.bytes for k in keys],
         pg_uuid.UUIDBinaryLoader(0).load, [k.bytes for k in keys]),
    ]
    try:  # asyncpg's uuid decoder is C (pgproto.UUID); the TypeID codec is uidext's Python decoder
        from asyncpg.pgproto.pgproto import UUID as AsyncpgUUID

        from uidext._typeid import loader_fixed_binary
        cases.append(("asyncpg binary decoders", loader_fixed_binary("bench"), [k.bytes for k in keys],
                      AsyncpgUUID, [k.bytes for k in keys]))
    except ImportError:
        pass
    for name, typeid_load, typeid_data, uuid_load, uuid_data in cases:
        report_typeid(name, *best_pair(lambda: len([typeid_load(d) for d in typeid_data]),
                                       lambda: len([uuid_load(d) for d in uuid_data])))


if __name__ == "__main__":
    setup_typeid()
    print(f"TypeID: {ROWS} keys of a per-prefix type (bench_id), best of {REPEATS}")
    bench_typeid_psycopg()
    bench_typeid_psycopg2()
    bench_typeid_asyncpg()
    bench_typeid_decode_only()
