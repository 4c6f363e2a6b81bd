#!/usr/bin/env bash
# uidext-migrate: locks, concurrency, privileges and refusals (issue 36).
# - The swap meets a transaction held open on the table: it waits at most --lock-timeout, says
#   so, retries with backoff and swaps once the transaction ends; writers meanwhile wait at most
#   about one lock_timeout (pgbench's per-statement latencies: none reaches 1 s).
# - Two runs of one migration: the second is refused while the first holds the migration's
#   advisory lock; once the first is killed, run resumes.
# - Privileges: a migration runs as its table's owner (objects it creates are the owner's, even
#   when a superuser runs it); another role neither sees, changes nor runs it, cannot plan one
#   for a table it does not own, and cannot forge a state row (row-level security); identifiers
#   that would break quoting (quotes, dollar quotes, semicolons) go through untouched.
# - The state's extension uidext_migrate: a schema of its name that a third party created first
#   makes CREATE EXTENSION fail (nothing of ours lands in it, uidext-migrate writes nothing to
#   the third party's table of the same name); a trusted install by a non-superuser; a dump of
#   the database restored by a non-superuser (the state's rows are not dumped: they hold OIDs);
#   ALTER EXTENSION ... SET SCHEMA and DROP EXTENSION uidext refused; uidext 1.4 named.
# - plan refuses, with the reason and exit status 2, what 1.5 does not handle.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/cluster/migrate_lib.bash
trap 'kill -9 $blocker 2>/dev/null; stop_clusters locks' EXIT
cluster_start locks max_connections=40
dir=$(cluster_dir locks)

echo "== the swap under a transaction held open on the table"
q -c "CREATE DATABASE held"
mig_setup held bigint 2000
"$MIGRATE" plan -d held --table accounts --into ulid --time-column created_at >/dev/null
UIDEXT_MIGRATE_TEST_STOP_AT=before-swap "$MIGRATE" run -d held 1 --lock-timeout 100ms >"$dir/held.out" 2>"$dir/held.err" &
prog=$!
mig_stopped $prog || fail "held: the program did not reach its stop before the swap: $(cat "$dir/held.err")"
# A reader keeps its transaction open for 3 s; writers insert all along.
PGAPPNAME=holder psql -X -q -d held -c "BEGIN" -c "SELECT count(*) FROM accounts" -c "SELECT pg_sleep(3)" -c "COMMIT" >/dev/null &
blocker=$!
for _ in $(seq 200); do
    [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'holder' AND wait_event = 'PgSleep'")" = 1 ] && break
    sleep 0.05
done
cat >"$dir/writer.pgbench" <<'SQL'
INSERT INTO accounts (created_at, name) VALUES (clock_timestamp(), 'w' || :client_id || '_' || nextval('load_names'));
SQL
(cd "$dir" && pgbench -n -M simple -c 2 -j 2 -T 6 -l --log-prefix=writers -f writer.pgbench held >pgbench.out 2>&1) &
writers=$!
kill -CONT $prog
wait $prog; status=$?
wait $blocker $writers
check "held: run exits 0 once the transaction ends" "$status" 0
check_match "held: the swap says it could not lock within --lock-timeout and retries" "$(cat "$dir/held.err")" \
    '^swap: lock not granted within 100 ms \(attempt 1\), retrying in 50 ms'
check_match "held: ... and when it got through" "$(cat "$dir/held.err")" '^swap: done at attempt [0-9]+'
check_match "held: run reports the attempts with the lock hold" "$(cat "$dir/held.out")" 'swap: ACCESS EXCLUSIVE held [0-9.]+ ms \(server clock; [0-9.]+ ms from sending to reply\), [0-9]+ attempts'
check "held: swapped" "$(q -d held -c "SELECT phase FROM uidext_migrate.migration")" swapped
max_us=$(cat "$dir"/writers.* | awk '$3 > m { m = $3 } END { print m + 0 }')
echo "    writers: $(cat "$dir"/writers.* | wc -l) inserts during the retries, slowest $((max_us / 1000)) ms"
check "held: no writer's insert waited 1 s or more" "$([ "$max_us" -lt 1000000 ] && echo yes)" yes
check_ge "held: writers inserted while the swap retried" "$(cat "$dir"/writers.* | wc -l)" 10

echo "== the catalog changes between building the swap and taking its lock"
# ddl_while_swap_waits DB SQL: run stops once it built the swap's statements, another session
# runs SQL, run goes on; $status is its exit status, $dir/DB.err what it said.
ddl_while_swap_waits() {
    UIDEXT_MIGRATE_TEST_STOP_AT=swap-built "$MIGRATE" run -d "$1" 1 >"$dir/$1.out" 2>"$dir/$1.err" &
    local prog=$!
    mig_stopped $prog || fail "$1: the program did not reach its stop after building the swap: $(cat "$dir/$1.err")"
    q -d "$1" -c "$2"
    kill -CONT $prog
    wait $prog; status=$?
}
q -c "CREATE DATABASE moved"
mig_setup moved bigint 500
"$MIGRATE" plan -d moved --table accounts --into ulid --time-column created_at >/dev/null
# Another session's DDL on a table of the migration (one that does not wait for the catalog
# reads the build made): the statements built are stale.
ddl_while_swap_waits moved "CREATE INDEX added_meanwhile ON orders (amount)"
check "moved: run exits 0" "$status" 0
check_match "moved: the check after the lock saw the change, rolled back and built again" "$(cat "$dir/moved.err")" \
    "^swap: the tables' catalog changed before the lock \(attempt 1\), building again"
check "moved: swapped, the other session's index kept" \
    "$(q -d moved -c "SELECT phase FROM uidext_migrate.migration") $(q -d moved -c "SELECT count(*) FROM pg_indexes WHERE indexname = 'added_meanwhile'")" "swapped 1"
check "moved: every order's account_id is its account's new key" \
    "$(q -d moved -c "SELECT count(*) FROM orders o LEFT JOIN accounts a ON a.id = o.account_id WHERE a.id IS NULL OR o.legacy_account_id <> a.legacy_id")" 0

echo "== a foreign key into the key added after plan"
q -c "CREATE DATABASE latecomer"
mig_setup latecomer bigint 300
"$MIGRATE" plan -d latecomer --table accounts --into ulid --time-column created_at >/dev/null
q -d latecomer -c "CREATE TABLE invoices (id bigserial PRIMARY KEY, account_id bigint REFERENCES accounts)"
out=$("$MIGRATE" run -d latecomer 1 2>&1); status=$?
check_match "latecomer: run refuses (exit 2), names the new key, says what to do" "$status $(tr '\n' ' ' <<<"$out")" \
    '^2 uidext-migrate: migration 1: the foreign keys into public.accounts.id changed \(added since the plan: invoices_account_id_fkey on public.invoices\).*hint: uidext-migrate abort, then plan again'
check "latecomer: ... and changed nothing" "$(q -d latecomer -c "SELECT phase FROM uidext_migrate.migration") $(q -d latecomer -c "SELECT count(*) FROM pg_attribute WHERE attname LIKE 'uidext%'")" "planned 0"
q -d latecomer -c "DROP TABLE invoices"
# Added while the swap's statements wait for the lock: the catalog check sees it, the rebuild refuses.
ddl_while_swap_waits latecomer "CREATE TABLE invoices (id bigserial PRIMARY KEY, account_id bigint REFERENCES accounts)"
check_match "latecomer at the swap: exit 2, nothing swapped, the new key named" \
    "$status $(q -d latecomer -c "SELECT phase FROM uidext_migrate.migration") $(tr '\n' ' ' <"$dir/latecomer.err")" \
    '^2 swap .*added since the plan: invoices_account_id_fkey on public.invoices'
check "latecomer: abort, plan again, run: swapped with the new table's key carried" \
    "$("$MIGRATE" abort -d latecomer 1 >/dev/null; "$MIGRATE" plan -d latecomer --table accounts --into ulid --time-column created_at | head -1; "$MIGRATE" run -d latecomer 2 >/dev/null 2>&1; echo $?) $(q -d latecomer -c "SELECT phase FROM uidext_migrate.migration WHERE id = 2") $(q -d latecomer -c "SELECT atttypid::regtype FROM pg_attribute WHERE attrelid = 'invoices'::regclass AND attname = 'account_id'")" \
    "2
0 swapped ulid"

echo "== two runs of one migration at once"
q -c "CREATE DATABASE twice"
mig_setup twice bigint 2000
"$MIGRATE" plan -d twice --table accounts --into ulid --time-column created_at >/dev/null
UIDEXT_MIGRATE_TEST_STOP_AT=backfill "$MIGRATE" run -d twice 1 >/dev/null 2>&1 &
prog=$!
mig_stopped $prog || fail "twice: the first run did not reach its stop in the backfill"
out=$("$MIGRATE" run -d twice 1 2>&1); status=$?
check_match "twice: the second run is refused (exit 2) while the first holds the migration" "$status $out" \
    '^2 uidext-migrate: migration 1 is being worked on by another uidext-migrate \(backend pid [0-9]+\)'
check "twice: ... and changed nothing (still in backfill)" "$(q -d twice -c "SELECT phase FROM uidext_migrate.migration")" backfill
kill -9 $prog; wait $prog 2>/dev/null
for _ in $(seq 100); do [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uidext-migrate'")" = 0 ] && break; sleep 0.1; done
check "twice: once the first is gone, run resumes and swaps" "$("$MIGRATE" run -d twice 1 >/dev/null 2>&1; echo $?) $(q -d twice -c "SELECT phase FROM uidext_migrate.migration")" "0 swapped"

echo "== privileges: the owner, a third party, a superuser"
q -c "CREATE ROLE alice LOGIN" -c "CREATE ROLE mallory LOGIN" -c "CREATE DATABASE shared" -c "GRANT ALL ON DATABASE shared TO alice, mallory"
q -d shared -c "CREATE EXTENSION uidext" -c "CREATE SCHEMA app AUTHORIZATION alice" -c "GRANT USAGE ON SCHEMA app TO mallory"
# mallory (CREATE on the database) takes the state's schema name first, with a table shaped like
# the state table that everyone may write, before anyone installs uidext_migrate.
PGUSER=mallory q -d shared <<'SQL'
CREATE SCHEMA uidext_migrate;
CREATE TABLE uidext_migrate.migration (id bigint PRIMARY KEY, relid oid, key_att smallint, time_att smallint, into_type text,
    from_uuid boolean, phase text DEFAULT 'planned', new_att smallint, refs jsonb DEFAULT '[]', detail jsonb DEFAULT '{}',
    planned_by name DEFAULT current_user, planned_at timestamptz DEFAULT now(), updated_at timestamptz DEFAULT now());
GRANT USAGE ON SCHEMA uidext_migrate TO PUBLIC;
GRANT ALL ON uidext_migrate.migration TO PUBLIC;
SQL
check "mallory's schema first: a superuser's CREATE EXTENSION uidext_migrate fails" \
    "$(q -d shared -c "CREATE EXTENSION uidext_migrate" 2>&1 | head -1)" 'ERROR:  schema "uidext_migrate" already exists'
check "... and alice's trusted one too" \
    "$(PGUSER=alice q -d shared -c "CREATE EXTENSION uidext_migrate" 2>&1 | head -1)" 'ERROR:  schema "uidext_migrate" already exists'
check "... nothing of ours in mallory's schema: no extension, her table alone, no extension member in it" \
    "$(q -d shared -c "SELECT count(*) FROM pg_extension WHERE extname = 'uidext_migrate'" \
         -c "SELECT string_agg(relname || ' ' || pg_get_userbyid(relowner), ', ') FROM pg_class WHERE relnamespace = 'uidext_migrate'::regnamespace AND relkind = 'r'" \
         -c "SELECT count(*) FROM pg_depend WHERE deptype = 'e' AND (objid = 'uidext_migrate'::regnamespace OR objid IN (SELECT oid FROM pg_class WHERE relnamespace = 'uidext_migrate'::regnamespace))")" \
    "0
migration mallory
0"
out=$(PGUSER=alice "$MIGRATE" plan -d shared --table app.kid --into ulid --time-column id 2>&1); status=$?
check_match "... uidext-migrate refuses to plan (exit 2) and says how to install the extension" "$status $(tr '\n' ' ' <<<"$out")" \
    '^2 uidext-migrate: extension uidext_migrate is not installed in this database.* hint: CREATE EXTENSION uidext_migrate'
check "... and wrote nothing into mallory's table of that name" "$(q -d shared -c "SELECT count(*) FROM uidext_migrate.migration")" 0
q -d shared -c "DROP SCHEMA uidext_migrate CASCADE" 2>/dev/null
PGUSER=alice q -d shared -c "CREATE EXTENSION uidext_migrate" || fail "alice's CREATE EXTENSION uidext_migrate once mallory's schema is gone"
check "alice's trusted install: the extension alice's, the schema and the table the bootstrap superuser's" \
    "$(q -d shared -c "SELECT pg_get_userbyid(extowner) FROM pg_extension WHERE extname = 'uidext_migrate'" \
         -c "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'uidext_migrate'" \
         -c "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'uidext_migrate.migration'::regclass")" \
    "alice
postgres
postgres"
check_match "mallory cannot create in the schema uidext_migrate" \
    "$(PGUSER=mallory q -d shared -c "CREATE TABLE uidext_migrate.planted (id int)" 2>&1)" 'permission denied for schema uidext_migrate'
check_match "mallory cannot drop the state table" \
    "$(PGUSER=mallory q -d shared -c "DROP TABLE uidext_migrate.migration" 2>&1)" 'must be owner of table migration'
PGUSER=alice q -d shared <<'SQL'
CREATE TABLE app."acc'""; $f$ x" ("i$f$d" bigserial PRIMARY KEY, "t;--" timestamptz NOT NULL DEFAULT now(), v text);
CREATE TABLE app.kid (id bigserial PRIMARY KEY, "p""id" bigint NOT NULL REFERENCES app."acc'""; $f$ x" ON DELETE CASCADE);
INSERT INTO app."acc'""; $f$ x" (v) SELECT g::text FROM generate_series(1, 100) g;
INSERT INTO app.kid ("p""id") SELECT "i$f$d" FROM app."acc'""; $f$ x";
GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA app TO mallory;
SQL
check_match "mallory cannot plan a migration of alice's table" \
    "$(PGUSER=mallory "$MIGRATE" plan -d shared --table "app.\"acc'\"\"; \$f\$ x\"" --into ulid --time-column 't;--' 2>&1 | tr '\n' ' '; echo "exit ${PIPESTATUS[0]}")" \
    'runs as the table.s owner alice, and you cannot SET ROLE to it.*exit 2'
id=$(PGUSER=alice "$MIGRATE" plan -d shared --table "app.\"acc'\"\"; \$f\$ x\"" --into ulid --time-column 't;--' | head -1)
check_match "alice plans it (names with quotes, a dollar quote, a semicolon)" "$id" '^[0-9]+$'
check "mallory does not see alice's migration" "$(PGUSER=mallory "$MIGRATE" status -d shared)" ""
check_match "mallory cannot run it" "$(PGUSER=mallory "$MIGRATE" run -d shared "$id" 2>&1 | tr '\n' ' '; echo "exit ${PIPESTATUS[0]}")" 'no migration 1 \(or not one of yours.*exit 2'
check_match "mallory cannot abort it" "$(PGUSER=mallory "$MIGRATE" abort -d shared "$id" 2>&1 | tr '\n' ' '; echo "exit ${PIPESTATUS[0]}")" 'no migration 1 .*exit 2'
check "mallory's UPDATE of the state finds no row" "$(PGUSER=mallory q -d shared -c "UPDATE uidext_migrate.migration SET phase = 'aborted' RETURNING id")" ""
check_match "mallory cannot forge a state row for alice's table (row-level security)" \
    "$(PGUSER=mallory q -d shared -c "INSERT INTO uidext_migrate.migration (relid, key_att, time_att, into_type, from_uuid) VALUES ('app.kid'::regclass, 1, 1, 'ulid', false)" 2>&1)" \
    'new row violates row-level security policy'
# Ids: the identity gives them; no one may set one (a row planted at an id the sequence will
# give another role's plan later, hidden from that role, would make its plan fail).
PGUSER=mallory q -d shared -c "CREATE SCHEMA mal" -c "CREATE TABLE mal.t (id bigint PRIMARY KEY, at timestamptz NOT NULL)" \
    -c "INSERT INTO uidext_migrate.migration (relid, key_att, time_att, into_type, from_uuid) VALUES ('mal.t'::regclass, 1, 2, 'ulid', false)"
check_match "mallory cannot plant a state row at an id of her choice" \
    "$(PGUSER=mallory q -d shared -c "INSERT INTO uidext_migrate.migration (id, relid, key_att, time_att, into_type, from_uuid) OVERRIDING SYSTEM VALUE VALUES (1000, 'mal.t'::regclass, 1, 2, 'ulid', false)" 2>&1)" \
    'permission denied for table migration'
check_match "... nor move her own row to one" \
    "$(PGUSER=mallory q -d shared -c "UPDATE uidext_migrate.migration SET id = DEFAULT" 2>&1)" 'permission denied for table migration'
check_match "... nor name another planner" \
    "$(PGUSER=mallory q -d shared -c "UPDATE uidext_migrate.migration SET planned_by = 'alice'" 2>&1)" 'permission denied for table migration'
PGUSER=mallory q -d shared -c "DELETE FROM uidext_migrate.migration" -c "DROP SCHEMA mal CASCADE"
out=$("$MIGRATE" run -d shared "$id" 2>&1)
check "a superuser runs alice's migration: exit 0" "$?" 0
check "... everything it created is alice's (sync functions), nothing the superuser's" \
    "$(q -d shared -c "SELECT string_agg(DISTINCT pg_get_userbyid(proowner), ',') FROM pg_proc WHERE proname LIKE 'uidext${id}_%'")" alice
check "... the odd names came through: key, legacy key, referencing column" \
    "$(q -d shared -c "SELECT string_agg(format('%s %s', attname, format_type(atttypid, NULL)), ', ' ORDER BY attname) FROM pg_attribute WHERE attrelid IN ('app.\"acc''\"\"; \$f\$ x\"'::regclass, 'app.kid'::regclass) AND attname IN ('i\$f\$d', 'legacy_i\$f\$d', 'p\"id', 'legacy_p\"id')")" \
    'i$f$d ulid, legacy_i$f$d bigint, legacy_p"id bigint, p"id ulid'
check "... alice inserts through the sync triggers; the kid's legacy column follows" \
    "$(PGUSER=alice q -d shared -c "WITH a AS (INSERT INTO app.\"acc'\"\"; \$f\$ x\" (v) VALUES ('new') RETURNING \"i\$f\$d\") INSERT INTO app.kid (\"p\"\"id\") SELECT \"i\$f\$d\" FROM a RETURNING \"legacy_p\"\"id\" > 100")" t
check "mallory can still only read and insert: no access to the sync functions" \
    "$(PGUSER=mallory q -d shared -c "SELECT bool_or(has_function_privilege('mallory', oid, 'EXECUTE')) FROM pg_proc WHERE proname LIKE 'uidext${id}_%'")" f

echo "== a dump of that database, restored by its owner (not a superuser)"
"$UIDEXT_PGBIN/pg_dump" -d shared -f "$dir/shared.sql" || fail "pg_dump shared"
check "the dump creates uidext_migrate and holds neither its schema nor its table (extension members) nor its rows" \
    "$(grep -c '^CREATE EXTENSION IF NOT EXISTS uidext_migrate WITH SCHEMA pg_catalog;$' "$dir/shared.sql") $(grep -cE 'SCHEMA uidext_migrate|uidext_migrate\.migration' "$dir/shared.sql")" "1 0"
q -c "CREATE DATABASE shared_copy OWNER alice"
out=$(PGUSER=alice psql -X -q -v ON_ERROR_STOP=1 --single-transaction -d shared_copy -f "$dir/shared.sql" 2>&1 >/dev/null); status=$?
check "alice restores it in one transaction: exit 0, no error" "$status $out" "0 "
check "... uidext_migrate is there as a fresh install has it: schema and table the bootstrap superuser's, no row" \
    "$(q -d shared_copy -c "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'uidext_migrate'" \
         -c "SELECT pg_get_userbyid(relowner) || ' ' || relrowsecurity FROM pg_class WHERE oid = 'uidext_migrate.migration'::regclass" \
         -c "SELECT count(*) FROM uidext_migrate.migration")" \
    "postgres
postgres true
0"
PGUSER=alice q -d shared_copy -c "CREATE TABLE app.fresh (id bigserial PRIMARY KEY, t timestamptz NOT NULL DEFAULT now())"
check "... and alice plans a migration there: migration 1, recorded" \
    "$(PGUSER=alice "$MIGRATE" plan -d shared_copy --table app.fresh --into ulid --time-column t 2>&1 | head -1) $(q -d shared_copy -c "SELECT relid::regclass FROM uidext_migrate.migration")" \
    "1 app.fresh"

echo "== refusals"
q -c "CREATE DATABASE refusals"
q -c "CREATE DATABASE old_uidext"
q -d old_uidext -c "CREATE EXTENSION uidext VERSION '1.4'" -c "CREATE TABLE t (id bigserial PRIMARY KEY, t timestamptz NOT NULL)"
check "plan where uidext is 1.4 (and no uidext_migrate): exit 2, update uidext first" \
    "$("$MIGRATE" plan -d old_uidext --table t --into ulid --time-column t 2>&1; echo "exit $?")" \
    "uidext-migrate: uidext is older than 1.5 here (version 1.4, no ulid_from_legacy): ALTER EXTENSION uidext UPDATE
exit 2"
q -d refusals <<'SQL'
CREATE EXTENSION uidext;
CREATE EXTENSION uidext_migrate;
CREATE TABLE parted (id bigint, t timestamptz NOT NULL, PRIMARY KEY (id)) PARTITION BY RANGE (id);
CREATE TABLE composite (a bigint, b bigint, t timestamptz NOT NULL, PRIMARY KEY (a, b));
CREATE TABLE ruled (id bigserial PRIMARY KEY, t timestamptz NOT NULL);
CREATE RULE ruled_log AS ON DELETE TO ruled DO ALSO NOTIFY ruled;
CREATE TABLE negative (id bigserial PRIMARY KEY, t timestamptz NOT NULL);
INSERT INTO negative (id, t) VALUES (-5, now()), (1, now());
CREATE TABLE nullable_time (id bigserial PRIMARY KEY, t timestamptz);
CREATE TABLE old_times (id bigserial PRIMARY KEY, t timestamptz NOT NULL);
INSERT INTO old_times (t) VALUES ('1969-12-31 23:59:59+00');
CREATE TABLE matview_base (id bigserial PRIMARY KEY, t timestamptz NOT NULL);
CREATE MATERIALIZED VIEW mv AS SELECT id FROM matview_base;
CREATE TABLE policed (id bigserial PRIMARY KEY, t timestamptz NOT NULL);
CREATE POLICY p ON policed USING (id > 0);
CREATE TABLE no_key (id bigint, t timestamptz NOT NULL);
CREATE TABLE uuid_key (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), t timestamptz NOT NULL);
CREATE TABLE viewed (id bigserial PRIMARY KEY, t timestamptz NOT NULL);
CREATE VIEW v1 AS SELECT id FROM viewed;
CREATE VIEW v2 AS SELECT id FROM v1;
SQL
refused() {  # TABLE REGEX [OPTIONS]
    local out; out=$("$MIGRATE" plan -d refusals --table "$1" --into ulid --time-column t ${3:-} 2>&1); local status=$?
    check_match "plan refuses $1 (exit 2, the reason)" "$status $(tr '\n' ' ' <<<"$out")" "$2"
}
refused parted '^2 refused.*partitioned tables are not handled'
refused composite '^2 refused.*composite primary key'
refused ruled '^2 refused.*rule .?ruled_log.? \(rules are not handled'
refused negative '^2 refused.*holds negative ids \(smallest -5\)'
refused nullable_time '^2 refused.*allows NULL'
refused old_times '^2 refused.*1 rows have a time before 1970-01-01'
refused matview_base '^2 refused.*materialized view over the key'
refused policed '^2 refused.*policy p on table policed: policies over the key column'
refused no_key '^2 uidext-migrate: .*has no primary key'
refused uuid_key '^2 refused.*the key id is uuid: 1.5 migrates bigint and integer keys \(uuid with --from-uuid\)'
refused viewed '^2 refused.*view public.v1: cannot be rebuilt at the swap: other views or rules depend on it'
check "a refused plan records no migration" "$(q -d refusals -c "SELECT count(*) FROM uidext_migrate.migration")" 0
check_match "uidext_migrate stays in its schema: ALTER EXTENSION ... SET SCHEMA refused" \
    "$(q -d refusals -c "ALTER EXTENSION uidext_migrate SET SCHEMA public" 2>&1)" 'extension "uidext_migrate" does not support SET SCHEMA'
check_match "DROP EXTENSION uidext refused while uidext_migrate requires it" \
    "$(q -d refusals -c "DROP EXTENSION uidext" 2>&1 | tr '\n' ' ')" 'cannot drop extension uidext .*extension uidext_migrate depends on extension uidext'
finish
