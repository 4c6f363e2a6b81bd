#!/usr/bin/env bash
# uidext-migrate with a streaming standby (issue 36, "Replication"): a primary and a standby made
# by pg_basebackup -R on the same machine; the migration of test/cluster/100_migrate.sh's tables
# (accounts with a self-reference, orders, notes, a view) runs under four pgbench writers with
# --max-lag 2s, while the standby's replay is paused: the backfill must wait at the lag (its
# output says so and its position in the state table stays put) and go on once replay resumes.
# At the end the standby's checksum of every table, row by row, equals the primary's, and so do
# its keys and constraints. UIDEXT_MIGRATE_PARENTS sets the size (default 10000, also the least:
# below it the backfill can end before replay is paused, and the max-lag checks have nothing to see).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/cluster/migrate_lib.bash
trap 'mig_load_stop 2>/dev/null; [ -n "${RUN_PID:-}" ] && kill "$RUN_PID" 2>/dev/null; stop_clusters standby primary' EXIT
n=${UIDEXT_MIGRATE_PARENTS:-10000}
[ "$n" -ge 10000 ] || n=10000
db=mig

cluster_start primary wal_level=replica max_wal_senders=4 max_connections=30 || exit 1
PRIMARY_HOST=$PGHOST PRIMARY_PORT=$PGPORT
q -c "CREATE DATABASE $db"
mig_setup "$db" bigint "$n"

# The standby: a base backup with -R (standby.signal, primary_conninfo), its own socket and port.
sdir=$(cluster_dir standby)
mkdir -p "$sdir/sock"; chown -R postgres:postgres "$sdir" 2>/dev/null
as_postgres "$UIDEXT_PGBIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$sdir/data" -R -X stream -c fast \
    || { fail "pg_basebackup"; finish; }
SPORT=$UIDEXT_NEXT_PORT; UIDEXT_NEXT_PORT=$((UIDEXT_NEXT_PORT + 1)); echo "$SPORT" >"$sdir/port"
as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$sdir/data" -l "$sdir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories=$sdir/sock -p $SPORT -c fsync=off -c hot_standby=on" start >/dev/null \
    || { cat "$sdir/server.log"; fail "the standby starts"; finish; }
sq() { PGHOST=$sdir/sock PGPORT=$SPORT q "$@"; }
check "the standby is in recovery and streams from the primary" \
    "$(sq -c "SELECT pg_is_in_recovery()") $(q -c "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")" "t 1"

mig_load_start "$db"
id=$("$MIGRATE" plan -d "$db" --table accounts --into ulid --time-column created_at | head -1)
check_match "plan prints the migration id" "$id" '^[0-9]+$'

# Replay paused before the run: the backfill's batches pile WAL up that the standby does not
# replay, so the lag grows past --max-lag within the first seconds of the backfill.
sq -c "SELECT pg_wal_replay_pause()" >/dev/null
out=$UIDEXT_CLUSTER_ROOT/run.out
"$MIGRATE" run -d "$db" "$id" --batch 1000 --max-lag 2s >"$out" 2>&1 &
RUN_PID=$!
for _ in $(seq 120); do grep -q 'waiting' "$out" && break; kill -0 "$RUN_PID" 2>/dev/null || break; sleep 0.5; done
check_match "with replay paused, run waits at --max-lag and says so" "$(cat "$out")" \
    '^max-lag: standby replay [0-9.]+ s behind \(> 2\.0 s\), waiting$'
pos() { q -d "$db" -c "SELECT phase || ' ' || coalesce(detail->>'parent_block', '-') || ' ' || coalesce(detail->>'progress', '-') FROM uidext_migrate.migration WHERE id = $id"; }
p1=$(pos); sleep 4; p2=$(pos)
check "while replay stays paused the backfill does not move (phase, next block, progress 4 s apart)" "$p2" "$p1"
# (Both batched passes wait: the backfill, and the validate phase's catch-up pass, where a fast
# machine may already be when the lag first passes --max-lag.)
check_match "status shows the batched pass where it waits" "$("$MIGRATE" status -d "$db" "$id")" "^$id	public\.accounts	(backfill	|validate	catch-up )"
check "run is still running" "$(kill -0 "$RUN_PID" 2>/dev/null && echo yes)" yes

sq -c "SELECT pg_wal_replay_resume()" >/dev/null
wait "$RUN_PID"; rc=$?; RUN_PID=
check "once replay resumes, run goes on to the swap and exits 0" "$rc" 0
sed 's/^/    /' "$out"
check_match "its output says it went on" "$(cat "$out")" '^max-lag: standby within 2\.0 s again, going on$'
check_match "and it swapped" "$(cat "$out")" '^swap: ACCESS EXCLUSIVE held [0-9.]+ ms'
sleep 1
mig_load_stop
mig_verify "$db" "primary"

# The standby catches up with everything the primary wrote, then they are compared.
lsn=$(q -c "SELECT pg_current_wal_lsn()")
for _ in $(seq 120); do
    [ "$(sq -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'::pg_lsn")" = t ] && break; sleep 0.5
done
check "the standby replayed up to the primary's last WAL position" "$(sq -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'::pg_lsn")" t
# Every table of the database (the migrated ones, the load's ledger, the initial copies, the
# state table), row by row with every column, keys included.
sums() {
    "$@" -d "$db" -c "SELECT string_agg(format('SELECT %L || '' '' || count(*) || '' '' || coalesce(md5(string_agg(t::text, '','' ORDER BY t::text)), ''-'') FROM %s t',
                                             c.oid::regclass, c.oid::regclass), ' UNION ALL ' ORDER BY c.oid::regclass::text)
                       FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
                       WHERE c.relkind IN ('r', 'v') AND s.nspname NOT IN ('pg_catalog', 'information_schema')" \
        | "$@" -d "$db" | sort
}
primary_sums=$(sums q)
check "the checksums cover the migrated tables, the view and the state table" \
    "$(grep -cE '^(accounts|orders|notes|account_totals|uidext_migrate\.migration) [0-9]+ [0-9a-f]{32}$' <<<"$primary_sums")" 5
check "the standby's checksum of every table equals the primary's" "$(sums sq)" "$primary_sums"
keys() {
    "$@" -d "$db" -c "SELECT string_agg(format('%s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)), '; ' ORDER BY conrelid::regclass::text, conname)
                      FROM pg_constraint WHERE conrelid IN ('accounts'::regclass, 'orders'::regclass, 'notes'::regclass)"
}
check "the standby has the primary's keys and constraints (the new primary key, the foreign keys on ulid columns)" "$(keys sq)" "$(keys q)"
one=$(q -d "$db" -c "SELECT id FROM accounts ORDER BY id LIMIT 1")
check "on the standby, the key is ulid and a lookup by key finds its row through the new primary key" \
    "$(sq -d "$db" -c "SELECT format_type(atttypid, NULL) FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attname = 'id'") $(sq -d "$db" -c "SELECT name FROM accounts WHERE id = '$one'") $(sq -d "$db" -c "SET enable_seqscan = off" -c "EXPLAIN (COSTS OFF) SELECT name FROM accounts WHERE id = '$one'" | grep -c 'Index Scan using accounts_pkey')" \
    "ulid $(q -d "$db" -c "SELECT name FROM accounts WHERE id = '$one'") 1"
finish
