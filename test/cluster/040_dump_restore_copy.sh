#!/usr/bin/env bash
# pg_dump/pg_restore (custom format) of a database with ulid keys, BRIN and hash indexes, range
# partitions bounded by ulid_lower_bound() and hash partitions; then COPY round trips in text,
# csv and binary format (binary ulid <-> uuid too: the same 16 bytes).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters dump' EXIT
cluster_start dump
work=$UIDEXT_CLUSTER_ROOT/dump-files
mkdir -p "$work"
ROWS=50000

q -c "CREATE DATABASE src"
q -d src <<'SQL'
CREATE EXTENSION uidext;
CREATE TABLE events (
    id ulid PRIMARY KEY DEFAULT gen_ulid(),
    ref uuid NOT NULL DEFAULT uuidv7(),
    alt ulid NOT NULL,
    mono ulid NOT NULL DEFAULT gen_monotonic_ulid(),
    tags ulid[],
    at timestamptz NOT NULL,
    payload text);
CREATE INDEX events_alt_hash ON events USING hash (alt);
CREATE INDEX events_mono_brin ON events USING brin (mono) WITH (pages_per_range = 4);
INSERT INTO events (id, alt, tags, at, payload)
SELECT gen_ulid(ts), gen_ulid(), ARRAY[gen_ulid(), NULL, gen_monotonic_ulid()], ts, 'row ' || g
FROM (SELECT g, timestamptz '2024-01-01 00:00 UTC' + g * interval '1 minute' AS ts FROM generate_series(1, 50000) g) s;

CREATE TABLE logs (id ulid NOT NULL, msg text) PARTITION BY RANGE (id);
CREATE TABLE logs_2024_01 PARTITION OF logs
    FOR VALUES FROM (ulid_lower_bound('2024-01-01 UTC')) TO (ulid_lower_bound('2024-02-01 UTC'));
CREATE TABLE logs_2024_02 PARTITION OF logs
    FOR VALUES FROM (ulid_lower_bound('2024-02-01 UTC')) TO (ulid_lower_bound('2024-03-01 UTC'));
CREATE TABLE logs_rest PARTITION OF logs DEFAULT;
CREATE INDEX ON logs (id);
INSERT INTO logs SELECT id, payload FROM events;

CREATE TABLE shards (id ulid PRIMARY KEY, n int) PARTITION BY HASH (id);
CREATE TABLE shards_0 PARTITION OF shards FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE shards_1 PARTITION OF shards FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE shards_2 PARTITION OF shards FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE shards_3 PARTITION OF shards FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO shards SELECT gen_ulid(), g FROM generate_series(1, 20000) g;
ANALYZE;
SQL

# One md5 per table and per partition, of the rows as text in ulid order.
FINGERPRINT="SELECT tableoid::regclass AS t, count(*), md5(string_agg(e::text, E'\n' ORDER BY e.id)) FROM events e GROUP BY 1
    UNION ALL SELECT tableoid::regclass, count(*), md5(string_agg(l::text, E'\n' ORDER BY l.id)) FROM logs l GROUP BY 1
    UNION ALL SELECT tableoid::regclass, count(*), md5(string_agg(s::text, E'\n' ORDER BY s.id)) FROM shards s GROUP BY 1
    ORDER BY 1"
INDEXES="SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2"
src_fp=$(q -d src -c "$FINGERPRINT")
echo "$src_fp" | sed 's/^/    source: /'
check "source partitions: rows in logs_2024_01 / logs_2024_02 / logs_rest" \
    "$(q -d src -F / -c "SELECT (SELECT count(*) FROM logs_2024_01), (SELECT count(*) FROM logs_2024_02), (SELECT count(*) FROM logs_rest)")" \
    "44639/5361/0"
"$UIDEXT_PGBIN/pg_dump" -Fc -d src -f "$work/src.dump" || fail "pg_dump"
echo "    dump: $(stat -c %s "$work/src.dump") bytes"

restore_and_check() {  # DB [pg_restore options]
    local db=$1; shift
    q -c "CREATE DATABASE $db"
    "$UIDEXT_PGBIN/pg_restore" --exit-on-error -d "$db" "$@" "$work/src.dump" || fail "pg_restore $*"
    check "$db ($*): rows and md5 per table and partition" "$(q -d "$db" -c "$FINGERPRINT")" "$src_fp"
    check "$db: index definitions" "$(q -d "$db" -c "$INDEXES")" "$(q -d src -c "$INDEXES")"
    check "$db: invalid or not-ready indexes" "$(q -d "$db" -c "SELECT count(*) FROM pg_index WHERE NOT indisvalid OR NOT indisready")" 0
    q -d "$db" -c "ANALYZE"
    local alt plan
    alt=$(q -d "$db" -c "SELECT alt FROM events ORDER BY id OFFSET 1234 LIMIT 1")
    plan=$(q -d "$db" -c "SET enable_seqscan = off" -c "EXPLAIN (COSTS OFF) SELECT * FROM events WHERE alt = '$alt'")
    check_match "$db: hash index used" "$plan" 'Index Scan using events_alt_hash'
    check "$db: hash index finds the row" "$(q -d "$db" -c "SET enable_seqscan = off" -c "SELECT payload FROM events WHERE alt = '$alt'")" "row 1235"
    local range="mono BETWEEN (SELECT mono FROM events ORDER BY mono OFFSET 100 LIMIT 1) AND (SELECT mono FROM events ORDER BY mono OFFSET 300 LIMIT 1)"
    plan=$(q -d "$db" -c "SET enable_seqscan = off" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE $range")
    check_match "$db: BRIN index used" "$plan" 'Bitmap Index Scan on events_mono_brin'
    check "$db: BRIN range query" "$(q -d "$db" -c "SET enable_seqscan = off" -c "SELECT count(*) FROM events WHERE $range")" 201
    plan=$(q -d "$db" -c "SET enable_seqscan = off" -c "EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id = '$(q -d "$db" -c "SELECT id FROM events LIMIT 1")'")
    check_match "$db: primary key used" "$plan" 'Index (Only )?Scan using events_pkey'
    plan=$(q -d "$db" -c "EXPLAIN (COSTS OFF) SELECT * FROM logs WHERE id >= ulid_lower_bound('2024-02-03 UTC') AND id < ulid_lower_bound('2024-02-04 UTC')")
    check "$db: range partitions scanned for one day of February" "$(grep -oE 'logs_[a-z0-9_]+' <<<"$plan" | grep -oE 'logs_(2024_0[0-9]|rest)' | sort -u | tr '\n' ' ')" "logs_2024_02 "
    check "$db: that day's rows" "$(q -d "$db" -c "SELECT count(*) FROM logs WHERE id >= ulid_lower_bound('2024-02-03 UTC') AND id < ulid_lower_bound('2024-02-04 UTC')")" 1440
    local one; one=$(q -d "$db" -c "SELECT id FROM shards WHERE n = 777")
    plan=$(q -d "$db" -c "EXPLAIN (COSTS OFF) SELECT * FROM shards WHERE id = '$one'")
    check "$db: hash partition pruning (partitions scanned)" "$(grep -oE 'shards_[0-3]' <<<"$plan" | sort -u | wc -l)" 1
    check "$db: the pruned partition is where the row is" "$(grep -oE 'shards_[0-3]' <<<"$plan" | sort -u)" \
        "$(q -d "$db" -c "SELECT tableoid::regclass FROM shards WHERE id = '$one'")"
    check "$db: new rows get generated defaults" "$(q -d "$db" -c "INSERT INTO events (alt, at) VALUES (gen_ulid(), now()) RETURNING id > ulid_lower_bound('2025-01-01 UTC')")" t
}
echo "== pg_restore into a fresh database"
restore_and_check restored
# Reloading through the partition roots routes every row again with ulid's hash function.
"$UIDEXT_PGBIN/pg_dump" -Fc -d src --load-via-partition-root -f "$work/src.dump" || fail "pg_dump --load-via-partition-root"
echo "== pg_restore of a --load-via-partition-root dump (rows routed again)"
restore_and_check rerouted -j 2

echo "== COPY round trips"
q -d src -c "CREATE TABLE events_copy (LIKE events INCLUDING ALL)" -c "CREATE TABLE events_uuid (id uuid, alt uuid, mono uuid, tags uuid[])"
EVENTS_MD5="SELECT count(*), md5(string_agg(e::text, E'\n' ORDER BY e.id)) FROM %s e"
want=$(q -d src -c "$(printf "$EVENTS_MD5" events)")
for format in text csv binary; do
    q -d src -c "TRUNCATE events_copy" \
      -c "\\copy events TO '$work/events.$format' (FORMAT $format)" \
      -c "\\copy events_copy FROM '$work/events.$format' (FORMAT $format)"
    check "\\copy $format round trip ($ROWS rows)" "$(q -d src -c "$(printf "$EVENTS_MD5" events_copy)")" "$want"
done
# COPY TO STDOUT from one database piped into COPY FROM STDIN of another, binary.
q -d restored -c "TRUNCATE events"
q -d src -c "COPY events TO STDOUT (FORMAT binary)" | q -d restored -c "COPY events FROM STDIN (FORMAT binary)"
check "COPY binary STDOUT | STDIN into another database" "$(q -d restored -c "$(printf "$EVENTS_MD5" events)")" "$want"
# ulid's binary form is uuid's: a binary COPY of ulid columns loads into uuid columns.
q -d src -c "COPY (SELECT id, alt, mono, tags FROM events) TO STDOUT (FORMAT binary)" | q -d src -c "COPY events_uuid FROM STDIN (FORMAT binary)"
check "binary COPY ulid -> uuid columns: same 16 bytes" \
    "$(q -d src -c "SELECT count(*) FROM events e JOIN events_uuid u ON u.id = e.id::uuid AND u.alt = e.alt::uuid AND u.mono = e.mono::uuid AND u.tags::text = e.tags::uuid[]::text")" "$ROWS"
finish
