#!/bin/bash
# Generation cost of 1.0's gen_ulid() and the stepped one, on two servers queried alternately
# in the same minutes: backend CPU ns per row (/proc/self/schedstat), lean row source.
#   BEFORE_BIN=<bindir of a PostgreSQL with 1.0's uidext installed> \
#   AFTER_BIN=<bindir of one with this change installed> [ROUNDS=20 ROWS=2000000] \
#   interleave.sh >interleaved.csv
cd "$(dirname "$0")/../../../.."
PG_CONFIG=$AFTER_BIN/pg_config
. test/lib/cluster.sh
S="shared_buffers=2GB jit=off max_parallel_workers_per_gather=0 autovacuum=off"
UIDEXT_PGBIN=$BEFORE_BIN cluster_start before $S || exit 1
UIDEXT_PGBIN=$AFTER_BIN cluster_start after $S || exit 1
N=${ROWS:-2000000}
script=$(mktemp)
trap 'UIDEXT_PGBIN=$BEFORE_BIN cluster_stop before; UIDEXT_PGBIN=$AFTER_BIN cluster_stop after; rm -f "$script"' EXIT
{
  echo "CREATE EXTENSION IF NOT EXISTS uidext;"
  echo "SELECT count(x) FROM (SELECT generate_series(1, $N) x) s;"  # warm-up
  for c in "no_call|x" "gen_ulid|gen_ulid()" "gen_monotonic_ulid|gen_monotonic_ulid()" "gen_ulid_at|gen_ulid(now())"; do
    cat <<SQL
SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::bigint AS c0 \gset
SELECT count(${c#*|}) FROM (SELECT generate_series(1, $N) x) s \g /dev/null
SELECT (split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::bigint - :c0) / $N.0 AS ns \gset
\echo R,${c%%|*},:ns
SQL
  done
} >$script
for round in $(seq 1 ${ROUNDS:-20}); do
  for side in before after; do
    cluster_use $side
    psql -X -q -t -A -v ON_ERROR_STOP=1 -f $script | grep '^R,' | sed "s/^R,/$side,$round,/"
  done
done
