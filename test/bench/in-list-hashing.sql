-- #21 item 6: a sequential scan of a ulid column against 500 constants, as ::ulid[] (hashed
-- IN list) and ::uuid[] (cross-type: not hashed, every row compared with each element).
-- Run against a throwaway server with uidext:  psql -X -q -f test/bench/in-list-hashing.sql
-- Prints the median of 15 runs of each (alternating), in milliseconds, and the ratio.
SET max_parallel_workers_per_gather = 0;
SET jit = off;
CREATE TEMP TABLE keys (id ulid NOT NULL);
INSERT INTO keys SELECT gen_ulid() FROM generate_series(1, 20000);
ANALYZE keys;
CREATE TEMP TABLE list AS SELECT array_agg(id) AS l FROM (SELECT id FROM keys ORDER BY random() LIMIT 500) s;
CREATE TEMP TABLE times (kind text, ms float8);
DO $$
DECLARE
    l_ulid ulid[] := (SELECT l FROM list);
    l_uuid uuid[] := (SELECT l::uuid[] FROM list);
    t0 timestamptz;
    n bigint;
BEGIN
    FOR rep IN 1 .. 15 LOOP
        t0 := clock_timestamp();
        EXECUTE 'SELECT count(*) FROM keys WHERE id = ANY ($1)' INTO n USING l_ulid;
        INSERT INTO times VALUES ('ulid[]', extract(epoch FROM clock_timestamp() - t0) * 1000);
        t0 := clock_timestamp();
        EXECUTE 'SELECT count(*) FROM keys WHERE id = ANY ($1)' INTO n USING l_uuid;
        INSERT INTO times VALUES ('uuid[]', extract(epoch FROM clock_timestamp() - t0) * 1000);
    END LOOP;
END $$;
SELECT kind, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS median_ms FROM times GROUP BY kind ORDER BY kind;
SELECT round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE kind = 'uuid[]')
            / percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE kind = 'ulid[]'))::numeric, 1) AS ratio FROM times;
