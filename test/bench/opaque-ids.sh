#!/usr/bin/env bash
# Opaque ids at the SQL level (issue 27), side by side with gen_uuidv7() on one throwaway server
# (shared_preload_libraries=uidext, an AES-128 and then an AES-256 key in the key file, jit off, no parallel
# workers). Each query runs REPS times, interleaved; what is measured is the backend's CPU time
# (/proc/PID/schedstat, in ns), which other processes on a shared machine do not inflate as they
# do wall time. Per-value costs subtract the empty loop:
#   gen_uuidv7()              = gen  - loop          (generate_series, count)
#   opaque_encode(v)          = gen+encode - gen
#   opaque_decode(e), encode  = over a table of N stored values, minus count(u) over it
# Prints a table and the target's ratio: opaque_encode's per-value cost / gen_uuidv7()'s (<= 1.5).
# Usage: PG_CONFIG=... test/bench/opaque-ids.sh [N] [REPS]    (defaults 1000000 and 5; as root)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
N=${1:-1000000}
REPS=${2:-5}
trap 'cluster_stop opaque_bench' EXIT

run_for_key() {
    local label=$1 key=$2
    cluster_start opaque_bench shared_preload_libraries=uidext jit=off max_parallel_workers_per_gather=0 || exit 1
    local data; data=$(cluster_dir opaque_bench)/data
    echo "k1:$key" >"$data/opaque.keys"
    chown postgres "$data/opaque.keys" 2>/dev/null; chmod 600 "$data/opaque.keys"
    echo "uidext.opaque_key_file = 'opaque.keys'" >>"$data/postgresql.conf"
    psql -X -q -c 'SELECT pg_reload_conf()' >/dev/null; sleep 0.5
    psql -X -q -c 'CREATE EXTENSION uidext' \
        -c "CREATE TABLE t AS SELECT u, opaque_encode(u) e, l, opaque_encode(l) el FROM (SELECT gen_uuidv7() u, gen_ulid() l FROM generate_series(1, $N)) s" \
        -c 'VACUUM ANALYZE t' >/dev/null
    /usr/bin/python3 - "$N" "$REPS" "$label" <<'PY'
import os, statistics, sys
import psycopg
n, reps, label = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
queries = {
    "loop": f"SELECT count(g) FROM generate_series(1, {n}) g",
    "gen_uuidv7": f"SELECT count(gen_uuidv7()) FROM generate_series(1, {n})",
    "gen_uuidv7+encode": f"SELECT count(opaque_encode(gen_uuidv7())) FROM generate_series(1, {n})",
    "gen_ulid": f"SELECT count(gen_ulid()) FROM generate_series(1, {n})",
    "gen_ulid+encode": f"SELECT count(opaque_encode(gen_ulid())) FROM generate_series(1, {n})",
    "scan": "SELECT count(u) FROM t",
    "scan encode uuid": "SELECT count(opaque_encode(u)) FROM t",
    "scan decode uuid": "SELECT count(opaque_decode(e)) FROM t",
    "scan encode ulid": "SELECT count(opaque_encode(l)) FROM t",
    "scan decode ulid": "SELECT count(opaque_decode(el)) FROM t",
}
conn = psycopg.connect(autocommit=True)
pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
def cpu():  # seconds the backend has run on a CPU
    return int(open(f"/proc/{pid}/schedstat").read().split()[0]) / 1e9
for q in queries.values():
    conn.execute(q)  # warm up
samples = {k: [] for k in queries}
for _ in range(reps):
    for k, q in queries.items():
        before = cpu(); conn.execute(q); samples[k].append(cpu() - before)
ns = {k: statistics.median(v) / n * 1e9 for k, v in samples.items()}
print(f"== {label}: backend CPU per row, median of {reps} runs over {n} rows")
for k in queries:
    print(f"  {k:20s} {ns[k]:8.1f} ns/row")
gen = ns["gen_uuidv7"] - ns["loop"]
enc = ns["gen_uuidv7+encode"] - ns["gen_uuidv7"]
print(f"  per value: gen_uuidv7() {gen:.1f} ns, opaque_encode(uuid) {enc:.1f} ns (ratio {enc / gen:.2f}; target <= 1.5),"
      f" gen_uuidv7()+opaque_encode() / gen_uuidv7() alone {ns['gen_uuidv7+encode'] / ns['gen_uuidv7']:.2f}")
for kind in ("uuid", "ulid"):
    e, d = ns[f"scan encode {kind}"] - ns["scan"], ns[f"scan decode {kind}"] - ns["scan"]
    print(f"  over stored values: opaque_encode({kind}) {e:.1f} ns, opaque_decode({kind}) {d:.1f} ns"
          f" (ratios to gen_uuidv7(): {e / gen:.2f}, {d / gen:.2f})")
PY
    cluster_stop opaque_bench
}
run_for_key "AES-128 key" 000102030405060708090a0b0c0d0e0f
run_for_key "AES-256 key" 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
