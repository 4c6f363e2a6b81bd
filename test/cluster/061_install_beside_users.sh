#!/usr/bin/env bash
# Installing or updating uidext beside a user's objects (#21, #35): applications ship polyfills
# of core's newer functions (uuid_extract_timestamp, uuid_larger with max(uuid)), and a user may
# have an operator family of uidext's name. CREATE EXTENSION and ALTER EXTENSION UPDATE (from
# 1.0) must succeed and leave them the user's (no extension member, same definition, still what
# the user's queries call). From 1.5 uidext has none of core's six names (they are the opt-in
# uidext_compat's, which refuses beside a user's or another extension's function of those
# signatures); it skips a user's operator family of its name with a WARNING and never adds to it.
# One test per object kind: function, aggregate, operator family; and another extension's member
# of that signature. On every major: from 17 core has uuid_extract_*, from 20 min/max(uuid), in
# pg_catalog, which changes nothing here.
# ci: group extension-dir (stand-in extensions come and go in the extension directory)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
other_ext_dir="$("${PG_CONFIG:-pg_config}" --sharedir)/extension"
other_ext=uidext_test_other
trap 'stop_clusters beside; rm -f "$other_ext_dir/$other_ext.control" "$other_ext_dir/$other_ext--1.0.sql"' EXIT

cluster_start beside
major=$(( $(q -c 'SHOW server_version_num') / 10000 ))
echo "    PostgreSQL $major"
catalog() { q -d "$1" -f test/cluster/extension_catalog.sql; }
q -c "CREATE DATABASE fresh" && q -d fresh -c "CREATE EXTENSION uidext"
want=$(catalog fresh)

# member_count DB SIGNATURE: how many extensions own that function (0 for a user's own).
member_count() {
    q -d "$1" -c "SELECT count(*) FROM pg_depend WHERE classid = 'pg_proc'::regclass AND deptype = 'e'
                  AND objid = to_regprocedure('$2')"
}
# install DB HOW: runs HOW, prints its WARNING lines (messages only) and fails the check on an error.
install() {
    local out
    out=$(psql -X -q -v ON_ERROR_STOP=1 -d "$1" -c "SET client_min_messages = warning" -c "$2" 2>&1) || { echo "ERROR: $out"; return; }
    grep '^WARNING:' <<<"$out" | sed 's/^WARNING:  //' | grep -v '^uidext 1.5 dropped '
}
# only_missing DB LINES...: the catalog is a fresh install's but for exactly these lines' objects.
lacks() { diff <(echo "$want") <(catalog "$1") | sed -n 's/^< //p' | grep -cE "$2"; }

for how in "CREATE EXTENSION uidext" "CREATE EXTENSION uidext VERSION '1.0'; ALTER EXTENSION uidext UPDATE"; do
    label=${how%%;*}; [ "$how" != "$label" ] && label="1.0, then ALTER EXTENSION UPDATE"
    echo "== function: a user's uuid_extract_timestamp(uuid) polyfill and an overload ($label)"
    q -c "DROP DATABASE IF EXISTS f" -c "CREATE DATABASE f"
    q -d f -c "CREATE FUNCTION public.uuid_extract_timestamp(uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS \$\$ SELECT 'epoch'::timestamptz \$\$"
    q -d f -c "CREATE FUNCTION public.uuid_extract_version(text) RETURNS smallint LANGUAGE sql IMMUTABLE AS 'SELECT 0::smallint'"
    # From 1.5 uidext has none of core's six names (#35): nothing to skip, no WARNING.
    check "succeeds without a WARNING" "$(install f "$how")" ""
    check "the polyfill is still the user's, and what a qualified call runs" \
        "$(member_count f 'public.uuid_extract_timestamp(uuid)')|$(q -d f -c "SELECT public.uuid_extract_timestamp(gen_uuidv7()) = 'epoch'")" "0|t"
    check "the overload is untouched" "$(member_count f 'public.uuid_extract_version(text)')|$(q -d f -c "SELECT public.uuid_extract_version('x')")" "0|0"
    check "the catalog is a fresh install's" "$(catalog f)" "$want"
    check "uidext_compat refuses beside the polyfill, naming it" \
        "$(psql -X -q -d f -c "CREATE EXTENSION uidext_compat" 2>&1 | head -1)" \
        "ERROR:  function public.uuid_extract_timestamp(pg_catalog.uuid) already exists and is not uidext's"
    q -d f -c "DROP FUNCTION public.uuid_extract_timestamp(uuid)"
    check "once the polyfill is dropped, uidext_compat installs and the overload stays the user's" \
        "$(q -d f -c "CREATE EXTENSION uidext_compat" -c "SELECT public.uuid_extract_version('x'), public.uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid)")" "0|7"

    echo "== aggregate: a user's uuid_larger(uuid, uuid) and max(uuid) ($label)"
    q -c "DROP DATABASE IF EXISTS a" -c "CREATE DATABASE a"
    q -d a <<'SQL'
CREATE FUNCTION public.uuid_larger(uuid, uuid) RETURNS uuid LANGUAGE sql IMMUTABLE STRICT
    AS 'SELECT CASE WHEN $1 > $2 THEN $1 ELSE $2 END';
CREATE AGGREGATE public.max(uuid) (SFUNC = public.uuid_larger, STYPE = uuid);
CREATE VIEW newest AS SELECT public.max(u) AS m FROM (VALUES ('00000000-0000-7000-8000-000000000002'::uuid), ('00000000-0000-7000-8000-000000000001')) t (u);
SQL
    check "succeeds without a WARNING" "$(install a "$how")" ""
    check "both are still the user's; the view works" \
        "$(member_count a 'public.uuid_larger(uuid,uuid)')$(member_count a 'public.max(uuid)')|$(q -d a -c 'SELECT m FROM newest')" \
        "00|00000000-0000-7000-8000-000000000002"
    check "uidext has no uuid_smaller or min(uuid) either" "$(q -d a -c "SELECT to_regprocedure('public.uuid_smaller(uuid,uuid)') IS NULL AND to_regprocedure('public.min(uuid)') IS NULL")" t
    check "uidext_compat installs in another schema beside them" \
        "$(q -d a -c "CREATE SCHEMA compat" -c "CREATE EXTENSION uidext_compat SCHEMA compat" -c "SELECT compat.max(u) = (SELECT m FROM newest) FROM (VALUES ('00000000-0000-7000-8000-000000000002'::uuid), ('00000000-0000-7000-8000-000000000001')) t (u)")" t

    echo "== operator family: a user's GiST family named ulid_ops, BRIN family ulid_bloom_ops (14+) ($label)"
    q -c "DROP DATABASE IF EXISTS o" -c "CREATE DATABASE o"
    q -d o -c "CREATE OPERATOR FAMILY public.ulid_ops USING gist"
    [ "$major" -ge 14 ] && q -d o -c "CREATE OPERATOR FAMILY public.ulid_bloom_ops USING brin"
    warnings=$(install o "$how")
    check_match "succeeds with a WARNING naming the family" "$warnings" \
        "^uidext skipped operator class ulid_ops for access method gist: operator family public.ulid_ops for access method gist is not uidext's$"
    family="SELECT count(p.*) + (SELECT count(*) FROM pg_amop o WHERE o.amopfamily = f.oid), count(d.*) FROM pg_opfamily f
            JOIN pg_am a ON a.oid = f.opfmethod AND a.amname = 'gist' LEFT JOIN pg_amproc p ON p.amprocfamily = f.oid
            LEFT JOIN pg_depend d ON d.objid = f.oid AND d.classid = 'pg_opfamily'::regclass AND d.deptype = 'e'
            WHERE f.opfname = 'ulid_ops' GROUP BY f.oid"
    check "the family is not adopted: still empty, no member" "$(q -d o -c "$family")" "0|0"
    q -d o -c "SELECT uidext_catalog_refresh()" >/dev/null 2>&1
    check "a manual refresh does not add to it either" "$(q -d o -c "$family")" "0|0"
    check "the GIN class is uidext's as usual" "$(q -d o -c "SELECT count(*) FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod WHERE a.amname = 'gin' AND c.opcname = 'ulid_ops'")" 1
    brin="SELECT count(o.*), count(d.*) FROM pg_opfamily f LEFT JOIN pg_amop o ON o.amopfamily = f.oid
          LEFT JOIN pg_depend d ON d.objid = f.oid AND d.classid = 'pg_opfamily'::regclass AND d.deptype = 'e'
          WHERE f.opfname = 'ulid_bloom_ops'"
    if [ "$major" -ge 14 ]; then
        check_match "... and one naming the BRIN family" "$warnings" \
            "^uidext skipped operator class ulid_bloom_ops for access method brin: operator family public.ulid_bloom_ops for access method brin is not uidext's$"
        check "the BRIN family is not added to either" "$(q -d o -c "$brin")" "0|0"
    fi
    q -d o -c "DROP EXTENSION uidext"
    check "DROP EXTENSION leaves the user's family as it was" "$(q -d o -c "$family")" "0|0"
    [ "$major" -ge 14 ] && check "... and the BRIN one" "$(q -d o -c "$brin")" "0|0"
done

echo "== another extension's member of uidext's signature uuid_extract_version(uuid)"
cat >"$other_ext_dir/$other_ext.control" <<EOF
comment = 'test/cluster/061: a member with the signature of uidext uuid_extract_version(uuid)'
default_version = '1.0'
relocatable = true
EOF
echo "CREATE FUNCTION uuid_extract_version(uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS 'SELECT 42::smallint';" \
    >"$other_ext_dir/$other_ext--1.0.sql"
other_state="SELECT e.extname, public.uuid_extract_version(gen_random_uuid()) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
             WHERE d.classid = 'pg_proc'::regclass AND d.objid = to_regprocedure('public.uuid_extract_version(uuid)') AND d.deptype = 'e'"
q -c "CREATE DATABASE other"
q -d other -c "CREATE EXTENSION pgcrypto" 2>/dev/null   # gen_random_uuid() on 12 (core from 13)
q -d other -c "CREATE EXTENSION $other_ext"
check "CREATE EXTENSION uidext succeeds without a WARNING" "$(install other "CREATE EXTENSION uidext")" ""
check "uidext_compat refuses, naming the other extension" \
    "$(psql -X -q -d other -c "CREATE EXTENSION uidext_compat" 2>&1 | head -2)" \
    "ERROR:  function public.uuid_extract_version(pg_catalog.uuid) already exists and is not uidext's
DETAIL:  It is a member of extension $other_ext."
check "the function is still the other extension's" "$(q -d other -c "$other_state")" "$other_ext|42"
finish
