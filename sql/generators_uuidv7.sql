-- UUIDv7 and v4 generators, bounds and the pg_uuidv7 drop-in names.
SET timezone = 'UTC';

-- uuidv7(): version 7, RFC variant, time now, strictly increasing within the connection.
CREATE TEMP TABLE v7 AS SELECT n, uuidv7() AS u FROM generate_series(1, 100000) n;
SELECT count(*) AS values, count(DISTINCT u) AS distinct_values,
       bool_and(substr(u::text, 15, 1) = '7') AS version_7,
       bool_and(substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')) AS rfc_variant,
       bool_and(ulid_extract_timestamp(u::ulid) BETWEEN statement_timestamp() - interval '1 minute'
                                                   AND clock_timestamp()) AS time_is_now
FROM v7;
SELECT bool_and(a.u < b.u) AS strictly_increasing FROM v7 a JOIN v7 b ON b.n = a.n + 1;
-- rand_a is the clock's sub-millisecond fraction; a value whose clock reading has not moved on
-- keeps it and adds 1 to the 12-bit counter at the top of rand_b (bits 2-13 of octets 8-9).
SELECT bool_and(CASE WHEN left(a.u::text, 18) = left(b.u::text, 18)
                     THEN (('x' || substr(b.u::text, 20, 4))::bit(16)::int >> 2 & 4095)
                          = (('x' || substr(a.u::text, 20, 4))::bit(16)::int >> 2 & 4095) + 1
                     ELSE substr(b.u::text, 1, 18) > substr(a.u::text, 1, 18) END) AS fraction_or_counter_increases,
       count(*) FILTER (WHERE left(a.u::text, 18) <> left(b.u::text, 18)) > 0 AS fraction_moves
FROM v7 a JOIN v7 b ON b.n = a.n + 1;

-- gen_monotonic_uuidv7(): the same format and order.
SELECT bool_and(a < b AND substr(b::text, 15, 1) = '7') AS ordered_v7
FROM (SELECT gen_monotonic_uuidv7() AS a, gen_monotonic_uuidv7() AS b FROM generate_series(1, 10000)) s;

-- uuidv7(shift): the time moves by the interval; errors as in PostgreSQL 18.
SELECT ulid_extract_timestamp(uuidv7(interval '-10 years')::ulid) BETWEEN now() - interval '10 years 1 minute'
                                                                      AND now() - interval '10 years' + interval '1 minute' AS shifted_back,
       ulid_extract_timestamp(uuidv7(interval '1 day')::ulid) > now() + interval '23 hours' AS shifted_ahead,
       substr(uuidv7(interval '1 hour')::text, 15, 1) AS version;
-- Every year from 1970 to 10888 can be reached, in ascending order.
SELECT bool_and(t >= prev) AS ascending, count(*) AS years
FROM (SELECT t, lag(t) OVER (ORDER BY y) AS prev
      FROM (SELECT y, ulid_extract_timestamp(uuidv7(make_interval(years => y - extract(year FROM now())::int))::ulid) AS t
            FROM generate_series(1971, 10888) y) s) s2 WHERE prev IS NOT NULL;
SELECT uuidv7(interval '-60 years');
SELECT uuidv7(interval '9000 years');
-- PostgreSQL 18's limits, on both sides: a shifted time from 1970-01-01 00:00:00 to
-- 10889-08-02 05:31:50.655000 UTC ((2^48 - 1) ms * 1000 us), so the rest of that last
-- millisecond is rejected too. The shift is taken from clock_timestamp() just before the call,
-- which reads the clock microseconds later (milliseconds on a loaded machine): the accepted
-- targets and the one before 1970 leave 0.5 s for that; inside the last millisecond, a later
-- clock only moves the result further out.
SELECT ulid_extract_timestamp(uuidv7(timestamptz '10889-08-02 05:31:50.155+00' - clock_timestamp())::ulid)
       BETWEEN '10889-08-02 05:31:50.155+00' AND '10889-08-02 05:31:50.655+00' AS accepted_just_before_the_limit;
SELECT uuidv7(timestamptz '10889-08-02 05:31:50.6551+00' - clock_timestamp());  -- inside the last millisecond
SELECT ulid_extract_timestamp(uuidv7(timestamptz '1970-01-01 00:00:00.001+00' - clock_timestamp())::ulid)
       BETWEEN '1970-01-01 00:00:00.001+00' AND '1970-01-01 00:00:00.501+00' AS accepted_just_after_1970;
SELECT uuidv7(timestamptz '1969-12-31 23:59:59.5+00' - clock_timestamp());
SELECT uuidv7(NULL) IS NULL AS strict;

-- uuidv4(): version 4, random.
SELECT count(DISTINCT u) AS distinct_values, bool_and(substr(u::text, 15, 1) = '4') AS version_4,
       bool_and(substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')) AS rfc_variant
FROM (SELECT uuidv4() AS u FROM generate_series(1, 10000)) s;

-- Bounds: valid v7 values enclosing the millisecond (RFC 9562 A.6 timestamp).
SELECT uuidv7_lower_bound('2022-02-22 19:22:22+00') AS lower, uuidv7_upper_bound('2022-02-22 19:22:22+00') AS upper,
       '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid BETWEEN uuidv7_lower_bound('2022-02-22 19:22:22+00')
                                                   AND uuidv7_upper_bound('2022-02-22 19:22:22+00') AS encloses_rfc_vector;
SELECT uuidv7_lower_bound('1970-01-01 00:00:00+00'), uuidv7_upper_bound('10889-08-02 05:31:50.655+00');
SELECT uuidv7_lower_bound('1969-12-31 23:59:59.999+00');
SELECT uuidv7_upper_bound('infinity');

-- pg_uuidv7 names.
SELECT substr(uuid_generate_v7()::text, 15, 1) AS version,
       uuid_v7_to_timestamptz('018570bb-4a7d-7c7e-8df4-6d47afd8c8fc') AS pg_uuidv7_vector, -- 2023-01-02 04:26:40.637
       uuid_v7_to_timestamptz('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') AS rfc_a6;          -- 2022-02-22 19:22:22
SELECT uuid_timestamptz_to_v7('2022-02-22 19:22:22+00', true) AS zeroed,
       uuid_v7_to_timestamptz(uuid_timestamptz_to_v7('2022-02-22 19:22:22+00')) AS random_round_trip,
       substr(uuid_timestamptz_to_v7('2022-02-22 19:22:22+00')::text, 15, 1) AS version,
       uuid_timestamptz_to_v7('2022-02-22 19:22:22+00') <> uuid_timestamptz_to_v7('2022-02-22 19:22:22+00') AS random;
SELECT uuid_v1_to_timestamptz('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS rfc_a1; -- 2022-02-22 19:22:22
SELECT uuid_timestamptz_to_v7('1960-01-01');
RESET timezone;
