#!/usr/bin/env bash
# Opaque public ids (issue 27) on throwaway servers:
#  1. a server with shared_preload_libraries=uidext and the keys in a file postgresql.conf
#     includes: the functions' labels, round trips, errors and their SQLSTATEs, forged values,
#     index use, rotation by editing the file and reloading;
#  2. the key against an ordinary role, by every route: SHOW, SHOW ALL, current_setting,
#     pg_settings, pg_file_settings, pg_db_role_setting, pg_read_file, SET, SET LOCAL,
#     set_config, ALTER ROLE ... SET, a function with a SET clause; a superuser's ALTER
#     DATABASE/ROLE ... SET and function SET clause are refused too; malformed values are
#     refused naming what is wrong and never showing the key (client and server log);
#  3. a server without the preload: the key in postgresql.conf is a placeholder every role can
#     read, so the functions refuse to run.
# Prints "ok ..." or "FAIL ..." per check; exit 0 only if every check passed.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters opaque opaque_nopreload' EXIT

# error_of ROLE SQL...: "SQLSTATE: message" of the first error, or "no error".
error_of() {
    local role=$1; shift
    local out
    out=$(psql -X -A -t -q -v VERBOSITY=verbose -U "$role" "${@/#/-c}" 2>&1)
    grep -m1 -oP '^(psql:[^:]*:[0-9]+: )?ERROR:\s+\K.*' <<<"$out" || echo "no error"
}
# sqlstate_of ROLE SQL: the SQLSTATE alone.
sqlstate_of() { error_of "$@" | cut -d: -f1; }

k1=00112233445566778899aabbccddeeff
k2=8f1c2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0
cluster_start opaque shared_preload_libraries=uidext || exit 1
datadir=$(cluster_dir opaque)/data
set_keys_file() {  # the keys' file, readable by the server's OS user only, then a reload
    printf "uidext.opaque_keys = '%s'\n" "$1" >"$datadir/opaque_keys.conf"
    chown postgres:postgres "$datadir/opaque_keys.conf" 2>/dev/null; chmod 600 "$datadir/opaque_keys.conf"
    q -c 'SELECT pg_reload_conf()' >/dev/null
    sleep 0.5
}
grep -q opaque_keys.conf "$datadir/postgresql.conf" || echo "include_if_exists 'opaque_keys.conf'" >>"$datadir/postgresql.conf"
q -c 'CREATE EXTENSION uidext'

echo "== 1. before any key is set"
check "no key: encode refuses, naming the setting" "$(error_of postgres "SELECT opaque_encode(gen_uuidv7())")" \
    "55000: uidext.opaque_keys is not set"
set_keys_file "k1:$k1"
check "the key file is applied on reload" "$(q -c 'SHOW uidext.opaque_keys')" "k1:$k1"

echo "== 1. functions"
check "labels: STABLE, PARALLEL SAFE, STRICT, not LEAKPROOF, C" \
    "$(q -c "SELECT string_agg(DISTINCT format('%s %s %s %s %s', provolatile, proparallel, proisstrict, proleakproof, l.lanname), ';') || ' x' || count(*) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE proname IN ('opaque_encode', 'opaque_decode')")" \
    "s s t f c x4"
q <<'SQL'
CREATE TABLE ids AS SELECT gen_uuidv7() AS u, gen_ulid() AS l FROM generate_series(1, 200000);
SQL
check "200 000 uuid and ulid round trips: mismatches" \
    "$(q -c "SELECT count(*) FILTER (WHERE opaque_decode(opaque_encode(u)) IS DISTINCT FROM u) + count(*) FILTER (WHERE opaque_decode(opaque_encode(l)) IS DISTINCT FROM l) FROM ids")" "0"
check "encoded uuids: version 4, RFC variant, all distinct, none equal to its input" \
    "$(q -c "SELECT count(*) FILTER (WHERE substr(e::text, 15, 1) = '4' AND substr(e::text, 20, 1) IN ('8', '9', 'a', 'b')), count(DISTINCT e), count(*) FILTER (WHERE e = u) FROM (SELECT u, opaque_encode(u) e FROM ids) s")" \
    "200000|200000|0"
check "encoded ulids: distinct, their leading time no longer ordered like the keys'" \
    "$(q -c "SELECT count(DISTINCT opaque_encode(l)), (SELECT count(*) FROM (SELECT opaque_encode(l) e, l FROM ids ORDER BY l LIMIT 1000) s WHERE e::text < '01') < 100 FROM ids")" "200000|t"
# The ulid one is AES-128 of the value's 16 bytes, as `openssl enc -aes-128-ecb -nopad` computes it.
check "a fixed UUIDv7 and ulid under a fixed key (published ids must keep decoding)" \
    "$(q -c "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid), opaque_encode('01JCP0F8DJ7CYH4Q0J3CNKRYKP'::ulid)::uuid")" \
    "111a10ae-f9d2-43d5-a880-6cd5e61f61d7|31212f8f-d856-7bd3-13d8-5c8836706a93"
fixed_uuid=$(q -c "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid)")
fixed_ulid=$(q -c "SELECT opaque_encode('01JCP0F8DJ7CYH4Q0J3CNKRYKP'::ulid)")

echo "== 1. errors"
check "encode of a v4: 22023" "$(error_of postgres "SELECT opaque_encode('7a2faddd-b0fa-48b3-9d56-62528e287714'::uuid)")" \
    '22023: opaque_encode() needs a UUID of version 7: "7a2faddd-b0fa-48b3-9d56-62528e287714"'
check "decode of a v7: 22023" "$(error_of postgres "SELECT opaque_decode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid)")" \
    '22023: opaque_decode() needs an opaque id, a UUID that looks like version 4: "01932c07-a1b2-7c3d-8e4f-0123456789ab"'
check "encode of a time before 2000: 22008" "$(sqlstate_of postgres "SELECT opaque_encode(uuidv7_lower_bound('1999-12-31 23:59:59+00'))")" "22008"
check "encode of a time a day ahead: 22008" "$(sqlstate_of postgres "SELECT opaque_encode(gen_ulid(now() + interval '1 day'))")" "22008"
check "a mistyped id (one digit changed): 22P02" \
    "$(error_of postgres "SELECT opaque_decode(overlay('$fixed_uuid' placing (CASE substr('$fixed_uuid', 1, 1) WHEN '0' THEN '1' ELSE '0' END) from 1 for 1)::uuid)" | cut -c1-26)" \
    "22P02: invalid opaque id: "
check "NULL in, NULL out" "$(q -c "SELECT opaque_encode(NULL::uuid) IS NULL AND opaque_decode(NULL::ulid) IS NULL")" "t"
# Forged values: 20 000 random version-4 uuids and random ulids; count what decode refuses.
q <<'SQL'
CREATE FUNCTION refused(u uuid) RETURNS boolean LANGUAGE plpgsql AS
$$BEGIN PERFORM opaque_decode(u); RETURN false; EXCEPTION WHEN invalid_text_representation THEN RETURN true; END$$;
CREATE FUNCTION refused(u ulid) RETURNS boolean LANGUAGE plpgsql AS
$$BEGIN PERFORM opaque_decode(u); RETURN false; EXCEPTION WHEN invalid_text_representation THEN RETURN true; END$$;
SQL
check_ge "random v4 uuids refused by decode, of 20000 (>= 99 %)" "$(q -c "SELECT count(*) FILTER (WHERE refused(gen_random_uuid())) FROM generate_series(1, 20000)")" 19800
check_ge "random ulids refused by decode, of 20000 (>= 99 %)" "$(q -c "SELECT count(*) FILTER (WHERE refused(gen_random_uuid()::ulid)) FROM generate_series(1, 20000)")" 19800

echo "== 1. index use"
q -c "ALTER TABLE ids ADD PRIMARY KEY (u)" -c "ANALYZE ids"
one=$(q -c "SELECT opaque_encode(u) FROM ids LIMIT 1")
check "WHERE u = opaque_decode(\$1): an index scan" \
    "$(q -c "EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE u = opaque_decode('$one'::uuid)" | head -2)" \
    "Index Scan using ids_pkey on ids
  Index Cond: (u = opaque_decode('$one'::uuid))"
check "WHERE opaque_encode(u) = \$1: a scan of the whole table" \
    "$(q -c "EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE opaque_encode(u) = '$one'::uuid" | grep -oE 'Seq Scan on ids' | head -1)" "Seq Scan on ids"
check "both find the row" "$(q -c "SELECT (SELECT count(*) FROM ids WHERE u = opaque_decode('$one'::uuid)), (SELECT count(*) FROM ids WHERE opaque_encode(u) = '$one'::uuid)")" "1|1"

echo "== 1. rotation"
set_keys_file "k2:$k2,k1:$k1"
check "after rotation, old ids still decode" \
    "$(q -c "SELECT opaque_decode('$fixed_uuid'::uuid), opaque_decode('$fixed_ulid'::ulid)")" \
    "01932c07-a1b2-7c3d-8e4f-0123456789ab|01JCP0F8DJ7CYH4Q0J3CNKRYKP"
check "new ids come from the first key" \
    "$(q -c "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid) <> '$fixed_uuid', opaque_decode(opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid))")" \
    "t|01932c07-a1b2-7c3d-8e4f-0123456789ab"
check "200 000 old ids re-encoded with k2 and decoded with k2,k1: mismatches" \
    "$(q -c "SELECT count(*) FILTER (WHERE opaque_decode(opaque_encode(u)) IS DISTINCT FROM u) FROM ids")" "0"
set_keys_file "k2:$k2"
check "k1 removed: its ids are refused (22P02)" "$(sqlstate_of postgres "SELECT opaque_decode('$fixed_uuid'::uuid)")" "22P02"

echo "== 2. an ordinary role and the key"
q -c "CREATE ROLE app LOGIN" -c "CREATE ROLE monitor LOGIN IN ROLE pg_read_all_settings" -c "GRANT SELECT ON ids TO app"
check "app uses the functions" "$(q -U app -c "SELECT count(*) FROM ids WHERE opaque_decode(opaque_encode(u)) = u")" "200000"
# (The wording varies by major: "must be superuser or have privileges of ..." up to 15.)
check_match "SHOW" "$(error_of app 'SHOW uidext.opaque_keys')" '^42501: .*to examine "uidext.opaque_keys"$'
check "SHOW ALL does not list it" "$(q -U app -c 'SHOW ALL' | grep -c opaque_keys)" "0"
check "current_setting()" "$(sqlstate_of app "SELECT current_setting('uidext.opaque_keys')")" "42501"
check "current_setting(, missing_ok)" "$(sqlstate_of app "SELECT current_setting('uidext.opaque_keys', true)")" "42501"
check "pg_settings has no row for it" "$(q -U app -c "SELECT count(*) FROM pg_settings WHERE name LIKE 'uidext.opaque%'")" "0"
check "pg_file_settings" "$(error_of app 'SELECT * FROM pg_file_settings')" "42501: permission denied for view pg_file_settings"
check "pg_read_file of the key file" "$(sqlstate_of app "SELECT pg_read_file('opaque_keys.conf')")" "42501"
check "SET" "$(error_of app "SET uidext.opaque_keys = 'x:$k1'")" '42501: permission denied to set parameter "uidext.opaque_keys"'
check "SET LOCAL" "$(sqlstate_of app "BEGIN" "SET LOCAL uidext.opaque_keys = 'x:$k1'")" "42501"
check "set_config()" "$(sqlstate_of app "SELECT set_config('uidext.opaque_keys', 'x:$k1', false)")" "42501"
check "ALTER ROLE app SET (by app)" "$(sqlstate_of app "ALTER ROLE app SET uidext.opaque_keys = 'x:$k1'")" "42501"
check "a function with a SET clause (by app)" \
    "$(sqlstate_of app "CREATE FUNCTION pg_temp.f() RETURNS int LANGUAGE sql SET uidext.opaque_keys = 'x:$k1' AS 'SELECT 1'")" "42501"
check "app's encoding still uses the server's key" "$(q -U app -c "SELECT opaque_decode(opaque_encode(u)) = u FROM ids LIMIT 1")" "t"
refused='22023: uidext.opaque_keys cannot be set with ALTER DATABASE, ALTER ROLE or a function'"'"'s SET clause'
check "superuser: ALTER DATABASE ... SET refused" "$(error_of postgres "ALTER DATABASE postgres SET uidext.opaque_keys = 'k3:$k1'")" "$refused"
check "superuser: ALTER ROLE ... SET refused" "$(error_of postgres "ALTER ROLE app SET uidext.opaque_keys = 'k3:$k1'")" "$refused"
check "superuser: ALTER ROLE ALL SET refused" "$(error_of postgres "ALTER ROLE ALL SET uidext.opaque_keys = 'k3:$k1'")" "$refused"
check "superuser: ALTER ROLE ... IN DATABASE ... SET refused" "$(error_of postgres "ALTER ROLE app IN DATABASE postgres SET uidext.opaque_keys = 'k3:$k1'")" "$refused"
check "superuser: a function with a SET clause refused" \
    "$(error_of postgres "CREATE FUNCTION f() RETURNS int LANGUAGE sql SET uidext.opaque_keys = 'k3:$k1' AS 'SELECT 1'")" "$refused"
check "pg_db_role_setting and pg_proc hold no key" \
    "$(q -U app -c "SELECT (SELECT count(*) FROM pg_db_role_setting WHERE array_to_string(setconfig, ',') LIKE '%opaque%') + (SELECT count(*) FROM pg_proc WHERE array_to_string(proconfig, ',') LIKE '%opaque%')")" "0"
check "documented exception: a member of pg_read_all_settings reads it" "$(q -U monitor -c 'SHOW uidext.opaque_keys')" "k2:$k2"

echo "== 2. superuser SET and malformed values"
check "superuser SET in a session, SET LOCAL" \
    "$(q -c "SET uidext.opaque_keys = 'k9:$k1'" -c "SELECT opaque_decode('$fixed_uuid'::uuid)" -c "BEGIN" -c "SET LOCAL uidext.opaque_keys = ''" -c "SELECT 1" -c "ROLLBACK")" \
    "01932c07-a1b2-7c3d-8e4f-0123456789ab
1"
check "superuser SET to '' then encode: the setting is named" \
    "$(error_of postgres "SET uidext.opaque_keys = ''" "SELECT opaque_decode('$fixed_uuid'::uuid)")" "55000: uidext.opaque_keys is not set"
bad_out=$(psql -X -U postgres -c "SET uidext.opaque_keys = 'k1:${k1}0'" 2>&1)
check "a key of 33 digits: refused naming the entry" "$(grep -oE '^(ERROR|DETAIL):.*' <<<"$bad_out")" \
    'ERROR:  invalid value for parameter "uidext.opaque_keys"
DETAIL:  Entry 1 ("k1"): the key must have 32 or 64 hex digits (AES-128 or AES-256).'
check "... the message does not show the key" "$(grep -c "$k1" <<<"$bad_out")" "0"
check "a non-hex digit" "$(psql -X -c "SET uidext.opaque_keys = 'k2:$k2,k1:${k1:0:31}x'" 2>&1 | grep DETAIL)" \
    'DETAIL:  Entry 2 ("k1"): the key has a character that is not a hex digit.'
check "a duplicate id" "$(psql -X -c "SET uidext.opaque_keys = 'k1:$k2,k1:$k1'" 2>&1 | grep DETAIL)" \
    'DETAIL:  Entry 2 ("k1"): an earlier entry has the same id.'
check "a missing colon" "$(psql -X -c "SET uidext.opaque_keys = 'k1$k1'" 2>&1 | grep DETAIL)" \
    'DETAIL:  Entry 1: there is no ":" between the id and the key.'
# A malformed file: the reload keeps the previous value and logs why, without the key.
set_keys_file "k2:$k2,k1:${k1:0:30}"
check "malformed file: the previous keys stay" "$(q -c 'SHOW uidext.opaque_keys')" "k2:$k2"
log=$(cluster_log opaque)
check_match "malformed file: the log names the entry" "$log" 'Entry 2 \("k1"\): the key must have 32 or 64 hex digits'
check "malformed file: no error line of the log shows either key" \
    "$(grep -E 'ERROR|LOG|DETAIL|HINT' <<<"$log" | grep -v 'changed to' | grep -c -e "${k1:0:30}" -e "$k2")" "0"
# PostgreSQL's own behaviour for every setting, kept in view because opaque-ids.md tells it: on a
# reload, the postmaster logs a changed setting's new value (server log only).
check "known: a reload logs 'parameter \"uidext.opaque_keys\" changed to' with the value" \
    "$(grep -c "parameter \"uidext.opaque_keys\" changed to \"k2:$k2\"" <<<"$log")" "1"
set_keys_file "k2:$k2"

echo "== 3. without shared_preload_libraries"
cluster_start opaque_nopreload "uidext.opaque_keys=k1:$k1" || exit 1
q -c 'CREATE EXTENSION uidext' -c 'CREATE ROLE app LOGIN'
check "the key in postgresql.conf is a placeholder app can read (why the preload is required)" \
    "$(q -U app -c 'SHOW uidext.opaque_keys')" "k1:$k1"
check "encode refuses without the preload" "$(error_of app "SELECT opaque_encode(gen_uuidv7())")" \
    '55000: opaque_encode() needs uidext in "shared_preload_libraries"'
check "... with a hint" "$(psql -X -U app -c "SELECT opaque_decode(gen_ulid())" 2>&1 | grep HINT)" \
    'HINT:  Add uidext to "shared_preload_libraries" and restart the server.'
finish
