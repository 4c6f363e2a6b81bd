-- ulid and uuid together (1.1): cross-type operators in the btree and hash families,
-- what the planner does with them, what does not change, and gen_uuidv7() / gen_uuidv4().
SET max_parallel_workers_per_gather = 0;

-- The operators: commutators, negators, estimators, hash/merge, leakproof, core's functions.
SELECT o.oid::regoperator AS operator, o.oprcom::regoperator AS commutator, o.oprnegate::regoperator AS negator,
       o.oprrest AS restrict, o.oprjoin AS "join", o.oprcanhash AS hashes, o.oprcanmerge AS merges,
       p.proleakproof AS leakproof, l.lanname AS language, p.prosrc
FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode JOIN pg_language l ON l.oid = p.prolang
WHERE (o.oprleft, o.oprright) IN (('ulid'::regtype, 'uuid'::regtype), ('uuid'::regtype, 'ulid'::regtype))
ORDER BY o.oprleft = 'uuid'::regtype, o.oprname;

-- The btree and hash families hold every pair of (ulid, uuid), like core's integer_ops (GiST
-- and GIN: sql/ulid_gist_gin.sql).
SELECT am.amname, ao.amoplefttype::regtype AS left, ao.amoprighttype::regtype AS right,
       string_agg(ao.amopstrategy || ':' || o.oprname, ' ' ORDER BY ao.amopstrategy) AS operators
FROM pg_amop ao JOIN pg_opfamily f ON f.oid = ao.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_operator o ON o.oid = ao.amopopr
WHERE f.opfname = 'ulid_ops' AND am.amname IN ('btree', 'hash') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
SELECT am.amname, ap.amproclefttype::regtype AS left, ap.amprocrighttype::regtype AS right,
       ap.amprocnum, ap.amproc::regprocedure AS function
FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND am.amname IN ('btree', 'hash') AND ap.amprocnum <> 6 ORDER BY 1, 2, 3, 4;

-- amvalidate reports an incomplete family as INFO lines and false: none here.
SET client_min_messages = info;
SELECT am.amname, amvalidate(c.oid) FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcname = 'ulid_ops' AND am.amname IN ('btree', 'hash') ORDER BY 1;
-- ... and it would notice: without the (uuid, uuid) members the families are incomplete.
BEGIN;
ALTER OPERATOR FAMILY ulid_ops USING btree DROP OPERATOR 1 (uuid, uuid), OPERATOR 2 (uuid, uuid),
    OPERATOR 3 (uuid, uuid), OPERATOR 4 (uuid, uuid), OPERATOR 5 (uuid, uuid), FUNCTION 1 (uuid, uuid);
ALTER OPERATOR FAMILY ulid_ops USING hash DROP OPERATOR 1 (uuid, uuid), FUNCTION 1 (uuid, uuid), FUNCTION 2 (uuid, uuid);
SELECT am.amname, amvalidate(c.oid) FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcname = 'ulid_ops' AND am.amname IN ('btree', 'hash') ORDER BY 1;
ROLLBACK;
RESET client_min_messages;

-- Results are those of comparing the bytes as uuid, for every operator and both operand
-- orders: 150 x 150 values (pairs of equal values, equal prefixes, the extremes). The cmp
-- functions are compared by sign, all btree reads: the magnitude is memcmp's, which an
-- LLVM-inlined memcmp (forced JIT) computes differently.
CREATE TABLE vals AS
SELECT md5(i::text)::uuid AS v FROM generate_series(1, 120) i
UNION ALL SELECT (left(md5(i::text), 12) || '0000' || right(md5((i + 1)::text), 16))::uuid FROM generate_series(1, 26) i
UNION ALL VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
                 ('80000000-0000-0000-0000-000000000000'), ('7fffffff-ffff-ffff-ffff-ffffffffffff');
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE a.v = b.v) AS equal_pairs,
       count(*) FILTER (WHERE (a.v::ulid = b.v) IS DISTINCT FROM (a.v = b.v) OR (b.v = a.v::ulid) IS DISTINCT FROM (b.v = a.v)
                           OR (a.v::ulid <> b.v) IS DISTINCT FROM (a.v <> b.v) OR (b.v <> a.v::ulid) IS DISTINCT FROM (b.v <> a.v)
                           OR (a.v::ulid < b.v) IS DISTINCT FROM (a.v < b.v) OR (b.v < a.v::ulid) IS DISTINCT FROM (b.v < a.v)
                           OR (a.v::ulid <= b.v) IS DISTINCT FROM (a.v <= b.v) OR (b.v <= a.v::ulid) IS DISTINCT FROM (b.v <= a.v)
                           OR (a.v::ulid > b.v) IS DISTINCT FROM (a.v > b.v) OR (b.v > a.v::ulid) IS DISTINCT FROM (b.v > a.v)
                           OR (a.v::ulid >= b.v) IS DISTINCT FROM (a.v >= b.v) OR (b.v >= a.v::ulid) IS DISTINCT FROM (b.v >= a.v)
                           OR sign(ulid_uuid_cmp(a.v::ulid, b.v)) IS DISTINCT FROM sign(uuid_cmp(a.v, b.v))
                           OR sign(uuid_ulid_cmp(b.v, a.v::ulid)) IS DISTINCT FROM sign(uuid_cmp(b.v, a.v))) AS differences
FROM vals a, vals b;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = NULL::uuid AS null_is_null;

-- Tables: a ulid primary key (20 000 rows in time order) and a uuid one with every second value.
CREATE TABLE t_ulid (id ulid PRIMARY KEY, n int NOT NULL);
INSERT INTO t_ulid
SELECT (substr(ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 millisecond')::uuid::text, 1, 24)
        || lpad(to_hex(i), 12, '0'))::uuid::ulid, i
FROM generate_series(1, 20000) i;
CREATE TABLE t_uuid (u uuid PRIMARY KEY, n int NOT NULL);
INSERT INTO t_uuid SELECT id::uuid, n FROM t_ulid WHERE n % 2 = 0;
VACUUM ANALYZE t_ulid;
VACUUM ANALYZE t_uuid;
SELECT id::uuid AS k4242, (SELECT id::uuid FROM t_ulid WHERE n = 5000) AS k5000 FROM t_ulid WHERE n = 4242 \gset

-- A ulid index serves a uuid parameter, custom and generic plans, in either operand order.
PREPARE by_uuid(uuid) AS SELECT n FROM t_ulid WHERE id = $1;
EXPLAIN (COSTS OFF) EXECUTE by_uuid(:'k4242');
EXECUTE by_uuid(:'k4242');
PREPARE by_uuid_flipped(uuid) AS SELECT n FROM t_ulid WHERE $1 = id;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_uuid(:'k4242');
EXECUTE by_uuid(:'k4242');
EXPLAIN (COSTS OFF) EXECUTE by_uuid_flipped(:'k4242');
EXECUTE by_uuid_flipped(:'k4242');

-- Ranges and = ANY with uuid values.
PREPARE range_uuid(uuid, uuid) AS SELECT count(*) FROM t_ulid WHERE id >= $1 AND $2 > id;
EXPLAIN (COSTS OFF) EXECUTE range_uuid(:'k4242', :'k5000');
EXECUTE range_uuid(:'k4242', :'k5000');
PREPARE any_uuid(uuid[]) AS SELECT n FROM t_ulid WHERE id = ANY ($1) ORDER BY n;
EXPLAIN (COSTS OFF) EXECUTE any_uuid(ARRAY[:'k4242', :'k5000']::uuid[]);
EXECUTE any_uuid(ARRAY[:'k4242', :'k5000', '00000000-0000-0000-0000-000000000000']::uuid[]);
RESET plan_cache_mode;
-- The same answers as with the uuid cast (which cannot use the index).
SELECT count(*) FROM t_ulid WHERE id::uuid >= :'k4242' AND id::uuid < :'k5000';
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_ulid WHERE id BETWEEN :'k4242'::uuid AND :'k5000'::uuid;
SELECT count(*) FROM t_ulid WHERE id BETWEEN :'k4242'::uuid AND :'k5000'::uuid;

-- Joins between a ulid and a uuid column: hash join and merge join, either operand order.
SELECT count(*) AS matches_by_uuid_cast FROM t_ulid JOIN t_uuid ON id::uuid = u;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_ulid JOIN t_uuid ON id = u;
SELECT count(*) FROM t_ulid JOIN t_uuid ON id = u;
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_uuid JOIN t_ulid ON u = id;
SELECT count(*) FROM t_uuid JOIN t_ulid ON u = id;
RESET enable_mergejoin;
SET enable_hashjoin = off;
-- The uuid side is sorted: core's uuid_ops index order is a different family's order.
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_ulid JOIN t_uuid ON id = u;
SELECT count(*) FROM t_ulid JOIN t_uuid ON id = u;
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_uuid JOIN t_ulid ON u = id;
SELECT count(*) FROM t_uuid JOIN t_ulid ON u = id;
RESET enable_hashjoin;
RESET enable_nestloop;

-- IN (subquery) across the types, both ways. How the subquery's values are made distinct is not
-- the point (19 sorts where 14-18 hash them): hashing it is, on every major.
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_ulid WHERE id IN (SELECT u FROM t_uuid WHERE n % 7 = 0);
RESET enable_sort;
SELECT count(*) FROM t_ulid WHERE id IN (SELECT u FROM t_uuid WHERE n % 7 = 0);
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_uuid WHERE u IN (SELECT id FROM t_ulid WHERE n % 7 = 0);
SELECT count(*) FROM t_uuid WHERE u IN (SELECT id FROM t_ulid WHERE n % 7 = 0);
SELECT count(*) AS by_uuid_cast FROM t_uuid WHERE u IN (SELECT id::uuid FROM t_ulid WHERE n % 7 = 0);

-- What does not change. The operators each query resolves to, read from the parse tree
-- stored for a view (pg_depend would not list core's pinned operators).
CREATE FUNCTION operators_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE result text;
BEGIN
    EXECUTE 'CREATE TEMP VIEW resolved AS ' || query;
    SELECT string_agg(DISTINCT m[1]::oid::regoperator::text, ' ') INTO result
    FROM pg_rewrite r, regexp_matches(r.ev_action::text, ':opno (\d+)', 'g') AS m
    WHERE r.ev_class = 'resolved'::regclass;
    DROP VIEW resolved;
    RETURN result;
END $$;
SELECT q AS query, operators_of(q) AS resolved_to FROM (VALUES
    ('SELECT * FROM t_ulid WHERE id = ''01HK153X0G000000000000004E'''),
    ('SELECT * FROM t_ulid WHERE id < ''01HK153X0G000000000000004E'''),
    ('SELECT * FROM t_ulid WHERE id IN (''01HK153X0G000000000000004E'', ''01HK153X0G000000000000004F'')'),
    ('SELECT * FROM t_ulid WHERE id = $$018cc251-f401-0000-0000-000000004e20$$::uuid::ulid'),
    ('SELECT * FROM t_uuid WHERE u = ''018cc251-f401-0000-0000-000000004e20'''),
    ('SELECT * FROM t_uuid WHERE u IN (''018cc251-f401-0000-0000-000000004e20'', ''018cc251-f401-0000-0000-000000004e21'')'),
    ('SELECT * FROM t_uuid WHERE u >= gen_random_uuid()'),
    ('SELECT t_ulid.n FROM t_ulid JOIN t_uuid ON id::uuid = u'),
    ('SELECT t_ulid.n FROM t_ulid JOIN t_uuid ON id = u'),
    ('SELECT t_ulid.n FROM t_ulid JOIN t_uuid ON u < id'),
    ('SELECT ''a'' = ''b''')) AS cases(q);
-- Untyped parameters take the column's type, as before.
PREPARE ulid_untyped AS SELECT n FROM t_ulid WHERE id = $1;
PREPARE uuid_untyped AS SELECT n FROM t_uuid WHERE u = $1;
SELECT name, parameter_types FROM pg_prepared_statements WHERE name LIKE '%untyped' ORDER BY name;
-- A column of neither type still has no operator with them. (Terse: the DETAIL and HINT of
-- "does not exist", core's, differ by major.)
\set VERBOSITY terse
SELECT * FROM t_ulid WHERE id = 'x'::text;
\set VERBOSITY default

-- uuid-only plans keep core's operator class: index scans, ordered scans, merge join on indexes.
SELECT i.indexrelid::regclass AS index, c.opcname, f.opfname, f.opfnamespace::regnamespace AS schema
FROM pg_index i JOIN pg_opclass c ON c.oid = i.indclass[0] JOIN pg_opfamily f ON f.oid = c.opcfamily
WHERE i.indrelid = 't_uuid'::regclass;
EXPLAIN (COSTS OFF) SELECT n FROM t_uuid WHERE u = '018cc251-f401-0000-0000-000000004e20';
EXPLAIN (COSTS OFF) SELECT n FROM t_uuid WHERE u IN ('018cc251-f401-0000-0000-000000004e20', '018cc251-f401-0000-0000-000000004e22');
EXPLAIN (COSTS OFF) SELECT n FROM t_uuid ORDER BY u LIMIT 3;
EXPLAIN (COSTS OFF) SELECT n FROM t_ulid WHERE id IN ('01HK153X0G000000000000004E', '01HK153X0G000000000000004F');
CREATE TABLE t_uuid2 AS SELECT * FROM t_uuid;
ALTER TABLE t_uuid2 ADD PRIMARY KEY (u);
VACUUM ANALYZE t_uuid2;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM t_uuid a JOIN t_uuid2 b ON a.u = b.u;
RESET enable_hashjoin;
RESET enable_nestloop;
-- A uuid column compared with a ulid value is correct but cannot use core's uuid index:
-- cast the ulid to uuid (free) to get the index scan.
EXPLAIN (COSTS OFF) SELECT n FROM t_uuid WHERE u = '01HK153X010000000000000KH0'::ulid;
EXPLAIN (COSTS OFF) SELECT n FROM t_uuid WHERE u = '01HK153X010000000000000KH0'::ulid::uuid;

-- gen_uuidv7() and gen_uuidv4(): uidext's uuidv7() and uuidv4() under names core does not have.
SELECT p.oid::regprocedure AS function, p.prosrc, p.provolatile, p.proparallel, p.proisstrict,
       p.prosrc = (SELECT q.prosrc FROM pg_proc q WHERE q.proname = substr(p.proname, 5)
                   AND q.pronamespace = p.pronamespace AND q.pronargs = 0) AS same_c_function_as_uidexts
FROM pg_proc p WHERE p.proname IN ('gen_uuidv7', 'gen_uuidv4') ORDER BY 1::text;
CREATE TABLE generated AS
SELECT i, statement_timestamp() AS s, gen_uuidv7() AS v7, gen_uuidv4() AS v4, clock_timestamp() AS t
FROM generate_series(1, 10000) i;
SELECT count(DISTINCT v7) AS distinct_v7, count(DISTINCT v4) AS distinct_v4,
       bool_and(substr(v7::text, 15, 1) = '7' AND substr(v7::text, 20, 1) IN ('8', '9', 'a', 'b')) AS v7_version_variant,
       bool_and(substr(v4::text, 15, 1) = '4' AND substr(v4::text, 20, 1) IN ('8', '9', 'a', 'b')) AS v4_version_variant,
       -- at most 10 000 x 245 ns ahead of the clock: the sub-millisecond part must ascend
       bool_and(ulid_extract_timestamp(v7::ulid) BETWEEN date_trunc('milliseconds', s) AND t + interval '10 ms') AS v7_time_now
FROM generated;
SELECT bool_and(previous < v7) AS v7_ascending_within_statement
FROM (SELECT v7, lag(v7) OVER (ORDER BY i) AS previous FROM generated) s WHERE previous IS NOT NULL;

DROP TABLE vals, t_ulid, t_uuid, t_uuid2, generated;
DROP FUNCTION operators_of(text);
DEALLOCATE ALL;
