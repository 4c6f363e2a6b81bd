#!/usr/bin/env bash
# What runs with rights the caller lacks reaches nothing another role made (#35 items 1 and 5),
# played by a third party, alice, who has CREATE on schema app of database t2 (owned by dbo), or
# on public as on 14, against a DBA's audit event trigger that relies on the session's
# search_path (1.4 ran typeid_define's DDL as the bootstrap superuser with search_path = "<the
# type's schema>, pg_temp": the trigger wrote into alice's table, whose row trigger made her a
# superuser):
# - dbo's typeid_define in app, a superuser's, typeid_drop, alice's own in her own schema, a
#   type in public with GRANT CREATE ON SCHEMA public TO PUBLIC (14's default), and a trigger
#   that calls an unqualified helper function (never looked up in pg_temp): alice's code never
#   runs as a superuser, she stays an ordinary role, the call fails with the trigger's error;
# - the safe audit trigger of doc/typeid.md (run from the page) logs typeid_define's DDL beside
#   alice's planted objects, and during a trusted CREATE EXTENSION into her schema;
# - typeid_drop in REPEATABLE READ beside bob's column made after the snapshot, in READ
#   COMMITTED with bob's column uncommitted when it starts (an event trigger holds its DROP
#   FUNCTION until bob commits), and in a database whose catalog is still 1.4's (its check reads
#   the old snapshot: the guard of the DROP TYPE ... CASCADE refuses): 2BP01 naming the column,
#   bob's 100 keys kept (1.4 dropped the column silently).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters routes' EXIT
cluster_start routes

qv() { q -v VERBOSITY=verbose "$@" 2>&1; }
super() { q -c "SELECT rolsuper FROM pg_roles WHERE rolname = '$1'"; }
# route NAME OUTPUT: the three checks of one route. Then resets alice (an ordinary role, her
# code's log empty), so that routes stay apart.
route() {
    local state
    state=$(q -d t2 -c "SELECT rolsuper, (SELECT count(*) FROM alice_runs.log) FROM pg_roles WHERE rolname = 'alice'" \
              -c "TRUNCATE alice_runs.log" -c "ALTER ROLE alice NOSUPERUSER")
    check "$1: alice is not a superuser" "${state%%|*}" f
    check_match "$1: the call fails with the audit trigger's error" "$2" 'ERROR:  42(P01|883): (relation "ddl_log"|function note_ddl\(.*\)) does not exist'
    check "$1: alice's code never ran as a superuser" "${state##*|}" 0
}

q <<'SQL'
CREATE ROLE dbo LOGIN;
CREATE ROLE alice LOGIN;
CREATE ROLE bob LOGIN;
CREATE DATABASE t2 OWNER dbo;
SQL
q -U dbo -d t2 <<'SQL'
CREATE EXTENSION uidext;
CREATE SCHEMA app;
GRANT USAGE, CREATE ON SCHEMA app TO alice;
GRANT USAGE ON SCHEMA app TO bob;
SQL
# Where alice's code records that it ran as a superuser (hers in spirit; the test reads it).
# A DBA's audit, as commonly written: unqualified names, found through the session's path.
q -d t2 <<'SQL'
CREATE SCHEMA alice_runs;
CREATE TABLE alice_runs.log (who name);
GRANT USAGE ON SCHEMA alice_runs TO PUBLIC;
GRANT INSERT ON alice_runs.log TO PUBLIC;
CREATE SCHEMA dba;
CREATE TABLE dba.ddl_log (tag text, who name);
CREATE FUNCTION dba.note_ddl(tag text) RETURNS void LANGUAGE sql AS 'INSERT INTO dba.ddl_log VALUES (tag, current_user)';
GRANT USAGE ON SCHEMA dba TO PUBLIC;
GRANT INSERT ON dba.ddl_log TO PUBLIC;
CREATE FUNCTION dba.audit_table() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO ddl_log (tag, who) VALUES (tg_tag, current_user);
END
$$;
CREATE FUNCTION dba.audit_helper() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_ddl(tg_tag);
END
$$;
ALTER DATABASE t2 SET search_path = "$user", public, dba;
CREATE EVENT TRIGGER audit_table ON ddl_command_end EXECUTE FUNCTION dba.audit_table();
CREATE EVENT TRIGGER audit_helper ON ddl_command_end EXECUTE FUNCTION dba.audit_helper();
ALTER EVENT TRIGGER audit_helper DISABLE;
SQL
# alice plants a ddl_log whose row trigger escalates when a superuser writes to it.
q -U alice -d t2 <<'SQL'
CREATE FUNCTION app.escalate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
        INSERT INTO alice_runs.log VALUES (current_user);
        EXECUTE 'ALTER ROLE alice SUPERUSER';
    END IF;
    RETURN NEW;
END
$$;
CREATE TABLE app.ddl_log (tag text, who name);
GRANT INSERT ON app.ddl_log TO PUBLIC;
CREATE TRIGGER escalate BEFORE INSERT ON app.ddl_log FOR EACH ROW EXECUTE FUNCTION app.escalate();
SQL

echo "== H1: a third party with CREATE on the type's schema"
out=$(qv -U dbo -d t2 -c "SET search_path = app, public" -c "SELECT typeid_define('user')")
route "dbo's typeid_define('user') in app" "$out"
check "and no type was made" "$(q -d t2 -c "SELECT to_regtype('app.user_id') IS NULL")" t

out=$(qv -d t2 -c "SET search_path = app, public" -c "SELECT typeid_define('staff')")
route "a superuser's typeid_define in app" "$out"

q -d t2 -c "ALTER EVENT TRIGGER audit_table DISABLE"
q -U dbo -d t2 -c "SET search_path = app, public" -c "SELECT typeid_define('acct')" >/dev/null
q -d t2 -c "ALTER EVENT TRIGGER audit_table ENABLE"
out=$(qv -U dbo -d t2 -c "SET search_path = app, public" -c "SELECT typeid_drop('app.acct_id')")
route "dbo's typeid_drop in app" "$out"
check "and the type is still there" "$(q -d t2 -c "SELECT to_regtype('app.acct_id') IS NOT NULL")" t

echo "== the caller's own schema"
q -U dbo -d t2 -c "GRANT CREATE ON DATABASE t2 TO alice"
q -U alice -d t2 <<'SQL'
CREATE SCHEMA alice;
CREATE TABLE alice.ddl_log (tag text, who name);
GRANT INSERT ON alice.ddl_log TO PUBLIC;
CREATE TRIGGER escalate BEFORE INSERT ON alice.ddl_log FOR EACH ROW EXECUTE FUNCTION app.escalate();
SQL
out=$(qv -U alice -d t2 -c "SET search_path = alice, public" -c "SELECT typeid_define('mine')")
route "alice's typeid_define in her own schema" "$out"
q -U dbo -d t2 -c "REVOKE CREATE ON DATABASE t2 FROM alice"

echo "== 14's routes: public open to all, and a helper function"
q -d t2 -c "GRANT CREATE ON SCHEMA public TO PUBLIC"
q -U alice -d t2 <<'SQL'
CREATE TABLE public.ddl_log (tag text, who name);
GRANT INSERT ON public.ddl_log TO PUBLIC;
CREATE TRIGGER escalate BEFORE INSERT ON public.ddl_log FOR EACH ROW EXECUTE FUNCTION app.escalate();
SQL
out=$(qv -U dbo -d t2 -c "SET search_path = public" -c "SELECT typeid_define('pub')")
route "dbo's typeid_define in public" "$out"
q -U alice -d t2 -c "DROP TABLE public.ddl_log"

q -d t2 -c "ALTER EVENT TRIGGER audit_table DISABLE" -c "ALTER EVENT TRIGGER audit_helper ENABLE"
# alice's note_ddl(text) in public: the trigger's unqualified call finds it before dba's.
q -U alice -d t2 <<'SQL'
CREATE FUNCTION public.note_ddl(tag text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
        INSERT INTO alice_runs.log VALUES (current_user);
        EXECUTE 'ALTER ROLE alice SUPERUSER';
    END IF;
END
$$;
SQL
out=$(qv -U dbo -d t2 -c "SET search_path = public" -c "SELECT typeid_define('helper')")
route "an audit trigger's unqualified helper function, dbo's typeid_define in public" "$out"
out=$(qv -d t2 -c "SET search_path = public" -c "SELECT typeid_define('helper_two')")
route "the same, a superuser's typeid_define" "$out"
q -d t2 -c "ALTER EVENT TRIGGER audit_helper DISABLE" -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC"

echo "== the page's audit trigger beside alice's planted table and function"
safe_trigger=$(awk '/083_privileged_routes.sh runs this block/ {found = 1} found && /^```sql/ {body = 1; next}
                    body && /^```/ {exit} body {print}' doc/typeid.md)
check_match "doc/typeid.md has the block" "$safe_trigger" 'SET search_path = pg_catalog, pg_temp'
q -d t2 <<<"$safe_trigger" >/dev/null
out=$(q -U dbo -d t2 -c "SET search_path = app, public" -c "SELECT typeid_define('audited')::text" 2>&1)
check "dbo's typeid_define in app works" "$out" audited_id
check "the page's trigger logged it, as dbo's" \
    "$(q -d t2 -c "SELECT DISTINCT who, object FROM audit.ddl_log WHERE tag = 'CREATE TYPE'")" "dbo|app.audited_id"
check "and typeid_drop works beside it" \
    "$(q -U dbo -d t2 -c "SELECT typeid_drop('app.audited_id')" -c "SELECT to_regtype('app.audited_id') IS NULL")" "
t"
check "alice is not a superuser, her code never ran as a superuser" \
    "$(q -d t2 -c "SELECT rolsuper, (SELECT count(*) FROM alice_runs.log) FROM pg_roles WHERE rolname = 'alice'")" "f|0"
# A trusted CREATE EXTENSION runs its script as the bootstrap superuser with search_path =
# "<schema>, pg_temp" (PostgreSQL's rule for every trusted extension): with the page's trigger,
# alice's app.ddl_log is not reached either.
q -d t2 -c "CREATE DATABASE t3 OWNER dbo"
q -U dbo -d t3 -c "CREATE SCHEMA app" -c "GRANT USAGE, CREATE ON SCHEMA app TO alice"
q -d t3 <<<"$safe_trigger" >/dev/null
q -U alice -d t3 <<'SQL'
CREATE FUNCTION app.escalate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
        EXECUTE 'ALTER ROLE alice SUPERUSER';
    END IF;
    RETURN NEW;
END
$$;
CREATE TABLE app.ddl_log (tag text, who name);
GRANT INSERT ON app.ddl_log TO PUBLIC;
CREATE TRIGGER escalate BEFORE INSERT ON app.ddl_log FOR EACH ROW EXECUTE FUNCTION app.escalate();
SQL
q -U dbo -d t3 -c "CREATE EXTENSION uidext SCHEMA app"
check "dbo's trusted CREATE EXTENSION uidext SCHEMA app beside it: logged" \
    "$(q -d t3 -c "SELECT count(*) > 100 FROM audit.ddl_log WHERE who = 'dbo'")" t
check "and alice is not a superuser" "$(super alice)" f

echo "== typeid_drop beside another role's column, whatever the isolation level"
q -U dbo -d t2 -c "SET search_path = app, public" -c "SELECT typeid_define('order')" -c "SELECT typeid_define('item')" >/dev/null
q -d t2 -c "CREATE SCHEMA bob AUTHORIZATION bob"
q -U bob -d t2 -c "CREATE TABLE bob.orders AS SELECT g AS n FROM generate_series(1, 100) g" \
    -c "CREATE TABLE bob.items AS SELECT g AS n FROM generate_series(1, 100) g"
out=$(qv -U dbo -d t2 <<'SQL'
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT count(*) FROM pg_catalog.pg_attribute;  -- the transaction's snapshot
\! psql -X -q -U bob -d t2 -c "ALTER TABLE bob.orders ADD COLUMN ref app.order_id" -c "UPDATE bob.orders SET ref = app.gen_order_id()"
SELECT typeid_drop('app.order_id');
COMMIT;
SQL
)
check_match "REPEATABLE READ: refused with 2BP01" "$out" 'ERROR:  2BP01: cannot drop type app.order_id because other objects depend on it'
check_match "naming bob's column" "$out" 'column ref of table bob.orders'
check "bob's 100 keys are there" "$(q -d t2 -c "SELECT count(ref) FROM bob.orders" 2>&1)" 100

# READ COMMITTED, bob's column uncommitted when typeid_drop starts: an event trigger holds each
# DROP FUNCTION of its DDL until bob commits (1.4 checked at once, then its DROP TYPE ... CASCADE
# took the column). 1.5 locks the type first: it waits for bob, then sees the column; where a new
# column takes no lock on its type, the guard of the DROP TYPE refuses it.
q -d t2 <<'SQL'
CREATE FUNCTION dba.hold() RETURNS event_trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM pg_catalog.pg_advisory_xact_lock(35);
END
$$;
CREATE EVENT TRIGGER hold ON ddl_command_start WHEN TAG IN ('DROP FUNCTION') EXECUTE FUNCTION dba.hold();
SQL
dir=$(cluster_dir routes)
rm -f "$dir/bob.in"; mkfifo "$dir/bob.in"
psql -X -q -U bob -d t2 <"$dir/bob.in" >"$dir/bob.out" 2>&1 &
bob=$!
exec 7>"$dir/bob.in"
echo "BEGIN; SELECT pg_advisory_xact_lock(35); ALTER TABLE bob.items ADD COLUMN ref app.item_id;
      UPDATE bob.items SET ref = app.gen_item_id();" >&7
echo "\\! touch $dir/bob.ready" >&7
for _ in $(seq 300); do [ -e "$dir/bob.ready" ] && break; sleep 0.1; done
qv -U dbo -d t2 -c "SELECT typeid_drop('app.item_id')" >"$dir/drop.out" &
dropper=$!
# Until typeid_drop waits: for bob's lock on the type (its new column holds one, on 15.20 at
# least) or at the held DROP FUNCTION (at most 30 s).
q -c "DO \$\$ BEGIN FOR i IN 1..600 LOOP
          EXIT WHEN EXISTS (SELECT FROM pg_catalog.pg_locks WHERE NOT granted);
          PERFORM pg_catalog.pg_sleep(0.05);
      END LOOP; END \$\$"
echo "COMMIT;" >&7
exec 7>&-
wait "$bob"
wait "$dropper"
out=$(cat "$dir/drop.out")
check_match "READ COMMITTED, the column committed during the drop: refused with 2BP01" "$out" \
    'ERROR:  2BP01: cannot drop type app.item_id because other objects depend on it'
check_match "naming bob's column" "$out" 'column ref of table bob.items'
check "bob's 100 keys are there" "$(q -d t2 -c "SELECT count(ref) FROM bob.items" 2>&1)" 100
q -d t2 -c "DROP EVENT TRIGGER hold"

# The guard itself: a database whose catalog is still 1.4's (the library updated, ALTER EXTENSION
# not run yet) has the VOLATILE DDL maker, whose check reads the REPEATABLE READ snapshot and
# misses bob's newer column; the DROP TYPE ... CASCADE then meets it.
q -c "CREATE DATABASE t4 OWNER dbo"
q -U dbo -d t4 -c "CREATE EXTENSION uidext VERSION '1.4'" -c "SELECT typeid_define('line')" >/dev/null
q -d t4 -c "CREATE SCHEMA bob AUTHORIZATION bob"
q -U bob -d t4 -c "CREATE TABLE bob.lines AS SELECT g AS n FROM generate_series(1, 100) g"
out=$(qv -U dbo -d t4 <<'SQL'
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT count(*) FROM pg_catalog.pg_attribute;  -- the transaction's snapshot
\! psql -X -q -U bob -d t4 -c "ALTER TABLE bob.lines ADD COLUMN ref public.line_id" -c "UPDATE bob.lines SET ref = public.gen_line_id()"
SELECT typeid_drop('public.line_id');
COMMIT;
SQL
)
check_match "a 1.4 catalog, REPEATABLE READ: refused with 2BP01" "$out" \
    'ERROR:  2BP01: cannot drop type public.line_id because other objects depend on it'
check_match "naming bob's column" "$out" 'DETAIL:  column ref of table bob.lines'
check_match "by the guard of the DROP TYPE ... CASCADE" "$out" "HINT:  .*typeid_drop never drops another's object"
check "bob's 100 keys are there" "$(q -d t4 -c "SELECT count(ref) FROM bob.lines" 2>&1)" 100
check "with bob's column gone, the type drops" \
    "$(q -U bob -d t2 -c "ALTER TABLE bob.items DROP COLUMN IF EXISTS ref" && q -U dbo -d t2 -c "SELECT typeid_drop('app.item_id')" -c "SELECT to_regtype('app.item_id') IS NULL")" "
t"

finish
