#!/usr/bin/env bash
# Security properties of the extension, on a throwaway server:
#  1. trusted: a role with nothing but CREATE on a database installs uidext, owns the extension
#     (not its objects, which belong to the bootstrap superuser) and gains no other privilege;
#     a role without CREATE cannot install it.
#  2. LEAKPROOF + row-level security: "id = const" from a non-owner is an Index Scan under the
#     policy because ulid's = is leakproof; made NOT LEAKPROOF it becomes a Seq Scan with the
#     policy filter first; a non-leakproof user function only ever sees the policy's rows.
#  3. search_path: no SECURITY DEFINER and no SQL-language function (nothing resolves names at
#     run time); hostile uuid_eq / gen_random_uuid / ulid_eq / "=" / ulid_extract_timestamp in a
#     schema earlier on the search_path do not change what the extension's functions, casts,
#     defaults, views, policies and indexes do; installing next to hostile objects either picks
#     pg_catalog's objects or fails closed.
# Prints "ok ..." or "FAIL ..." per check; exit 0 only if every check passed.
# ci: group extension-dir (stand-in extensions come and go in the extension directory)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
set -uo pipefail
export PGOPTIONS='-c client_min_messages=warning'
trap 'cluster_stop security' EXIT
cluster_start security || exit 1

checks_ok=0
checks_bad=0
check() {  # check WHAT ACTUAL EXPECTED
    if [ "$2" = "$3" ]; then
        checks_ok=$((checks_ok + 1))
        if [ "$(printf '%s\n' "$2" | wc -l)" -gt 1 ]; then echo "ok   $1:"; sed 's/^/       /' <<<"$2"; else echo "ok   $1: $2"; fi
    else
        checks_bad=$((checks_bad + 1))
        echo "FAIL $1"; echo "  expected:"; sed 's/^/    /' <<<"$3"; echo "  got:"; sed 's/^/    /' <<<"$2"
    fi
}
# as ROLE DB [psql args]: runs SQL (stdin or -c) as ROLE in DB; stops at the first error.
as() { local role=$1 db=$2; shift 2; psql -X -A -t -q -v ON_ERROR_STOP=1 -U "$role" -d "$db" "$@" 2>&1; }
# error_of ROLE DB SQL: "SQLSTATE: message" of the error SQL raises, or "no error".
error_of() {
    local out
    out=$(psql -X -A -t -q -v VERBOSITY=verbose -U "$1" -d "$2" -c "$3" 2>&1)
    grep -m1 -oP '^(psql:[^:]*:[0-9]+: )?ERROR:\s+\K.*' <<<"$out" || echo "no error"
}

# --- 1. trusted extension ------------------------------------------------------------------------
as postgres postgres <<'SQL'
CREATE ROLE alice LOGIN;      -- will install the extension: CREATE on database sec, nothing else
CREATE ROLE bob LOGIN;        -- plain user of alice's tables
CREATE ROLE mallory LOGIN;    -- owns the hostile schemas
CREATE DATABASE sec;
REVOKE ALL ON DATABASE sec FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE sec TO PUBLIC;
GRANT CREATE ON DATABASE sec TO alice, mallory;
SQL
# PostgreSQL 15's default for schema public (14 and before let everyone create in it).
as postgres sec -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC"

echo "== trusted: CREATE EXTENSION by a non-superuser"
check "control file says trusted" "$(grep -E '^\s*trusted' "$("$UIDEXT_PGBIN/pg_config" --sharedir)/extension/uidext.control" | tr -d ' ')" "trusted=true"
check "bob (no CREATE on the database) cannot install" \
    "$(error_of bob sec 'CREATE EXTENSION uidext')" '42501: permission denied to create extension "uidext"'
check "alice is not a superuser and has no role memberships" \
    "$(as alice sec -c "SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, (SELECT count(*) FROM pg_auth_members WHERE member = r.oid) FROM pg_roles r WHERE rolname = 'alice'")" "f|f|f|f|0"
check "alice has no CREATE on schema public (PostgreSQL 15 default)" \
    "$(as alice sec -c "SELECT has_schema_privilege('public', 'CREATE')")" "f"
check "alice installs uidext" "$(as alice sec -c 'CREATE EXTENSION uidext' && echo installed)" "installed"
check "the extension is owned by alice" \
    "$(as alice sec -c "SELECT extowner::regrole, extnamespace::regnamespace, extversion FROM pg_extension WHERE extname = 'uidext'")" "alice|public|$(sed -nE "s/^default_version *= *'([^']+)'.*/\1/p" uidext.control)"
check "its objects are owned by the bootstrap superuser, not alice" \
    "$(as alice sec -c "SELECT DISTINCT p.proowner::regrole FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e' JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
                        UNION SELECT DISTINCT typowner::regrole FROM pg_type WHERE typname IN ('ulid', '_ulid')")" "postgres"
check "alice can use it" "$(as alice sec -c "SELECT length(gen_ulid()::text), '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::uuid")" "26|01563e3a-b5d3-d676-4c61-efb99302bd5b"

echo "== trusted: alice gained nothing else"
check "still not superuser" "$(as alice sec -c "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")" "f"
check "cannot create a C function" \
    "$(error_of alice sec "CREATE FUNCTION pg_temp.f(cstring) RETURNS int AS '\$libdir/uidext', 'ulid_in' LANGUAGE C")" "42501: permission denied for language c"
check "cannot create an internal function" \
    "$(error_of alice sec "CREATE FUNCTION pg_temp.f(uuid, uuid) RETURNS bool AS 'uuid_eq' LANGUAGE internal")" "42501: permission denied for language internal"
check "cannot LOAD the library" "$(error_of alice sec "LOAD 'uidext'")" '42501: access to library "uidext" is not allowed'
check "cannot read pg_authid" "$(error_of alice sec 'SELECT rolpassword FROM pg_authid')" "42501: permission denied for table pg_authid"
check "cannot read server files" "$(error_of alice sec "SELECT pg_read_file('PG_VERSION')")" "42501: permission denied for function pg_read_file"
check "cannot define a LEAKPROOF function" \
    "$(error_of alice sec "CREATE FUNCTION pg_temp.f(int) RETURNS bool LANGUAGE sql LEAKPROOF AS 'SELECT true'")" "42501: only superuser can define a leakproof function"
check "cannot make the extension's = non-leakproof" \
    "$(error_of alice sec 'ALTER FUNCTION ulid_eq(ulid, ulid) NOT LEAKPROOF')" "42501: must be owner of function ulid_eq"
check "cannot replace an extension function" \
    "$(error_of alice sec "CREATE OR REPLACE FUNCTION gen_ulid() RETURNS ulid LANGUAGE sql AS \$\$SELECT '00000000000000000000000000'::ulid\$\$")" "42501: permission denied for schema public"
check "cannot drop an extension function" "$(error_of alice sec 'DROP FUNCTION gen_ulid()')" "42501: must be owner of function gen_ulid"
check "cannot take ownership of an extension function" \
    "$(error_of alice sec 'ALTER FUNCTION gen_ulid() OWNER TO alice')" "42501: must be owner of function gen_ulid"
check "cannot set superuser-only settings" \
    "$(error_of alice sec 'SET session_replication_role = replica')" '42501: permission denied to set parameter "session_replication_role"'
check "cannot create in public after installing" "$(error_of alice sec 'CREATE TABLE public.t (id ulid)')" "42501: permission denied for schema public"
check "can drop and re-create it (extension owner)" \
    "$(as alice sec -c 'DROP EXTENSION uidext' -c 'CREATE EXTENSION uidext' -c "SELECT extowner::regrole FROM pg_extension WHERE extname = 'uidext'")" "alice"
# uidext_ossp (uuid-ossp's functions, same library): trusted too, C functions only.
check "uidext_ossp: control file says trusted" "$(grep -E '^\s*trusted' "$("$UIDEXT_PGBIN/pg_config" --sharedir)/extension/uidext_ossp.control" | tr -d ' ')" "trusted=true"
check "uidext_ossp: bob (no CREATE on the database) cannot install" \
    "$(error_of bob sec 'CREATE EXTENSION uidext_ossp')" '42501: permission denied to create extension "uidext_ossp"'
check "uidext_ossp: alice installs it in a schema of her own; C functions, none SECURITY DEFINER" \
    "$(as alice sec -c 'CREATE SCHEMA ossp' -c 'CREATE EXTENSION uidext_ossp SCHEMA ossp' \
        -c "SELECT string_agg(DISTINCT l.lanname, ','), count(*), count(*) FILTER (WHERE p.prosecdef), count(*) FILTER (WHERE p.proowner = 'alice'::regrole) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e' JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext_ossp'" \
        -c "SELECT ossp.uuid_generate_v5(ossp.uuid_ns_dns(), 'www.example.com')" -c 'DROP EXTENSION uidext_ossp' -c 'DROP SCHEMA ossp')" \
    "c|10|0|0
2ed6657d-e927-568b-95e1-2665a8aea6a2"

# --- 2. LEAKPROOF and row-level security -----------------------------------------------------------
echo "== LEAKPROOF operators under row-level security"
as alice sec <<'SQL' >/dev/null
CREATE SCHEMA app;
GRANT USAGE ON SCHEMA app TO bob;
CREATE TABLE app.docs (id ulid PRIMARY KEY, owner name NOT NULL, body text);
INSERT INTO app.docs
SELECT gen_ulid('2024-01-01'::timestamptz + g * interval '1 second'),
       CASE WHEN g % 2 = 0 THEN 'bob' ELSE 'alice' END, 'secret ' || g
FROM generate_series(1, 20000) g;
INSERT INTO app.docs VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'bob', 'bob row'),
                            ('01ARYZ6S41TSV4RRFFQ69G5FAV', 'alice', 'alice row');
ALTER TABLE app.docs ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON app.docs USING (owner = current_user);
GRANT SELECT ON app.docs TO bob;
ANALYZE app.docs;
SQL
check "every ulid comparison operator is LEAKPROOF" \
    "$(as alice sec -c "SELECT string_agg(p.proname || '=' || p.proleakproof, ' ' ORDER BY p.proname) FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode WHERE o.oprleft = 'ulid'::regtype AND o.oprright = 'ulid'::regtype")" \
    "ulid_eq=true ulid_ge=true ulid_gt=true ulid_le=true ulid_lt=true ulid_ne=true"
plan_eq=$(as bob sec -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")
check "bob: id = const is an Index Scan, the policy a filter on it" "$plan_eq" "Index Scan using docs_pkey on docs
  Index Cond: (id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid)
  Filter: (owner = CURRENT_USER)"
check "bob: range scans too" "$(as bob sec -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id < '01ARZ3NDEKTSV4RRFFQ69G5FAV'" | head -1)" \
    "Index Scan using docs_pkey on docs"
check "bob sees his row by key" "$(as bob sec -c "SELECT body FROM app.docs WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")" "bob row"
check "bob does not see alice's row by key" "$(as bob sec -c "SELECT count(*) FROM app.docs WHERE id = '01ARYZ6S41TSV4RRFFQ69G5FAV'")" "0"
check "bob: count under the policy" "$(as bob sec -c "SELECT count(*) FROM app.docs")" "10001"
# A cheap non-leakproof function that reports what it is shown: runs only on rows passing the policy.
leak_out=$(psql -X -A -t -U bob -d sec -v ON_ERROR_STOP=1 -c "SET client_min_messages = notice" \
    -c "CREATE FUNCTION pg_temp.leak(text) RETURNS boolean LANGUAGE plpgsql COST 0.0000001 AS \$\$BEGIN RAISE NOTICE 'leak: %', \$1; RETURN true; END\$\$" \
    -c "SELECT count(*) FROM app.docs WHERE pg_temp.leak(body) AND id <= '01ARZ3NDEKTSV4RRFFQ69G5FAV'" \
    -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id = '01ARYZ6S41TSV4RRFFQ69G5FAV' AND pg_temp.leak(body)" 2>&1)
check "a non-leakproof function only sees the policy's rows" "$(grep -c 'NOTICE:  leak:' <<<"$leak_out") $(grep -o 'leak: .*' <<<"$leak_out" | tr '\n' ' ')" "1 leak: bob row "
# (EXPLAIN on 14 names the temporary schema pg_temp_N, 15+ pg_temp.)
check "... and runs after the policy, the leakproof = still in the index" "$(grep -vE 'NOTICE|^[0-9]+$|^SET$|^CREATE' <<<"$leak_out" | sed -E 's/pg_temp_[0-9]+\./pg_temp./')" \
"Index Scan using docs_pkey on docs
  Index Cond: (id = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid)
  Filter: ((owner = CURRENT_USER) AND pg_temp.leak(body))"
# Contrast: the same = marked NOT LEAKPROOF (by the superuser, then restored) cannot go below
# the policy, so it cannot be an index condition.
as postgres sec -c 'ALTER FUNCTION ulid_eq(ulid, ulid) NOT LEAKPROOF' >/dev/null
plan_not_leakproof=$(as bob sec -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")
plan_owner=$(as alice sec -c "SET row_security = off" -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'" | head -1)
as postgres sec -c 'ALTER FUNCTION ulid_eq(ulid, ulid) LEAKPROOF' >/dev/null
check "contrast, = NOT LEAKPROOF: Seq Scan, policy first" "$plan_not_leakproof" "Seq Scan on docs
  Filter: ((owner = CURRENT_USER) AND (id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid))"
check "contrast: the owner (no policy applied) still gets the index" "$plan_owner" "Index Scan using docs_pkey on docs"
check "restored: Index Scan again" "$(as bob sec -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")" "$plan_eq"

# --- 3. search_path and hijacking -----------------------------------------------------------------
echo "== no SECURITY DEFINER, no SQL-language functions"
extension_functions="FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
                     JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'"
check "no SECURITY DEFINER function" "$(as postgres sec -c "SELECT count(*) $extension_functions WHERE p.prosecdef")" "0"
# Aggregates are always "internal"; every other function is C since 1.2 (issue 14), but for the
# DDL of typeid_define/typeid_drop (1.3, issue 26; 1.4, #30 H2): two plpgsql functions that only
# read catalogs and return that DDL as text, called by OID from those C functions after their
# checks, with search_path pinned.
typeid_ddl="p.proname IN ('uidext_typeid_create_ddl', 'uidext_typeid_remove_ddl')"
check "languages of the extension's functions" \
    "$(as postgres sec -c "SELECT string_agg(DISTINCT l.lanname, ',') $extension_functions JOIN pg_language l ON l.oid = p.prolang WHERE p.prokind <> 'a' AND NOT $typeid_ddl")" "c"
check "no function carries its own settings (none needs a pinned search_path) but the TypeID DDL" \
    "$(as postgres sec -c "SELECT count(*) $extension_functions WHERE p.proconfig IS NOT NULL AND NOT $typeid_ddl")" "0"
check "the TypeID DDL makers: plpgsql, search_path pinned to pg_catalog, pg_temp, not executable by PUBLIC" \
    "$(as postgres sec -c "SELECT string_agg(p.proname || ':' || l.lanname || ':' || (p.proconfig @> '{\"search_path=pg_catalog, pg_temp\"}')
                                                || ':' || has_function_privilege('public', p.oid, 'EXECUTE'), ' ' ORDER BY p.proname)
                             $extension_functions JOIN pg_language l ON l.oid = p.prolang WHERE $typeid_ddl")" \
    "uidext_typeid_create_ddl:plpgsql:true:false uidext_typeid_remove_ddl:plpgsql:true:false"
script_dir="$("$UIDEXT_PGBIN/pg_config" --sharedir)/extension"
check "install scripts: no SECURITY DEFINER, IF NOT EXISTS, or OR REPLACE other than of functions (CVE-2022-2625 class)" \
    "$(grep -iE 'security +definer|or +replace|if +not +exists' "$script_dir"/uidext*--*.sql | grep -viE 'create +or +replace +function' | wc -l)" "0"
# 1.2 turns the 1.0/1.1 comparison functions into C ones with CREATE OR REPLACE FUNCTION, which
# PostgreSQL (14.5+, 15+) lets an extension script do only to its own members ("An extension is
# not allowed to replace an object that it does not own"); each replaced function is created by
# an earlier script.
replaced=$(grep -hoiE 'create +or +replace +function +[a-z_]+\([a-z, ]*\)' "$script_dir"/uidext--1.1--1.2.sql | sed -E 's/^create +or +replace +function +//I' | sort -u)
check "1.1 -> 1.2 replaces the 25 comparison, sort and skip support and hash functions" "$(wc -l <<<"$replaced")" 25
not_created_before=""
while read -r f; do
    grep -qiF "CREATE FUNCTION $f RETURNS" "$script_dir"/uidext--1.0.sql "$script_dir"/uidext--1.0--1.1.sql || not_created_before="$not_created_before $f"
done <<<"$replaced"
check "functions replaced by 1.1 -> 1.2 that no earlier script created" "$not_created_before" ""

echo "== hostile objects earlier on the search_path"
as mallory sec <<'SQL' >/dev/null
CREATE SCHEMA evil;
GRANT USAGE ON SCHEMA evil TO PUBLIC;
-- Names the extension is built on, and its own names, all answering wrongly.
CREATE FUNCTION evil.uuid_eq(uuid, uuid) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION evil.gen_random_uuid() RETURNS uuid LANGUAGE sql AS $$SELECT '00000000-0000-4000-8000-000000000000'::uuid$$;
CREATE FUNCTION evil.uuid_generate_v4() RETURNS uuid LANGUAGE sql AS $$SELECT '00000000-0000-4000-8000-000000000000'::uuid$$;
CREATE FUNCTION evil.now() RETURNS timestamptz LANGUAGE sql AS $$SELECT '1999-01-01 00:00+00'::timestamptz$$;
CREATE FUNCTION evil.ulid_eq(public.ulid, public.ulid) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION evil.ulid_extract_timestamp(public.ulid) RETURNS timestamptz LANGUAGE sql AS $$SELECT 'epoch'::timestamptz$$;
CREATE OPERATOR evil.= (LEFTARG = public.ulid, RIGHTARG = public.ulid, PROCEDURE = evil.ulid_eq);
SQL
check "mallory's hostile objects exist" "$(as postgres sec -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'evil'::regnamespace")" "6"
# Things bound before the hostile schema appeared (created with a clean path): a default, a view,
# a CHECK constraint. They hold OIDs, not names.
as alice sec <<'SQL' >/dev/null
CREATE TABLE app.bound (id ulid PRIMARY KEY DEFAULT gen_ulid(), note text,
                        CHECK (id <> '00000000000000000000000000'));
CREATE VIEW app.headline AS SELECT id FROM app.docs WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
GRANT SELECT ON app.headline TO bob;
SQL
# pg_catalog listed after evil, so mallory's gen_random_uuid/now/uuid_eq really shadow core's.
hostile="SET search_path = evil, pg_catalog, public, app"
check "the hostile path is live: unqualified gen_random_uuid(), now(), uuid_eq() are mallory's" \
    "$(as alice sec -c "$hostile" -c "SELECT gen_random_uuid(), now(), uuid_eq(gen_random_uuid(), pg_catalog.gen_random_uuid())")" \
    "00000000-0000-4000-8000-000000000000|1999-01-01 00:00:00+00|t"
check "gen_ulid/uuidv4/uuidv7 do not go through gen_random_uuid (C code, no SQL lookups)" \
    "$(as alice sec -c "$hostile" -c "SELECT count(DISTINCT gen_ulid()) + count(DISTINCT uuidv4()) + count(DISTINCT uuidv7()) FROM generate_series(1, 100)" \
        -c "SELECT count(*) FROM generate_series(1, 100) WHERE uuidv4() = '00000000-0000-4000-8000-000000000000'")" "300
0"
check "uuidv4/uuidv7 versions (not via gen_random_uuid)" \
    "$(as alice sec -c "$hostile" -c "SELECT get_byte(uuid_send(uuidv4()), 6) >> 4, get_byte(uuid_send(uuidv7()), 6) >> 4")" "4|7"
check "ulid_eq is ours although evil.uuid_eq exists (a C function of uidext)" \
    "$(as alice sec -c "$hostile" -c "SELECT public.ulid_eq('01ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARYZ6S41TSV4RRFFQ69G5FAV'), '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid OPERATOR(public.=) '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid")" "f|f"
check "casts are bound in pg_cast: ulid::timestamptz ignores evil.ulid_extract_timestamp" \
    "$(as alice sec -c "$hostile" -c "SET timezone = UTC" -c "SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamptz, '2016-07-30 22:36:16.385+00'::timestamptz::ulid, '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::uuid")" \
    "2016-07-30 22:36:16.385+00|01ARYZ6S410000000000000000|01563e3a-b5d3-d676-4c61-efb99302bd5b"
check "defaults and CHECK bound at CREATE TABLE stay ours" \
    "$(as alice sec -c "$hostile" -c "INSERT INTO app.bound (note) SELECT 'x' FROM generate_series(1, 50)" -c "SELECT count(DISTINCT id) FROM app.bound" \
        -c "SELECT count(*) FROM app.bound WHERE id OPERATOR(public.=) '00000000000000000000000000'")" "50
0"
check "CHECK still rejects with our <>" \
    "$(error_of alice sec "SET search_path = evil, pg_catalog, public, app; INSERT INTO app.bound VALUES ('00000000000000000000000000')")" \
    '23514: new row for relation "bound" violates check constraint "bound_id_check"'
check "a view and the RLS policy keep our = (bob, hostile path first)" \
    "$(as bob sec -c "$hostile" -c "SELECT count(*) FROM app.headline" -c "SELECT count(*) FROM app.docs")" "1
10001"
check "index scans, ORDER BY, DISTINCT, min/max use the operator classes" \
    "$(as alice sec -c "$hostile" -c "SELECT (SELECT count(DISTINCT id) FROM app.docs) = 20002, (SELECT min(id)::text FROM app.docs), (SELECT id::text FROM app.docs ORDER BY id DESC LIMIT 1) = (SELECT max(id)::text FROM app.docs)")" \
    "t|01ARYZ6S41TSV4RRFFQ69G5FAV|t"
check "the extension's own operator, qualified, with the hostile path" \
    "$(as bob sec -c "$hostile" -c "EXPLAIN (COSTS OFF) SELECT * FROM app.docs WHERE id OPERATOR(public.=) '01ARZ3NDEKTSV4RRFFQ69G5FAV'")" \
    "Index Scan using docs_pkey on docs
  Index Cond: (id OPERATOR(public.=) '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid)
  Filter: (owner = CURRENT_USER)"
# The caveat that holds for every type in PostgreSQL: an unqualified operator resolves along the
# search_path, so an exact-match "=" in an earlier, hostile schema wins. Shown, not hidden.
check "caveat: unqualified = with evil first resolves to evil.= (PostgreSQL's rule for any type)" \
    "$(as alice sec -c "$hostile" -c "SELECT oprnamespace::regnamespace FROM pg_operator WHERE oid = (SELECT '=(ulid, ulid)'::regoperator)" -c "SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid")" "evil
t"
check "with the extension's schema first, unqualified = is ours again" \
    "$(as alice sec -c "SET search_path = public, evil" -c "SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid")" "f"

echo "== installing next to hostile objects"
as postgres postgres -c "CREATE DATABASE hostile" >/dev/null
as postgres hostile <<'SQL' >/dev/null
REVOKE ALL ON DATABASE hostile FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE hostile TO PUBLIC;
GRANT CREATE ON DATABASE hostile TO alice, mallory;
CREATE SCHEMA shared;                        -- a schema where mallory may create objects
GRANT CREATE, USAGE ON SCHEMA shared TO mallory, alice;
SQL
# Objects the install script refers to by name without creating them, planted in the target
# schema and in a schema first on the installing role's search_path.
as mallory hostile <<'SQL' >/dev/null
CREATE SCHEMA evil;
GRANT USAGE ON SCHEMA evil TO PUBLIC;
CREATE FUNCTION shared.btequalimage(oid) RETURNS boolean LANGUAGE sql AS 'SELECT false';
CREATE FUNCTION shared.current_setting(text) RETURNS text LANGUAGE sql AS $$SELECT '999999'$$;
CREATE FUNCTION shared.uuid_eq(uuid, uuid) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION shared.gen_random_uuid() RETURNS uuid LANGUAGE sql AS $$SELECT '00000000-0000-4000-8000-000000000000'::uuid$$;
CREATE OPERATOR shared.>= (LEFTARG = integer, RIGHTARG = integer, PROCEDURE = int4lt);
CREATE FUNCTION evil.btequalimage(oid) RETURNS boolean LANGUAGE sql AS 'SELECT false';
CREATE FUNCTION evil.current_setting(text) RETURNS text LANGUAGE sql AS $$SELECT '999999'$$;
CREATE OPERATOR evil.>= (LEFTARG = integer, RIGHTARG = integer, PROCEDURE = int4lt);
SQL
check "alice installs into the planted schema, with evil first on her path" \
    "$(as alice hostile -c "SET search_path = evil, shared" -c "CREATE EXTENSION uidext SCHEMA shared" -c "SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'uidext'")" "shared"
check "btree equalimage support is pg_catalog's, not a planted one" \
    "$(as alice hostile -c "SELECT DISTINCT p.oid::regprocedure, p.pronamespace::regnamespace FROM pg_amproc a JOIN pg_opfamily f ON f.oid = a.amprocfamily JOIN pg_proc p ON p.oid = a.amproc WHERE f.opfname = 'ulid_ops' AND a.amprocnum = 4 AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')")" \
    "btequalimage(oid)|pg_catalog"
check "the version-dependent block saw the real server version (no PG18 skip support on 15)" \
    "$(as alice hostile -c "SELECT count(*) FROM pg_proc WHERE proname = 'ulid_skipsupport'")" "$(as alice hostile -c "SELECT (current_setting('server_version_num')::int >= 180000)::int")"
# 18+ adds skip support (btree) and translate_cmptype (GiST).
on18=$(as alice hostile -c "SELECT 1 WHERE current_setting('server_version_num')::int >= 180000")
check "every support function of the operator classes is the extension's or pg_catalog's" \
    "$(as alice hostile -c "SELECT count(*) FROM pg_amproc a JOIN pg_opfamily f ON f.oid = a.amprocfamily JOIN pg_proc p ON p.oid = a.amproc WHERE f.opfname LIKE 'ulid%' AND p.pronamespace NOT IN ('pg_catalog'::regnamespace, 'shared'::regnamespace)")
$(as alice hostile -c "SELECT string_agg(DISTINCT p.proname, ',') FROM pg_amproc a JOIN pg_opfamily f ON f.oid = a.amprocfamily JOIN pg_proc p ON p.oid = a.amproc WHERE f.opfname LIKE 'ulid%' AND p.pronamespace = 'shared'::regnamespace")" \
    "0
ulid_cmp,ulid_gin_consistent,ulid_gin_extract_query,ulid_gin_extract_value,ulid_gin_partial_cmp,${on18:+ulid_gist_cmptype,}ulid_gist_compress,ulid_gist_consistent,ulid_gist_fetch,ulid_gist_penalty,ulid_gist_picksplit,ulid_gist_same,ulid_gist_sortsupport,ulid_gist_union,ulid_hash,ulid_hash_extended,${on18:+ulid_skipsupport,}ulid_sortsupport,ulid_uuid_cmp,uuid_ulid_cmp"
check "works in the planted schema" \
    "$(as alice hostile -c "SET search_path = shared" -c "SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid, count(DISTINCT uuidv4()) FROM generate_series(1, 10)")" "f|10"
as alice hostile -c "DROP EXTENSION uidext" >/dev/null
# A planted object with a name the script creates: CREATE (never OR REPLACE) fails, nothing is left.
as mallory hostile -c "CREATE FUNCTION shared.gen_ulid() RETURNS text LANGUAGE sql AS \$\$SELECT 'mallory'\$\$" >/dev/null
check "a planted gen_ulid() makes the install fail closed" \
    "$(error_of alice hostile 'CREATE EXTENSION uidext SCHEMA shared')" '42723: function "gen_ulid" already exists with same argument types'
check "... leaving no extension and no half-made type behind" \
    "$(as alice hostile -c "SELECT count(*) FROM pg_extension WHERE extname = 'uidext'" -c "SELECT count(*) FROM pg_type WHERE typname = 'ulid'")" "0
0"
as mallory hostile -c "DROP FUNCTION shared.gen_ulid()" >/dev/null
as mallory hostile -c "CREATE TYPE shared.ulid AS (x int)" >/dev/null
check "a planted type ulid makes it fail closed too" \
    "$(error_of alice hostile 'CREATE EXTENSION uidext SCHEMA shared')" '42710: type "ulid" already exists'

echo "== $(basename "$0"): $checks_ok checks passed, $checks_bad failed, ${SECONDS}s"
[ "$checks_bad" = 0 ] && [ "$checks_ok" -gt 0 ]
