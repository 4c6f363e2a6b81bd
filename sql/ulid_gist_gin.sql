-- GiST and GIN operator classes of ulid (ulid_ops): catalog, index paths, exclusion constraints,
-- edge values, and index scans that return exactly what sequential scans return.
SET max_parallel_workers_per_gather = 0;

-- Both classes are complete and valid, and are the defaults for ulid.
SELECT a.amname, c.opcname, c.opcdefault, amvalidate(c.oid) AS valid
FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
WHERE c.opcintype = 'ulid'::regtype AND a.amname IN ('gist', 'gin') ORDER BY 1;
-- Strategies: btree's, and <> (6) in GiST; the uuid right-hand sides in both.
SELECT a.amname, o.amopstrategy, o.amopopr::regoperator
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND a.amname IN ('gist', 'gin') ORDER BY 1, o.amoprighttype::regtype::text DESC, 2;
-- Sorted builds (support function 11) from 14 on.
SELECT count(*) = (current_setting('server_version_num')::int >= 140000)::int AS sortsupport_as_expected
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND a.amname = 'gist' AND p.amprocnum = 11
    AND p.amproc = 'ulid_gist_sortsupport(internal)'::regprocedure;
-- translate_cmptype (support function 12, WITHOUT OVERLAPS keys) from 18 on.
SELECT count(*) = (current_setting('server_version_num')::int >= 180000)::int AS translate_cmptype_as_expected
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND a.amname = 'gist' AND p.amprocnum = 12
    AND p.amproc = 'ulid_gist_cmptype(integer)'::regprocedure;
-- Comparison types 1..6 (COMPARE_LT .. COMPARE_NE) are strategies 1..6; others have none.
SELECT array_agg(ulid_gist_cmptype(t) ORDER BY t) FROM generate_series(0, 8) t;
-- Every support function is written in C.
SELECT DISTINCT l.lanname FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
JOIN pg_am a ON a.oid = f.opfmethod JOIN pg_proc pr ON pr.oid = p.amproc JOIN pg_language l ON l.oid = pr.prolang
WHERE f.opfname = 'ulid_ops' AND a.amname IN ('gist', 'gin') AND pr.proname LIKE 'ulid_gi%';

-- The key type lives only inside indexes.
SELECT '[a,b]'::ulid_gist_key;

-- Empty tables: indexes build, scans find nothing.
CREATE TABLE empty_t (id ulid);
CREATE INDEX empty_gist ON empty_t USING gist (id);
CREATE INDEX empty_gin ON empty_t USING gin (id);
SET enable_seqscan = off;
SELECT count(*) FROM empty_t WHERE id > '00000000000000000000000000';
SELECT count(*) FROM empty_t WHERE id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
RESET enable_seqscan;
DROP TABLE empty_t;

-- A few known rows: nil, max, duplicates and NULLs.
CREATE TABLE edge (id ulid);
INSERT INTO edge VALUES ('00000000000000000000000000'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
    ('01HK153X0G000000000000004E'), ('01HK153X0G000000000000004E'), ('01HK153X0H000000000000004F'),
    (NULL), (NULL);
CREATE INDEX edge_gist ON edge USING gist (id);
-- The leaf keys are [value,value] ranges, shown as ULID text.
CREATE EXTENSION pageinspect;
SELECT itemoffset, keys FROM gist_page_items(get_raw_page('edge_gist', 0), 'edge_gist') ORDER BY itemoffset;
DROP EXTENSION pageinspect;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT 'lt nil' AS q, count(*) FROM edge WHERE id < '00000000000000000000000000'
UNION ALL SELECT 'le nil', count(*) FROM edge WHERE id <= '00000000000000000000000000'
UNION ALL SELECT 'eq max', count(*) FROM edge WHERE id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
UNION ALL SELECT 'gt max', count(*) FROM edge WHERE id > '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
UNION ALL SELECT 'ge max', count(*) FROM edge WHERE id >= '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
UNION ALL SELECT 'ne dup', count(*) FROM edge WHERE id <> '01HK153X0G000000000000004E'
UNION ALL SELECT 'eq dup', count(*) FROM edge WHERE id = '01HK153X0G000000000000004E'
UNION ALL SELECT 'is null', count(*) FROM edge WHERE id IS NULL
UNION ALL SELECT 'not null', count(*) FROM edge WHERE id IS NOT NULL;
-- Index-only scans return the values (fetch).
EXPLAIN (COSTS OFF) SELECT id FROM edge WHERE id >= '01HK153X0G000000000000004E' ORDER BY id;
SELECT id FROM edge WHERE id >= '01HK153X0G000000000000004E' ORDER BY id;
-- uuid right-hand sides, either operand order, use the index.
EXPLAIN (COSTS OFF) SELECT id FROM edge WHERE id = '018cc251-f410-0000-0000-00000000008e'::uuid;
EXPLAIN (COSTS OFF) SELECT id FROM edge WHERE '018cc251-f410-0000-0000-00000000008e'::uuid < id;
SELECT id FROM edge WHERE id = '018cc251-f410-0000-0000-00000000008e'::uuid;
SELECT id FROM edge WHERE '018cc251-f410-0000-0000-00000000008e'::uuid < id ORDER BY id;
RESET enable_bitmapscan;
DROP INDEX edge_gist;
CREATE INDEX edge_gin ON edge USING gin (id);
EXPLAIN (COSTS OFF) SELECT id FROM edge WHERE id <= '018cc251-f410-0000-0000-00000000008e'::uuid;
SELECT 'lt nil' AS q, count(*) FROM edge WHERE id < '00000000000000000000000000'
UNION ALL SELECT 'le nil', count(*) FROM edge WHERE id <= '00000000000000000000000000'
UNION ALL SELECT 'eq max', count(*) FROM edge WHERE id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
UNION ALL SELECT 'gt max', count(*) FROM edge WHERE id > '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
UNION ALL SELECT 'ge max', count(*) FROM edge WHERE id >= '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
UNION ALL SELECT 'eq dup', count(*) FROM edge WHERE id = '01HK153X0G000000000000004E'
UNION ALL SELECT 'le uuid', count(*) FROM edge WHERE id <= '018cc251-f410-0000-0000-00000000008e'::uuid
UNION ALL SELECT 'is null', count(*) FROM edge WHERE id IS NULL;
RESET enable_seqscan;
DROP TABLE edge;

-- The booking pattern: EXCLUDE USING gist with a ulid key and a range, no btree_gist.
CREATE TABLE booking (room ulid, during tstzrange, EXCLUDE USING gist (room WITH =, during WITH &&));
INSERT INTO booking VALUES ('01HK153X0G000000000000004E', '[2024-01-01 10:00+00, 2024-01-01 11:00+00)'),
                           ('01HK153X0G000000000000004F', '[2024-01-01 10:00+00, 2024-01-01 11:00+00)'),
                           ('01HK153X0G000000000000004E', '[2024-01-01 11:00+00, 2024-01-01 12:00+00)');
-- A conflict is 23P01 and shows the room as a ulid.
\set VERBOSITY default
INSERT INTO booking VALUES ('01HK153X0G000000000000004E', '[2024-01-01 10:30+00, 2024-01-01 10:45+00)');
\echo :SQLSTATE
-- A uuid room is cast to ulid and conflicts the same way.
INSERT INTO booking VALUES ('018cc251-f410-0000-0000-00000000008f'::uuid::ulid, '[2024-01-01 10:59+00, 2024-01-01 11:01+00)');
\echo :SQLSTATE
SELECT count(*) FROM booking;
DROP TABLE booking;
-- 18+: a temporal primary key, PRIMARY KEY (room, during WITHOUT OVERLAPS), on a ulid room
-- (skipped before 18, where the syntax does not exist).
CREATE FUNCTION temporal_key_conflict() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('server_version_num')::int < 180000 THEN RETURN '23P01'; END IF;
    EXECUTE 'CREATE TEMP TABLE temporal (room ulid, during tstzrange, PRIMARY KEY (room, during WITHOUT OVERLAPS))';
    EXECUTE $q$INSERT INTO temporal VALUES ('01HK153X0G000000000000004E', '[2024-01-01, 2024-01-02)'),
                                           ('01HK153X0G000000000000004F', '[2024-01-01, 2024-01-02)')$q$;
    BEGIN
        EXECUTE $q$INSERT INTO temporal VALUES ('01HK153X0G000000000000004E', '[2024-01-01 12:00+00, 2024-01-03)')$q$;
    EXCEPTION WHEN exclusion_violation THEN
        DROP TABLE temporal;
        RETURN SQLSTATE;
    END;
    RETURN 'no conflict';
END $$;
SELECT temporal_key_conflict();
DROP FUNCTION temporal_key_conflict();
-- EXCLUDE ... WITH <>: every row must have the same value.
CREATE TABLE one_value (id ulid, EXCLUDE USING gist (id WITH <>));
INSERT INTO one_value VALUES ('01HK153X0G000000000000004E'), ('01HK153X0G000000000000004E');
INSERT INTO one_value VALUES ('01HK153X0G000000000000004F');
\echo :SQLSTATE
DROP TABLE one_value;

-- GIN with an array column: tags @> ... AND id > $1 in one index.
CREATE TABLE tagged (tags text[], id ulid);
INSERT INTO tagged
SELECT ARRAY['t' || (i % 7), 'u' || (i % 3)],
       ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 second')
FROM generate_series(1, 3000) i;
CREATE INDEX tagged_gin ON tagged USING gin (tags, id);
ANALYZE tagged;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM tagged WHERE tags @> '{t3}' AND id > ulid_lower_bound('2024-01-01 00:30:00+00');
SELECT count(*) FROM tagged WHERE tags @> '{t3}' AND id > ulid_lower_bound('2024-01-01 00:30:00+00');
SELECT count(*) FROM tagged WHERE tags @> '{t3,u1}' AND id BETWEEN ulid_lower_bound('2024-01-01 00:10:00+00')::uuid
                                                             AND ulid_lower_bound('2024-01-01 00:20:00+00')::uuid;
RESET enable_seqscan;
SELECT count(*) FROM tagged WHERE tags @> '{t3}' AND id > ulid_lower_bound('2024-01-01 00:30:00+00');
SELECT count(*) FROM tagged WHERE tags @> '{t3,u1}' AND id BETWEEN ulid_lower_bound('2024-01-01 00:10:00+00')::uuid
                                                             AND ulid_lower_bound('2024-01-01 00:20:00+00')::uuid;
DROP TABLE tagged;

-- Randomised: for random and time-clustered values and random constants (ulid and uuid), every
-- strategy through the index returns exactly the rows a sequential scan returns.
SELECT setseed(0.15);
CREATE TABLE rnd (id ulid);
-- Index first: the rows arrive through insert, penalty and picksplit.
CREATE INDEX rnd_gist ON rnd USING gist (id);
-- Time-clustered: 40 milliseconds; random: anywhere; plus nil, max, duplicates, NULLs.
INSERT INTO rnd
SELECT (lpad(to_hex(1700000000000 + floor(random() * 40)::bigint), 12, '0')
        || substr(md5(random()::text), 1, 20))::uuid::ulid
FROM generate_series(1, 4000);
INSERT INTO rnd SELECT md5(random()::text)::uuid::ulid FROM generate_series(1, 1000);
INSERT INTO rnd SELECT id FROM rnd WHERE random() < 0.05;
INSERT INTO rnd VALUES ('00000000000000000000000000'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), (NULL), (NULL);
VACUUM ANALYZE rnd;
-- Constants: half taken from the table, half new.
CREATE TABLE constants AS
SELECT id AS q FROM (SELECT id FROM rnd WHERE id IS NOT NULL ORDER BY random() LIMIT 30) s
UNION ALL SELECT (lpad(to_hex(1700000000000 + floor(random() * 40)::bigint), 12, '0')
                  || substr(md5(random()::text), 1, 20))::uuid::ulid FROM generate_series(1, 20)
UNION ALL SELECT md5(random()::text)::uuid::ulid FROM generate_series(1, 10)
UNION ALL VALUES ('00000000000000000000000000'::ulid), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');

-- For each operator and right-hand type: the queries run, those whose rows differ between the
-- index and a sequential scan, and those whose plan did not use the index.
CREATE FUNCTION compare_scans(index_name text, ops text[], rhs_types text[])
RETURNS TABLE (op text, rhs text, queries int, differing int, not_indexed int)
LANGUAGE plpgsql AS $$
DECLARE
    query text;
    c ulid;
    via_index ulid[];
    via_seq ulid[];
    plan text;
BEGIN
    -- Thousands of tiny queries: JIT-compiling each (the forced-JIT CI run) would only cost time.
    PERFORM set_config('jit', 'off', true);
    FOREACH op IN ARRAY ops LOOP
        FOREACH rhs IN ARRAY rhs_types LOOP
            queries := 0; differing := 0; not_indexed := 0;
            query := format('SELECT array_agg(id ORDER BY id) FROM rnd WHERE id %s $1::%s', op, rhs);
            FOR c IN SELECT q FROM constants LOOP
                PERFORM set_config('enable_seqscan', 'off', true);
                PERFORM set_config('enable_indexscan', 'on', true);
                PERFORM set_config('enable_bitmapscan', 'on', true);
                FOR plan IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query USING c LOOP
                    EXIT WHEN plan LIKE '%' || index_name || '%';
                END LOOP;
                IF plan NOT LIKE '%' || index_name || '%' THEN not_indexed := not_indexed + 1; END IF;
                EXECUTE query INTO via_index USING c;
                PERFORM set_config('enable_seqscan', 'on', true);
                PERFORM set_config('enable_indexscan', 'off', true);
                PERFORM set_config('enable_bitmapscan', 'off', true);
                EXECUTE query INTO via_seq USING c;
                queries := queries + 1;
                IF via_index IS DISTINCT FROM via_seq THEN differing := differing + 1; END IF;
            END LOOP;
            RETURN NEXT;
        END LOOP;
    END LOOP;
    PERFORM set_config('enable_seqscan', 'on', true);
    PERFORM set_config('enable_indexscan', 'on', true);
    PERFORM set_config('enable_bitmapscan', 'on', true);
END $$;

-- GiST built by inserts (index scans, index-only scans through fetch, bitmap scans).
SELECT * FROM compare_scans('rnd_gist', '{<,<=,=,>=,>,<>}', '{ulid,uuid}');
-- GiST built sorted (14+) from the same rows.
REINDEX INDEX rnd_gist;
SELECT * FROM compare_scans('rnd_gist', '{<,<=,=,>=,>,<>}', '{ulid,uuid}');
-- More rows after the sorted build go through insert again.
INSERT INTO rnd SELECT (lpad(to_hex(1700000000000 + floor(random() * 40)::bigint), 12, '0')
                        || substr(md5(random()::text), 1, 20))::uuid::ulid FROM generate_series(1, 2000);
SELECT * FROM compare_scans('rnd_gist', '{<,=,>}', '{ulid}');
DROP INDEX rnd_gist;
-- GIN (bitmap scans; equality and partial-match ranges).
CREATE INDEX rnd_gin ON rnd USING gin (id);
SELECT * FROM compare_scans('rnd_gin', '{<,<=,=,>=,>}', '{ulid,uuid}');
DROP TABLE rnd, constants;
DROP FUNCTION compare_scans(text, text[], text[]);
