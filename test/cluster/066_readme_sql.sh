#!/usr/bin/env bash
# The SQL examples and claims of doc/partitioning.md and doc/reference.md (pages of doc/ or the
# README): the marked blocks run exactly as written, then what the text says about
# them is checked (partition routing and pruning, time zone independence of +00 bounds, which
# bounds bracket ULIDs in uuid columns, an extension schema off the search_path, and SET SCHEMA
# of a trusted install needing a superuser).
# ci: group extension-dir (stand-in extensions come and go in the extension directory)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
# A stand-in for pg_uuidv7 (its name and a function of its), unless the real one is installed.
ext_dir="$("${PG_CONFIG:-pg_config}" --sharedir)/extension"
stub_pg_uuidv7=no
if [ ! -e "$ext_dir/pg_uuidv7.control" ]; then
    stub_pg_uuidv7=yes
    printf "comment = 'test/cluster/066: stand-in for pg_uuidv7'\ndefault_version = '1.6'\nrelocatable = true\n" >"$ext_dir/pg_uuidv7.control"
    echo "CREATE FUNCTION uuid_generate_v7() RETURNS uuid LANGUAGE sql VOLATILE AS 'SELECT gen_random_uuid()';" >"$ext_dir/pg_uuidv7--1.6.sql"
fi
trap 'stop_clusters readme; [ "$stub_pg_uuidv7" = yes ] && rm -f "$ext_dir/pg_uuidv7.control" "$ext_dir/pg_uuidv7--1.6.sql"' EXIT

block() {  # NAME: the ```sql block after the marker "... runs this block as it is: NAME" in README.md or a doc/ page
    awk -v name="$1" 'index($0, "066_readme_sql.sh runs this block as it is: " name " -->") {armed = 1; next}
                      armed && $0 == "```sql" {on = 1; next}
                      on && $0 == "```" {exit}
                      on' README.md doc/*.md
}
# error_of DB SQL [ROLE]: "SQLSTATE: message" of the error SQL raises, or "no error".
error_of() {
    local out
    out=$(psql -X -A -t -q -v VERBOSITY=verbose -U "${3:-postgres}" -d "$1" -c "$2" 2>&1)
    grep -m1 -oP '^ERROR:\s+\K.*' <<<"$out" || echo "no error"
}

cluster_start readme
for db in part part_ny mixed sp; do q -c "CREATE DATABASE $db"; done

echo "== partition example"
partition_sql=$(block partition)
check_ge "partition block found (lines)" "$(wc -l <<<"$partition_sql")" 10
for db in part part_ny; do q -d $db -c "CREATE EXTENSION uidext"; done
out=$(q -d part <<<"$partition_sql" 2>&1) && echo "    ran as written" || fail "partition block: $out"
PGOPTIONS="$PGOPTIONS -c timezone=America/New_York" q -d part_ny <<<"$partition_sql" >/dev/null 2>&1 || fail "partition block in New York"
bounds="SELECT c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'readings'::regclass ORDER BY 1"
check "the +00 bounds are the same from a session in New York" "$(q -d part_ny -c "$bounds")" "$(q -d part -c "$bounds")"
routed=$(q -d part -c "
    INSERT INTO readings (id, sensor) SELECT uuid_timestamptz_to_v7(t, z), 1
    FROM unnest(ARRAY['2026-11-01 00:00:00+00', '2026-11-30 23:59:59.999999+00', '2026-12-01 00:00:00+00',
                      '2026-12-31 23:59:59.999+00']::timestamptz[]) t, unnest(ARRAY[false, true]) z;
    INSERT INTO readings (id, sensor) SELECT uuidv7_upper_bound(t), 2
    FROM unnest(ARRAY['2026-11-01 00:00+00', '2026-11-30 23:59:59.999+00', '2026-12-01 00:00+00', '2026-12-31 23:59:59.999+00']::timestamptz[]) t;
    SELECT tableoid::regclass || ' ' || count(*) FROM readings GROUP BY tableoid ORDER BY 1")
check "first and last millisecond of each month land in its partition (random, zeroed, bounds)" "$routed" "readings_2026_11 6
readings_2026_12 6"
check "a key with no partition fails the insert" \
    "$(error_of part "INSERT INTO readings (id, sensor) VALUES (uuidv7_lower_bound('2027-01-01 00:00+00'), 1)")" \
    '23514: no partition of relation "readings" found for row'
query=$(awk '/^SELECT \* FROM readings/ {on = 1} on' <<<"$partition_sql")
plan=$(q -d part -c "EXPLAIN (COSTS OFF) $query")
echo "$plan" | sed 's/^/    /'
check "the page's one-day query scans readings_2026_11 only" \
    "$(grep -oE ' on readings_[0-9]{4}_[0-9]{2}( |$)' <<<"$plan" | sort -u | tr -d '\n')" " on readings_2026_11 "

echo "== which bounds bracket ULIDs in a uuid column"
counts=$(q -d mixed -c "CREATE EXTENSION uidext" -c "
    WITH v AS (SELECT gen_ulid('2026-11-30 23:59:59.999+00')::uuid AS u FROM generate_series(1, 20000)), t AS (SELECT '2026-11-30 23:59:59.999+00'::timestamptz AS t)
    SELECT round(100.0 * count(*) FILTER (WHERE u < uuidv7_lower_bound(t)) / count(*)) || ' '
        || round(100.0 * count(*) FILTER (WHERE u > uuidv7_upper_bound(t)) / count(*)) || ' '
        || count(*) FILTER (WHERE u BETWEEN ulid_lower_bound(t)::uuid AND ulid_upper_bound(t)::uuid) FROM v, t")
read -r below above inside <<<"$counts"
echo "    20000 ULIDs of one millisecond as uuid: ${below}% below uuidv7_lower_bound, ${above}% above uuidv7_upper_bound, $inside within the ulid bounds"
check "ULIDs below uuidv7_lower_bound: between 40 and 48 % (7/16 expected)" "$([ "$below" -ge 40 ] && [ "$below" -le 48 ] && echo yes)" yes
check "ULIDs above uuidv7_upper_bound: between 46 and 54 % (8/16 expected)" "$([ "$above" -ge 46 ] && [ "$above" -le 54 ] && echo yes)" yes
check "ulid_lower_bound(t)::uuid .. ulid_upper_bound(t)::uuid bracket all of them" "$inside" 20000
# The partitions for a mixed column: ulid bounds cast to uuid.
mixed=$(q -d mixed -c "
    CREATE TABLE m (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
    CREATE TABLE m_2026_11 PARTITION OF m FOR VALUES FROM (ulid_lower_bound('2026-11-01 00:00+00')::uuid) TO (ulid_lower_bound('2026-12-01 00:00+00')::uuid);
    CREATE TABLE m_2026_12 PARTITION OF m FOR VALUES FROM (ulid_lower_bound('2026-12-01 00:00+00')::uuid) TO (ulid_lower_bound('2027-01-01 00:00+00')::uuid);
    CREATE TEMP TABLE times AS SELECT t, g FROM unnest(ARRAY['2026-11-01 00:00+00', '2026-11-30 23:59:59.999+00', '2026-12-01 00:00+00']::timestamptz[]) t,
        generate_series(1, 500) g;
    INSERT INTO m SELECT gen_ulid(t)::uuid FROM times UNION ALL SELECT uuid_timestamptz_to_v7(t) FROM times;
    SELECT tableoid::regclass || ' ' || count(*) FILTER (WHERE ulid_extract_timestamp(id::ulid) < '2026-12-01 00:00+00') || ' '
        || count(*) FILTER (WHERE ulid_extract_timestamp(id::ulid) >= '2026-12-01 00:00+00') FROM m GROUP BY tableoid ORDER BY 1" 2>&1)
check "mixed ULID/UUIDv7 keys of boundary milliseconds route by their time (partition, in Nov, in Dec)" "$mixed" "m_2026_11 2000 0
m_2026_12 0 1000"

echo "== an extension schema off the search_path"
sp_sql=$(block search_path)
check_ge "search_path block found (lines)" "$(wc -l <<<"$sp_sql")" 5
out=$(q -d sp <<<"$sp_sql" 2>&1) && echo "    ran as written" || fail "search_path block: $out"
check "qualified max() and extraction work" "$(q -d sp -c 'SELECT uidext.max(id) IS NOT NULL, uidext.ulid_extract_timestamp(uidext.min(id)) <= now() FROM tickets')" "t|t"
check "unqualified = fails as the page says" "$(error_of sp "SELECT * FROM tickets WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'")" \
    "42883: operator does not exist: uidext.ulid = unknown"
check "unqualified max() fails as the page says" "$(error_of sp 'SELECT max(id) FROM tickets')" \
    "42883: function max(uidext.ulid) does not exist"
check "JOIN ... USING (id) fails too" "$(error_of sp 'SELECT count(*) FROM tickets a JOIN tickets b USING (id)')" \
    "42883: operator does not exist: uidext.ulid = uidext.ulid"
q -d sp -c 'ALTER DATABASE sp SET search_path = "$user", public, uidext'
check "with the schema on the search_path they work unqualified" \
    "$(q -d sp -c "SELECT count(*) FROM tickets WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'" -c 'SELECT max(id) = uidext.max(id) FROM tickets' -c 'SELECT count(*) FROM tickets a JOIN tickets b USING (id)' | tr '\n' ' ')" "0 t 2 "

echo "== ALTER EXTENSION uidext SET SCHEMA after a trusted install by a database owner"
q -c "CREATE ROLE dbowner LOGIN" -c "CREATE DATABASE owned OWNER dbowner"
q -d owned -U dbowner -c "CREATE SCHEMA uidext" -c "CREATE EXTENSION uidext SCHEMA uidext"
check "the database owner may not move it" "$(error_of owned 'ALTER EXTENSION uidext SET SCHEMA public' dbowner)" \
    "42501: must be owner of type uidext.ulid"
check "a superuser may" "$(q -d owned -c 'ALTER EXTENSION uidext SET SCHEMA public' -c "SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'uidext'")" public

echo "== switching from pg_uuidv7 ($([ "$stub_pg_uuidv7" = yes ] && echo "a stand-in of its name" || echo "the installed one"))"
switch_sql=$(block switch_pg_uuidv7)
check_ge "switch block found (lines)" "$(wc -l <<<"$switch_sql")" 6
q -c "CREATE DATABASE switch"
q -d switch -c "CREATE EXTENSION pg_uuidv7" -c "CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload jsonb)" \
    -c "INSERT INTO events (payload) VALUES ('{}')"
check_match "uidext cannot join pg_uuidv7 in its schema, as the page says" "$(error_of switch 'CREATE EXTENSION uidext')" \
    '^42723: function "uuid_generate_v7" already exists'
out=$(q -d switch <<<"$switch_sql" 2>&1) && echo "    ran as written" || fail "switch block: $out"
check "after it: uidext in public, pg_uuidv7 and the uidext schema gone" \
    "$(q -d switch -c "SELECT string_agg(extname || ' ' || extnamespace::regnamespace, ', ' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'" \
                   -c "SELECT count(*) FROM pg_namespace WHERE nspname = 'uidext'")" "uidext public
0"
check "the default now makes uidext's UUIDv7s; the old rows are kept" \
    "$(q -d switch -c "INSERT INTO events (payload) VALUES ('{}') RETURNING substr(id::text, 15, 1)" -c 'SELECT count(*) FROM events')" "7
2"
finish
