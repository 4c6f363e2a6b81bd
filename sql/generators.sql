-- ULID generators.
SET timezone = 'UTC';

-- gen_ulid(): current time, 80 random bits, all distinct.
SELECT count(*) AS values, count(DISTINCT id) AS distinct_values,
       bool_and(ulid_extract_timestamp(id) BETWEEN date_trunc('milliseconds', statement_timestamp()) - interval '1 ms'
                                             AND clock_timestamp()) AS time_is_now,
       bool_and(length(id::text) = 26) AS canonical
FROM (SELECT gen_ulid() AS id FROM generate_series(1, 10000)) s;
-- The random parts differ in every position: no byte is constant over 10 000 values.
SELECT count(DISTINCT substr(id::text, p, 1)) > 20 AS varies, min(p), max(p)
FROM (SELECT gen_ulid() AS id FROM generate_series(1, 10000)) s, generate_series(11, 26) p
GROUP BY p > 0;

-- gen_ulid(timestamptz): that millisecond, fresh randomness.
SELECT ulid_extract_timestamp(gen_ulid('2016-07-30 22:36:16.385+00')) AS backfilled,
       gen_ulid('2016-07-30 22:36:16.385+00') <> gen_ulid('2016-07-30 22:36:16.385+00') AS random,
       left(gen_ulid('2016-07-30 22:36:16.385+00')::text, 10) AS time_digits; -- 01ARYZ6S41
SELECT gen_ulid('infinity');
SELECT gen_ulid('1969-12-31 23:59:59+00');
SELECT gen_ulid(NULL) IS NULL AS strict;

CREATE FUNCTION low48(id ulid) RETURNS bigint IMMUTABLE LANGUAGE sql
    AS $$ SELECT ('x' || right(encode(id::bytea, 'hex'), 12))::bit(48)::bigint $$;

-- gen_monotonic_ulid(): strictly increasing within the connection over 100 000 calls.
CREATE TEMP TABLE mono AS SELECT n, gen_monotonic_ulid() AS id FROM generate_series(1, 100000) n;
SELECT count(*) AS values, count(DISTINCT id) AS distinct_values,
       bool_and(ordered) AS strictly_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) < id AS ordered FROM mono) s;
-- Within a millisecond each value is the previous one plus one (compared on the low 48 bits).
SELECT count(*) > 0 AS same_ms_pairs,
       bool_and(low48(b.id) - low48(a.id) IN (1, 1 - 2^48::bigint)) AS plus_one
FROM mono a JOIN mono b ON b.n = a.n + 1
WHERE left(a.id::text, 10) = left(b.id::text, 10);
SELECT bool_and(ulid_extract_timestamp(id) <= clock_timestamp() + interval '1 second') AS not_ahead_of_clock FROM mono;
-- Monotonic values interleaved with gen_ulid() keep their own order.
SELECT bool_and(a < b) AS ordered FROM (SELECT gen_monotonic_ulid() AS a, gen_ulid() AS x, gen_monotonic_ulid() AS b
                                        FROM generate_series(1, 1000)) s;

-- Scope of monotonic ordering: per connection unless preloaded. This suite runs under either
-- (test/cluster/010_monotonic_scope.sh checks each scope's exact answers and errors), so it
-- checks what holds in both: uidext_monotonic_scope() answers what the setting says, and with
-- 'server' asked for it and the monotonic generators either all work or all raise 55000 (no
-- preload) rather than order per connection only.
CREATE FUNCTION pg_temp.outcome(query text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE query;
    RETURN 'works';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END
$$;
SELECT uidext_monotonic_scope() = current_setting('uidext.monotonic_scope') AS reports_the_setting;
SET uidext.monotonic_scope = 'server';
SELECT count(DISTINCT pg_temp.outcome(q)) AS outcomes, min(pg_temp.outcome(q)) IN ('works', '55000') AS works_or_55000
FROM unnest(ARRAY['SELECT uidext_monotonic_scope()', 'SELECT gen_monotonic_ulid()', 'SELECT gen_monotonic_uuidv7()']) q;
SELECT pg_temp.outcome('SELECT uidext_monotonic_scope()') <> 'works' OR uidext_monotonic_scope() = 'server' AS says_server_when_it_works;
SELECT uuidv7() IS NOT NULL AS other_generators_work;
RESET uidext.monotonic_scope;
SELECT gen_monotonic_ulid() < gen_monotonic_ulid() AS works_again;
SET uidext.monotonic_scope = 'everywhere';

-- Generators are volatile and parallel safe.
SELECT proname, provolatile, proparallel FROM pg_proc
WHERE proname IN ('gen_ulid', 'gen_monotonic_ulid', 'uuidv7', 'uuidv4', 'gen_monotonic_uuidv7', 'uuid_generate_v7')
  AND pronamespace <> 'pg_catalog'::regnamespace
ORDER BY 1, 2;

-- The table default the product is for.
CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text);
INSERT INTO orders (item) SELECT 'item ' || i FROM generate_series(1, 100) i;
SELECT count(*), count(DISTINCT id) FROM orders;
DROP TABLE orders;
DROP FUNCTION low48(ulid);
RESET timezone;
