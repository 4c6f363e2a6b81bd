#!/usr/bin/env bash
# The UUID family against real references on one server:
#  - contrib's uuid-ossp (schema ossp_ref) vs uidext_ossp (schema ox) vs uidext's uuidv3/uuidv5
#    on >= 10 000 random names, in a UTF8 and a LATIN1 database;
#  - Python's uuid module reading uuidv1()/uuidv6() values and computing uuid3/uuid5 (and Java's
#    nameUUIDFromBytes rule) (test/clients/uuid_python_reference.py);
#  - no duplicate uuidv1()/uuidv6() across >= 200 short connections and parallel workers, and
#    within a connection over >= 100 000 calls: v1 times never descend and (time, clock
#    sequence) never repeats, v6 values strictly ascend.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters refs' EXIT
# This script's literals (café, 日本語) are UTF-8 whatever the database encoding.
export PGCLIENTENCODING=UTF8

NAMES=12000
PY_ROWS=2000
PY_NAMES=3000
CONNECTIONS=210
ROWS_PER_CONNECTION=50
PARALLEL_ROWS=200000
ORDER_ROWS=60000   # twice, in two statements of one connection

cluster_start refs max_worker_processes=16 max_parallel_workers=8
q -c "CREATE DATABASE utf8db" -c "CREATE DATABASE latin1db ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"

# Test helpers, independent of uidext: the 60-bit time of a v1 or v6 UUID read from its text.
HELPERS_SQL="
CREATE SCHEMA t;
CREATE FUNCTION t.v1_ticks(u uuid) RETURNS bigint IMMUTABLE LANGUAGE sql AS \$\$
    SELECT ('x' || lpad(substr(h, 14, 3) || substr(h, 9, 4) || substr(h, 1, 8), 16, '0'))::bit(64)::bigint
    FROM replace(u::text, '-', '') h \$\$;
CREATE FUNCTION t.v6_ticks(u uuid) RETURNS bigint IMMUTABLE LANGUAGE sql AS \$\$
    SELECT ('x' || lpad(substr(h, 1, 12) || substr(h, 14, 3), 16, '0'))::bit(64)::bigint
    FROM replace(u::text, '-', '') h \$\$;
CREATE FUNCTION t.ticks_time(ticks bigint) RETURNS timestamptz IMMUTABLE LANGUAGE sql AS \$\$
    -- whole hours first (interval * bigint goes through float8, exact only below 2^53 us; days
    -- would follow the session's time zone)
    SELECT '1582-10-15 00:00 UTC'::timestamptz + make_interval(hours => (ticks / 36000000000)::int)
           + (ticks % 36000000000 / 10) * interval '1 microsecond' \$\$;"

# Random names made in SQL from the code point ranges given (lo-hi,...), plus fixed ones; each
# row gets a namespace: one of the four standard ones or a random one.
make_names() {  # DB RANGES FIXED_NAMES_ARRAY
    q -d "$1" -c "
CREATE TABLE names AS
WITH r(lo, hi) AS (SELECT split_part(x, '-', 1)::int, split_part(x, '-', 2)::int
                   FROM unnest(string_to_array('$2', ',')) x),
ranges AS (SELECT array_agg(lo) lo, array_agg(hi) hi, count(*)::int n FROM r),
random_names AS (
    SELECT i, coalesce((SELECT string_agg(chr(lo[k] + floor(random() * (hi[k] - lo[k] + 1))::int), '' ORDER BY j)
                        FROM generate_series(1, floor(random() * 25)::int + 0 * i) j,
                             LATERAL (SELECT 1 + floor(random() * n)::int + 0 * j AS k) pick), '') AS name
    FROM generate_series(1, $NAMES) i, ranges)
SELECT i, name, (ARRAY['6ba7b810-9dad-11d1-80b4-00c04fd430c8', '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
                       '6ba7b812-9dad-11d1-80b4-00c04fd430c8', '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
                       gen_random_uuid()::text])[1 + abs(i) % 5]::uuid AS ns
FROM (SELECT i, name FROM random_names
      UNION ALL SELECT -ord, f FROM unnest($3::text[]) WITH ORDINALITY AS x(f, ord)) s;
SELECT count(*), count(*) FILTER (WHERE name ~ '[^\x01-\x7f]'), count(*) FILTER (WHERE name = ''),
       count(DISTINCT name) FROM names" | tr '|' ' '
}

for db in utf8db latin1db; do
    q -d "$db" -c "CREATE SCHEMA ossp_ref" -c "CREATE EXTENSION \"uuid-ossp\" SCHEMA ossp_ref" \
      -c "CREATE SCHEMA ox" -c "CREATE EXTENSION uidext_ossp SCHEMA ox" -c "CREATE EXTENSION uidext" \
      -c "CREATE EXTENSION uidext_compat" -c "$HELPERS_SQL"
done

echo "== uuid-ossp vs uidext_ossp vs uidext on random names"
stats=$(make_names utf8db "32-126,160-255,256-1279,19968-40959,127744-128591" \
    "ARRAY['', 'é', 'ü', 'café', 'Straße', '日本語', '中文', '😀', '🎉 party', 'www.example.com', 'www.widgets.com']")
echo "    utf8db names: rows, non-ASCII, empty, distinct = $stats"
read -r n_utf8 nonascii_utf8 _ <<<"$stats"
check_ge "utf8db: names compared" "$n_utf8" 10000
check_ge "utf8db: non-ASCII names (é ü CJK emoji)" "$nonascii_utf8" 5000
stats=$(make_names latin1db "32-126,160-255" "ARRAY['', 'é', 'ü', 'café', 'Straße', 'www.example.com']")
echo "    latin1db names: rows, non-ASCII, empty, distinct = $stats"
read -r n_latin nonascii_latin _ <<<"$stats"
check_ge "latin1db: names compared" "$n_latin" 10000
check_ge "latin1db: non-ASCII names (Latin-1)" "$nonascii_latin" 5000

# Mismatch counts; each must be 0.
MISMATCH_SQL="
SELECT count(*) FILTER (WHERE ox.uuid_generate_v3(ns, name) <> ossp_ref.uuid_generate_v3(ns, name)
                           OR ox.uuid_generate_v5(ns, name) <> ossp_ref.uuid_generate_v5(ns, name)),
       count(*) FILTER (WHERE uuidv3(ns, name) <> uuidv3(ns, convert_to(name, 'UTF8'))
                           OR uuidv5(ns, name) <> uuidv5(ns, convert_to(name, 'UTF8'))),
       count(*) FILTER (WHERE ossp_ref.uuid_generate_v3(ns, name) <> uuidv3(ns, convert_to(name, current_setting('server_encoding')))
                           OR ossp_ref.uuid_generate_v5(ns, name) <> uuidv5(ns, convert_to(name, current_setting('server_encoding')))),
       count(*) FILTER (WHERE uuidv3(ns, name) <> ossp_ref.uuid_generate_v3(ns, name)
                           OR uuidv5(ns, name) <> ossp_ref.uuid_generate_v5(ns, name)),
       count(*) FILTER (WHERE name ~ '[^\x01-\x7f]')
FROM names"
read -r ox utf bytes direct nonascii <<<"$(q -d utf8db -F ' ' -c "$MISMATCH_SQL")"
check "utf8db: uidext_ossp v3/v5 != uuid-ossp's ($n_utf8 names)" "$ox" 0
check "utf8db: uuidv3/uuidv5(text) != (uuid, convert_to(name, 'UTF8'))" "$utf" 0
check "utf8db: uuid-ossp != uuidv3/uuidv5(uuid, bytea of the database encoding)" "$bytes" 0
check "utf8db: uuidv3/uuidv5(text) != uuid-ossp's" "$direct" 0
read -r ox utf bytes direct nonascii <<<"$(q -d latin1db -F ' ' -c "$MISMATCH_SQL")"
check "latin1db: uidext_ossp v3/v5 != uuid-ossp's ($n_latin names)" "$ox" 0
check "latin1db: uuidv3/uuidv5(text) != (uuid, convert_to(name, 'UTF8'))" "$utf" 0
check "latin1db: uuid-ossp != uuidv3/uuidv5(uuid, convert_to(name, 'LATIN1'))" "$bytes" 0
# In LATIN1, uuid-ossp hashes Latin-1 bytes and uidext's text overload UTF-8: they differ exactly
# for the names with a non-ASCII character.
check "latin1db: names where uuidv3/uuidv5(text) differ from uuid-ossp = the non-ASCII names ($nonascii)" "$direct" "$nonascii"

# uidext's (text) results in the LATIN1 database equal uuid-ossp's in the UTF8 database for the
# same characters (rows copied across with client_encoding UTF8).
q -d utf8db -c "CREATE TABLE from_latin1 (ns uuid, name text, v3 uuid, v5 uuid)"
q -d latin1db -c "COPY (SELECT ns, name, uuidv3(ns, name), uuidv5(ns, name) FROM names) TO STDOUT" \
    | q -d utf8db -c "COPY from_latin1 FROM STDIN"
check "latin1db uuidv3/uuidv5(text) vs uuid-ossp in utf8db on the same $n_latin names: rows, mismatches" \
    "$(q -d utf8db -F ' ' -c "SELECT count(*), count(*) FILTER (WHERE v3 <> ossp_ref.uuid_generate_v3(ns, name) OR v5 <> ossp_ref.uuid_generate_v5(ns, name)) FROM from_latin1")" \
    "$n_latin 0"

check "café v5(DNS) in latin1db: uuid-ossp, uidext_ossp, uuidv5(text) (uuid-family.md 6)" \
    "$(q -d latin1db -F ' ' -c "SELECT ossp_ref.uuid_generate_v5(ossp_ref.uuid_ns_dns(), 'café'), ox.uuid_generate_v5(ox.uuid_ns_dns(), 'café'), uuidv5(uuid_namespace('dns'), 'café')")" \
    "35458c3d-2495-59d1-a8be-24be6f13ee69 35458c3d-2495-59d1-a8be-24be6f13ee69 5e2e2331-a683-5e18-b56d-666e31574b41"
check "café v5(DNS) in utf8db: uuid-ossp, uidext_ossp, uuidv5(text)" \
    "$(q -d utf8db -F ' ' -c "SELECT ossp_ref.uuid_generate_v5(ossp_ref.uuid_ns_dns(), 'café'), ox.uuid_generate_v5(ox.uuid_ns_dns(), 'café'), uuidv5(uuid_namespace('dns'), 'café')")" \
    "5e2e2331-a683-5e18-b56d-666e31574b41 5e2e2331-a683-5e18-b56d-666e31574b41 5e2e2331-a683-5e18-b56d-666e31574b41"

echo "== uidext_ossp's other functions against uuid-ossp's"
for db in utf8db latin1db; do
    check "$db: uuid_nil, uuid_ns_dns/url/oid/x500 equal uuid-ossp's" \
        "$(q -d "$db" -c "SELECT ox.uuid_nil() = ossp_ref.uuid_nil() AND ox.uuid_ns_dns() = ossp_ref.uuid_ns_dns() AND ox.uuid_ns_url() = ossp_ref.uuid_ns_url() AND ox.uuid_ns_oid() = ossp_ref.uuid_ns_oid() AND ox.uuid_ns_x500() = ossp_ref.uuid_ns_x500()")" t
done
# Same names, argument names, result types and labels (volatility, strict, parallel, leakproof).
PROCS_SQL="SELECT p.proname || '(' || pg_get_function_arguments(p.oid) || ') ' || pg_get_function_result(p.oid) || ' '
                  || concat_ws(' ', p.provolatile, p.proisstrict, p.proparallel, p.proleakproof, p.prosecdef)
           FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
           JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = '%s' ORDER BY 1"
ossp_procs=$(q -d utf8db -c "$(printf "$PROCS_SQL" uuid-ossp)")
check "uuid-ossp's functions listed" "$(grep -c . <<<"$ossp_procs")" 10
check "uidext_ossp has exactly uuid-ossp's $(wc -l <<<"$ossp_procs") functions, signatures and labels" \
    "$(q -d utf8db -c "$(printf "$PROCS_SQL" uidext_ossp)")" "$ossp_procs"
check "uidext_ossp is trusted and relocatable like uuid-ossp" \
    "$(q -d utf8db -F ' ' -c "SELECT name, trusted, relocatable FROM pg_available_extension_versions WHERE name IN ('uuid-ossp', 'uidext_ossp') AND version = (SELECT default_version FROM pg_available_extensions a WHERE a.name = pg_available_extension_versions.name) ORDER BY name DESC")" \
    "$(printf 'uuid-ossp t t\nuidext_ossp t t')"

# v1mc: version 1, RFC variant, octet 10 has 0x03 set, a new node on every call. uuid-ossp's
# own v1mc passes the same checks (the test's control).
V1MC_SQL="SELECT count(*), count(*) FILTER (WHERE substr(u::text, 15, 1) = '1' AND get_byte(uuid_send(u), 8) & 192 = 128),
       count(*) FILTER (WHERE get_byte(uuid_send(u), 10) & 3 = 3), count(DISTINCT substring(uuid_send(u) FROM 11))
FROM (SELECT %s.uuid_generate_v1mc() u FROM generate_series(1, 2000)) s"
for schema in ox ossp_ref; do
    check "$schema.uuid_generate_v1mc() x2000: count, version 1 + RFC variant, octet 10 & 0x03 = 0x03, distinct nodes" \
        "$(q -d utf8db -F ' ' -c "$(printf "$V1MC_SQL" $schema)")" "2000 2000 2000 2000"
done
# v1: version 1, RFC variant, multicast bit, time (decoded in SQL by t.v1_ticks) near now and near
# uuid-ossp's own v1 of the same moment.
check "ox.uuid_generate_v1() x2000: version 1 + RFC variant, multicast bit, time within [statement start - 1 ms, now + 1 ms], within 1 s of uuid-ossp's" \
    "$(q -d utf8db -F ' ' -c "
SELECT count(*) FILTER (WHERE substr(u::text, 15, 1) = '1' AND get_byte(uuid_send(u), 8) & 192 = 128),
       count(*) FILTER (WHERE get_byte(uuid_send(u), 10) & 1 = 1),
       count(*) FILTER (WHERE t.ticks_time(t.v1_ticks(u)) BETWEEN statement_timestamp() - interval '1 ms' AND clock_timestamp() + interval '1 ms'),
       count(*) FILTER (WHERE abs(extract(epoch FROM t.ticks_time(t.v1_ticks(u)) - t.ticks_time(t.v1_ticks(r)))) < 1)
FROM (SELECT ox.uuid_generate_v1() u, ossp_ref.uuid_generate_v1() r FROM generate_series(1, 2000)) s")" \
    "2000 2000 2000 2000"
check "ox.uuid_generate_v4() x2000: version 4 + RFC variant, distinct" \
    "$(q -d utf8db -F ' ' -c "SELECT count(*) FILTER (WHERE substr(u::text, 15, 1) = '4' AND get_byte(uuid_send(u), 8) & 192 = 128), count(DISTINCT u)
                              FROM (SELECT ox.uuid_generate_v4() u FROM generate_series(1, 2000)) s")" "2000 2000"
check "uuid_extract_timestamp of uuid-ossp's v1 == its time decoded in SQL (truncated to us)" \
    "$(q -d utf8db -c "SELECT count(*) FILTER (WHERE uuid_extract_timestamp(u) <> t.ticks_time(t.v1_ticks(u))) FROM (SELECT ossp_ref.uuid_generate_v1() u FROM generate_series(1, 500)) s")" 0

echo "== Python's uuid module (test/clients/uuid_python_reference.py)"
for db in utf8db:37 latin1db:9; do  # DATABASE:CHECKS it runs at least
    out=$(PGDATABASE=${db%:*} $PY test/clients/uuid_python_reference.py "$PY_ROWS" "$PY_NAMES" 2>&1)
    echo "$out" | sed 's/^/    /'
    check "${db%:*}: Python checks failed" "$(grep -c '^FAIL' <<<"$out")" 0
    check_ge "${db%:*}: Python checks passed" "$(grep -c '^ok' <<<"$out")" "${db#*:}"
done

echo "== uniqueness across $CONNECTIONS short connections and parallel workers"
q -d utf8db -c "CREATE TABLE fam (src text, pid int, v1 uuid, v6 uuid)" \
  -c "CREATE TABLE big AS SELECT g FROM generate_series(1, $PARALLEL_ROWS) g" -c "ANALYZE big"
INSERT_FAM="INSERT INTO fam SELECT 'short', pg_backend_pid(), uuidv1(), uuidv6() FROM generate_series(1, %s)"
for i in 1 2 3; do
    PGDATABASE=utf8db $PY test/clients/short_connections.py $((CONNECTIONS / 3)) "$ROWS_PER_CONNECTION" "$INSERT_FAM" \
        >"$UIDEXT_CLUSTER_ROOT/fam_short$i.log" 2>&1 &
done
wait
sed 's/^/    /' "$UIDEXT_CLUSTER_ROOT"/fam_short?.log
check "short-lived connections (distinct backend pids)" \
    "$(q -d utf8db -c "SELECT count(DISTINCT pid) FROM fam WHERE src = 'short'")" "$CONNECTIONS"

# Forced parallel plan (force_parallel_mode before 16, debug_parallel_query from 16) with every
# cost at zero so that two workers run the generators in the Parallel Seq Scan.
force=$(q -c "SELECT CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END")
PARALLEL_SET=(-c "SET $force = on" -c "SET parallel_setup_cost = 0" -c "SET parallel_tuple_cost = 0"
              -c "SET min_parallel_table_scan_size = 0" -c "SET max_parallel_workers_per_gather = 2")
plan=$(q -d utf8db "${PARALLEL_SET[@]}" -c "EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF)
        CREATE TABLE par AS SELECT uuidv1() v1, uuidv6() v6 FROM big")
check_match "parallel ($force = on): Gather with 2 workers launched" "$plan" 'Workers Launched: 2'
check_match "parallel: the workers call the generators (Parallel Seq Scan output)" "$plan" 'Output: uuidv1\(\), uuidv6\(\)'
echo "    per-worker rows: $(grep -oE 'Worker [0-9]+:  actual rows=[0-9]+' <<<"$plan" | tr '\n' ' ')"
check_ge "parallel: workers that produced rows" "$(grep -cE 'Worker [0-9]+:  actual rows=[1-9]' <<<"$plan")" 2
q -d utf8db -c "INSERT INTO fam SELECT 'parallel', NULL, v1, v6 FROM par"
check "values: short, parallel; duplicate uuidv1(), duplicate uuidv6(), versions other than 1/6" \
    "$(q -d utf8db -F ' ' -c "SELECT count(*) FILTER (WHERE src = 'short'), count(*) FILTER (WHERE src = 'parallel'),
        count(*) - count(DISTINCT v1), count(*) - count(DISTINCT v6),
        count(*) FILTER (WHERE uuid_extract_version(v1) <> 1 OR uuid_extract_version(v6) <> 6) FROM fam")" \
    "$((CONNECTIONS * ROWS_PER_CONNECTION)) $PARALLEL_ROWS 0 0 0"
check_ge "parallel: uuidv1() nodes, one per process that made rows" \
    "$(q -d utf8db -c "SELECT count(DISTINCT uuid_extract_node(v1)) FROM fam WHERE src = 'parallel'")" 2
# Different processes never share a v1 node (random, 47 bits): the source of uniqueness.
check "uuidv1(): processes (short connections) sharing a node with another" \
    "$(q -d utf8db -c "SELECT count(*) FROM (SELECT uuid_extract_node(v1) n FROM fam WHERE src = 'short'
                                              GROUP BY 1 HAVING count(DISTINCT pid) > 1) s")" 0

echo "== order within one connection ($((2 * ORDER_ROWS)) calls in two statements)"
order=$(q -d utf8db -F ' ' -c "CREATE TEMP TABLE s (g bigserial, v1 uuid, v6 uuid)" \
    -c "SET max_parallel_workers_per_gather = 0" \
    -c "INSERT INTO s (v1, v6) SELECT uuidv1(), uuidv6() FROM generate_series(1, $ORDER_ROWS)" \
    -c "INSERT INTO s (v1, v6) SELECT uuidv1(), uuidv6() FROM generate_series(1, $ORDER_ROWS)" \
    -c "SELECT count(*), count(*) FILTER (WHERE t1 < p1), count(*) - count(DISTINCT (t1, uuid_extract_clock_seq(v1))),
               count(*) FILTER (WHERE t6 < p6), count(*) FILTER (WHERE v6 <= q6)
        FROM (SELECT v1, t.v1_ticks(v1) t1, lag(t.v1_ticks(v1)) OVER w p1, t.v6_ticks(v6) t6, lag(t.v6_ticks(v6)) OVER w p6,
                     v6, lag(v6) OVER w q6 FROM s WINDOW w AS (ORDER BY g)) x")
check "calls; v1 times below the previous; repeated v1 (time, clock_seq); v6 times below the previous; v6 values not above the previous" \
    "$order" "$((2 * ORDER_ROWS)) 0 0 0 0"
finish
