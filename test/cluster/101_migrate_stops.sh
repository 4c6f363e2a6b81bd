#!/usr/bin/env bash
# uidext-migrate stopped in each phase (issue 36): the program killed with SIGKILL, the server
# stopped with `pg_ctl stop -m immediate`, and `abort`, in each of prepare, backfill, index,
# validate and swap. The program stops itself inside the phase (its test hook
# UIDEXT_MIGRATE_TEST_STOP_AT: after the key's shadow column, after the first backfill batch,
# after the first constraint, inside the swap's transaction holding its locks; in the index phase
# it goes on into CREATE INDEX CONCURRENTLY, which a writer's open transaction holds waiting, so
# the stop leaves an INVALID index behind); then the stop, and:
# - after a kill or a crash, `run` again ends in the same state as an uninterrupted run:
#   pg_dump --schema-only identical, the same data (checksums), every key its derivation;
# - `abort` leaves pg_dump --schema-only identical to before the migration and the same data.
# Then `revert` after the swap while four writers go on: the old keys back, every row there.
# UIDEXT_MIGRATE_STOPS_PARENTS sets the size (default 3000).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/cluster/migrate_lib.bash
trap 'mig_load_stop 2>/dev/null; release; stop_clusters stops' EXIT
n=${UIDEXT_MIGRATE_STOPS_PARENTS:-3000}
bindir=$("${PG_CONFIG:-pg_config}" --bindir)

# synchronous_commit on, as on production servers (and as after the first restart, which reads
# only the server's own settings): a crash then keeps every commit, and each crash case below is
# the same case. The one that crashes right after plan turns it off for its database.
cluster_start stops max_connections=40 synchronous_commit=on
dir=$(cluster_dir stops)
# The server's own settings, so that pg_ctl start after a crash needs no options.
q -c "ALTER SYSTEM SET unix_socket_directories = '$dir/sock'" -c "ALTER SYSTEM SET port = $PGPORT" -c "ALTER SYSTEM SET listen_addresses = ''"
q -c "CREATE DATABASE base"
mig_setup base bigint "$n"

dump() { pg_dump --schema-only --no-owner -d "$1" | grep -v -e '^--' -e '^$' -e '^\\restrict ' -e '^\\unrestrict '; }
data() { mig_actual "$1"; }

# A session that holds its transaction open after running $2 (application_name blocker).
BLOCKER=""
block() {
    PGAPPNAME=blocker psql -X -q -d "$1" -c "BEGIN" -c "$2" -c "SELECT pg_sleep(600)" >/dev/null 2>&1 &
    BLOCKER=$!
    for _ in $(seq 100); do
        [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'blocker' AND wait_event = 'PgSleep'" 2>/dev/null)" = 1 ] && return
        sleep 0.1
    done
}
release() {
    [ -n "$BLOCKER" ] || return 0
    q -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'blocker'" >/dev/null 2>&1
    wait "$BLOCKER" 2>/dev/null; BLOCKER=""
}
# Waits until the program's backend waits for a lock.
waits_for_lock() {
    for _ in $(seq 600); do
        [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uidext-migrate' AND wait_event_type = 'Lock'" 2>/dev/null)" != 0 ] && return 0
        sleep 0.05
    done
    return 1
}
# Waits until no backend of a killed program is left (it holds the migration's advisory lock
# until it notices its client is gone).
program_gone() {
    for _ in $(seq 300); do
        [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uidext-migrate'" 2>/dev/null)" = 0 ] && return
        sleep 0.1
    done
}
restart() {
    as_postgres "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
    as_postgres "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null 2>&1
}
phases="prepare backfill index validate swap"

echo "== the uninterrupted run, for reference"
q -c "CREATE DATABASE ref TEMPLATE base"
"$MIGRATE" plan -d ref --table accounts --into ulid --time-column created_at >/dev/null
"$MIGRATE" run -d ref 1 --batch 500 >/dev/null 2>&1
check "reference run: swapped" "$(q -d ref -c "SELECT phase FROM uidext_migrate.migration")" swapped
ref_dump=$(dump ref); ref_data=$(data ref)
check "reference run: id and legacy_id are NOT NULL" \
    "$(q -d ref -c "SELECT string_agg(attname || '=' || attnotnull, ' ' ORDER BY attname) FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attname IN ('id', 'legacy_id')")" "id=true legacy_id=true"
if [ "$(q -c "SHOW server_version_num")" -ge 180000 ]; then
    # From 18 a NOT NULL is a named constraint: each column's is named after it.
    check "reference run (18+): the NOT NULL constraints' names follow their columns" \
        "$(q -d ref -c "SELECT string_agg(a.attname || ':' || c.conname, ' ' ORDER BY a.attname) FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] WHERE c.conrelid = 'accounts'::regclass AND c.contype = 'n' AND a.attname IN ('id', 'legacy_id')")" \
        "id:accounts_id_not_null legacy_id:accounts_legacy_id_not_null"
fi
base_dump=$(dump base); base_data=$(data base)

for mode in kill crash abort; do
    for phase in $phases; do
        db=${mode}_$phase
        q -c "CREATE DATABASE $db TEMPLATE base"
        "$MIGRATE" plan -d "$db" --table accounts --into ulid --time-column created_at >/dev/null
        UIDEXT_MIGRATE_TEST_STOP_AT=$phase "$MIGRATE" run -d "$db" 1 --batch 500 >"$dir/run-$db.log" 2>&1 &
        prog=$!
        if ! mig_stopped $prog; then
            fail "$mode in $phase: the program did not reach its stop ($(q -d "$db" -c "SELECT phase FROM uidext_migrate.migration"); $(cat "$dir/run-$db.log"))"
            kill -9 $prog 2>/dev/null; continue
        fi
        if [ "$phase" = index ]; then
            # Into CREATE INDEX CONCURRENTLY, held waiting by a writer's open transaction.
            block "$db" "LOCK TABLE accounts IN ROW EXCLUSIVE MODE"
            kill -CONT $prog
            waits_for_lock || fail "$mode in index: CREATE INDEX CONCURRENTLY never waited"
        fi
        check "$mode in $phase: stopped in phase $phase" "$(q -d "$db" -c "SELECT phase FROM uidext_migrate.migration")" "$phase"
        case $mode in
            kill|abort) kill -9 $prog; wait $prog 2>/dev/null; release; program_gone ;;
            crash) restart; kill -9 $prog 2>/dev/null; wait $prog 2>/dev/null; BLOCKER="" ;;
        esac
        [ "$phase" = index ] && [ "$mode" = crash ] && check "crash in index: an INVALID index left behind" \
            "$(q -d "$db" -c "SELECT count(*) FROM pg_index WHERE NOT indisvalid")" 1
        if [ "$mode" = abort ]; then
            out=$("$MIGRATE" abort -d "$db" 1 2>&1)
            check "abort in $phase: exits 0, phase aborted" "$? $(q -d "$db" -c "SELECT phase FROM uidext_migrate.migration")" "0 aborted"
            check "abort in $phase: pg_dump --schema-only as before the migration" "$(dump "$db")" "$base_dump"
            check "abort in $phase: the data as before (checksums)" "$(data "$db")" "$base_data"
        else
            out=$("$MIGRATE" run -d "$db" 1 --batch 500 2>&1)
            status=$?
            [ "$status" = 0 ] || tail -5 <<<"$out" | sed 's/^/    /'
            check "$mode in $phase, run again: exits 0, phase swapped" "$status $(q -d "$db" -c "SELECT phase FROM uidext_migrate.migration")" "0 swapped"
            check "$mode in $phase, run again: pg_dump --schema-only as after an uninterrupted run" "$(dump "$db")" "$ref_dump"
            check "$mode in $phase, run again: the same data (checksums) and every key its derivation" \
                "$(data "$db") $(q -d "$db" -c "SELECT count(*) FROM accounts WHERE id <> ulid_from_legacy(created_at, legacy_id)")" "$ref_data 0"
        fi
        q -c "DROP DATABASE $db" >/dev/null 2>&1
    done
done

check "abort after the swap is refused (revert is the way back)" \
    "$("$MIGRATE" abort -d ref 1 2>&1; echo "exit $?")" "uidext-migrate: migration 1 is swapped: abort works before the swap (use revert after it)
exit 2"

echo "== the server crashed right after plan, under synchronous_commit = off"
# The crash may lose plan's commit. The plan is then whole or gone (one transaction), never a
# row without its foreign keys; run (after plan again, if it was lost) ends as the uninterrupted run.
q -c "CREATE DATABASE crash_plan TEMPLATE base" -c "ALTER DATABASE crash_plan SET synchronous_commit = off"
"$MIGRATE" plan -d crash_plan --table accounts --into ulid --time-column created_at >/dev/null
restart
kept=$(q -d crash_plan -c "SELECT jsonb_array_length(refs) FROM uidext_migrate.migration")
echo "    after the crash: $([ -n "$kept" ] && echo "the plan survived" || echo "the plan was lost")"
check "crash after plan: the plan is whole (3 foreign keys) or gone" "$(case $kept in 3|"") echo yes ;; *) echo "refs: $kept" ;; esac)" yes
id=1
# (A lost plan's id may be gone with it: a sequence logs ahead of its commits.)
[ -n "$kept" ] || id=$("$MIGRATE" plan -d crash_plan --table accounts --into ulid --time-column created_at | head -1)
check "crash after plan: run exits 0, swapped" "$("$MIGRATE" run -d crash_plan "$id" --batch 500 >/dev/null 2>&1; echo $?) $(q -d crash_plan -c "SELECT phase FROM uidext_migrate.migration")" "0 swapped"
check "crash after plan: pg_dump --schema-only as after an uninterrupted run" \
    "$(dump crash_plan | sed -e "s/uidext${id}_/uidext1_/g" -e "s/uidext-migrate ${id}\([: ']\)/uidext-migrate 1\1/g")" "$ref_dump"
q -c "DROP DATABASE crash_plan" >/dev/null 2>&1

echo "== revert after the swap while four writers go on"
q -c "CREATE DATABASE reverting TEMPLATE base"
"$MIGRATE" plan -d reverting --table accounts --into ulid --time-column created_at >/dev/null
mig_load_start reverting
"$MIGRATE" run -d reverting 1 --batch 500 >/dev/null 2>&1
check "revert: swapped first" "$(q -d reverting -c "SELECT phase FROM uidext_migrate.migration")" swapped
sleep 2
out=$("$MIGRATE" revert -d reverting 1 2>&1)
check "revert: exits 0" "$?" 0
echo "$out" | sed 's/^/    /'
sleep 1
mig_load_stop
check "revert: status says reverted" "$("$MIGRATE" status -d reverting 1 | cut -f3)" reverted
check "revert: pg_dump --schema-only as before the migration" "$(dump reverting)" "$base_dump"
mig_verify reverting "revert under writers"
check "revert: rows written after the swap kept their old-style keys (bigint from the sequence)" \
    "$(q -d reverting -c "SELECT count(*) > 0 FROM accounts a JOIN ledger l ON l.name = a.name AND l.op = 'ins' WHERE l.at > (SELECT (detail->>'swapped_at')::timestamptz FROM uidext_migrate.migration)")" t
finish
