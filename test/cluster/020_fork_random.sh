#!/usr/bin/env bash
# Many short-lived connections and parallel workers, with and without shared_preload_libraries:
# no duplicate values, and the random parts of values made by different processes never repeat
# (each process's random pool is its own, never inherited from the postmaster or a parent).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters fork_pre fork_conn' EXIT

CONNECTIONS=300
ROWS_PER_CONNECTION=100
BIG_ROWS=250000

# Random parts: ulid bytes 7-16 (80 bits); uuid bytes 9-16 with the variant bits cleared.
RANDOM_SQL="
CREATE TEMP VIEW tails AS
    SELECT 'ulid' AS kind, substring(u::bytea FROM 7 FOR 10) AS tail FROM vals
    UNION ALL SELECT 'uuidv7', set_byte(substring(uuid_send(v) FROM 9 FOR 8), 0, get_byte(uuid_send(v), 8) & 63) FROM vals
    UNION ALL SELECT 'uuidv4', set_byte(substring(uuid_send(w) FROM 9 FOR 8), 0, get_byte(uuid_send(w), 8) & 63) FROM vals;
SELECT count(*) - count(DISTINCT (kind, tail)) FROM tails;
-- the same 8 bytes across kinds: the last 8 of every value
SELECT count(*) - count(DISTINCT substring(tail FROM length(tail) - 7)) FROM tails;"

run_mode() {  # CLUSTER LABEL [settings]
    local name=$1 label=$2; shift 2
    echo "== $label"
    cluster_start "$name" max_worker_processes=16 max_parallel_workers=8 "$@"
    q -c "CREATE EXTENSION uidext" \
      -c "CREATE TABLE vals (src text, pid int, u ulid, v uuid, m ulid, w uuid)" \
      -c "CREATE TABLE big AS SELECT g FROM generate_series(1, $BIG_ROWS) g" -c "ANALYZE big"
    echo "    scope: $(q -c 'SELECT uidext_monotonic_scope()')"

    # Three clients at once, each opening CONNECTIONS/3 connections one after another.
    local i
    for i in 1 2 3; do
        $PY test/clients/short_connections.py $((CONNECTIONS / 3)) "$ROWS_PER_CONNECTION" >"$UIDEXT_CLUSTER_ROOT/short$i.log" 2>&1 &
    done
    wait
    cat "$UIDEXT_CLUSTER_ROOT"/short?.log | sed 's/^/    /'
    check "$label: short-lived connections (distinct backend pids)" \
        "$(q -c "SELECT count(DISTINCT pid) FROM vals WHERE src = 'short'")" "$CONNECTIONS"

    local plan
    # INSERT is not parallel in PostgreSQL 15: run the same SELECT as CREATE TABLE AS.
    plan=$(q -c "SET parallel_setup_cost = 0" -c "SET parallel_tuple_cost = 0" -c "SET min_parallel_table_scan_size = 0" \
             -c "SET max_parallel_workers_per_gather = 2" \
             -c "EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF)
                 CREATE TABLE par AS SELECT gen_ulid() u, uuidv7() v, uuidv4() w FROM big")
    check_match "$label: plan is a Gather with 2 workers launched" "$plan" 'Workers Launched: 2'
    check_match "$label: the workers call the generators (Parallel Seq Scan output)" "$plan" \
        'Output: gen_ulid\(\), uuidv7\(\), uuidv4\(\)'
    # The monotonic generators are PARALLEL RESTRICTED: always computed by the leader (Gather),
    # never by a worker with a state of its own.
    local restricted
    restricted=$(q -c "SET parallel_setup_cost = 0" -c "SET parallel_tuple_cost = 0" -c "SET min_parallel_table_scan_size = 0" \
             -c "SET max_parallel_workers_per_gather = 2" \
             -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT gen_monotonic_ulid(), gen_monotonic_uuidv7(), g FROM big")
    check_match "$label: monotonic generators run in the leader, above Gather" "$(tr "\n" " " <<<"$restricted")" \
        'Gather[[:space:]]+Output: gen_monotonic_ulid\(\), gen_monotonic_uuidv7\(\), g'
    local worker_rows; worker_rows=$(grep -oE 'Worker [0-9]+:  actual rows=[0-9]+' <<<"$plan" | tr '\n' ' ')
    echo "    per-worker rows: $worker_rows"
    check_ge "$label: workers that produced rows" "$(grep -cE 'Worker [0-9]+:  actual rows=[1-9]' <<<"$plan")" 2
    q -c "DELETE FROM vals WHERE src = 'parallel'" \
      -c "INSERT INTO vals SELECT 'parallel', NULL, u, v, gen_monotonic_ulid(), w FROM par"

    local total dups
    total=$(q -c "SELECT count(*) * 4 FROM vals")
    check_ge "$label: values generated" "$total" $(( (CONNECTIONS * ROWS_PER_CONNECTION + BIG_ROWS) * 4 ))
    dups=$(q -F ' ' -c "SELECT count(*) - count(DISTINCT u), count(*) - count(DISTINCT v), count(*) - count(DISTINCT m), count(*) - count(DISTINCT w) FROM vals")
    check "$label: duplicate values (gen_ulid uuidv7 gen_monotonic_ulid uuidv4)" "$dups" "0 0 0 0"
    check "$label: repeated random parts per kind; repeated last 8 bytes across kinds" \
        "$(q -f - <<<"$RANDOM_SQL" | tr '\n' ' ')" "0 0 "
    # Not the same stream: the first values of each short connection differ from one another.
    check "$label: connections whose first gen_ulid() random part equals another's" \
        "$(q -c "SELECT count(*) - count(DISTINCT t) FROM (SELECT DISTINCT ON (pid) substring(u::bytea FROM 7) t FROM vals WHERE src = 'short' ORDER BY pid, u) s")" 0
    cluster_stop "$name"
}

run_mode fork_pre "preloaded" shared_preload_libraries=uidext
run_mode fork_conn "not preloaded"
finish
