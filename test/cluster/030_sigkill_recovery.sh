#!/usr/bin/env bash
# Under shared_preload_libraries, kill -9 a backend while clients generate monotonic values:
# the postmaster restarts the server (crash restart), the shared state is rebuilt, and the
# generators go on, above every value made before the crash (the clock moved on meanwhile).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters crash' EXIT

cluster_start crash shared_preload_libraries=uidext synchronous_commit=on restart_after_crash=on
q -c "CREATE EXTENSION uidext" \
  -c "CREATE TABLE mono (id bigint GENERATED ALWAYS AS IDENTITY, phase int, pid int, u ulid, v uuid)" \
  -c "CREATE TABLE seen (u ulid, v uuid)"

echo "== phase 1: 3 pgbench clients, then kill -9 one of their backends"
timeout 120 pgbench -n -c 3 -j 3 -T 30 -D phase=1 -f test/cluster/mono_phase.pgbench >"$UIDEXT_CLUSTER_ROOT/pgbench1.log" 2>&1 &
bench=$!
for _ in $(seq 100); do
    [ "$(q -c "SELECT count(*) >= 20000 FROM mono" 2>/dev/null)" = t ] && break
    sleep 0.1
done
victim=$(q -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench' AND state = 'active' LIMIT 1")
[ -n "$victim" ] || victim=$(q -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench' LIMIT 1")
# The last values seen before the kill (kept in memory here, the table may lose them).
read -r before_u before_v <<<"$(q -F ' ' -c "SELECT gen_monotonic_ulid(), gen_monotonic_uuidv7()")"
kill -9 "$victim"
wait "$bench"
echo "    killed backend $victim; pgbench exit status $? (the crash ends its connections)"

up=0
for _ in $(seq 600); do  # at most 60 s
    if q -c "SELECT 1" >/dev/null 2>&1; then up=1; break; fi
    sleep 0.1
done
check "server accepts connections again after the crash restart" "$up" 1
log=$(cluster_log crash)
# (19 names the kind of process: "client backend" where 14-18 say "server process".)
check_match "server log: the backend was killed" "$log" "(server process|client backend) \(PID $victim\) was terminated by signal 9"
check_match "server log: crash restart" "$log" 'all server processes terminated; reinitializing'
check_match "server log: ready again after recovery" \
    "$(sed -n '/reinitializing/,$p' <<<"$log")" 'database system is ready to accept connections'

q -c "INSERT INTO seen VALUES ('$before_u', '$before_v')"
survived=$(q -c "SELECT count(*) FROM mono WHERE phase = 1")
check_ge "phase 1 rows that survived the crash" "$survived" 20000
check "scope after the restart" "$(q -c 'SELECT uidext_monotonic_scope()')" server

echo "== phase 2: generate again after recovery"
sleep 0.05
timeout 120 pgbench -n -c 3 -j 3 -t 30 -D phase=2 -f test/cluster/mono_phase.pgbench >"$UIDEXT_CLUSTER_ROOT/pgbench2.log" 2>&1 \
    || { cat "$UIDEXT_CLUSTER_ROOT/pgbench2.log"; fail "pgbench after recovery"; }
check "phase 2 rows" "$(q -c "SELECT count(*) FROM mono WHERE phase = 2")" 18000
# uuid has no min()/max() before PostgreSQL 16: they go through ulid (same bytes, same order).
read -r pre_u pre_v <<<"$(q -F ' ' -c "SELECT greatest((SELECT max(u) FROM mono WHERE phase = 1), (SELECT u FROM seen)),
                                              greatest((SELECT max(v::ulid)::uuid FROM mono WHERE phase = 1), (SELECT v FROM seen))")"
read -r post_u post_v <<<"$(q -F ' ' -c "SELECT min(u), min(v::ulid)::uuid FROM mono WHERE phase = 2")"
echo "    largest before the crash: $pre_u $pre_v"
echo "    smallest after recovery:  $post_u $post_v"
check "every value after recovery is greater than every value before (ulid uuidv7)" \
    "$(q -F ' ' -c "SELECT '$post_u'::ulid > '$pre_u'::ulid, '$post_v'::uuid > '$pre_v'::uuid")" "t t"
check "duplicates over both phases (ulid uuidv7)" \
    "$(q -F ' ' -c "SELECT count(*) - count(DISTINCT u), count(*) - count(DISTINCT v) FROM mono")" "0 0"
check "per-connection order violations after recovery (ulid uuidv7)" \
    "$(q -F ' ' -c "SELECT count(*) FILTER (WHERE u <= pu), count(*) FILTER (WHERE v <= pv) FROM (
        SELECT u, lag(u) OVER w pu, v, lag(v) OVER w pv FROM mono WHERE phase = 2 WINDOW w AS (PARTITION BY pid ORDER BY id)) s")" "0 0"
check "other generators after recovery" \
    "$(q -F ' ' -c "SELECT gen_ulid() IS NOT NULL, uuidv7() IS NOT NULL, uuidv4() IS NOT NULL, gen_monotonic_ulid() < gen_monotonic_ulid()")" "t t t t"

echo "== phase 3: a clean restart (pg_ctl restart -m fast) rebuilds the shared state the same way"
read -r last_u last_v <<<"$(q -F ' ' -c "SELECT gen_monotonic_ulid(), gen_monotonic_uuidv7()")"
as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$(cluster_dir crash)/data" -m fast -w restart >/dev/null || fail "pg_ctl restart"
check "after a clean restart: next values greater than the last before it (ulid uuidv7)" \
    "$(q -F ' ' -c "SELECT gen_monotonic_ulid() > '$last_u'::ulid, gen_monotonic_uuidv7() > '$last_v'::uuid")" "t t"
finish
