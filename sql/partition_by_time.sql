-- Range partitions by key time (doc/partitioning.md): bounds from ulid_lower_bound and
-- uuidv7_lower_bound route the first and last millisecond of each month to its partition, a
-- constant window is pruned at plan time, and a window of now() or of a parameter at execution
-- ("Subplans Removed"), for ulid and uuid keys. Sequential scans only, so plans do not vary.
SET timezone = 'America/New_York';   -- the +00 bounds do not depend on it
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SET max_parallel_workers_per_gather = 0;

CREATE TABLE pt_ulid (id ulid NOT NULL, n int) PARTITION BY RANGE (id);
CREATE TABLE pt_ulid_10 PARTITION OF pt_ulid FOR VALUES FROM (ulid_lower_bound('2026-10-01 00:00+00')) TO (ulid_lower_bound('2026-11-01 00:00+00'));
CREATE TABLE pt_ulid_11 PARTITION OF pt_ulid FOR VALUES FROM (ulid_lower_bound('2026-11-01 00:00+00')) TO (ulid_lower_bound('2026-12-01 00:00+00'));
CREATE TABLE pt_ulid_12 PARTITION OF pt_ulid FOR VALUES FROM (ulid_lower_bound('2026-12-01 00:00+00')) TO (ulid_lower_bound('2027-01-01 00:00+00'));
CREATE TABLE pt_uuid (id uuid NOT NULL, n int) PARTITION BY RANGE (id);
CREATE TABLE pt_uuid_10 PARTITION OF pt_uuid FOR VALUES FROM (uuidv7_lower_bound('2026-10-01 00:00+00')) TO (uuidv7_lower_bound('2026-11-01 00:00+00'));
CREATE TABLE pt_uuid_11 PARTITION OF pt_uuid FOR VALUES FROM (uuidv7_lower_bound('2026-11-01 00:00+00')) TO (uuidv7_lower_bound('2026-12-01 00:00+00'));
CREATE TABLE pt_uuid_12 PARTITION OF pt_uuid FOR VALUES FROM (uuidv7_lower_bound('2026-12-01 00:00+00')) TO (uuidv7_lower_bound('2027-01-01 00:00+00'));

-- Routing: 50 random keys of each boundary millisecond, and the bounds themselves.
CREATE TEMP TABLE edges AS
SELECT t::timestamptz AS t FROM unnest(ARRAY['2026-10-31 23:59:59.999+00', '2026-11-01 00:00:00+00',
    '2026-11-30 23:59:59.999+00', '2026-12-01 00:00:00+00', '2026-12-31 23:59:59.999+00']) t;
INSERT INTO pt_ulid SELECT gen_ulid(t), g FROM edges, generate_series(1, 50) g;
INSERT INTO pt_ulid SELECT ulid_lower_bound(t), 0 FROM edges UNION ALL SELECT ulid_upper_bound(t), 0 FROM edges;
INSERT INTO pt_uuid SELECT uuid_timestamptz_to_v7(t), g FROM edges, generate_series(1, 50) g;
INSERT INTO pt_uuid SELECT uuidv7_lower_bound(t), 0 FROM edges UNION ALL SELECT uuidv7_upper_bound(t), 0 FROM edges;
SELECT tableoid::regclass AS partition, count(*),
       bool_and(to_char(ulid_extract_timestamp(id) AT TIME ZONE 'UTC', 'MM') = right(tableoid::regclass::text, 2)) AS same_month
FROM pt_ulid GROUP BY 1 ORDER BY 1;
SELECT tableoid::regclass AS partition, count(*),
       bool_and(to_char(uuid_v7_to_timestamptz(id) AT TIME ZONE 'UTC', 'MM') = right(tableoid::regclass::text, 2)) AS same_month
FROM pt_uuid GROUP BY 1 ORDER BY 1;
ANALYZE pt_ulid, pt_uuid;

-- Plan time: constant windows.
EXPLAIN (COSTS OFF) SELECT count(*) FROM pt_ulid
WHERE id >= ulid_lower_bound('2026-11-23 00:00+00') AND id < ulid_lower_bound('2026-11-24 00:00+00');
EXPLAIN (COSTS OFF) SELECT count(*) FROM pt_ulid WHERE id >= '2026-12-05 00:00+00'::timestamptz::ulid;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pt_uuid
WHERE id >= uuidv7_lower_bound('2026-11-23 00:00+00') AND id < uuidv7_lower_bound('2026-11-24 00:00+00');

-- Run time: the window of now() prunes when the query starts. Partitions around now().
CREATE TABLE pt_recent (id ulid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE pt_recent_old PARTITION OF pt_recent FOR VALUES FROM (MINVALUE) TO (ulid_lower_bound(now() - interval '30 days'));
CREATE TABLE pt_recent_new PARTITION OF pt_recent FOR VALUES FROM (ulid_lower_bound(now() - interval '30 days')) TO (MAXVALUE);
INSERT INTO pt_recent SELECT gen_ulid(now() - (g + 0.5) * interval '1 day') FROM generate_series(0, 59) g;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_recent WHERE id >= ulid_lower_bound(now() - interval '7 days');
SELECT count(*) FROM pt_recent WHERE id >= ulid_lower_bound(now() - interval '7 days');
CREATE TABLE pt_recent_uuid (id uuid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE pt_recent_uuid_old PARTITION OF pt_recent_uuid FOR VALUES FROM (MINVALUE) TO (uuidv7_lower_bound(now() - interval '30 days'));
CREATE TABLE pt_recent_uuid_new PARTITION OF pt_recent_uuid FOR VALUES FROM (uuidv7_lower_bound(now() - interval '30 days')) TO (MAXVALUE);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_recent_uuid WHERE id >= uuidv7_lower_bound(now() - interval '7 days');

-- Run time: a parameter under a generic plan.
PREPARE ulid_since(timestamptz) AS SELECT count(*) FROM pt_ulid WHERE id >= ulid_lower_bound($1);
PREPARE uuid_since(timestamptz) AS SELECT count(*) FROM pt_uuid WHERE id >= uuidv7_lower_bound($1);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE ulid_since('2026-12-10 00:00+00');
EXECUTE ulid_since('2026-12-01 00:00+00');
EXPLAIN (COSTS OFF) EXECUTE uuid_since('2026-11-10 00:00+00');
EXECUTE uuid_since('2026-11-01 00:00+00');
RESET plan_cache_mode;
