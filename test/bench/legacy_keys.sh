#!/usr/bin/env bash
# Cost of the keys derived from the old row (#36): ulid_from_legacy / uuidv7_from_legacy (from a
# bigint and from a uuid) and legacy_bigint, against gen_random_uuid(), uuid_timestamptz_to_v7(ts),
# gen_ulid(ts) and a plpgsql equivalent of uuidv7_from_legacy(ts, bigint) (checked to give the
# same keys first).
#   per row:       SELECT count(f(ts, id)) FROM src, src holding ROWS rows (id bigint, ts
#                  timestamptz, old uuid, a derived key k); the backend's CPU time
#                  (/proc/self/schedstat) per row, minus nothing; "scan" is count(ts) alone.
#   per statement: pgbench, 1 client, -M prepared, one `SELECT f(:ts, :id)` per transaction for
#                  SECONDS seconds; transactions per second and the server's CPU per statement.
# Cases alternate within each of REPS repetitions (rotated order); the report gives medians and
# the ratio of each case to gen_random_uuid() and to uuid_timestamptz_to_v7(ts).
#
#   PG_CONFIG=... test/bench/legacy_keys.sh [ROWS] [REPS] [SECONDS]   (defaults 1000000 5 3)
#
# It builds and installs uidext into PG_CONFIG's PostgreSQL and starts a throwaway server;
# out/legacy-keys-raw.csv keeps every sample. It measures; it passes or fails nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROWS=${1:-1000000}
REPS=${2:-5}
SECONDS_PER_RUN=${3:-3}
export PG_CONFIG=${PG_CONFIG:-pg_config}
make -s -j2 PG_CONFIG="$PG_CONFIG" >/dev/null && make -s install PG_CONFIG="$PG_CONFIG" >/dev/null
. test/lib/cluster.sh
export BENCH_OUT=$PWD/test/bench/out
mkdir -p "$BENCH_OUT"
export BENCH_RAW=$BENCH_OUT/legacy-keys-raw.csv
: >"$BENCH_RAW"
. test/bench/lib.sh
trap 'cluster_stop legacy_bench' EXIT
cluster_start legacy_bench shared_buffers=512MB jit=off max_parallel_workers_per_gather=0 autovacuum=off
pgdata=$(cluster_dir legacy_bench)/data

psql -X -q -v ON_ERROR_STOP=1 >/dev/null <<SQL
CREATE EXTENSION uidext;
-- uuidv7_from_legacy(ts, bigint) in plpgsql, the way one would write it without uidext.
CREATE FUNCTION plpgsql_uuidv7_from_legacy(ts timestamptz, legacy bigint) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS \$\$
DECLARE
    us bigint;
    hi bigint;
    lo bigint;
BEGIN
    IF NOT isfinite(ts) OR ts < '1970-01-01 00:00+00' OR ts >= '10889-08-02 05:31:50.656+00' THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7: "%"', ts USING ERRCODE = '22008';
    END IF;
    IF legacy < 0 THEN
        RAISE EXCEPTION 'legacy id out of range: %', legacy USING ERRCODE = '22003';
    END IF;
    us := (extract(epoch FROM ts) * 1000000)::bigint;
    -- milliseconds, version 7, microsecond, the id's two high bits | variant 10, its 61 low bits
    -- (<< and | bind equally in SQL, left to right: every shift in parentheses)
    hi := ((us / 1000) << 16) | 28672 | ((us % 1000) << 2) | (legacy >> 61);
    lo := (-9223372036854775808)::bigint | ((legacy & 2305843009213693951) << 1);
    RETURN (lpad(to_hex(hi), 16, '0') || lpad(to_hex(lo), 16, '0'))::uuid;
END
\$\$;
CREATE TABLE src AS
SELECT i AS id,
       timestamptz '2026-01-01 00:00+00' + i * interval '997 microseconds' AS ts,
       gen_random_uuid() AS old,
       uuidv7_from_legacy(timestamptz '2026-01-01 00:00+00' + i * interval '997 microseconds', i) AS k
FROM generate_series(1, $ROWS) i;
VACUUM ANALYZE src;
SQL
same=$(psql -X -A -t -c "SELECT bool_and(plpgsql_uuidv7_from_legacy(ts, id * 92233720368547) = uuidv7_from_legacy(ts, id * 92233720368547))
                               FROM src WHERE id <= 100000")
[ "$same" = t ] || { echo "plpgsql_uuidv7_from_legacy differs from uuidv7_from_legacy" >&2; exit 1; }

declare -A ROW_EXPR=(
    [scan]="ts"
    [gen_random_uuid]="gen_random_uuid()"
    [uuid_timestamptz_to_v7]="uuid_timestamptz_to_v7(ts)"
    [gen_ulid_ts]="gen_ulid(ts)"
    [uuidv7_from_legacy_bigint]="uuidv7_from_legacy(ts, id)"
    [ulid_from_legacy_bigint]="ulid_from_legacy(ts, id)"
    [uuidv7_from_legacy_uuid]="uuidv7_from_legacy(ts, old)"
    [ulid_from_legacy_uuid]="ulid_from_legacy(ts, old)"
    [legacy_bigint]="legacy_bigint(k)"
    [plpgsql_uuidv7_from_legacy]="plpgsql_uuidv7_from_legacy(ts, id)")
ROW_CASES="scan gen_random_uuid uuid_timestamptz_to_v7 gen_ulid_ts uuidv7_from_legacy_bigint ulid_from_legacy_bigint
           uuidv7_from_legacy_uuid ulid_from_legacy_uuid legacy_bigint plpgsql_uuidv7_from_legacy"
declare -A STMT=(
    [gen_random_uuid]="SELECT gen_random_uuid();"
    [uuid_timestamptz_to_v7]="SELECT uuid_timestamptz_to_v7(:ts::timestamptz);"
    [uuidv7_from_legacy_bigint]="SELECT uuidv7_from_legacy(:ts::timestamptz, :id::bigint);"
    [ulid_from_legacy_uuid]="SELECT ulid_from_legacy(:ts::timestamptz, :old::uuid);"
    [plpgsql_uuidv7_from_legacy]="SELECT plpgsql_uuidv7_from_legacy(:ts::timestamptz, :id::bigint);")
STMT_CASES="gen_random_uuid uuid_timestamptz_to_v7 uuidv7_from_legacy_bigint ulid_from_legacy_uuid plpgsql_uuidv7_from_legacy"

rotate() {  # REP WORDS...: the words rotated left by REP
    local rep=$1; shift
    local words=("$@") n=$# i
    for ((i = 0; i < n; i++)); do echo "${words[$(((i + rep) % n))]}"; done
}

echo "== per row: SELECT count(f) FROM src, $ROWS rows, $REPS repetitions"
script=$BENCH_OUT/legacy-keys.sql
: >"$script"
for ((rep = 1; rep <= REPS; rep++)); do
    for c in $(rotate "$rep" $ROW_CASES); do
        sql_measure "$script" rows "$c" "$rep" "SELECT count(${ROW_EXPR[$c]}) FROM src"
    done
done
sql_run "$script" legacy-keys-rows

echo "== per statement: pgbench -c 1 -M prepared -T $SECONDS_PER_RUN, $REPS repetitions"
for ((rep = 1; rep <= REPS; rep++)); do
    for c in $(rotate "$rep" $STMT_CASES); do
        f=$BENCH_OUT/legacy-keys-$c.pgbench
        printf '%s\n' '\set id random(1, 1000000000)' "${STMT[$c]}" >"$f"
        cpu0=$(server_cpu_seconds "$pgdata")
        out=$("$UIDEXT_PGBIN/pgbench" -n -c 1 -M prepared -T "$SECONDS_PER_RUN" -f "$f" \
                   -D "ts=2026-11-01 00:00:00.123456+00" -D old=919108f7-52d1-4320-9bac-f847db4148a8 2>&1) \
            || { echo "$out" >&2; exit 1; }
        cpu1=$(server_cpu_seconds "$pgdata")
        tx=$(sed -nE 's/^number of transactions actually processed: ([0-9]+).*/\1/p' <<<"$out")
        tps=$(sed -nE 's/^tps = ([0-9.]+).*/\1/p' <<<"$out")
        record stmt "$c" "$rep" tps "$tps" tx/s
        record stmt "$c" "$rep" server_cpu_ns "$(awk -v a="$cpu0" -v b="$cpu1" -v n="$tx" 'BEGIN { printf "%.0f", (b - a) * 1e9 / n }')" ns
    done
done

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
value() {  # SECTION CASE METRIC: the median over repetitions
    awk -F, -v s="$1" -v c="$2" -v m="$3" '$1 == s && $2 == c && $4 == m { print $5 }' "$BENCH_RAW" | median
}
echo
echo "Per row: backend CPU ns per row (median of $REPS), over $ROWS rows"
scan=$(value rows scan cpu_ns)
random=$(value rows gen_random_uuid cpu_ns)
to_v7=$(value rows uuid_timestamptz_to_v7 cpu_ns)
printf '| %-44s | %8s | %8s | %14s | %18s |\n' case "ns/row" "net ns" "÷ gen_random_uuid" "÷ uuid_timestamptz_to_v7"
for c in $ROW_CASES; do
    v=$(value rows "$c" cpu_ns)
    awk -v c="${ROW_EXPR[$c]}" -v v="$v" -v s="$scan" -v r="$random" -v t="$to_v7" -v n="$ROWS" 'BEGIN {
        row = v / n; net = (v - s) / n;
        printf "| %-44s | %8.1f | %8.1f | %14.2f | %18.2f |\n", "`" c "`", row, net, (v - s) / (r - s), (v - s) / (t - s) }'
done
echo "(net: minus the scan alone, count(ts); ratios of net costs)"
echo
echo "Per statement: pgbench, 1 client, -M prepared, ${SECONDS_PER_RUN} s runs (median of $REPS)"
random_tps=$(value stmt gen_random_uuid tps)
printf '| %-66s | %8s | %16s | %14s |\n' statement "tps" "server CPU µs/stmt" "tps ÷ gen_random_uuid"
for c in $STMT_CASES; do
    awk -v c="${STMT[$c]}" -v t="$(value stmt "$c" tps)" -v cpu="$(value stmt "$c" server_cpu_ns)" -v r="$random_tps" 'BEGIN {
        printf "| %-66s | %8.0f | %16.1f | %14.2f |\n", "`" c "`", t, cpu / 1000, t / r }'
done
