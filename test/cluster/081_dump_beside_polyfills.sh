#!/usr/bin/env bash
# A dump of a database whose user has their own uuid_larger/uuid_smaller, min/max(uuid) and
# uuid_extract_version/timestamp beside uidext (which skipped its copies there) restores whole
# (#30, H1). pg_dump writes CREATE EXTENSION first, so on restore uidext's copies exist before
# the user's CREATE FUNCTION/AGGREGATE; 1.3 then failed ("already exists") or, without
# ON_ERROR_STOP, gave uidext's C function to the user, who could make it non-strict and crash
# the server with NULLs. Now uidext's event trigger removes its copy just before such a CREATE
# by a superuser or the extension's owner. Checked for three databases (all six objects; only
# uuid_larger; only max(uuid) on another function) through three routes (plain dump into
# psql -v ON_ERROR_STOP=1; custom format into pg_restore --single-transaction; directory format
# into pg_restore -j 2): every row is back, the user's functions keep their body, language and
# owner, uidext's members are superuser-owned and its catalog is the dumped database's. Then:
# an ordinary role cannot replace uidext's copies in a live database, nor can anyone while
# another object uses them, nor through a temporary type named uuid; and every C function of
# uidext (and of a typeid_define type) called with NULLs after ALTER FUNCTION ... CALLED ON NULL
# INPUT returns without crashing the server; and the 1.3 -> 1.4 update takes back a C function
# that 1.3's restore gave to the dump's role.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
work=$(mktemp -d /tmp/uidext-081.XXXXXX)
chmod 777 "$work"
trap 'stop_clusters poly; rm -rf "$work"' EXIT

cluster_start poly
q -c "CREATE ROLE app LOGIN" -c "CREATE ROLE bob LOGIN" -c "CREATE ROLE dbowner LOGIN"

# The user's objects, as app. $1 says which: all, larger (uuid_larger only), max (max(uuid) only,
# on a transition function of another name).
user_objects() {
    local larger="CREATE FUNCTION public.uuid_larger(a uuid, b uuid) RETURNS uuid LANGUAGE sql IMMUTABLE
        AS 'SELECT CASE WHEN a > b THEN a ELSE b END';"
    case $1 in
    all) cat <<EOF
$larger
CREATE FUNCTION public.uuid_smaller(a uuid, b uuid) RETURNS uuid LANGUAGE sql IMMUTABLE
    AS 'SELECT CASE WHEN a < b THEN a ELSE b END';
CREATE AGGREGATE public.max(uuid) (SFUNC = public.uuid_larger, STYPE = uuid);
CREATE AGGREGATE public.min(uuid) (SFUNC = public.uuid_smaller, STYPE = uuid);
CREATE FUNCTION public.uuid_extract_timestamp(u uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE
    AS \$\$SELECT to_timestamp(('x' || substr(replace(u::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)\$\$;
CREATE FUNCTION public.uuid_extract_version(u uuid) RETURNS smallint LANGUAGE plpgsql IMMUTABLE
    AS \$\$BEGIN RETURN get_byte(uuid_send(u), 6) >> 4; END\$\$;
CREATE VIEW v AS SELECT public.max(u) AS mx, public.min(u) AS mn, count(public.uuid_extract_timestamp(u)) AS ts,
    count(public.uuid_extract_version(u)) AS ver FROM t;
EOF
    ;;
    larger) echo "$larger CREATE VIEW v AS SELECT count(*) FILTER (WHERE public.uuid_larger(u, '80000000-0000-0000-0000-000000000000') = u) AS hi FROM t;" ;;
    max) cat <<EOF
CREATE FUNCTION public.pick_larger(a uuid, b uuid) RETURNS uuid LANGUAGE sql IMMUTABLE AS 'SELECT greatest(a, b)';
CREATE AGGREGATE public.max(uuid) (SFUNC = public.pick_larger, STYPE = uuid);
CREATE VIEW v AS SELECT public.max(u) AS mx FROM t;
EOF
    ;;
    esac
}

# A function as name(argument types), whatever the search path (20 has all six in pg_catalog,
# and regprocedure would then qualify uidext's).
signature="p.proname || '(' || replace(pg_get_function_identity_arguments(p.oid), ', ', ',') || ')'"
# The user's functions (signature, kind, language, owner, body) and uidext's members (with their
# owner being a superuser), as text to compare.
user_functions() {
    q -d "$1" -c "SELECT p.oid::regprocedure || ' ' || p.prokind::text || ' ' || l.lanname || ' ' || p.proowner::regrole || ' '
                  || md5(p.prosrc) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
                  WHERE p.pronamespace = 'public'::regnamespace AND p.proowner = 'app'::regrole ORDER BY 1"
}
non_superuser_members() {
    q -d "$1" -c "SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
                  JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
                  JOIN pg_roles r ON r.oid = p.proowner WHERE d.deptype = 'e' AND NOT r.rolsuper"
}
catalog() { q -d "$1" -f test/cluster/extension_catalog.sql; }
state() { q -d "$1" -c "SELECT count(*), count(DISTINCT u) FROM t" -c "SELECT * FROM v"; }

for kind in all larger max; do
    echo "== a database with the user's own: $kind"
    q -c "CREATE DATABASE src_$kind OWNER app"
    q -d "src_$kind" -c "GRANT CREATE ON SCHEMA public TO app"
    psql -X -q -v ON_ERROR_STOP=1 -d "src_$kind" -U app -c "SET client_min_messages = warning" \
        -c "CREATE TABLE t (id int PRIMARY KEY, u uuid NOT NULL)" \
        -c "INSERT INTO t SELECT i, gen_random_uuid() FROM generate_series(1, 100) i" -c "$(user_objects "$kind")" \
        || fail "setting up src_$kind"
    q -d "src_$kind" -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext"
    want_functions=$(user_functions "src_$kind")
    want_catalog=$(catalog "src_$kind")
    want_state=$(state "src_$kind")
    pg_dump -d "src_$kind" -f "$work/$kind.sql"
    pg_dump -d "src_$kind" -Fc -f "$work/$kind.dump"
    pg_dump -d "src_$kind" -Fd -f "$work/$kind.dir"
    for route in plain custom directory; do
        db=${kind}_$route
        q -c "CREATE DATABASE $db"
        case $route in
        plain) out=$(psql -X -q -v ON_ERROR_STOP=1 -d "$db" -f "$work/$kind.sql" 2>&1) ;;
        custom) out=$(pg_restore -d "$db" --single-transaction --exit-on-error "$work/$kind.dump" 2>&1) ;;
        directory) out=$(pg_restore -d "$db" -j 2 "$work/$kind.dir" 2>&1) ;;
        esac
        check "$kind, $route: restores without an error" "$?|$(grep -c 'ERROR' <<<"$out")" "0|0"
        check "$kind, $route: every row and the view" "$(state "$db")" "$want_state"
        check "$kind, $route: the user's functions, with their bodies, languages and owner" "$(user_functions "$db")" "$want_functions"
        check "$kind, $route: uidext's members owned by a non-superuser" "$(non_superuser_members "$db")" 0
        check "$kind, $route: uidext's catalog is the dumped database's" "$(catalog "$db")" "$want_catalog"
    done
    q -d "${kind}_plain" -c "SET client_min_messages = error" -c "SELECT uidext_catalog_refresh()" >/dev/null
    check "$kind: uidext_catalog_refresh() in a restored database skips what the dumped one skipped" \
        "$(catalog "${kind}_plain")" "$want_catalog"
done
check "what was skipped is absent after a restore (all: none of the six is uidext's)" \
    "$(q -d all_plain -c "SELECT count(*) FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
        WHERE d.deptype = 'e' AND p.proname IN ('uuid_larger', 'uuid_smaller', 'min', 'max', 'uuid_extract_version', 'uuid_extract_timestamp')
        AND p.proargtypes[0] = 'uuid'::regtype")" 0
check "larger: uidext kept uuid_smaller and min(uuid), and gave way with max(uuid)" \
    "$(q -d larger_plain -c "SELECT string_agg($signature, ' ' ORDER BY $signature) FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
        WHERE d.deptype = 'e' AND p.proname IN ('uuid_larger', 'uuid_smaller', 'min', 'max') AND p.proargtypes[0] = 'uuid'::regtype")" \
    "min(uuid) uuid_smaller(uuid,uuid)"
check "a plain restore says what uidext gave way to" \
    "$(psql -X -q -d postgres -c 'CREATE DATABASE notice_check' >/dev/null; sed '/client_min_messages/d' "$work/max.sql" | PGOPTIONS= psql -X -q -d notice_check 2>&1 | grep -o 'NOTICE:  uidext gave way.*')" \
    "NOTICE:  uidext gave way to the new max: dropped its own function public.max(uuid)"

echo "== a live database: who may replace uidext's copies"
q -c "CREATE DATABASE live" && q -d live -c "GRANT CREATE ON SCHEMA public TO bob" -c "CREATE EXTENSION uidext"
members() { q -d live -c "SELECT string_agg($signature || ':' || p.proowner::regrole, ' ' ORDER BY $signature) FROM pg_depend d JOIN pg_proc p
        ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid WHERE d.deptype = 'e'
        AND p.proname IN ('uuid_larger', 'uuid_smaller', 'min', 'max', 'uuid_extract_version', 'uuid_extract_timestamp') AND p.proargtypes[0] = 'uuid'::regtype"; }
six="max(uuid):postgres min(uuid):postgres uuid_extract_timestamp(uuid):postgres uuid_extract_version(uuid):postgres uuid_larger(uuid,uuid):postgres uuid_smaller(uuid,uuid):postgres"
check "uidext's six, superuser-owned" "$(members)" "$six"
for statement in "CREATE FUNCTION public.uuid_larger(uuid, uuid) RETURNS uuid LANGUAGE sql AS 'SELECT \$1'" \
                 "CREATE AGGREGATE public.max(uuid) (SFUNC = uuid_larger, STYPE = uuid)" \
                 "CREATE FUNCTION uuid_extract_timestamp(u uuid) RETURNS timestamptz LANGUAGE sql AS 'SELECT now()'" \
                 "CREATE PROCEDURE public.uuid_extract_version(uuid) LANGUAGE sql AS 'SELECT 1'"; do
    check "a role with CREATE on public cannot: ${statement:0:50}" \
        "$(psql -X -q -d live -U bob -c "$statement" 2>&1 | grep -o 'already exists with same argument types')" \
        "already exists with same argument types"
done
check "uidext's six are still there, superuser-owned" "$(members)" "$six"
# A temporary type named uuid is not uuid: the function is created beside uidext's.
check "a temporary type named uuid does not match" \
    "$(q -d live -c "CREATE TYPE pg_temp.uuid AS (x int)" -c "CREATE FUNCTION public.uuid_larger(uuid, uuid) RETURNS int LANGUAGE sql AS 'SELECT 1'" \
        -c "SELECT count(*) FROM pg_proc WHERE proname = 'uuid_larger' AND pronamespace = 'public'::regnamespace" 2>&1)|$(members)" "2|$six"
# Another object using uidext's copy: uidext does not give way (RESTRICT), the CREATE fails.
q -d live -c "CREATE TABLE lt (u uuid)" -c "CREATE VIEW lv AS SELECT public.max(u) FROM lt"
check "a superuser cannot while a view uses uidext's max(uuid)" \
    "$(q -d live -c "CREATE AGGREGATE public.max(uuid) (SFUNC = uuid_larger, STYPE = uuid)" 2>&1 | grep -o 'already exists with same argument types')|$(members)" \
    "already exists with same argument types|$six"
check "nor replace uuid_larger, which the view uses through max(uuid)" \
    "$(q -d live -c "CREATE FUNCTION public.uuid_larger(uuid, uuid) RETURNS uuid LANGUAGE sql AS 'SELECT \$1'" 2>&1 | grep -o 'already exists with same argument types')|$(members)" \
    "already exists with same argument types|$six"
# The owner of a trusted install may: it could drop the extension and create it again.
q -c "CREATE DATABASE trusted OWNER dbowner"
check "the owner of a trusted install gives way to its own uuid_extract_version" \
    "$(psql -X -A -t -q -v ON_ERROR_STOP=1 -d trusted -U dbowner -c "SET client_min_messages = warning" -c "CREATE EXTENSION uidext" \
        -c "CREATE FUNCTION public.uuid_extract_version(uuid) RETURNS smallint LANGUAGE sql AS 'SELECT 9::smallint'" \
        -c "SELECT public.uuid_extract_version(gen_random_uuid()), p.proowner::regrole, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.oid = 'public.uuid_extract_version(uuid)'::regprocedure" 2>&1)" "9|dbowner|sql"

echo "== a database that 1.3's restore left with uidext's C function owned by the dump's role"
q -c "CREATE DATABASE damaged" && q -d damaged -c "GRANT CREATE ON SCHEMA public TO app" \
    -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext VERSION '1.3'" \
    -c "ALTER FUNCTION public.uuid_larger(uuid, uuid) OWNER TO app"
psql -X -q -d damaged -U app -c "ALTER FUNCTION public.uuid_larger(uuid, uuid) CALLED ON NULL INPUT SECURITY DEFINER SET work_mem = '1MB'"
check "the update takes it back, with a WARNING naming it" \
    "$(psql -X -q -d damaged -c "SET client_min_messages = warning" -c "ALTER EXTENSION uidext UPDATE" 2>&1 | grep '^WARNING' | sed 's/function public\./function /')" \
    "WARNING:  uidext took back its function uuid_larger(uuid,uuid) from role app"
q -c "CREATE DATABASE fresh" && q -d fresh -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext"
check "then its catalog is a fresh install's (owner, strictness, security, settings)" "$(catalog damaged)" "$(catalog fresh)"
check "and the superuser owns it" "$(q -d damaged -c "SELECT proowner::regrole FROM pg_proc WHERE oid = 'public.uuid_larger(uuid, uuid)'::regprocedure")" postgres

echo "== every C function with NULL arguments after ALTER FUNCTION ... CALLED ON NULL INPUT"
q -c "CREATE DATABASE nulls" && q -d nulls -c "SET client_min_messages = error" -c "CREATE EXTENSION uidext" \
    -c "SELECT typeid_define('user_id', 'user')" >/dev/null
# Every function whose code is uidext's library (the event trigger's aside) is made non-strict.
# Those SQL can call (no argument of type internal: only index support and receive functions,
# which PostgreSQL calls with valid pointers whatever their strictness) are called with a NULL
# of each argument's type (a variadic "any" with one NULL); receive functions through a binary
# COPY of NULLs.
q -d nulls <<<"SELECT format('ALTER FUNCTION %s CALLED ON NULL INPUT', p.oid::regprocedure) FROM pg_proc p
    WHERE p.probin = '\$libdir/uidext' AND p.prorettype <> 'event_trigger'::regtype AND p.prokind = 'f' \gexec"
check "uidext's C functions left strict" \
    "$(q -d nulls -c "SELECT count(*) FROM pg_proc WHERE probin = '\$libdir/uidext' AND proisstrict AND prorettype <> 'event_trigger'::regtype")" 0
calls=$(q -d nulls -c "SELECT format('SELECT %s(%s) IS NULL;', p.oid::regproc::text, (SELECT string_agg(CASE WHEN t = '\"any\"'::regtype THEN 'NULL::int'
            ELSE 'NULL::' || format_type(t, NULL) END, ', ') FROM unnest(p.proargtypes::oid[]) t))
    FROM pg_proc p WHERE p.probin = '\$libdir/uidext' AND p.prorettype <> 'event_trigger'::regtype AND p.pronargs > 0
        AND p.prokind = 'f' AND NOT 'internal'::regtype = ANY (p.proargtypes::oid[]) ORDER BY p.oid")
n=$(grep -c '^SELECT' <<<"$calls")
check_ge "C functions with arguments to call" "$n" 100
out=$(psql -X -A -t -q -d nulls <<<"$calls" 2>&1)
check "each call returned NULL" "$(grep -c '^t$' <<<"$out")|$(grep -v '^t$' <<<"$out" | head -3)" "$n|"
# Input functions are also called by a cast of NULL and by COPY; receive functions by COPY BINARY.
q -d nulls -c "CREATE TABLE io (u ulid, g typeid, f \"user\")" -c "INSERT INTO io VALUES (NULL, NULL, NULL), (NULL::ulid, NULL::typeid, NULL::\"user\")"
check "input and receive functions with NULLs (cast, COPY text and binary)" \
    "$(q -d nulls -c "COPY io TO '$work/io.bin' (FORMAT binary)" -c "COPY io FROM '$work/io.bin' (FORMAT binary)" \
        -c "COPY io TO '$work/io.txt'" -c "COPY io FROM '$work/io.txt'" -c "SELECT count(*) FROM io WHERE u IS NULL AND g IS NULL AND f IS NULL" 2>&1)" 8
check "the server is still up" "$(q -c 'SELECT 1')" 1
check "no backend terminated by a signal" "$(cluster_log poly | grep -c 'terminated by signal')" 0
# The issue's path: the owner (not a superuser) of uidext's uuid_larger, as 1.3's restore left it.
check "a non-superuser owner makes uuid_larger non-strict and calls it with NULLs" \
    "$(q -d nulls -c "ALTER FUNCTION public.uuid_larger(uuid, uuid) OWNER TO app" && \
       psql -X -A -t -q -d nulls -U app -c "ALTER FUNCTION public.uuid_larger(uuid, uuid) CALLED ON NULL INPUT" \
            -c "SELECT coalesce(public.uuid_larger(NULL::uuid, NULL::uuid)::text, 'null')" 2>&1)" "null"
check "the server is still up afterwards" "$(q -c 'SELECT 1')|$(cluster_log poly | grep -c 'terminated by signal')" "1|0"

finish
