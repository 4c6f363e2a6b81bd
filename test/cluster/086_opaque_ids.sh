#!/usr/bin/env bash
# Opaque public ids (issues 27 and 30) on throwaway servers:
#  1. a server with shared_preload_libraries=uidext,pg_stat_statements and the keys in the file
#     named by uidext.opaque_key_file: the functions' labels, round trips, errors and their
#     SQLSTATEs, forged values, index use (uuid and ulid columns, opaque_decode and
#     opaque_candidates), an untyped parameter (PREPARE, psycopg 3, SQLAlchemy);
#  2. the key file: refused when group- or world-readable (0644), kept on a bad reload, rotated
#     by a reload with a new file; after rotating through three keys every id made under the
#     oldest finds its row through opaque_candidates (OPAQUE_ROTATION_ROWS ids, 200 000 unless
#     set); a missing file at start: the functions say why;
#  3. an ordinary role and 1.3's uidext.opaque_keys: never kept, stored values refused;
#  4. after all that: no test key's digits in the server log, pg_stat_activity, pg_settings,
#     pg_file_settings, pg_db_role_setting or pg_stat_statements;
#  5. a 1.3 configuration (keys in uidext.opaque_keys, no key file): the update and the functions
#     say to move the keys, never showing them; without shared_preload_libraries the functions
#     refuse (test/cluster/087_opaque_keys_per_database.sh tests the preload's promises).
# Prints "ok ..." or "FAIL ..." per check; exit 0 only if every check passed.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters opaque opaque_legacy opaque_nopreload' EXIT
rows=${OPAQUE_ROTATION_ROWS:-200000}

# error_of ROLE SQL...: "SQLSTATE: message" of the first error, or "no error".
error_of() {
    local role=$1; shift
    local out
    out=$(psql -X -A -t -q -v VERBOSITY=verbose -U "$role" "${@/#/-c}" 2>&1)
    grep -m1 -oP '^(psql:[^:]*:[0-9]+: )?ERROR:\s+\K.*' <<<"$out" || echo "no error"
}
# sqlstate_of ROLE SQL: the SQLSTATE alone.
sqlstate_of() { error_of "$@" | cut -d: -f1; }

# The keys of the key file (never typed in SQL): each is grepped for at the end.
k1=00112233445566778899aabbccddeeff
k2=8f1c2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0
k3=3c4b5a69788796a5b4c3d2e1f00f1e2d
# Typed in SQL by tests of 1.3's setting (they are in pg_stat_activity and pg_stat_statements
# because the test sends them, which no uidext code can prevent).
typed=a1b2c3d4e5f60718293a4b5c6d7e8f90

cluster_start opaque shared_preload_libraries=uidext,pg_stat_statements || exit 1
datadir=$(cluster_dir opaque)/data
pgbin=$("$PG_CONFIG" --bindir)
# write_key_file MODE LINE...: the key file, owned by the server's OS user.
write_key_file() {
    local mode=$1; shift
    printf '# opaque id keys: the first encodes\n' >"$datadir/opaque.keys"
    printf '%s\n' "$@" >>"$datadir/opaque.keys"
    chown postgres:postgres "$datadir/opaque.keys" 2>/dev/null; chmod "$mode" "$datadir/opaque.keys"
}
reload() { q -c 'SELECT pg_reload_conf()' >/dev/null; sleep 0.5; }
q -c 'CREATE EXTENSION uidext' -c 'CREATE EXTENSION pg_stat_statements'

echo "== 1. before a key file is named"
check "no key file: encode refuses, naming the setting" "$(error_of postgres "SELECT opaque_encode(gen_uuidv7())")" \
    "55000: opaque_encode() has no key: uidext.opaque_key_file is not set"
write_key_file 600 "k1:$k1"
echo "uidext.opaque_key_file = 'opaque.keys'" >>"$datadir/postgresql.conf"
reload
check "the setting holds a path, relative to the data directory" "$(q -c 'SHOW uidext.opaque_key_file')" "opaque.keys"

echo "== 1. functions"
check "labels: STABLE, PARALLEL SAFE, STRICT, not LEAKPROOF, C" \
    "$(q -c "SELECT string_agg(DISTINCT format('%s %s %s %s %s', provolatile, proparallel, proisstrict, proleakproof, l.lanname), ';') || ' x' || count(*) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE proname IN ('opaque_encode', 'opaque_decode', 'opaque_candidates')")" \
    "s s t f c x8"
check "signatures" \
    "$(q -c "SELECT string_agg(p.oid::regprocedure::text || ' -> ' || prorettype::regtype::text, '; ' ORDER BY p.oid::regprocedure::text) FROM pg_proc p WHERE proname IN ('opaque_decode', 'opaque_candidates')")" \
    "opaque_candidates(text) -> uuid[]; opaque_candidates(ulid) -> ulid[]; opaque_candidates(uuid) -> uuid[]; opaque_decode(text) -> uuid; opaque_decode(ulid) -> ulid; opaque_decode(uuid) -> uuid"
q <<'SQL'
CREATE TABLE ids AS SELECT gen_uuidv7() AS u, gen_ulid() AS l FROM generate_series(1, 200000);
SQL
check "200 000 uuid and ulid round trips: mismatches" \
    "$(q -c "SELECT count(*) FILTER (WHERE opaque_decode(opaque_encode(u)) IS DISTINCT FROM u) + count(*) FILTER (WHERE opaque_decode(opaque_encode(l)) IS DISTINCT FROM l) FROM ids")" "0"
check "... through the text forms (opaque_decode(text)): mismatches" \
    "$(q -c "SELECT count(*) FILTER (WHERE opaque_decode(opaque_encode(u)::text) IS DISTINCT FROM u) + count(*) FILTER (WHERE opaque_decode(opaque_encode(l)::text) IS DISTINCT FROM l::uuid) FROM ids")" "0"
check "... opaque_candidates with one key: exactly the value" \
    "$(q -c "SELECT count(*) FILTER (WHERE opaque_candidates(opaque_encode(u)) IS DISTINCT FROM ARRAY[u]) + count(*) FILTER (WHERE opaque_candidates(opaque_encode(l)) IS DISTINCT FROM ARRAY[l]) + count(*) FILTER (WHERE opaque_candidates(opaque_encode(l)::text) IS DISTINCT FROM ARRAY[l::uuid]) FROM ids")" "0"
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
check "decode of a v7 given as text: 22P02" "$(error_of postgres "SELECT opaque_decode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::text)")" \
    '22P02: opaque_decode() needs an opaque id, a UUID that looks like version 4: "01932c07-a1b2-7c3d-8e4f-0123456789ab"'
check "decode of other text: 22P02 naming it" "$(error_of postgres "SELECT opaque_decode('order-12')")" \
    '22P02: invalid opaque id: "order-12"'
check "candidates of other text: 22P02 naming it" "$(error_of postgres "SELECT opaque_candidates('01JCP0F8DJ7CYH4Q0J3CNKRYKU')")" \
    '22P02: invalid opaque id: "01JCP0F8DJ7CYH4Q0J3CNKRYKU"'
check "encode of a time before 2000: 22008" "$(sqlstate_of postgres "SELECT opaque_encode(uuidv7_lower_bound('1999-12-31 23:59:59+00'))")" "22008"
check "encode of a time a day ahead: 22008" "$(sqlstate_of postgres "SELECT opaque_encode(gen_ulid(now() + interval '1 day'))")" "22008"
mistyped=$(q -c "SELECT overlay('$fixed_uuid' placing (CASE substr('$fixed_uuid', 1, 1) WHEN '0' THEN '1' ELSE '0' END) from 1 for 1)")
check "a mistyped id (one digit changed): 22P02" "$(error_of postgres "SELECT opaque_decode('$mistyped'::uuid)" | cut -c1-26)" \
    "22P02: invalid opaque id: "
check "... has no candidate: a lookup finds nothing" "$(q -c "SELECT opaque_candidates('$mistyped'::uuid), opaque_candidates('$mistyped')")" "{}|{}"
check "NULL in, NULL out" \
    "$(q -c "SELECT opaque_encode(NULL::uuid) IS NULL AND opaque_decode(NULL::ulid) IS NULL AND opaque_decode(NULL::text) IS NULL AND opaque_candidates(NULL::text) IS NULL")" "t"
null_calls=$(q <<'SQL'
DO $$
DECLARE p record; r text;
BEGIN
    FOR p IN SELECT oid::regprocedure AS f, proname, proargtypes[0]::regtype AS t FROM pg_proc WHERE proname LIKE 'opaque\_%' LOOP
        EXECUTE format('ALTER FUNCTION %s CALLED ON NULL INPUT', p.f);
        EXECUTE format('SELECT %I(NULL::%s)::text', p.proname, p.t) INTO r;
        IF r IS NOT NULL THEN RAISE 'not NULL: %', p.f; END IF;
        EXECUTE format('ALTER FUNCTION %s STRICT', p.f);
    END LOOP;
END$$;
SELECT count(*) FROM pg_proc WHERE proname LIKE 'opaque\_%' AND proisstrict;
SQL
)
check "every opaque function altered to CALLED ON NULL INPUT: NULL in, NULL out, no crash (then STRICT again)" "$null_calls" "8"
# Forged values: 20 000 random version-4 uuids and random ulids; count what decode refuses.
q <<'SQL'
CREATE FUNCTION refused(u uuid) RETURNS boolean LANGUAGE plpgsql AS
$$BEGIN PERFORM opaque_decode(u); RETURN false; EXCEPTION WHEN invalid_text_representation THEN RETURN true; END$$;
CREATE FUNCTION refused(u ulid) RETURNS boolean LANGUAGE plpgsql AS
$$BEGIN PERFORM opaque_decode(u); RETURN false; EXCEPTION WHEN invalid_text_representation THEN RETURN true; END$$;
SQL
check_ge "random v4 uuids refused by decode, of 20000 (>= 99 %)" "$(q -c "SELECT count(*) FILTER (WHERE refused(gen_random_uuid())) FROM generate_series(1, 20000)")" 19800
check_ge "random ulids refused by decode, of 20000 (>= 99 %)" "$(q -c "SELECT count(*) FILTER (WHERE refused(gen_random_uuid()::ulid)) FROM generate_series(1, 20000)")" 19800
check_ge "random v4 uuids without a candidate, of 20000 (>= 99 %)" "$(q -c "SELECT count(*) FILTER (WHERE cardinality(opaque_candidates(gen_random_uuid())) = 0) FROM generate_series(1, 20000)")" 19800

echo "== 1. index use"
q -c "ALTER TABLE ids ADD PRIMARY KEY (u)" -c "CREATE INDEX ids_l ON ids (l)" -c "ANALYZE ids"
read -r one one_l < <(q -F ' ' -c "SELECT opaque_encode(u), opaque_encode(l) FROM ids LIMIT 1")
plan() { q -c "EXPLAIN (COSTS OFF) $1" | head -2; }
check "WHERE u = opaque_decode(\$1): an index scan" "$(plan "SELECT * FROM ids WHERE u = opaque_decode('$one'::uuid)")" \
    "Index Scan using ids_pkey on ids
  Index Cond: (u = opaque_decode('$one'::uuid))"
check "WHERE opaque_encode(u) = \$1: a scan of the whole table" \
    "$(q -c "EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE opaque_encode(u) = '$one'::uuid" | grep -oE 'Seq Scan on ids' | head -1)" "Seq Scan on ids"
check "uuid column, WHERE u = ANY(opaque_candidates(text)): an index scan" \
    "$(plan "SELECT * FROM ids WHERE u = ANY(opaque_candidates('$one'))")" \
    "Index Scan using ids_pkey on ids
  Index Cond: (u = ANY (opaque_candidates('$one'::text)))"
check "ulid column, WHERE l = ANY(opaque_candidates(text)): an index scan (ulid = uuid in ulid_ops)" \
    "$(plan "SELECT * FROM ids WHERE l = ANY(opaque_candidates('$one_l'))")" \
    "Index Scan using ids_l on ids
  Index Cond: (l = ANY (opaque_candidates('$one_l'::text)))"
check "ulid column, WHERE l = ANY(opaque_candidates(ulid)): an index scan" \
    "$(plan "SELECT * FROM ids WHERE l = ANY(opaque_candidates('$one_l'::ulid))")" \
    "Index Scan using ids_l on ids
  Index Cond: (l = ANY (opaque_candidates('$one_l'::ulid)))"
check "ulid column, WHERE l = opaque_decode(text): an index scan" \
    "$(plan "SELECT * FROM ids WHERE l = opaque_decode('$one_l')")" \
    "Index Scan using ids_l on ids
  Index Cond: (l = opaque_decode('$one_l'::text))"
check "every lookup finds the row" \
    "$(q -c "SELECT (SELECT count(*) FROM ids WHERE u = opaque_decode('$one'::uuid)), (SELECT count(*) FROM ids WHERE opaque_encode(u) = '$one'::uuid), (SELECT count(*) FROM ids WHERE u = ANY(opaque_candidates('$one'))), (SELECT count(*) FROM ids WHERE l = ANY(opaque_candidates('$one_l'))), (SELECT count(*) FROM ids WHERE l = opaque_decode('$one_l'))")" \
    "1|1|1|1|1"

echo "== 1. an untyped parameter (1.3: 42725, function opaque_decode(unknown) is not unique)"
check "PREPARE without types, uuid and ulid columns" \
    "$(q -c "PREPARE by_u AS SELECT count(*) FROM ids WHERE u = opaque_decode(\$1)" -c "PREPARE by_l AS SELECT count(*) FROM ids WHERE l = opaque_decode(\$1)" -c "PREPARE any_l AS SELECT count(*) FROM ids WHERE l = ANY(opaque_candidates(\$1))" -c "EXECUTE by_u('$one')" -c "EXECUTE by_l('$one_l')" -c "EXECUTE any_l('$one_l')")" \
    "1
1
1"
check "psycopg 3 and SQLAlchemy, a str parameter" "$(ONE=$one ONE_L=$one_l $PY - <<'PY' 2>&1
import os, psycopg, sqlalchemy
dsn = f"host={os.environ['PGHOST']} port={os.environ['PGPORT']} user=postgres dbname=postgres"
with psycopg.connect(dsn) as c:
    a = c.execute("SELECT count(*) FROM ids WHERE u = opaque_decode(%s)", [os.environ["ONE"]]).fetchone()[0]
    b = c.execute("SELECT count(*) FROM ids WHERE l = ANY(opaque_candidates(%s))", [os.environ["ONE_L"]]).fetchone()[0]
# SQLAlchemy 1.4 (Debian 12) has no psycopg 3 dialect: psycopg2, binding the str as text.
e = sqlalchemy.create_engine(f"postgresql+psycopg2://postgres@/postgres?host={os.environ['PGHOST']}&port={os.environ['PGPORT']}")
with e.connect() as conn:
    s = conn.execute(sqlalchemy.text("SELECT count(*) FROM ids WHERE u = opaque_decode(:id)"), {"id": os.environ["ONE"]}).scalar()
print(a, b, s)
PY
)" "1 1 1"

echo "== 2. the key file: permissions, bad reloads, rotation"
write_key_file 644 "k2:$k2" "k1:$k1"
reload
check "a 0644 file is refused on reload: the previous keys stay (k1 encodes)" \
    "$(q -c "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid)")" "$fixed_uuid"
check_match "... the log says why, naming the file and the rule" "$(cluster_log opaque)" \
    'WARNING:  uidext kept its previous opaque id keys: key file "opaque.keys" is refused: it has group or world access; it must be owned by the database server.s operating system user with permissions u=rw \(0600\) or less'
write_key_file 600 "k2:$k2" "k1:${k1:0:30}"
reload
check "a malformed file is refused on reload: the previous keys stay" \
    "$(q -c "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid)")" "$fixed_uuid"
check_match "... the log names the line and the id" "$(cluster_log opaque)" \
    'WARNING:  uidext kept its previous opaque id keys: key file "opaque.keys", line 3 \(id "k1"\): the key must have 32 or 64 hex digits'
write_key_file 600 "k2:$k2" "k1:$k1"
reload
check "a good file rotates: k2 encodes, k1's ids still decode" \
    "$(q -c "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid) <> '$fixed_uuid', opaque_decode('$fixed_uuid'::uuid), opaque_decode('$fixed_ulid'::ulid), opaque_decode('$fixed_ulid') = '01JCP0F8DJ7CYH4Q0J3CNKRYKP'::ulid")" \
    "t|01932c07-a1b2-7c3d-8e4f-0123456789ab|01JCP0F8DJ7CYH4Q0J3CNKRYKP|t"

echo "== 2. rotation through three keys: $rows ids made under the oldest"
write_key_file 600 "k1:$k1"
reload
q -c "CREATE TABLE rows_k1 AS SELECT u, l FROM ids LIMIT 0" \
  -c "INSERT INTO rows_k1 SELECT gen_uuidv7(), gen_ulid() FROM generate_series(1, $rows)" \
  -c "CREATE TABLE links AS SELECT opaque_encode(u)::text AS link_u, opaque_encode(l)::text AS link_l FROM rows_k1" \
  -c "ALTER TABLE rows_k1 ADD PRIMARY KEY (u)" -c "CREATE INDEX ON rows_k1 (l)" -c "ANALYZE rows_k1"
write_key_file 600 "k2:$k2" "k1:$k1"
reload
write_key_file 600 "k3:$k3" "k2:$k2" "k1:$k1"
reload
lookups=$(q -c "SET enable_seqscan = off" -c "SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT FROM rows_k1 r WHERE r.u = ANY(opaque_candidates(link_u)))), count(*) FILTER (WHERE NOT EXISTS (SELECT FROM rows_k1 r WHERE r.l = ANY(opaque_candidates(link_l)))), count(*) FILTER (WHERE NOT EXISTS (SELECT FROM rows_k1 r WHERE r.u = opaque_decode(link_u))) FROM links")
check "ids made under k1, keys now k3,k2,k1: misses through opaque_candidates (uuid|ulid)" "$(cut -d'|' -f1,2 <<<"$lookups")" "0|0"
echo "     (opaque_decode alone misses $(cut -d'|' -f3 <<<"$lookups") of $rows uuid ids: the reason for opaque_candidates)"
check_ge "... opaque_decode alone misses some (~0.6 % with two newer keys)" "$(cut -d'|' -f3 <<<"$lookups")" 1
check "ids made under k3 now: every one found" \
    "$(q -c "SELECT count(*) FROM (SELECT opaque_encode(u) e, u FROM ids LIMIT 20000) s WHERE NOT EXISTS (SELECT FROM ids i WHERE i.u = ANY(opaque_candidates(s.e)))")" "0"
write_key_file 600 "k3:$k3"
reload
check "k1 and k2 removed: their ids are refused (22P02) and have no candidate" \
    "$(sqlstate_of postgres "SELECT opaque_decode('$fixed_uuid'::uuid)") $(q -c "SELECT opaque_candidates('$fixed_uuid')")" "22P02 {}"

echo "== 2. a missing key file at start"
write_key_file 600 "k3:$k3" "k2:$k2" "k1:$k1"
mv "$datadir/opaque.keys" "$datadir/opaque.keys.away"
as_postgres "$pgbin/pg_ctl" -D "$datadir" -w -m fast restart -l "$(cluster_dir opaque)/server.log" >/dev/null
check "the server starts; the functions say why they have no key" "$(error_of postgres "SELECT opaque_decode('$fixed_uuid')")" \
    "55000: opaque_decode() has no key: the key file could not be used"
check "... detail: the file and the OS error" "$(psql -X -c "SELECT opaque_encode(gen_ulid())" 2>&1 | grep DETAIL)" \
    'DETAIL:  key file "opaque.keys": it cannot be opened: No such file or directory.'
check_match "... and the log at start" "$(cluster_log opaque)" 'WARNING:  uidext has no opaque id keys: key file "opaque.keys": it cannot be opened'
mv "$datadir/opaque.keys.away" "$datadir/opaque.keys"
reload
check "the file back, a reload: the keys are there" "$(q -c "SELECT opaque_decode('$fixed_uuid')")" "01932c07-a1b2-7c3d-8e4f-0123456789ab"

echo "== 3. an ordinary role and 1.3's uidext.opaque_keys"
q -c "CREATE ROLE app LOGIN" -c "GRANT SELECT ON ids TO app"
check "app uses the functions" "$(q -U app -c "SELECT count(*) FROM ids WHERE opaque_decode(opaque_encode(u)::text) = u")" "200000"
check "pg_read_file of the key file" "$(sqlstate_of app "SELECT pg_read_file('opaque.keys')")" "42501"
check "app cannot change the key file's name" "$(sqlstate_of app "SET uidext.opaque_key_file = '/tmp/x'")" "55P02"
legacy_set=$(psql -X -U app -c "SET uidext.opaque_keys = 'x:$typed'" -c "SHOW uidext.opaque_keys" 2>&1)
check "app: SET uidext.opaque_keys warns, keeps nothing" "$(grep -E '^(WARNING|SET)' <<<"$legacy_set"; sed -n '/^-/,/row/p' <<<"$legacy_set" | sed -n 2p)" \
    "WARNING:  uidext.opaque_keys is no longer read: its value was discarded
SET
 "
check "superuser: SET uidext.opaque_keys warns, keeps nothing; the file's keys still encode" \
    "$(q -c "SET uidext.opaque_keys = 'k9:$typed'" -c "SHOW uidext.opaque_keys" -c "SELECT opaque_decode(opaque_encode(u)) = u FROM ids LIMIT 1" 2>&1 | grep -v -e '^DETAIL' -e '^HINT')" \
    "WARNING:  uidext.opaque_keys is no longer read: its value was discarded

t"
refused='22023: uidext.opaque_keys is no longer read: opaque id keys come from the file named by uidext.opaque_key_file'
# Refused as in 1.3 (a stored value would be readable by every role). PostgreSQL's own
# log_min_error_statement then logs these statements with what was typed: so they type no key.
check "superuser: ALTER DATABASE ... SET refused" "$(error_of postgres "ALTER DATABASE postgres SET uidext.opaque_keys = 'k3:not-a-key'")" "$refused"
check "superuser: ALTER ROLE ... SET refused" "$(error_of postgres "ALTER ROLE app SET uidext.opaque_keys = 'k3:not-a-key'")" "$refused"
check "superuser: a function with a SET clause refused" \
    "$(error_of postgres "CREATE FUNCTION f() RETURNS int LANGUAGE sql SET uidext.opaque_keys = 'k3:not-a-key' AS 'SELECT 1'")" "$refused"

echo "== 4. no key anywhere"
# Every statement of this script ran in this server; look for each key of the key file, in
# either case, and for the key typed in the discarded SETs in the server log. The views are read
# whole and searched here: a query holding the keys would find itself in pg_stat_activity.
keys_re="$k1|$k2|$k3|${k1^^}|${k2^^}|${k3^^}"
log=$(cluster_log opaque)
check "server log: lines with a key of the key file" "$(grep -ciE "$keys_re" <<<"$log")" "0"
check "server log: lines with the key typed in a discarded SET" "$(grep -ci "$typed" <<<"$log")" "0"
for view in pg_stat_activity pg_settings pg_file_settings pg_db_role_setting pg_stat_statements; do
    contents=$(q -c "SELECT v::text FROM $view v")
    check "$view ($(wc -l <<<"$contents") rows): rows with a key of the key file" "$(grep -ciE "$keys_re" <<<"$contents")" "0"
done
check "pg_settings: uidext.opaque_keys is empty, uidext.opaque_key_file a path" \
    "$(q -c "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings WHERE name LIKE 'uidext.opaque%'")" \
    "uidext.opaque_key_file=opaque.keys uidext.opaque_keys="

echo "== 5. a 1.3 configuration: keys in uidext.opaque_keys, no key file"
cluster_start opaque_legacy shared_preload_libraries=uidext || exit 1
echo "uidext.opaque_keys = 'k1:$k1'" >>"$(cluster_dir opaque_legacy)/data/postgresql.conf"
as_postgres "$pgbin/pg_ctl" -D "$(cluster_dir opaque_legacy)/data" -w -m fast restart -l "$(cluster_dir opaque_legacy)/server.log" >/dev/null
update_out=$(psql -X -c "CREATE EXTENSION uidext VERSION '1.3'" -c "ALTER EXTENSION uidext UPDATE TO '1.4'" 2>&1)
check "the update warns where the setting has a value" "$(grep -E '^WARNING' <<<"$update_out")" \
    "WARNING:  uidext 1.4 no longer reads uidext.opaque_keys, which has a value in: postgresql.conf or a file it includes"
check "... and never shows it" "$(grep -ci "$k1" <<<"$update_out")" "0"
legacy_err=$(psql -X -v VERBOSITY=verbose -c "SELECT opaque_encode(gen_uuidv7())" 2>&1)
check "encode: 55000, move the keys to the file" "$(grep -oP '^ERROR:\s+\K.*' <<<"$legacy_err")" \
    "55000: opaque_encode() has no key: uidext.opaque_keys is no longer read"
check "... never showing them" "$(grep -ci "$k1" <<<"$legacy_err")" "0"
check "SHOW uidext.opaque_keys: empty" "$(q -c 'SHOW uidext.opaque_keys')" ""
check "the log: the startup warning, without the key" \
    "$(grep -c 'WARNING:  uidext.opaque_keys is no longer read: its value was discarded' <<<"$(cluster_log opaque_legacy)") $(cluster_log opaque_legacy | grep -ci "$k1")" "1 0"
# 1.3's rotation: a changed list and a reload (1.3 logged 'parameter ... changed to "<keys>"').
echo "uidext.opaque_keys = 'k2:$k2,k1:$k1'" >>"$(cluster_dir opaque_legacy)/data/postgresql.conf"
q -c 'SELECT pg_reload_conf()' >/dev/null; sleep 0.5
check "a reload with a changed uidext.opaque_keys: log lines with a key" "$(cluster_log opaque_legacy | grep -ciE "$k1|$k2")" "0"
check "... SHOW uidext.opaque_keys: still empty" "$(q -c 'SHOW uidext.opaque_keys')" ""
printf 'k1:%s\n' "$k1" >"$(cluster_dir opaque_legacy)/data/opaque.keys"
chown postgres "$(cluster_dir opaque_legacy)/data/opaque.keys"; chmod 600 "$(cluster_dir opaque_legacy)/data/opaque.keys"
sed -i "/^uidext.opaque_keys = /d" "$(cluster_dir opaque_legacy)/data/postgresql.conf"
echo "uidext.opaque_key_file = 'opaque.keys'" >>"$(cluster_dir opaque_legacy)/data/postgresql.conf"
q -c 'SELECT pg_reload_conf()' >/dev/null; sleep 0.5
check "moved to the file: 1.3's ids decode as before" "$(q -c "SELECT opaque_decode('$fixed_uuid'), opaque_decode('$fixed_ulid'::ulid)")" \
    "01932c07-a1b2-7c3d-8e4f-0123456789ab|01JCP0F8DJ7CYH4Q0J3CNKRYKP"
check "a reload after the move logs no key" "$(cluster_log opaque_legacy | grep -ci "$k1")" "0"

echo "== 5. without shared_preload_libraries"
cluster_start opaque_nopreload || exit 1
printf 'k1:%s\n' "$k1" >"$(cluster_dir opaque_nopreload)/data/opaque.keys"
chown postgres "$(cluster_dir opaque_nopreload)/data/opaque.keys"; chmod 600 "$(cluster_dir opaque_nopreload)/data/opaque.keys"
echo "uidext.opaque_key_file = 'opaque.keys'" >>"$(cluster_dir opaque_nopreload)/data/postgresql.conf"
q -c 'SELECT pg_reload_conf()' -c 'CREATE EXTENSION uidext' -c 'CREATE ROLE app LOGIN' >/dev/null
check "the functions refuse (1.4 read the file in each session; 1.5 needs the preload)" \
    "$(error_of app "SELECT opaque_encode('01932c07-a1b2-7c3d-8e4f-0123456789ab'::uuid)")" \
    '55000: opaque_encode() needs uidext loaded via "shared_preload_libraries"'
check "what app can SHOW is a path" "$(q -U app -c 'SHOW uidext.opaque_key_file')" "opaque.keys"
finish
