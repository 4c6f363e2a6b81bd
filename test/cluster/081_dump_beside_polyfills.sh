#!/usr/bin/env bash
# A database's own uuid_larger/uuid_smaller, min/max(uuid) and uuid_extract_version/timestamp
# beside uidext (#30, #35 item 2 and L1). From 1.5 uidext has no object of a name core or a user
# owns (those six are the opt-in extension uidext_compat's) and no event trigger, so:
# - a dump of a database with the user's six restores whole by every route (plain into
#   psql -v ON_ERROR_STOP=1, pg_restore --single-transaction, pg_restore -j 2 of a directory
#   dump, pg_restore --no-owner) and every restoring role (a superuser; the extension's owner, not
#   a superuser; a database owner into a database where a superuser installed uidext first):
#   every row, the view, the user's functions with their bodies, and the stored generated column
#   on the user's uuid_extract_timestamp equal to the dumped ones;
# - DDL never needs uidext's library: with uidext.so moved aside, CREATE FUNCTION, AGGREGATE,
#   PROCEDURE and another extension's CREATE EXTENSION work in a 1.5 database (and fail in one
#   still at 1.4, whose event trigger calls the library);
# - ALTER EXTENSION uidext UPDATE from 1.4 keeps what uses the six working (a view on max(uuid),
#   a stored generated column on uuid_extract_timestamp), leaves uidext as a fresh install has
#   it, and CREATE EXTENSION uidext_compat then adopts the copies left in place (as a fresh
#   uidext_compat); uidext_compat refuses beside a user's own function of those signatures;
# - the update takes back every member a non-superuser owns, whatever its kind (L1), in a
#   database that 1.3's restore damaged (uidext's uuid_larger and max(uuid) handed to the dump's
#   role, which made the function non-strict);
# - every C function of uidext and uidext_compat, made non-strict, called with NULLs: no crash.
# ci: alone (it moves uidext.so away for a while)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
work=$(mktemp -d /tmp/uidext-081.XXXXXX)
chmod 777 "$work"
libdir=$("${PG_CONFIG:-pg_config}" --pkglibdir)
restore_library() { [ -e "$work/uidext.so" ] && mv "$work/uidext.so" "$libdir/uidext.so"; }
trap 'restore_library; stop_clusters poly; rm -rf "$work"' EXIT

cluster_start poly
q -c "CREATE ROLE app LOGIN" -c "CREATE ROLE dbo LOGIN"
as() { local role=$1; shift; psql -X -A -t -q -v ON_ERROR_STOP=1 -U "$role" "$@"; }

# The application's schema: its own six (SQL and plpgsql, as polyfills are), a view on them, and
# a stored generated column on its uuid_extract_timestamp, which reads the first 48 bits of any
# uuid (uidext_compat's returns NULL for these version 4 ids: a restore that computed the column
# with it would lose every value).
polyfills="
CREATE FUNCTION public.uuid_larger(a uuid, b uuid) RETURNS uuid LANGUAGE sql IMMUTABLE AS 'SELECT CASE WHEN a > b THEN a ELSE b END';
CREATE FUNCTION public.uuid_smaller(a uuid, b uuid) RETURNS uuid LANGUAGE sql IMMUTABLE AS 'SELECT CASE WHEN a < b THEN a ELSE b END';
CREATE AGGREGATE public.max(uuid) (SFUNC = public.uuid_larger, STYPE = uuid);
CREATE AGGREGATE public.min(uuid) (SFUNC = public.uuid_smaller, STYPE = uuid);
CREATE FUNCTION public.uuid_extract_timestamp(u uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE
    AS \$\$SELECT to_timestamp(('x' || substr(replace(u::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)\$\$;
CREATE FUNCTION public.uuid_extract_version(u uuid) RETURNS smallint LANGUAGE plpgsql IMMUTABLE
    AS \$\$BEGIN RETURN get_byte(uuid_send(u), 6) >> 4; END\$\$;
CREATE TABLE t (id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(), u uuid NOT NULL,
    ts timestamptz GENERATED ALWAYS AS (public.uuid_extract_timestamp(u)) STORED);
INSERT INTO t (u) SELECT gen_random_uuid() FROM generate_series(1, 300);
CREATE VIEW v AS SELECT public.max(u) AS mx, public.min(u) AS mn, count(public.uuid_extract_version(u)) AS ver FROM t;"

# The user's functions (signature, kind, language, body), rows with their generated values, the view.
user_functions() {
    q -d "$1" -c "SELECT p.oid::regprocedure || ' ' || p.prokind::text || ' ' || l.lanname || ' ' || md5(p.prosrc)
                  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
                  WHERE p.pronamespace = 'public'::regnamespace AND l.lanname IN ('sql', 'plpgsql', 'internal')
                    AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e') ORDER BY 1"
}
state() { q -d "$1" -c "SELECT count(*), count(ts), md5(string_agg(u::text || ts::text, ',' ORDER BY u)) FROM t" -c "SELECT * FROM v"; }
# uidext's (and uidext_compat's) members whose owner is not a superuser, of any kind.
member_owners="SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname LIKE 'uidext%'
    CROSS JOIN LATERAL (SELECT CASE d.classid WHEN 'pg_proc'::regclass THEN (SELECT proowner FROM pg_proc WHERE oid = d.objid)
        WHEN 'pg_type'::regclass THEN (SELECT typowner FROM pg_type WHERE oid = d.objid)
        WHEN 'pg_operator'::regclass THEN (SELECT oprowner FROM pg_operator WHERE oid = d.objid)
        WHEN 'pg_opclass'::regclass THEN (SELECT opcowner FROM pg_opclass WHERE oid = d.objid)
        WHEN 'pg_opfamily'::regclass THEN (SELECT opfowner FROM pg_opfamily WHERE oid = d.objid) END AS owner) o
    JOIN pg_roles r ON r.oid = o.owner WHERE d.deptype = 'e' AND NOT r.rolsuper"
catalog() { q -d "$1" ${2:+-v ext=$2} -f test/cluster/extension_catalog.sql; }

echo "== a dump beside the user's own six, by every route and every restoring role"
# app owns the database and installed uidext itself (trusted): the extension's owner.
q -c "CREATE DATABASE src OWNER app"
as app -d src -c "SET client_min_messages = warning" -c "CREATE EXTENSION uidext" -c "$polyfills" || fail "setting up src"
check "the source's generated column: the user's function's value for every row" "$(q -d src -c "SELECT count(ts) FROM t")" 300
want_functions=$(user_functions src)
want_state=$(state src)
pg_dump -d src -f "$work/dump.sql"
pg_dump -d src -O -f "$work/dump-no-owner.sql"
pg_dump -d src -Fc -f "$work/dump.custom"
pg_dump -d src -Fd -f "$work/dump.dir"
for role in superuser owner dbowner; do
    for route in plain single-transaction jobs no-owner; do
        db=${role//-/_}_${route//-/_}
        case $role in
        superuser) user=postgres; q -c "CREATE DATABASE $db" ;;
        owner) user=app; q -c "CREATE DATABASE $db OWNER app" ;;
        # A DBA (superuser) installs uidext; the database owner restores without ownership
        # (the dump's roles are not its own to give objects to).
        dbowner) user=dbo; q -c "CREATE DATABASE $db OWNER dbo"; q -d "$db" -c "CREATE EXTENSION uidext" ;;
        esac
        owner_opt=""; plain="$work/dump.sql"
        [ "$role" = dbowner ] && { owner_opt=--no-owner; plain="$work/dump-no-owner.sql"; }
        case $route in
        plain) out=$(psql -X -q -v ON_ERROR_STOP=1 -U "$user" -d "$db" -f "$plain" 2>&1) ;;
        single-transaction) out=$(pg_restore -U "$user" -d "$db" $owner_opt --single-transaction --exit-on-error "$work/dump.custom" 2>&1) ;;
        jobs) out=$(pg_restore -U "$user" -d "$db" $owner_opt -j 2 --exit-on-error "$work/dump.dir" 2>&1) ;;
        no-owner) out=$(pg_restore -U "$user" -d "$db" --no-owner --exit-on-error "$work/dump.custom" 2>&1) ;;
        esac
        check "$role, $route: restores without an error" "$?|$(grep -c 'ERROR' <<<"$out")" "0|0"
        check "$role, $route: every row, the stored generated values and the view" "$(state "$db")" "$want_state"
        check "$role, $route: the user's six, with their bodies and languages" "$(user_functions "$db")" "$want_functions"
    done
done
check "no member of uidext owned by a non-superuser in any restored database" \
    "$(for db in superuser_plain owner_jobs dbowner_no_owner; do q -d $db -c "$member_owners"; done | sort -u)" 0

echo "    (${SECONDS}s)"
echo "== DDL in a database with uidext never needs uidext's library"
q -c "CREATE DATABASE nolib" -c "CREATE DATABASE nolib14"
q -d nolib -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_compat"
q -d nolib14 -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext VERSION '1.4'"
ddl="CREATE FUNCTION f(int) RETURNS int LANGUAGE sql AS 'SELECT \$1';
CREATE AGGREGATE agg(int) (SFUNC = int4pl, STYPE = int);
CREATE PROCEDURE p() LANGUAGE sql AS 'SELECT 1';
CREATE EXTENSION pg_trgm;
SELECT 'done';"
mv "$libdir/uidext.so" "$work/uidext.so"
check "uidext.so moved aside: CREATE FUNCTION, AGGREGATE, PROCEDURE, CREATE EXTENSION pg_trgm in a 1.5 database" \
    "$(q -d nolib <<<"$ddl" 2>&1)" done
# (From 19 the message names the file without $libdir/.)
check "... the same DDL fails in a database still at 1.4 (its event trigger calls the library)" \
    "$(q -d nolib14 <<<"$ddl" 2>&1 | grep -oE 'could not access file "(\$libdir/)?uidext"' | sed 's|"\$libdir/|"|' | head -1)" 'could not access file "uidext"'
restore_library

echo "    (${SECONDS}s)"
echo "== ALTER EXTENSION uidext UPDATE from 1.4 beside a view on max(uuid) and a generated column"
q -c "CREATE DATABASE fresh"
q -d fresh -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_compat"
want_catalog=$(catalog fresh)
want_compat=$(catalog fresh uidext_compat)
q -c "CREATE DATABASE upd"
q -d upd -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext VERSION '1.4'" \
    -c "CREATE TABLE g (u uuid, ts timestamptz GENERATED ALWAYS AS (public.uuid_extract_timestamp(u)) STORED)" \
    -c "INSERT INTO g (u) SELECT gen_uuidv7() FROM generate_series(1, 100)" -c "INSERT INTO g (u) SELECT uuidv6() FROM generate_series(1, 100)" \
    -c "CREATE VIEW gv AS SELECT public.max(u) AS mx, public.min(u) AS mn FROM g"
upd_state() { q -d upd -c "SELECT count(ts), md5(string_agg(u::text || ts::text, ',' ORDER BY u)) FROM g" -c "SELECT * FROM gv"; }
before=$(upd_state)
# A dump made at 1.4 names uidext's copies (public.max(u)): restored where uidext 1.5 is, it
# needs uidext_compat first (doc/upgrading.md).
pg_dump -d upd -f "$work/upd14.sql"
q -c "CREATE DATABASE from14" -c "CREATE DATABASE from14_compat"
q -d from14_compat -c "CREATE EXTENSION uidext_compat"
check "a 1.4 dump restores into a 1.5 database given uidext_compat first (ON_ERROR_STOP), the same rows and view" \
    "$(psql -X -q -v ON_ERROR_STOP=1 -d from14_compat -f "$work/upd14.sql" >"$work/from14.log" 2>&1 && \
       q -d from14_compat -c "SELECT count(ts), md5(string_agg(u::text || ts::text, ',' ORDER BY u)) FROM g" -c "SELECT * FROM gv")" "$before"
check "... and without it stops at the first object that uses one of the six" \
    "$(psql -X -q -v ON_ERROR_STOP=1 -d from14 -f "$work/upd14.sql" 2>&1 | grep -o 'function public.uuid_extract_timestamp(uuid) does not exist')" \
    "function public.uuid_extract_timestamp(uuid) does not exist"
out=$(psql -X -q -v ON_ERROR_STOP=1 -d upd -c "SET client_min_messages = warning" -c "ALTER EXTENSION uidext UPDATE" 2>&1)
# (Names that core has too come qualified: uuid_extract_* from 17, the other four from 20.)
check "the update says what it left in place and what to run" "$(grep -E '^(WARNING|HINT)' <<<"$out" | sed 's/public\.//g')" \
"WARNING:  uidext 1.5 left max(uuid), min(uuid), uuid_extract_timestamp(uuid), uuid_larger(uuid,uuid), uuid_smaller(uuid,uuid) in schema public outside any extension: other objects use them
HINT:  Run CREATE EXTENSION uidext_compat SCHEMA public: it adopts them (doc/upgrading.md).
WARNING:  uidext 1.5 dropped uuid_extract_version(uuid): nothing in the database used them
HINT:  If queries or functions call them, run CREATE EXTENSION uidext_compat SCHEMA public (doc/upgrading.md)."
check "the view and the stored generated values are unchanged" "$(upd_state)" "$before"
check "a new row's generated value (the copy left in place computes it)" \
    "$(q -d upd -c "INSERT INTO g (u) VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') RETURNING ts")" "2022-02-22 19:22:22+00"
check "uidext's catalog is a fresh install's" "$(catalog upd)" "$want_catalog"
check "no event trigger left" "$(q -d upd -c "SELECT count(*) FROM pg_event_trigger")" 0
check "CREATE EXTENSION uidext_compat adopts the copies: a fresh uidext_compat's catalog" \
    "$(q -d upd -c "CREATE EXTENSION uidext_compat" && catalog upd uidext_compat)" "$want_compat"
check "... the view and the generated values still unchanged" "$(q -d upd -c "DELETE FROM g WHERE u = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'" && upd_state)" "$before"
pg_dump -d upd -Fc -f "$work/upd.custom"
q -c "CREATE DATABASE upd_restored OWNER dbo"
q -d upd_restored -c "CREATE EXTENSION uidext"
check "the updated database restores by a database owner (--no-owner --single-transaction), the same rows and view" \
    "$(pg_restore -U dbo -d upd_restored --no-owner --single-transaction --exit-on-error "$work/upd.custom" 2>&1 && \
       q -d upd_restored -c "SELECT count(ts), md5(string_agg(u::text || ts::text, ',' ORDER BY u)) FROM g" -c "SELECT * FROM gv")" "$before"

echo "== uidext_compat never takes what is not uidext's"
check "beside the user's own six: refused, naming the first (42723)" \
    "$(psql -X -q -d src -U app -c "\\set VERBOSITY sqlstate" -c "CREATE EXTENSION uidext_compat" 2>&1)|$(psql -X -q -d src -U app -c "CREATE EXTENSION uidext_compat" 2>&1 | head -1)" \
    "ERROR:  42723|ERROR:  function public.uuid_extract_version(pg_catalog.uuid) already exists and is not uidext's"
check "... and installs in another schema beside it" \
    "$(as app -d src -c "CREATE SCHEMA compat" -c "CREATE EXTENSION uidext_compat SCHEMA compat" -c "SELECT compat.max(u) = public.max(u) FROM t")" t
q -c "CREATE DATABASE still14"
q -d still14 -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext VERSION '1.4'"
check "while uidext is still at 1.4: refused, saying to update first" \
    "$(psql -X -q -d still14 -c "CREATE EXTENSION uidext_compat" 2>&1 | head -1)" \
    "ERROR:  function public.uuid_extract_version(pg_catalog.uuid) is still a member of extension uidext"
# Another role's aggregate on the copy the update left in place is that role's, not uidext's.
q -c "CREATE DATABASE other_agg"
q -d other_agg -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext VERSION '1.4'" -c "CREATE TABLE w (u uuid)" \
    -c "CREATE VIEW wv AS SELECT public.uuid_larger(u, u) FROM w" -c "ALTER EXTENSION uidext UPDATE" -c "GRANT CREATE ON SCHEMA public TO app"
as app -d other_agg -c "CREATE AGGREGATE public.max(uuid) (SFUNC = public.uuid_larger, STYPE = uuid)"
check "an ordinary role's max(uuid) on the copy left in place: refused" \
    "$(psql -X -q -d other_agg -c "CREATE EXTENSION uidext_compat" 2>&1 | head -1)" \
    "ERROR:  function public.max(pg_catalog.uuid) already exists and is not uidext's"

echo "    (${SECONDS}s)"
echo "== a database that 1.3's restore damaged: the update takes back every member whatever its kind (L1)"
# 1.3 created its six first; the restore's CREATE of the user's failed, its ALTER ... OWNER TO
# landed on uidext's, and its view and generated column use uidext's (psql without ON_ERROR_STOP).
q -c "CREATE DATABASE damaged OWNER app"
q -d damaged -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext VERSION '1.3'"
psql -X -q -d damaged -f "$work/dump.sql" >"$work/damage.log" 2>&1
check "the 1.3 restore: the user's six failed and their owner went to uidext's" \
    "$(grep -c 'already exists' "$work/damage.log")|$(q -d damaged -c "SELECT string_agg(p.oid::regprocedure::text || ':' || p.proowner::regrole, ' ' ORDER BY p.oid::regprocedure::text)
        FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid WHERE d.deptype = 'e' AND p.proowner = 'app'::regrole" | sed 's/public\.//g')" \
    "6|max(uuid):app min(uuid):app uuid_extract_timestamp(uuid):app uuid_extract_version(uuid):app uuid_larger(uuid,uuid):app uuid_smaller(uuid,uuid):app"
as app -d damaged -c "ALTER FUNCTION public.uuid_larger(uuid, uuid) CALLED ON NULL INPUT SECURITY DEFINER SET work_mem = '1MB'"
# Other kinds, as a restore or a careless GRANT could leave them.
q -d damaged -c "ALTER OPERATOR public.= (ulid, ulid) OWNER TO app" -c "ALTER OPERATOR CLASS public.ulid_ops USING hash OWNER TO app" \
    -c "ALTER OPERATOR FAMILY public.ulid_ops USING btree OWNER TO app" -c "ALTER TYPE public.typeid OWNER TO app" \
    -c "ALTER FUNCTION public.gen_ulid() OWNER TO app"
damaged_rows="SELECT count(*), count(ts), md5(string_agg(u::text || coalesce(ts::text, '-'), ',' ORDER BY u)) FROM t"
damaged_state=$(q -d damaged -c "$damaged_rows")
right_max="SELECT mx IS NOT DISTINCT FROM (SELECT u FROM t ORDER BY u DESC LIMIT 1) FROM v"
check "the damage: uidext's max(uuid) on its uuid_larger, made non-strict, reads NULL" "$(q -d damaged -c "$right_max")" f
out=$(psql -X -q -v ON_ERROR_STOP=1 -d damaged -c "SET client_min_messages = warning" -c "ALTER EXTENSION uidext UPDATE" 2>&1)
check "the updates (1.3 -> 1.4 -> 1.5) name each member they took back" "$(grep '^WARNING:  uidext took back' <<<"$out" | sed 's/public\.//g' | LC_ALL=C sort)" \
"WARNING:  uidext took back its function gen_ulid() from role app
WARNING:  uidext took back its function max(uuid) from role app
WARNING:  uidext took back its function min(uuid) from role app
WARNING:  uidext took back its function uuid_extract_timestamp(uuid) from role app
WARNING:  uidext took back its function uuid_extract_version(uuid) from role app
WARNING:  uidext took back its function uuid_larger(uuid,uuid) from role app
WARNING:  uidext took back its function uuid_smaller(uuid,uuid) from role app
WARNING:  uidext took back its operator =(ulid,ulid) from role app
WARNING:  uidext took back its operator class ulid_ops for access method hash from role app
WARNING:  uidext took back its operator family ulid_ops for access method btree from role app
WARNING:  uidext took back its type typeid from role app"
check "no member owned by a non-superuser, of any kind" "$(q -d damaged -c "$member_owners")" 0
check "the rows read as before, and the view's max(uuid) is right again" "$(q -d damaged -c "$damaged_rows" -c "$right_max")" "$damaged_state
t"
check "uidext's catalog is a fresh install's" "$(catalog damaged)" "$want_catalog"
check "uidext_compat adopts what stayed (uuid_larger strict again): a fresh uidext_compat's catalog" \
    "$(q -d damaged -c "CREATE EXTENSION uidext_compat" && catalog damaged uidext_compat)" "$want_compat"
check "... owned by a superuser" "$(q -d damaged -c "$member_owners")" 0

echo "    (${SECONDS}s)"
echo "== every C function with NULL arguments after ALTER FUNCTION ... CALLED ON NULL INPUT"
q -c "CREATE DATABASE nulls" && q -d nulls -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext" \
    -c "CREATE EXTENSION uidext_compat" -c "SELECT typeid_define('user_id', 'user')" >/dev/null
# Those SQL can call (no argument of type internal: only index support and receive functions,
# which PostgreSQL calls with valid pointers whatever their strictness) are called with a NULL
# of each argument's type (a variadic "any" with one NULL); receive functions through a binary
# COPY of NULLs.
q -d nulls <<<"SELECT format('ALTER FUNCTION %s CALLED ON NULL INPUT', p.oid::regprocedure) FROM pg_proc p
    WHERE p.probin = '\$libdir/uidext' AND p.prokind = 'f' \gexec"
check "C functions left strict" "$(q -d nulls -c "SELECT count(*) FROM pg_proc WHERE probin = '\$libdir/uidext' AND proisstrict")" 0
calls=$(q -d nulls -c "SELECT format('SELECT %s(%s) IS NULL;', p.oid::regproc::text, (SELECT string_agg(CASE WHEN t = '\"any\"'::regtype THEN 'NULL::int'
            ELSE 'NULL::' || format_type(t, NULL) END, ', ') FROM unnest(p.proargtypes::oid[]) t))
    FROM pg_proc p WHERE p.probin = '\$libdir/uidext' AND p.pronargs > 0
        AND p.prokind = 'f' AND NOT 'internal'::regtype = ANY (p.proargtypes::oid[]) ORDER BY p.oid")
n=$(grep -c '^SELECT' <<<"$calls")
check_ge "C functions with arguments to call" "$n" 100
out=$(psql -X -A -t -q -d nulls <<<"$calls" 2>&1)
check "each call returned NULL" "$(grep -c '^t$' <<<"$out")|$(grep -v '^t$' <<<"$out" | head -3)" "$n|"
q -d nulls -c "CREATE TABLE io (u ulid, g typeid, f \"user\")" -c "INSERT INTO io VALUES (NULL, NULL, NULL), (NULL::ulid, NULL::typeid, NULL::\"user\")"
check "input and receive functions with NULLs (cast, COPY text and binary)" \
    "$(q -d nulls -c "COPY io TO '$work/io.bin' (FORMAT binary)" -c "COPY io FROM '$work/io.bin' (FORMAT binary)" \
        -c "COPY io TO '$work/io.txt'" -c "COPY io FROM '$work/io.txt'" -c "SELECT count(*) FROM io WHERE u IS NULL AND g IS NULL AND f IS NULL" 2>&1)" 8
check "the server is still up, no backend terminated by a signal" "$(q -c 'SELECT 1')|$(cluster_log poly | grep -c 'terminated by signal')" "1|0"

finish
