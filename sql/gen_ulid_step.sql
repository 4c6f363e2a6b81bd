-- gen_ulid() ascends within a process by a random step (issue 11): within a millisecond each
-- value is the previous one + 1 to 2^32; a new millisecond starts with 80 fresh random bits.
SET timezone = 'UTC';

-- The millisecond (48 bits) and the random part (80 bits, as numeric) of a ULID.
CREATE FUNCTION pg_temp.ms(id ulid) RETURNS bigint IMMUTABLE LANGUAGE sql
    AS $$ SELECT ('x' || left(encode(id::bytea, 'hex'), 12))::bit(48)::bigint $$;
CREATE FUNCTION pg_temp.random_part(id ulid) RETURNS numeric IMMUTABLE LANGUAGE sql
    AS $$ SELECT ('x' || substr(encode(id::bytea, 'hex'), 13, 6))::bit(24)::bigint::numeric * 2::numeric ^ 56
               + ('x' || right(encode(id::bytea, 'hex'), 14))::bit(56)::bigint $$;

-- 200 000 values of one statement, in the order they were made, each with the clock read
-- right after it and the statement's start.
CREATE TEMP TABLE made AS
SELECT n, id, pg_temp.ms(id) AS ms, pg_temp.random_part(id) AS r, started, clock_after
FROM (SELECT n, gen_ulid() AS id, clock_timestamp() AS clock_after, statement_timestamp() AS started
      FROM generate_series(1, 200000) n) s;
CREATE TEMP TABLE pairs AS
SELECT n, id, ms, r, lag(id) OVER w AS prev_id, lag(ms) OVER w AS prev_ms, r - lag(r) OVER w AS step
FROM made WINDOW w AS (ORDER BY n);

SELECT count(*) AS values,
       count(*) FILTER (WHERE id <= prev_id) AS not_ascending,
       count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE ms < prev_ms) AS ms_backwards
FROM pairs;

-- Steps within a millisecond: all in [1, 2^32], distinct in practice (a repeat is a birthday
-- collision in 2^32: about 5 expected among 200 000), uniform (mean 2^31 within 2 %: about
-- 30 standard errors; the smallest and largest near the ends of the range).
SELECT count(*) > 100000 AS most_pairs_share_a_millisecond,
       bool_and(step BETWEEN 1 AND 2::numeric ^ 32) AS all_steps_in_range,
       count(DISTINCT step) > 0.99 * count(*) AS distinct_steps_over_99_percent,
       abs(avg(step) / 2::numeric ^ 31 - 1) < 0.02 AS mean_step_near_2_to_31,
       min(step) < 0.001 * 2::numeric ^ 32 AND max(step) > 0.999 * 2::numeric ^ 32 AS steps_span_the_range
FROM pairs WHERE ms = prev_ms;

-- Each millisecond's first value has 80 fresh random bits: its random part is not the
-- previous one plus a step. (Otherwise values of a later millisecond would keep on counting.)
SELECT count(*) FILTER (WHERE step BETWEEN 1 AND 2::numeric ^ 32) = 0 AS new_milliseconds_start_afresh
FROM pairs WHERE ms > prev_ms;

-- Never ahead of the clock: each value's millisecond is at most the clock read right after it.
SELECT bool_and(ulid_extract_timestamp(id) BETWEEN date_trunc('milliseconds', started) AND clock_after) AS time_is_now
FROM made;

-- The fresh random bits of a millisecond's first value vary in every position: 200 values,
-- each after a sleep of at least 1 ms, so each starts a millisecond (a base32 digit takes at
-- least 21 of its 32 values in 200 draws unless the bits are broken).
CREATE FUNCTION pg_temp.spaced_ulids(count int) RETURNS SETOF ulid LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 1..count LOOP
        PERFORM pg_sleep(0.001);
        RETURN NEXT gen_ulid();
    END LOOP;
END $$;
SELECT count(*) AS positions, bool_and(digits > 20) AS every_position_varies
FROM (SELECT p, count(DISTINCT substr(id::text, p, 1)) AS digits
      FROM pg_temp.spaced_ulids(200) id, generate_series(11, 26) p GROUP BY p) s;

-- Declared as before: volatile and PARALLEL SAFE (each process, parallel workers included,
-- ascends on its own: no lock, no shared state).
SELECT provolatile, proparallel FROM pg_proc
WHERE proname = 'gen_ulid' AND pronargs = 0 AND pronamespace <> 'pg_catalog'::regnamespace;

-- gen_ulid(timestamptz) is not stepped: random within its millisecond, in no order.
SELECT count(*) FILTER (WHERE a > b) BETWEEN 300 AND 700 AS random_order
FROM (SELECT gen_ulid('2016-07-30 22:36:16.385+00') AS a, gen_ulid('2016-07-30 22:36:16.385+00') AS b
      FROM generate_series(1, 1000)) s;
