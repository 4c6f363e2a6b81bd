#!/usr/bin/env bash
# pg_partman 5.2+ managing a uuid (v7) key by time with uidext's encoder and decoder: the recipe
# of doc/partitioning.md runs as written, its partitions start at uuidv7_lower_bound of each
# month, new keys land in the current month's partition, a now() window prunes at run time, and
# a ulid column is refused (pg_partman's control-type check). Runs when PARTMAN_HOME points to a
# pg_partman source tree of version 5.2 or later (it is installed into the PostgreSQL under
# test); prints "skipped: ..." and passes otherwise (Debian's pg_partman is 4.7).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash

control="${PARTMAN_HOME:-}/pg_partman.control"
if [ -z "${PARTMAN_HOME:-}" ] || [ ! -f "$control" ]; then
    echo "skipped: PARTMAN_HOME does not point to a pg_partman source tree (${PARTMAN_HOME:-unset})"
    exit 0
fi
version=$(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$control")
if [ "$(printf '%s\n5.2.0\n' "$version" | sort -V | head -1)" != 5.2.0 ] || ! grep -rqs p_time_encoder "$PARTMAN_HOME/sql"; then
    echo "skipped: pg_partman $version in $PARTMAN_HOME has no time encoder for uuid columns (a 5.2 release or later needed)"
    exit 0
fi
make -C "$PARTMAN_HOME" install PG_CONFIG="${PG_CONFIG:-pg_config}" >/dev/null || { echo "FAIL make install in $PARTMAN_HOME"; exit 1; }
trap 'stop_clusters partman' EXIT
cluster_start partman
q -c "CREATE DATABASE partman" -c "ALTER DATABASE partman SET timezone TO 'UTC'"
q -d partman -c "CREATE EXTENSION uidext"

recipe=$(awk 'index($0, "068_pg_partman.sh runs this block as it is: partman -->") {armed = 1; next}
              armed && $0 == "```sql" {on = 1; next}
              on && $0 == "```" {exit}
              on' doc/partitioning.md)
check_ge "doc/partitioning.md's pg_partman block found (lines)" "$(wc -l <<<"$recipe")" 8
out=$(q -d partman <<<"$recipe" 2>&1) && echo "ok   the recipe ran as written (pg_partman $version)" || fail "the recipe: $out"

bounds="SELECT c.relname, substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \(''([0-9a-f-]+)''\)')::uuid AS lower
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'public.events'::regclass AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'"
check_ge "monthly partitions created" "$(q -d partman -c "SELECT count(*) FROM ($bounds) b")" 5
check "every lower bound is uuidv7_lower_bound of a month's start (UTC)" \
    "$(q -d partman -c "SELECT count(*) FROM ($bounds) b
                        WHERE lower <> uuidv7_lower_bound(date_trunc('month', uuid_v7_to_timestamptz(lower), 'UTC'))")" 0
check "new keys land in the current month's partition" \
    "$(q -d partman -c "INSERT INTO events (payload) SELECT '{}' FROM generate_series(1, 100)" \
                    -c "SELECT string_agg(DISTINCT (uuid_v7_to_timestamptz(lower) = date_trunc('month', now(), 'UTC'))::text, ',')
                        FROM events e JOIN ($bounds) b ON b.relname = e.tableoid::regclass::text")" true
plan=$(q -d partman -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE id >= uuidv7_lower_bound(now() - interval '7 days')")
check_match "a now() window prunes at run time" "$plan" "Subplans Removed: [1-9]"
check "maintenance runs again" "$(q -d partman -c "CALL partman.run_maintenance_proc()" 2>&1)" ""

q -d partman -c "CREATE TABLE public.ulid_events (id ulid NOT NULL DEFAULT gen_ulid(), PRIMARY KEY (id)) PARTITION BY RANGE (id)"
refused=$(q -d partman -c "SELECT partman.create_parent(p_parent_table => 'public.ulid_events', p_control => 'id', p_interval => '1 month',
                               p_time_encoder => 'public.ulid_lower_bound', p_time_decoder => 'public.ulid_extract_timestamp')" 2>&1)
check_match "a ulid column is refused, as the page says" "$refused" "ERROR:.*type ulid"
finish
