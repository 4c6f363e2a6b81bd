"""Two connections take turns calling gen_monotonic_ulid() and gen_monotonic_uuidv7().

Usage: taking_turns.py ROUNDS   (connects with the PG* environment variables)
Prints: "per_connection_inversions=N merged_inversions=M values=V".
Per connection the values must always increase; in call order across both connections they
increase only when the scope is 'server' (uidext in shared_preload_libraries).
"""
import sys

import psycopg

rounds = int(sys.argv[1])
conns = [psycopg.connect(autocommit=True) for _ in range(2)]
merged = []  # (connection index, ulid as int, uuidv7 as int) in call order
for _ in range(rounds):
    for i, conn in enumerate(conns):
        u, v = conn.execute("SELECT gen_monotonic_ulid()::uuid, gen_monotonic_uuidv7()").fetchone()
        merged.append((i, u.int, v.int))


def inversions(seq):
    """Pairs of neighbours, in call order, where the later ulid or uuidv7 is not greater."""
    return sum(1 for a, b in zip(seq, seq[1:]) if b[1] <= a[1] or b[2] <= a[2])


per_connection = sum(inversions([m for m in merged if m[0] == i]) for i in range(2))
print(f"per_connection_inversions={per_connection} merged_inversions={inversions(merged)} values={2 * len(merged)}")
