#!/usr/bin/env bash
# uidext_catalog_refresh(): pg_upgrade from an older major carries the extension's objects over
# as they were, so it lacks what the install script creates only on newer servers (BRIN
# minmax-multi and bloom from 14, btree skip support from 18) and loses the ulid[] comment. This
# puts installed extensions exactly in the state such an upgrade leaves them (from 13, the oldest
# supported), repairs with the function (called directly, in an oddly named schema, inside the
# 1.0 -> 1.1 update, by a superuser and by roles that may not), checks that it never drops
# anything (one catalog on every major, #21: uidext_compat's uuid_extract_version beside core's
# from 17 stays), and compares every catalog object with a fresh install
# (test/cluster/extension_catalog.sql). Users' objects of uidext's signatures: 061_polyfills.sh.
# Two refreshes at once are safe in every isolation level.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters refresh' EXIT

cluster_start refresh
major=$(( $(q -c 'SHOW server_version_num') / 10000 ))
catalog() { q -d "$1" -f test/cluster/extension_catalog.sql; }
# What a pg_upgrade from 13 (16 for the functions core has from 17) leaves different on this
# major, and what the function reports changing, in its order.
changes=()
if [ "$major" -ge 14 ]; then
    changes+=("operator class ulid_minmax_multi_ops for access method brin" "operator class ulid_bloom_ops for access method brin")
fi
if [ "$major" -ge 18 ]; then
    changes+=("function ulid_skipsupport(internal)" "function 6 (skip support) of operator family ulid_ops for access method btree")
else
    echo "    PostgreSQL $major: btree skip support (18+) cannot be exercised here; its rows are compiled but skipped"
fi
changes+=("comment on type ulid[]")   # pg_upgrade does not carry the array type's comment over
[ "$major" -ge 18 ] && changes+=("function 6 (skip support) for uuid of operator family ulid_ops for access method btree")
expected=$(IFS='|'; echo "${changes[*]}" | sed 's/|/, /g')
# damage DB SCHEMA: removes the version-dependent objects as pg_upgrade from 13 leaves them.
damage() {
    local s=$2 sql="" opc
    if [ "$major" -ge 14 ]; then
        for opc in ulid_minmax_multi_ops ulid_bloom_ops; do
            sql="$sql ALTER EXTENSION uidext DROP OPERATOR CLASS $s.$opc USING brin;
                 ALTER EXTENSION uidext DROP OPERATOR FAMILY $s.$opc USING brin;
                 DROP OPERATOR FAMILY $s.$opc USING brin;"
        done
    fi
    if [ "$major" -ge 18 ]; then
        sql="$sql ALTER OPERATOR FAMILY $s.ulid_ops USING btree DROP FUNCTION 6 ($s.ulid, $s.ulid), FUNCTION 6 (uuid, uuid);
             ALTER EXTENSION uidext DROP FUNCTION $s.ulid_skipsupport(internal);
             DROP FUNCTION $s.ulid_skipsupport(internal);"
    fi
    sql="$sql COMMENT ON TYPE $s.ulid[] IS NULL;"
    q -d "$1" -c "$sql"
}
# missing_lines DB WANT: how many lines of a fresh install's catalog DB lacks.
missing_lines() { diff <(echo "$2") <(catalog "$1") | grep -c '^<'; }
# error_of ROLE DB SQL: "SQLSTATE: message" and the HINT of the error SQL raises.
error_of() {
    psql -X -A -t -q -v VERBOSITY=verbose -U "$1" -d "$2" -c "$3" 2>&1 | grep -E '^(ERROR|HINT):' | sed -E 's/^ERROR: +//; s/^HINT: +/HINT: /'
}
refresh_denied='42501: permission denied to refresh extension "uidext"
HINT: Run SELECT uidext_catalog_refresh() as a superuser in each database that has uidext, or ALTER EXTENSION uidext UPDATE as its owner when an update is available.'

q <<'SQL'
CREATE ROLE alice LOGIN;   -- a database owner who installs the trusted extension herself
CREATE ROLE bob LOGIN;     -- neither superuser nor owner
CREATE DATABASE fresh; CREATE DATABASE damaged; CREATE DATABASE odd; CREATE DATABASE odd_fresh;
CREATE DATABASE from10; CREATE DATABASE alice_fresh OWNER alice; CREATE DATABASE alice_from10 OWNER alice;
SQL

q -d alice_fresh -U alice -c "CREATE EXTENSION uidext"
want_alice_fresh=$(catalog alice_fresh)

echo "== a fresh install needs nothing"
q -d fresh -c "CREATE EXTENSION uidext"
want=$(catalog fresh)
echo "    fresh install: $(wc -l <<<"$want") catalog lines ($(grep -c '^member' <<<"$want") extension members), PostgreSQL $major"
check "fresh install: refresh adds nothing" "$(q -d fresh -c "SELECT uidext_catalog_refresh() = ''")" t

echo "== an extension as pg_upgrade from 13 leaves it"
q -d damaged -c "CREATE EXTENSION uidext"
damage damaged public
lacking=$(missing_lines damaged "$want")
check_ge "damaged: catalog lines missing" "$lacking" 1
check "bob (not superuser, not owner): 42501 with a hint" "$(error_of bob damaged 'SELECT uidext_catalog_refresh()')" "$refresh_denied"
check "bob's attempt changed nothing" "$(missing_lines damaged "$want")" "$lacking"
check "refresh reports what it added" "$(q -d damaged -c 'SELECT uidext_catalog_refresh()')" "$expected"
check "refreshed: catalog identical to a fresh install ($(wc -l <<<"$want") lines)" "$(catalog damaged)" "$want"
check "second refresh adds nothing" "$(q -d damaged -c "SELECT uidext_catalog_refresh() = ''")" t
check "bob is refused even when nothing is missing" "$(error_of bob damaged 'SELECT uidext_catalog_refresh()')" "$refresh_denied"
if [ "$major" -ge 14 ]; then
    q -d damaged -c "CREATE TABLE b (id ulid); INSERT INTO b SELECT gen_ulid('2024-01-01'::timestamptz + g * interval '1 s') FROM generate_series(1, 20000) g;
                     INSERT INTO b VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV');
                     CREATE INDEX b_bloom ON b USING brin (id ulid_bloom_ops); CREATE INDEX b_multi ON b USING brin (id ulid_minmax_multi_ops);"
    plan=$(q -d damaged -c "SET enable_seqscan = off; EXPLAIN (COSTS OFF) SELECT * FROM b WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")
    check_match "the re-added BRIN operator classes serve an index scan" "$plan" 'Bitmap Index Scan on b_(bloom|multi)'
    check "and find the row" "$(q -d damaged -c "SET enable_seqscan = off; SELECT count(*) FROM b WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")" 1
    q -d damaged -c "DROP TABLE b"
fi
q -d damaged -c "DROP EXTENSION uidext"
check "DROP EXTENSION removes the re-added objects too (they are members)" \
    "$(q -d damaged -c "SELECT count(*) FROM pg_opclass WHERE opcname LIKE 'ulid%' UNION ALL SELECT count(*) FROM pg_proc WHERE proname LIKE 'ulid%'" | tr '\n' ' ')" "0 0 "

echo "== nothing is dropped: uidext_compat's functions of core's names stay, in use or not (#21, #35)"
q -c "CREATE DATABASE kept"
q -d kept -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_compat"
damage kept public
q -d kept -c "CREATE VIEW v AS SELECT public.uuid_extract_version(gen_uuidv7()) AS version, public.max(u) AS m
              FROM (VALUES ('00000000-0000-7000-8000-000000000001'::uuid)) t (u)"
check "refresh adds what a pg_upgrade from 13 lacks, removes nothing" "$(q -d kept -c 'SELECT uidext_catalog_refresh()')" "$expected"
check "the view still works" "$(q -d kept -c 'SELECT version, m FROM v')" "7|00000000-0000-7000-8000-000000000001"
q -d kept -c "DROP VIEW v"
check "a second refresh changes nothing" "$(q -d kept -c "SELECT uidext_catalog_refresh() = ''")" t
check "catalog identical to a fresh install" "$(catalog kept)" "$want"
check "uidext_compat's uuid_extract_*, min/max(uuid) untouched" "$(q -d kept -c "SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext_compat' WHERE d.deptype = 'e'")" 6

if [ "$major" -ge 14 ]; then
    echo "== an object of that name that is not uidext's is left alone"
    q -c "CREATE DATABASE squatted"
    q -d squatted -c "CREATE EXTENSION uidext"
    damage squatted public
    q -d squatted -c "CREATE OPERATOR FAMILY public.ulid_bloom_ops USING brin"
    bloom="operator class ulid_bloom_ops for access method brin"
    skipped="skipped $bloom (operator family public.ulid_bloom_ops for access method brin is not uidext's)"
    warnings=$(mktemp)
    check "refresh adds the rest and says what it skipped" "$(q -d squatted -c 'SELECT uidext_catalog_refresh()' 2>"$warnings")" \
        "${expected/$bloom/$skipped}"
    check "... with a WARNING naming it" "$(head -1 "$warnings")" \
        "WARNING:  uidext skipped $bloom: operator family public.ulid_bloom_ops for access method brin is not uidext's"
    rm -f "$warnings"
    check "the user's operator family is still empty and no member" \
        "$(q -d squatted -c "SELECT count(p.*), count(d.*) FROM pg_opfamily f LEFT JOIN pg_amproc p ON p.amprocfamily = f.oid
                              LEFT JOIN pg_depend d ON d.objid = f.oid AND d.deptype = 'e' WHERE f.opfname = 'ulid_bloom_ops'")" "0|0"
fi

echo "== in a schema whose name needs quoting, off the search_path"
schema='"Key ""Store"""'
for db in odd odd_fresh; do q -d $db -c "CREATE SCHEMA $schema; CREATE EXTENSION uidext SCHEMA $schema"; done
want_odd=$(catalog odd_fresh)
damage odd "$schema"
check "refresh reports what it added" "$(q -d odd -c "SELECT $schema.uidext_catalog_refresh()")" "$expected"
check "refreshed: catalog identical to a fresh install in that schema ($(wc -l <<<"$want_odd") lines)" "$(catalog odd)" "$want_odd"

echo "== a hostile schema first on the caller's search_path"
q -c "CREATE DATABASE hostile"
q -d hostile -c "CREATE EXTENSION uidext" -c "CREATE SCHEMA evil" -c "CREATE TYPE evil.internal" -c "CREATE TYPE evil.void"
# evil.=(name, name) comes before pg_catalog's: any unqualified name comparison made under the
# caller's search_path would run it (as the superuser calling the refresh); it leaves a mark.
q -d hostile <<'SQL'
CREATE FUNCTION evil.name_eq(name, name) RETURNS boolean LANGUAGE sql
    AS $$ SELECT pg_catalog.set_config('uidext_test.evil_ran', 'yes', false) IS NOT NULL AND $1 OPERATOR(pg_catalog.=) $2 $$;
CREATE OPERATOR evil.= (LEFTARG = name, RIGHTARG = name, FUNCTION = evil.name_eq);
SQL
damage hostile public
check "refresh with search_path = evil, pg_catalog, public reports what it added, runs nothing of evil's" \
    "$(q -d hostile -c "SET search_path = evil, pg_catalog, public" -c 'SELECT uidext_catalog_refresh()' -c 'SHOW search_path' \
         -c "SELECT coalesce(current_setting('uidext_test.evil_ran', true), 'evil did not run')" \
         -c "SELECT count(*) FROM pg_extension WHERE extname = 'uidext'" -c "SELECT current_setting('uidext_test.evil_ran', true)")" "$expected
evil, pg_catalog, public
evil did not run
1
yes"
q -d hostile -c "DROP SCHEMA evil CASCADE"
check "refreshed: catalog identical to a fresh install" "$(catalog hostile)" "$want"

echo "== two refreshes at once"
if [ "$major" -ge 14 ]; then
    # The first holds its transaction open after adding; the second waits for it, then finds
    # everything there instead of failing on a duplicate, also when its snapshot was taken
    # before the first committed (REPEATABLE READ, SERIALIZABLE).
    for iso in "READ COMMITTED" "REPEATABLE READ" "SERIALIZABLE"; do
        q -c "DROP DATABASE IF EXISTS conc" -c "CREATE DATABASE conc"
        q -d conc -c "CREATE EXTENSION uidext"
        damage conc public
        first_out=$(mktemp)
        q -d conc -c "BEGIN" -c "SELECT uidext_catalog_refresh()" -c "SELECT pg_sleep(1.5)" -c "COMMIT" >"$first_out" 2>&1 &
        sleep 0.5
        second=$(q -d conc -c "BEGIN ISOLATION LEVEL $iso" -c "SELECT count(*) FROM pg_class WHERE false" \
                   -c "SELECT uidext_catalog_refresh() = ''" -c "COMMIT" 2>&1)
        wait
        check "$iso: the first adds" "$(head -1 "$first_out")" "$expected"
        check "$iso: the second, its snapshot taken while the first was open, waits and adds nothing" "$second" "0
t"
        rm -f "$first_out"
        check "$iso: catalog identical to a fresh install" "$(catalog conc)" "$want"
    done
fi

echo "== the update from 1.0 (its 1.0 -> 1.1 step) repairs a damaged 1.0 install"
q -d from10 -c "CREATE EXTENSION uidext VERSION '1.0'"
damage from10 public
q -d from10 -c "ALTER EXTENSION uidext UPDATE"
check "superuser's update: catalog identical to a fresh install" "$(catalog from10)" "$want"

echo "== the 1.2 -> 1.3 update runs the refresh: it repairs a 1.2 catalog as pg_upgrade leaves it (#21)"
q -c "CREATE DATABASE from12"
q -d from12 -c "CREATE EXTENSION uidext VERSION '1.2'"
damage from12 public
q -d from12 -c "ALTER EXTENSION uidext UPDATE"
check "catalog identical to a fresh install (18+: the (ulid, ulid) skip support included)" "$(catalog from12)" "$want"

echo "== the extension's owner, not a superuser (trusted install by a database owner)"
want_alice=$want_alice_fresh
q -d alice_from10 -U alice -c "CREATE EXTENSION uidext VERSION '1.0'"
damage alice_from10 public
check "alice owns the extension and is no superuser" \
    "$(q -d alice_from10 -c "SELECT extowner::regrole, (SELECT rolsuper FROM pg_roles WHERE rolname = 'alice') FROM pg_extension WHERE extname = 'uidext'")" "alice|f"
check "alice's direct call (1.0 has no refresh function yet): not there" \
    "$(q -d alice_from10 -c "SELECT count(*) FROM pg_proc WHERE proname = 'uidext_catalog_refresh'")" 0
q -d alice_from10 -U alice -c "ALTER EXTENSION uidext UPDATE"
check "alice's update (run as the bootstrap superuser): catalog identical to her fresh install" "$(catalog alice_from10)" "$want_alice"
damage alice_from10 public
check "alice calling the function: 42501, nothing changed" \
    "$(error_of alice alice_from10 'SELECT uidext_catalog_refresh()'; missing_lines alice_from10 "$want_alice")" "$refresh_denied
$lacking"
check "a superuser repairs alice's extension" "$(q -d alice_from10 -c 'SELECT uidext_catalog_refresh()')" "$expected"
check "repaired: identical to her fresh install" "$(catalog alice_from10)" "$want_alice"
finish
