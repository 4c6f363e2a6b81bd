"""Benchmark (not a test): fetch 100 000 keys as ULID against the same keys as uuid.UUID.

Usage: PG*=... python3 bench.py [ROWS] [REPEATS]   (a database with uidext; makes table bench_keys)
For each driver and format: the best of REPEATS fetches of `SELECT id FROM bench_keys` (ulid,
loaded as ULID after register_ulid) and of `SELECT u FROM bench_keys` (uuid, uuid.UUID), and
their ratio.
"""
import asyncio
import sys
import time

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def best(fn):
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        n = fn()
        times.append(time.perf_counter() - start)
        assert n == ROWS, n
    return min(times)


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
                   best(lambda: fetch("id")), best(lambda: fetch("u")))


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
    report(f"psycopg2 {psycopg2.__version__.split()[0]} text", best(lambda: fetch("id")), best(lambda: fetch("u")))
    c.close()


def bench_asyncpg():
    import asyncpg

    from uidext.asyncpg import register_ulid

    async def main():
        c = await asyncpg.connect()
        await register_ulid(c)
        result = {}
        for column in ("id", "u"):
            stmt = await c.prepare(f"SELECT {column} FROM bench_keys")
            times = []
            for _ in range(REPEATS):
                start = time.perf_counter()
                rows = await stmt.fetch()
                times.append(time.perf_counter() - start)
                assert len(rows) == ROWS
            result[column] = min(times)
        await c.close()
        return result
    r = asyncio.run(main())
    report(f"asyncpg {asyncpg.__version__} binary", r["id"], r["u"])


if __name__ == "__main__":
    setup()
    print(f"{ROWS} keys, best of {REPEATS}; Python {sys.version.split()[0]}")
    bench_psycopg()
    bench_psycopg2()
    bench_asyncpg()
