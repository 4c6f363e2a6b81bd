#!/usr/bin/env bash
# Installing or updating uidext beside a user's objects of its signatures (#21): applications
# ship polyfills of core's newer functions (uuid_extract_timestamp, uuid_larger with max(uuid)),
# and a user may have an operator family of uidext's name. CREATE EXTENSION and ALTER EXTENSION
# UPDATE (from 1.0) must succeed, skip exactly those objects with a WARNING naming each, leave
# them the user's (no extension member, same definition, still what the user's queries call),
# and never add to a user's operator family. One test per object kind: function, aggregate,
# operator family; and another extension's member of that signature. On every major: from 17
# core has uuid_extract_*, from 20 min/max(uuid), in pg_catalog, which changes nothing here.
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
    grep '^WARNING:' <<<"$out" | sed 's/^WARNING:  //'
}
# only_missing DB LINES...: the catalog is a fresh install's but for exactly these lines' objects.
lacks() { diff <(echo "$want") <(catalog "$1") | sed -n 's/^< //p' | grep -cE "$2"; }

for how in "CREATE EXTENSION uidext" "CREATE EXTENSION uidext VERSION '1.0'; ALTER EXTENSION uidext UPDATE"; do
    label=${how%%;*}; [ "$how" != "$label" ] && label="1.0, then ALTER EXTENSION UPDATE"
    echo "== function: a user's uuid_extract_timestamp(uuid) polyfill and an overload ($label)"
    q -c "DROP DATABASE IF EXISTS f" -c "CREATE DATABASE f"
    q -d f -c "CREATE FUNCTION public.uuid_extract_timestamp(uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS \$\$ SELECT 'epoch'::timestamptz \$\$"
    q -d f -c "CREATE FUNCTION public.uuid_extract_version(text) RETURNS smallint LANGUAGE sql IMMUTABLE AS 'SELECT 0::smallint'"
    check "succeeds with one WARNING naming the polyfill" "$(install f "$how")" \
        "uidext skipped function uuid_extract_timestamp(uuid): function public.uuid_extract_timestamp(uuid) is not uidext's"
    check "the polyfill is still the user's, and what a qualified call runs" \
        "$(member_count f 'public.uuid_extract_timestamp(uuid)')|$(q -d f -c "SELECT public.uuid_extract_timestamp(gen_uuidv7()) = 'epoch'")" "0|t"
    check "the overload is untouched" "$(member_count f 'public.uuid_extract_version(text)')|$(q -d f -c "SELECT public.uuid_extract_version('x')")" "0|0"
    check "uidext's uuid_extract_version(uuid) is there" "$(member_count f 'public.uuid_extract_version(uuid)')" 1
    check "the catalog lacks only the skipped function" "$(lacks f 'uuid_extract_timestamp')|$(diff <(echo "$want") <(catalog f) | grep -c '^>')" \
        "$(diff <(echo "$want") <(catalog f) | grep -c '^<')|0"
    check "a manual refresh warns again and changes nothing" \
        "$(q -d f -c 'SELECT uidext_catalog_refresh()' 2>&1 | head -1)" \
        "WARNING:  uidext skipped function uuid_extract_timestamp(uuid): function public.uuid_extract_timestamp(uuid) is not uidext's"
    q -d f -c "DROP FUNCTION public.uuid_extract_timestamp(uuid)"
    check "once the polyfill is dropped, the refresh adds uidext's" "$(q -d f -c 'SELECT uidext_catalog_refresh()')" "function uuid_extract_timestamp(uuid)"
    check "then the catalog is a fresh install's" "$(catalog f)" "$want"

    echo "== aggregate: a user's uuid_larger(uuid, uuid) and max(uuid) ($label)"
    q -c "DROP DATABASE IF EXISTS a" -c "CREATE DATABASE a"
    q -d a <<'SQL'
CREATE FUNCTION public.uuid_larger(uuid, uuid) RETURNS uuid LANGUAGE sql IMMUTABLE STRICT
    AS 'SELECT CASE WHEN $1 > $2 THEN $1 ELSE $2 END';
CREATE AGGREGATE public.max(uuid) (SFUNC = public.uuid_larger, STYPE = uuid);
CREATE VIEW newest AS SELECT public.max(u) AS m FROM (VALUES ('00000000-0000-7000-8000-000000000002'::uuid), ('00000000-0000-7000-8000-000000000001')) t (u);
SQL
    check "succeeds with a WARNING for each" "$(install a "$how")" \
        "uidext skipped function uuid_larger(uuid, uuid): function public.uuid_larger(uuid,uuid) is not uidext's
uidext skipped aggregate max(uuid): function public.max(uuid) is not uidext's"
    check "both are still the user's; the view works" \
        "$(member_count a 'public.uuid_larger(uuid,uuid)')$(member_count a 'public.max(uuid)')|$(q -d a -c 'SELECT m FROM newest')" \
        "00|00000000-0000-7000-8000-000000000002"
    check "uidext's uuid_smaller and min(uuid) are there" "$(member_count a 'public.uuid_smaller(uuid,uuid)')$(member_count a 'public.min(uuid)')" 11
    q -c "DROP DATABASE IF EXISTS a2" -c "CREATE DATABASE a2"
    q -d a2 -c "CREATE FUNCTION public.uuid_larger(uuid, uuid) RETURNS uuid LANGUAGE sql IMMUTABLE STRICT AS 'SELECT \$2'"
    check "a user's uuid_larger alone: uidext's max(uuid) is skipped too (it would call the user's)" "$(install a2 "$how")" \
        "uidext skipped function uuid_larger(uuid, uuid): function public.uuid_larger(uuid,uuid) is not uidext's
uidext skipped aggregate max(uuid): function public.uuid_larger(uuid,uuid) is not uidext's"
    check "... no max(uuid) in public" "$(q -d a2 -c "SELECT to_regprocedure('public.max(uuid)') IS NULL")" t

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
check "CREATE EXTENSION uidext succeeds with a WARNING naming the other extension" "$(install other "CREATE EXTENSION uidext")" \
    "uidext skipped function uuid_extract_version(uuid): function public.uuid_extract_version(uuid) of extension $other_ext is not uidext's"
check "the function is still the other extension's" "$(q -d other -c "$other_state")" "$other_ext|42"
finish
