"""Opens N short-lived connections one after another; each inserts ROWS rows of gen_ulid(),
uuidv7(), gen_monotonic_ulid() and uuidv4() with its backend pid into table vals, then closes.

Usage: short_connections.py N ROWS   (connects with the PG* environment variables)
"""
import sys

import psycopg

n, rows = int(sys.argv[1]), int(sys.argv[2])
for _ in range(n):
    with psycopg.connect(autocommit=True) as conn:
        conn.execute(
            "INSERT INTO vals (src, pid, u, v, m, w) "
            "SELECT 'short', pg_backend_pid(), gen_ulid(), uuidv7(), gen_monotonic_ulid(), uuidv4() "
            "FROM generate_series(1, %s)", [rows])
print(f"connections={n} rows={n * rows}")
