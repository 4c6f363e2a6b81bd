-- A ulid column against an IN list of 500 keys given as ulid[] and as uuid[]: a sequential scan of
-- 20 000 rows, 9 alternating runs each, median execution time in ms. The uuid[] list is never
-- hashed (ulid_hash and uuid_hash are different functions), so each row is compared with the
-- list one value at a time. Run: psql -X -d DB_WITH_UIDEXT -f test/bench/in-list-types.sql
\set QUIET on
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE in_list (id ulid NOT NULL, v int);
INSERT INTO in_list SELECT gen_ulid(), g FROM generate_series(1, 20000) g;
ANALYZE in_list;
SELECT array_agg(id)::text AS ulids, array_agg(id::uuid)::text AS uuids
FROM (SELECT id FROM in_list ORDER BY random() LIMIT 500) s \gset
CREATE TEMP TABLE timings (list text, ms float8);
CREATE FUNCTION pg_temp.run_ms(query text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE plan json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) ' || query INTO plan;
    RETURN (plan -> 0 ->> 'Execution Time')::float8;
END $$;
SELECT format('SELECT count(*) FROM in_list WHERE id = ANY(%L::ulid[])', :'ulids') AS q_ulid,
       format('SELECT count(*) FROM in_list WHERE id = ANY(%L::uuid[])', :'uuids') AS q_uuid \gset
INSERT INTO timings SELECT l, pg_temp.run_ms(CASE l WHEN 'ulid[]' THEN :'q_ulid' ELSE :'q_uuid' END)
FROM generate_series(1, 9), unnest(ARRAY['ulid[]', 'uuid[]']) l;
\set QUIET off
SELECT list, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS median_ms,
       round(min(ms)::numeric, 2) AS min_ms, round(max(ms)::numeric, 2) AS max_ms
FROM timings GROUP BY list ORDER BY list;
