-- BRIN with uuid bounds (issue 15): every ulid BRIN family holds (ulid, uuid) and (uuid, ulid)
-- operators, so a ulid BRIN index serves uuid ranges and uuid equality (PostgreSQL 14+ for
-- minmax-multi and bloom).
SET max_parallel_workers_per_gather = 0;

SELECT f.opfname AS family, o.amoplefttype::regtype AS left, o.amoprighttype::regtype AS right,
       string_agg(o.amopstrategy || ':' || op.oprname, ' ' ORDER BY o.amopstrategy) AS operators
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_operator op ON op.oid = o.amopopr
WHERE am.amname = 'brin' AND f.opfname LIKE 'ulid%' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
SET client_min_messages = info;
SELECT c.opcname, amvalidate(c.oid) FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE am.amname = 'brin' AND c.opcname LIKE 'ulid%' ORDER BY 1;
RESET client_min_messages;

-- 20 000 rows, one a millisecond, in time order: a BRIN-only table.
CREATE TABLE brin_log AS
SELECT ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 millisecond') AS id, i AS n
FROM generate_series(1, 20000) i;
VACUUM ANALYZE brin_log;
SELECT uuidv7_lower_bound('2024-01-01 00:00:05+00') AS lo, uuidv7_upper_bound('2024-01-01 00:00:06+00') AS hi,
       (SELECT id::uuid FROM brin_log WHERE n = 12345) AS u12345 \gset
SET enable_seqscan = off;

CREATE INDEX brin_log_minmax ON brin_log USING brin (id) WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT count(*) FROM brin_log WHERE id BETWEEN :'lo'::uuid AND :'hi'::uuid;
SELECT count(*) FROM brin_log WHERE id BETWEEN :'lo'::uuid AND :'hi'::uuid;
EXPLAIN (COSTS OFF) SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
-- the uuid on the left: the planner commutes it
EXPLAIN (COSTS OFF) SELECT n FROM brin_log WHERE :'u12345'::uuid = id;
SELECT n FROM brin_log WHERE :'u12345'::uuid = id;
-- a parameter, generic plan
PREPARE brin_range(uuid, uuid) AS SELECT count(*) FROM brin_log WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE brin_range(:'lo', :'hi');
EXECUTE brin_range(:'lo', :'hi');
RESET plan_cache_mode;
DROP INDEX brin_log_minmax;

CREATE INDEX brin_log_multi ON brin_log USING brin (id ulid_minmax_multi_ops) WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT count(*) FROM brin_log WHERE id BETWEEN :'lo'::uuid AND :'hi'::uuid;
SELECT count(*) FROM brin_log WHERE id BETWEEN :'lo'::uuid AND :'hi'::uuid;
EXPLAIN (COSTS OFF) SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
DROP INDEX brin_log_multi;

CREATE INDEX brin_log_bloom ON brin_log USING brin (id ulid_bloom_ops) WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
SELECT n FROM brin_log WHERE :'u12345'::uuid = id;
-- a uuid no row has
SELECT count(*) FROM brin_log WHERE id = '00000000-0000-7000-8000-000000000000'::uuid;
DROP INDEX brin_log_bloom;

-- The same rows as a sequential scan.
RESET enable_seqscan;
SET enable_bitmapscan = off;
SELECT count(*) FROM brin_log WHERE id BETWEEN :'lo'::uuid AND :'hi'::uuid;
SELECT n FROM brin_log WHERE id = :'u12345'::uuid;
RESET enable_bitmapscan;

-- clean up
DROP TABLE brin_log;
