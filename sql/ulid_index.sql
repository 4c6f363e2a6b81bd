-- Index and planner support: btree, sort support, hash, BRIN, joins, partitions.
SET max_parallel_workers_per_gather = 0;

CREATE TABLE events (id ulid PRIMARY KEY, n int);
-- 20 000 rows with ids in time order, one millisecond apart from 2024-01-01.
INSERT INTO events
SELECT ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 millisecond')::uuid::ulid, i
FROM generate_series(1, 20000) i;
UPDATE events SET id = (substr(id::uuid::text, 1, 24) || lpad(to_hex(n), 12, '0'))::uuid::ulid;
VACUUM ANALYZE events;

-- btree: equality and range scans use the index.
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id = '01HK153X0G000000000000004E';
EXPLAIN (COSTS OFF) SELECT count(*) FROM events
WHERE id BETWEEN ulid_lower_bound('2024-01-01 00:00:05+00') AND ulid_upper_bound('2024-01-01 00:00:06+00');
SELECT count(*) FROM events
WHERE id BETWEEN ulid_lower_bound('2024-01-01 00:00:05+00') AND ulid_upper_bound('2024-01-01 00:00:06+00');

-- min/max become index-only lookups (checked on the plan's lines: their layout varies by version).
CREATE FUNCTION explain_lines(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP RETURN NEXT line; END LOOP;
END $$;
SELECT count(*) FILTER (WHERE line ~ 'Index Only Scan using events_pkey') AS forward_index_only,
       count(*) FILTER (WHERE line ~ 'Index Only Scan Backward using events_pkey') AS backward_index_only,
       count(*) FILTER (WHERE line ~ 'Seq Scan|Sort') AS scans_or_sorts
FROM explain_lines('SELECT min(id), max(id) FROM events') AS line;
SELECT min(id) = (SELECT id FROM events WHERE n = 1) AS min_ok, max(id) = (SELECT id FROM events WHERE n = 20000) AS max_ok FROM events;

-- ORDER BY id is time order and needs no sort.
EXPLAIN (COSTS OFF) SELECT n FROM events ORDER BY id LIMIT 3;
SELECT bool_and(ordered) AS ordered_by_time FROM (
    SELECT lag(n) OVER (ORDER BY id) < n AS ordered FROM events) s WHERE ordered IS NOT NULL;

-- Btree deduplication is allowed (btequalimage).
CREATE INDEX events_id_dup ON events (id);
CREATE EXTENSION pageinspect;
SELECT allequalimage FROM bt_metap('events_id_dup');
DROP EXTENSION pageinspect;
SELECT amprocnum, amproc::regproc FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND am.amname = 'btree' AND amprocnum <> 6
    AND (amproclefttype, amprocrighttype) = ('ulid'::regtype, 'ulid'::regtype) ORDER BY amprocnum;
-- Skip support (support function 6) exactly from PostgreSQL 18 on.
SELECT count(*) = (current_setting('server_version_num')::int >= 180000)::int AS skip_support_as_expected
FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND am.amname = 'btree' AND amprocnum = 6 AND amproc::regproc::text = 'ulid_skipsupport';
DROP INDEX events_id_dup;

-- Sorting without an index uses sort support; a sort of shuffled values comes out in order.
CREATE TABLE shuffled AS SELECT id, n FROM events ORDER BY md5(n::text);
SELECT bool_and(ok) AS sorted FROM (SELECT lag(n) OVER (ORDER BY id) < n AS ok FROM shuffled) s WHERE ok IS NOT NULL;

-- hash index and hash join
CREATE INDEX shuffled_hash ON shuffled USING hash (id);
ANALYZE shuffled;
EXPLAIN (COSTS OFF) SELECT * FROM shuffled WHERE id = '01HK153X0G000000000000004E';
SET enable_mergejoin = off; SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM events e JOIN shuffled s ON e.id = s.id;
SELECT count(*) FROM events e JOIN shuffled s ON e.id = s.id;
RESET enable_mergejoin; SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM events e JOIN shuffled s ON e.id = s.id;
SELECT count(*) FROM events e JOIN shuffled s ON e.id = s.id;
RESET enable_hashjoin; RESET enable_nestloop;

-- hash aggregate
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT id, count(*) FROM shuffled GROUP BY id;
SELECT count(*) FROM (SELECT id, count(*) FROM shuffled GROUP BY id) s;
RESET enable_sort;

-- BRIN: the default minmax class, minmax-multi and bloom.
CREATE TABLE brin_events AS SELECT * FROM events ORDER BY id;
CREATE INDEX brin_minmax ON brin_events USING brin (id) WITH (pages_per_range = 4);
ANALYZE brin_events;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM brin_events
WHERE id BETWEEN ulid_lower_bound('2024-01-01 00:00:05+00') AND ulid_upper_bound('2024-01-01 00:00:06+00');
SELECT count(*) FROM brin_events
WHERE id BETWEEN ulid_lower_bound('2024-01-01 00:00:05+00') AND ulid_upper_bound('2024-01-01 00:00:06+00');
DROP INDEX brin_minmax;
RESET enable_seqscan;

-- Hash partitioning: a ulid lands in the partition of the uuid with the same bytes.
CREATE TABLE part_ulid (id ulid) PARTITION BY HASH (id);
CREATE TABLE part_ulid_0 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE part_ulid_1 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE part_ulid_2 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE part_ulid_3 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 4, REMAINDER 3);
CREATE TABLE part_uuid (id uuid) PARTITION BY HASH (id);
CREATE TABLE part_uuid_0 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE part_uuid_1 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE part_uuid_2 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE part_uuid_3 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO part_ulid SELECT id FROM events;
INSERT INTO part_uuid SELECT id::uuid FROM events;
SELECT a.tableoid::regclass AS ulid_partition, count(*) AS rows,
       count(*) FILTER (WHERE right(a.tableoid::regclass::text, 1) = right(b.tableoid::regclass::text, 1)) AS same_remainder
FROM part_ulid a JOIN part_uuid b ON a.id::uuid = b.id GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM part_ulid WHERE id = '01HK153X0G000000000000004E';

-- Range partitions on time bounds, with pruning.
CREATE TABLE part_time (id ulid, n int) PARTITION BY RANGE (id);
SELECT ulid_lower_bound('2024-01-01 00:00:00+00') AS p_start, ulid_lower_bound('2024-01-01 00:00:10+00') AS p_end \gset
CREATE TABLE part_time_s0_9 PARTITION OF part_time FOR VALUES FROM (:'p_start') TO (:'p_end');
CREATE TABLE part_time_rest PARTITION OF part_time DEFAULT;
INSERT INTO part_time SELECT * FROM events;
SELECT tableoid::regclass, count(*), min(ulid_extract_timestamp(id)) AT TIME ZONE 'UTC' AS first,
       max(ulid_extract_timestamp(id)) AT TIME ZONE 'UTC' AS last
FROM part_time GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT count(*) FROM part_time WHERE id >= ulid_lower_bound('2024-01-01 00:00:15+00');

-- clean up
DROP TABLE events, shuffled, brin_events, part_ulid, part_uuid, part_time;
DROP FUNCTION explain_lines(text);
RESET max_parallel_workers_per_gather;
