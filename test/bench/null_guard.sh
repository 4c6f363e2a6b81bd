#!/usr/bin/env bash
# Cost of the NULL-argument guard of UIDEXT_FUNCTION (#30): the same comparison-heavy queries
# over 1e6 ulid rows with two builds of uidext.so, alternated ROUNDS times in one throwaway
# server (no parallel workers); prints the median and the minimum CPU ms per query and build.
#   test/bench/null_guard.sh BEFORE.so AFTER.so [ROUNDS]
# The after build must be installed (its SQL scripts); each round copies one .so over the
# installed one (as a new file) and opens a new connection, which loads it.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
before=$1 after=$2 rounds=${3:-5}
lib="$("${PG_CONFIG:-pg_config}" --pkglibdir)/uidext.so"
saved=$(mktemp); cp "$lib" "$saved"
trap 'cluster_stop nullguard; cp "$saved" "$lib"; rm -f "$saved"' EXIT
cluster_start nullguard max_parallel_workers_per_gather=0 >/dev/null
psql -X -q -c "CREATE EXTENSION uidext" -c "CREATE TABLE t AS SELECT gen_ulid() AS u FROM generate_series(1, 1000000)" -c "VACUUM ANALYZE t"
queries=("SELECT count(*) FROM t WHERE u > '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid"
         "SELECT count(*) FROM t WHERE u > '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::uuid"
         "SELECT count(*) FROM t WHERE ulid_extract_timestamp(u) > '2000-01-01'")
# CPU time of the backend (perf stat task-clock) over 10 runs of the query, in ms per run: the
# machine's other load changes it far less than the wall-clock time.
declare -A times
cpu_ms() {  # QUERY
    local out; out=$(mktemp)
    psql -X -q >/dev/null <<SQL
SELECT pg_backend_pid() AS pid \gset
$1;
\setenv BPID :pid
\setenv OUT $out
\! perf stat -x, -e task-clock -p \$BPID -o \$OUT & echo \$! > \$OUT.perf; sleep 0.3
$(for _ in 1 2 3 4 5 6 7 8 9 10; do echo "$1;"; done)
\! kill -INT \$(cat \$OUT.perf); sleep 0.3
SQL
    awk -F, '/task-clock/ { printf "%.2f", $1 / 10 }' "$out"; rm -f "$out" "$out.perf"
}
for ((r = 0; r < rounds; r++)); do
    for build in before after; do
        cp "${!build}" "$lib.new" && mv -f "$lib.new" "$lib"  # a new file: a backend still exiting keeps its own
        for i in "${!queries[@]}"; do times[$build,$i]+="$(cpu_ms "${queries[$i]}") "; done
    done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
minimum() { tr ' ' '\n' <<<"$1" | grep . | sort -n | head -1; }
for i in "${!queries[@]}"; do
    echo "${queries[$i]}"
    for stat in median minimum; do
        b=$($stat "${times[before,$i]}") a=$($stat "${times[after,$i]}")
        printf '    %-8s before %8.1f ms  after %8.1f ms  after/before %.3f\n' "$stat" "$b" "$a" "$(echo "$a / $b" | bc -l)"
    done
done
