"""Opens N short-lived connections one after another; each runs one INSERT that makes ROWS rows
in its own backend, then closes.

Usage: short_connections.py N ROWS [INSERT]   (connects with the PG* environment variables)
INSERT is the statement to run, with %s where the row count goes; by default it inserts
gen_ulid(), uuidv7(), gen_monotonic_ulid() and uuidv4() with the backend pid into table vals.
"""
import sys

import psycopg

DEFAULT_INSERT = (
    "INSERT INTO vals (src, pid, u, v, m, w) "
    "SELECT 'short', pg_backend_pid(), gen_ulid(), uuidv7(), gen_monotonic_ulid(), uuidv4() "
    "FROM generate_series(1, %s)")

n, rows = int(sys.argv[1]), int(sys.argv[2])
insert = sys.argv[3] if len(sys.argv) > 3 else DEFAULT_INSERT
for _ in range(n):
    with psycopg.connect(autocommit=True) as conn:
        conn.execute(insert, [rows])
print(f"connections={n} rows={n * rows}")
