#!/usr/bin/env bash
# TypeID types made by typeid_define() (#26), as a non-superuser of a trusted install would:
# who may define and drop them, then pg_dump/pg_restore (into a new database and into one that
# has uidext already), pg_upgrade (to a new cluster of this server's major, or of the major
# whose pg_config TYPEID_UPGRADE_PG_CONFIG names, with uidext installed there), and the update
# path 1.2 -> 1.3. After each: the same rows, the prefixes still checked, the indexes used,
# gen_<type>() and typeid_drop() still working.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters typeid typeid_new' EXIT
cluster_start typeid
work=$UIDEXT_CLUSTER_ROOT/typeid-files
mkdir -p "$work"
chown postgres: "$work" 2>/dev/null

q -c "CREATE ROLE app LOGIN" -c "CREATE ROLE intruder LOGIN" -c "CREATE DATABASE appdb OWNER app"
# The database owner installs the trusted extension and defines types in its own schema.
q -U app -d appdb <<'SQL'
CREATE EXTENSION uidext;
CREATE SCHEMA ids;
SET search_path = ids, public;
SELECT typeid_define('user'), typeid_define('org', 'org_key');
CREATE TABLE ids.orgs (id org_key PRIMARY KEY DEFAULT gen_org_key(), name text);
CREATE TABLE ids.users (
    id user_id PRIMARY KEY DEFAULT gen_user_id(),
    org org_key NOT NULL REFERENCES ids.orgs,
    seen user_id[],
    ref typeid,
    n integer);
CREATE INDEX users_org ON ids.users USING hash (org);
CREATE INDEX users_id_brin ON ids.users USING brin (id);
CREATE INDEX users_ref ON ids.users (ref);
INSERT INTO ids.orgs (name) SELECT 'org ' || g FROM generate_series(1, 10) g;
INSERT INTO ids.users (org, ref, n)
SELECT (SELECT id FROM ids.orgs ORDER BY id OFFSET g % 10 LIMIT 1), typeid_format('acct', uuidv7())::typeid, g
FROM generate_series(1, 3000) g;
UPDATE ids.users SET seen = ARRAY[id, gen_user_id()] WHERE n % 100 = 0;
INSERT INTO ids.users (id, org, ref, n)
VALUES ('user_01h455vb4pex5vsknk084sn02q', (SELECT min(id) FROM ids.orgs), 'user_01h455vb4pex5vsknk084sn02q', 0);
CREATE VIEW ids.user_orgs AS SELECT u.id, o.name FROM ids.users u JOIN ids.orgs o ON o.id = u.org;
ANALYZE ids.orgs, ids.users;
SQL
check "the types belong to the role that defined them" \
    "$(q -d appdb -c "SELECT string_agg(typname || ':' || typowner::regrole, ' ' ORDER BY typname) FROM pg_type WHERE typname IN ('user_id', 'org_key')")" \
    "org_key:app user_id:app"
check "their C functions belong to the bootstrap superuser" \
    "$(q -d appdb -c "SELECT DISTINCT proowner::regrole FROM pg_proc WHERE pronamespace = 'ids'::regnamespace")" postgres

# Who may do what: intruder may use schema ids and create in public only.
q -d appdb -c "GRANT USAGE ON SCHEMA ids TO intruder" -c "GRANT CREATE ON SCHEMA public TO intruder" >/dev/null
check_match "a role without CREATE on the schema cannot define a type there" \
    "$(q -U intruder -d appdb -c "SET search_path = ids, public" -c "SELECT typeid_define('evil')" 2>&1)" \
    'permission denied for schema ids'
check_match "nor call the privileged part directly" \
    "$(q -U intruder -d appdb -c "SELECT public.uidext_typeid_create_ddl('ids'::regnamespace, 'evil', 'evil_id', 10)" 2>&1)" \
    'permission denied for function uidext_typeid_create_ddl'
check_match "nor drop another role's type" \
    "$(q -U intruder -d appdb -c "SELECT typeid_drop('ids.user_id')" 2>&1)" 'must be owner of type'
check_match "the owner of the type cannot make its C functions take NULL" \
    "$(q -U app -d appdb -c "ALTER FUNCTION ids.typeid_out(ids.user_id) CALLED ON NULL INPUT" 2>&1)" 'must be owner of function'
check_match "nor swap its I/O functions" \
    "$(q -U app -d appdb -c "ALTER TYPE ids.user_id SET (SEND = public.ulid_send)" 2>&1)" 'must be superuser|does not exist|function .* must return type'
# typeid_define needs what trusted CREATE EXTENSION needs (#30 H2): CREATE on the database too.
check_match "CREATE on public alone is not enough" \
    "$(q -U intruder -d appdb -c "SET search_path = public" -c "SELECT typeid_define('guest')" 2>&1)" \
    'permission denied to run typeid_define'
q -U app -d appdb -c "GRANT CREATE ON DATABASE appdb TO intruder" >/dev/null
check_match "a role with CREATE on public and on the database may define one there" \
    "$(q -U intruder -d appdb -c "SET search_path = public" -c "SELECT typeid_define('guest')" 2>&1)" 'guest_id'
q -d appdb -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC, intruder" >/dev/null
check_match "and not once CREATE is revoked" \
    "$(q -U intruder -d appdb -c "SET search_path = public" -c "SELECT typeid_define('visitor')" 2>&1)" 'permission denied for schema public'
check "and may drop its own" "$(q -U intruder -d appdb -c "SELECT typeid_drop('public.guest_id')" -c "SELECT to_regtype('public.guest_id') IS NULL")" "$(printf '\nt')"
check_match "a search_path with a schema of the caller's first changes nothing the DDL refers to" \
    "$(q -U app -d appdb -c "CREATE SCHEMA trap" -c "CREATE FUNCTION trap.quote_ident(text) RETURNS text LANGUAGE sql AS 'SELECT ''trap'''" \
       -c "SET search_path = trap, pg_catalog, ids" -c "SELECT public.typeid_define('team')::text" -c "SELECT trap.gen_team_id()::text" 2>&1)" \
    '^team_[0-7]'

# Binary COPY: a per-prefix value is the 16 bytes of its uuid; a typeid the 16 bytes and the prefix.
q -d appdb -c "CREATE TABLE ids.bin_copy (id ids.user_id, ref typeid)" -c "CREATE TABLE ids.bin_uuid (id uuid)"
q -d appdb -c "COPY (SELECT id, ref FROM ids.users) TO STDOUT (FORMAT binary)" | q -d appdb -c "COPY ids.bin_copy FROM STDIN (FORMAT binary)"
q -d appdb -c "COPY (SELECT id FROM ids.users) TO STDOUT (FORMAT binary)" | q -d appdb -c "COPY ids.bin_uuid FROM STDIN (FORMAT binary)"
check "binary COPY round trip of user_id and typeid" \
    "$(q -d appdb -c "SET search_path = ids, public" -c "SELECT count(*) FROM ids.users u JOIN ids.bin_copy b ON b.id = u.id AND b.ref = u.ref")" 3001
check "binary COPY of user_id read as uuid: the same bytes" \
    "$(q -d appdb -c "SELECT count(*) FROM ids.users u JOIN ids.bin_uuid b ON b.id = u.id::uuid")" 3001
# A binary COPY stream by hand: signature, flags, header extension, one tuple of one 17-byte
# field (16 zero bytes and "X"), trailer.
bad_row='PGCOPY\n\377\r\n\0''\0\0\0\0''\0\0\0\0''\0\1''\0\0\0\21'
bad_row="$bad_row$(printf '%.0s\\0' $(seq 16))X\\377\\377"
check_match "binary typeid with a bad prefix is refused" \
    "$(printf "$bad_row" | q -d appdb -c "CREATE TEMP TABLE bad (r typeid)" -c "COPY bad FROM STDIN (FORMAT binary)" 2>&1)" \
    'invalid TypeID prefix in external "typeid" value'

FINGERPRINT="SELECT count(*), md5(string_agg(u::text, E'\n' ORDER BY u.id)) FROM ids.users u"
# One -c each: psql before 15 shows only the last result of a multi-statement -c.
PLANS=(-c "SET enable_seqscan = off" -c "SET search_path = ids, public"
       -c "EXPLAIN (COSTS OFF) SELECT * FROM ids.users WHERE id IN ('user_01h455vb4pex5vsknk084sn02q', 'user_01h455vb4pex5vsknk084sn02r')"
       -c "EXPLAIN (COSTS OFF) SELECT * FROM ids.users WHERE org = (SELECT min(id) FROM ids.orgs)"
       -c "EXPLAIN (COSTS OFF) SELECT * FROM ids.users WHERE ref = 'acct_01h455vb4pex5vsknk084sn02q'")
src_fp=$(q -d appdb -c "$FINGERPRINT")
echo "    source: $src_fp"

# The same checks on every copy.
check_copy() {  # DB LABEL
    local db=$1 label=$2
    check "$label: rows and md5" "$(q -d "$db" -c "$FINGERPRINT")" "$src_fp"
    check "$label: the known row" "$(q -d "$db" -c "SELECT id, ref, pg_column_size(id) FROM ids.users WHERE n = 0")" \
        "user_01h455vb4pex5vsknk084sn02q|user_01h455vb4pex5vsknk084sn02q|16"
    check_match "$label: the prefix is still checked" \
        "$(q -d "$db" -c "INSERT INTO ids.users (id, org) VALUES ('org_01h455vb4pex5vsknk084sn02q', (SELECT ids.min(id) FROM ids.orgs))" 2>&1)" \
        'invalid input syntax for type ids.user_id: "org_01h455vb4pex5vsknk084sn02q"'
    check "$label: generator, casts and the view" \
        "$(q -d "$db" -c "SET search_path = ids, public" \
             -c "SELECT gen_user_id()::text ~ '^user_[0-7]', substr(gen_org_key()::uuid::text, 15, 1), (SELECT count(*) FROM user_orgs),
                        'user_01h455vb4pex5vsknk084sn02q'::user_id::typeid::user_id::ulid::uuid")" \
        "t|7|3001|01890a5d-ac96-774b-bcce-b302099a8057"
    local plans; plans=$(q -d "$db" "${PLANS[@]}")
    check_match "$label: IN list on the primary key uses it" "$plans" 'Index Scan using users_pkey|Bitmap Index Scan on users_pkey'
    check_match "$label: hash index used" "$plans" 'Index Scan using users_org|Bitmap Index Scan on users_org'
    check_match "$label: typeid index used" "$plans" 'Index (Only )?Scan using users_ref|Bitmap Index Scan on users_ref'
    check "$label: typeid_drop refuses a type in use, then drops an unused one" \
        "$(q -U app -d "$db" -c "SET search_path = ids, public" -c "SELECT typeid_define('temp_thing')" -c "SELECT typeid_drop('temp_thing_id')" \
             -c "SELECT to_regtype('ids.temp_thing_id') IS NULL" 2>&1; q -U app -d "$db" -c "SELECT typeid_drop('ids.org_key')" 2>&1 | grep -c 'cannot drop .* because other objects depend on it')" \
        "temp_thing_id

t
1"
}

"$UIDEXT_PGBIN/pg_dump" -Fc -d appdb -f "$work/appdb.dump" || fail "pg_dump"
q -c "CREATE DATABASE restored OWNER app"
"$UIDEXT_PGBIN/pg_restore" --exit-on-error -d restored "$work/appdb.dump" || fail "pg_restore into a new database"
check_copy restored "pg_restore into an empty database"
q -c "CREATE DATABASE restored_ext OWNER app"
q -U app -d restored_ext -c "CREATE EXTENSION uidext"
"$UIDEXT_PGBIN/pg_restore" --exit-on-error -d restored_ext "$work/appdb.dump" || fail "pg_restore into a database with uidext"
check_copy restored_ext "pg_restore into a database with uidext"
check "the dump names the library, not a path" \
    "$("$UIDEXT_PGBIN/pg_restore" -f - -s "$work/appdb.dump" | grep -c "'/")" 0
# Restoring needs a superuser, as any dump with C functions; the owner can define the types
# again instead and restore the data (see doc/typeid.md).
check_match "a non-superuser cannot restore the C functions" \
    "$(q -c "CREATE DATABASE by_app OWNER app" && "$UIDEXT_PGBIN/pg_restore" --exit-on-error -U app -d by_app "$work/appdb.dump" 2>&1)" \
    'permission denied for language c|must be superuser'

# Update path: a database at 1.2 updated to the current version defines the same types.
q -c "CREATE DATABASE updated OWNER app"
q -d updated -c "CREATE EXTENSION uidext VERSION '1.2'" -c "ALTER EXTENSION uidext UPDATE"
check "1.2 -> 1.4: typeid_define works after the update" \
    "$(q -U app -d updated -c "SELECT typeid_define('user')" -c "SELECT 'user_01h455vb4pex5vsknk084sn02q'::user_id::uuid")" \
    "user_id
01890a5d-ac96-774b-bcce-b302099a8057"
check_match "the extension cannot be dropped from under the types" \
    "$(q -d updated -c "DROP EXTENSION uidext" 2>&1)" 'cannot drop extension uidext because other objects depend on it'

# pg_upgrade to a new cluster (this major, or TYPEID_UPGRADE_PG_CONFIG's): the binary-upgrade
# dump of the types.
new_bin=$UIDEXT_PGBIN
[ -n "${TYPEID_UPGRADE_PG_CONFIG:-}" ] && new_bin=$("$TYPEID_UPGRADE_PG_CONFIG" --bindir)
old=$(cluster_dir typeid)
# Across majors: Debian 15 stores an attribute option pg_attver on every column, which
# pg_upgrade's dump writes out and newer servers refuse (as 062 explains); clear it first.
if [ "$new_bin" != "$UIDEXT_PGBIN" ]; then
    for db in $(q -c "SELECT datname FROM pg_database WHERE datallowconn AND datname <> 'template0'"); do
        q -d "$db" -c "UPDATE pg_attribute SET attoptions = NULL WHERE attoptions::text LIKE '%pg_attver=%'
            AND attrelid IN (SELECT oid FROM pg_class WHERE relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace))" >/dev/null
    done
fi
q -d appdb -c "CHECKPOINT" >/dev/null
as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$old/data" -m fast -w stop >/dev/null
new=$(cluster_dir typeid_new)
rm -rf "$new"; mkdir -p "$new/data" "$new/sock"; chown -R postgres: "$new"
as_postgres "$new_bin/initdb" -D "$new/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$new/initdb.log" 2>&1 || fail "initdb"
if (cd "$new" && as_postgres "$new_bin/pg_upgrade" -b "$UIDEXT_PGBIN" -B "$new_bin" -d "$old/data" -D "$new/data" \
        -s "$new/sock" -p "$UIDEXT_NEXT_PORT" -P "$((UIDEXT_NEXT_PORT + 1))" >"$new/pg_upgrade.log" 2>&1); then
    check "pg_upgrade $("$UIDEXT_PGBIN/postgres" --version | awk '{print $3}') -> $("$new_bin/postgres" --version | awk '{print $3}')" ok ok
else
    fail "pg_upgrade"; tail -5 "$new/pg_upgrade.log"
    grep -h -B5 -A5 ERROR "$new"/data/pg_upgrade_output.d/*/log/*.log 2>/dev/null | head -40
fi
port=$((UIDEXT_NEXT_PORT + 2))
as_postgres "$new_bin/pg_ctl" -D "$new/data" -l "$new/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories=$new/sock -p $port" start >/dev/null || cat "$new/server.log"
echo "$port" >"$new/port"
cluster_use typeid_new
check_copy appdb "after pg_upgrade"
as_postgres "$new_bin/pg_ctl" -D "$new/data" -m fast -w stop >/dev/null
finish
