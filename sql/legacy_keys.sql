-- Keys derived from the old row (#36): ulid_from_legacy, uuidv7_from_legacy, legacy_bigint.
-- Layout and policy: doc/migrating-keys.md, "Keys derived from the old row".
SET timezone = 'UTC';

-- Vectors worked out by hand from the layout (also in test/unit/legacy_keys_test.cpp):
-- 2026-11-01 00:00 UTC is millisecond 0x01a19467e800; .123456 adds 123 ms and puts 456 (0x1c8)
-- in bits 52..61 (0x720 in the fourth group); the id follows from bit 62 on.
SELECT t, legacy, uuidv7_from_legacy(t, legacy), ulid_from_legacy(t, legacy)
FROM (VALUES ('2026-11-01 00:00:00+00'::timestamptz, 1::bigint),
             ('2026-11-01 00:00:00.123456+00', 42),
             ('1970-01-01 00:00:00.000999+00', 9223372036854775807),
             ('1970-01-01 00:00:00+00', 0),
             ('2026-11-01 00:00:00.000001+00', 2305843009213693951),  -- 2^61 - 1: the low 61 bits
             ('2026-11-01 00:00:00.000001+00', 2305843009213693952),  -- 2^61: the 2-bit field
             ('10889-08-02 05:31:50.655999+00', 2305843009213693952)) AS v(t, legacy);
-- From a uuid: its bits 0..47, 52..63 and 66..69 (RFC 9562's v4 example, nil, max).
SELECT legacy, uuidv7_from_legacy('2026-11-01 00:00:00.123456+00', legacy),
       ulid_from_legacy('2026-11-01 00:00:00.123456+00', legacy)
FROM (VALUES ('919108f7-52d1-4320-9bac-f847db4148a8'::uuid),
             ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff')) AS v(legacy);

-- Both forms are the same bytes: a version 7, variant 10 UUID of ts's millisecond.
SELECT ulid_from_legacy(t, 7::bigint)::uuid = uuidv7_from_legacy(t, 7::bigint) AS same_bytes_bigint,
       ulid_from_legacy(t, u)::uuid = uuidv7_from_legacy(t, u) AS same_bytes_uuid,
       uuid_extract_version(uuidv7_from_legacy(t, 7::bigint)) AS version_bigint,
       uuid_extract_version(uuidv7_from_legacy(t, u)) AS version_uuid,
       ulid_extract_timestamp(ulid_from_legacy(t, 7::bigint)) AS millisecond
FROM (VALUES ('2026-11-01 12:34:56.789123+00'::timestamptz, '919108f7-52d1-4320-9bac-f847db4148a8'::uuid)) AS v(t, u);

-- Declared IMMUTABLE STRICT PARALLEL SAFE: usable in an index or a generated column.
SELECT p.oid::regprocedure AS function, provolatile, proisstrict, proparallel, prorettype::regtype
FROM pg_proc p WHERE proname IN ('ulid_from_legacy', 'uuidv7_from_legacy', 'legacy_bigint')
ORDER BY p.oid::regprocedure::text;

-- NULL in, NULL out.
SELECT ulid_from_legacy(NULL, 1::bigint) IS NULL AS null_time, uuidv7_from_legacy(now(), NULL::bigint) IS NULL AS null_id,
       uuidv7_from_legacy(NULL, '919108f7-52d1-4320-9bac-f847db4148a8'::uuid) IS NULL AS null_time_uuid,
       ulid_from_legacy(now(), NULL::uuid) IS NULL AS null_uuid,
       legacy_bigint(NULL::ulid) IS NULL AS null_ulid, legacy_bigint(NULL::uuid) IS NULL AS null_key;

-- An int (or smallint) key takes the bigint form through the implicit cast.
SELECT uuidv7_from_legacy('2026-11-01 00:00+00', 42::int) = uuidv7_from_legacy('2026-11-01 00:00+00', 42::bigint) AS int4_is_bigint,
       ulid_from_legacy('2026-11-01 00:00+00', 42::smallint) = ulid_from_legacy('2026-11-01 00:00+00', 42::bigint) AS int2_is_bigint,
       legacy_bigint(uuidv7_from_legacy('2026-11-01 00:00+00', 2147483647::int)) AS int4_max_back;

-- Refused: a negative id (22003), a time before 1970, past 10889-08-02 05:31:50.655999 or
-- infinite (22008), each named; the time is checked first.
\set VERBOSITY default
SELECT ulid_from_legacy('2026-11-01 00:00+00', -1::bigint);
SELECT uuidv7_from_legacy('2026-11-01 00:00+00', (-9223372036854775808)::bigint);
SELECT uuidv7_from_legacy('2026-11-01 00:00+00', -5::int);
SELECT ulid_from_legacy('1969-12-31 23:59:59.999999+00', 1::bigint);
SELECT uuidv7_from_legacy('1969-12-31 23:59:59.999999+00', 1::bigint);
SELECT uuidv7_from_legacy('10889-08-02 05:31:50.656+00', 1::bigint);
SELECT ulid_from_legacy('10889-08-02 05:31:50.656+00', '919108f7-52d1-4320-9bac-f847db4148a8'::uuid);
SELECT ulid_from_legacy('infinity', 1::bigint);
SELECT uuidv7_from_legacy('-infinity', '919108f7-52d1-4320-9bac-f847db4148a8'::uuid);
SELECT ulid_from_legacy('-infinity', -1::bigint);
-- The first and last times that fit.
SELECT uuidv7_from_legacy('1970-01-01 00:00+00', 0::bigint) AS first,
       uuidv7_from_legacy('10889-08-02 05:31:50.655999+00', 9223372036854775807) AS last;
-- A time in the future is accepted: the key sorts as its time says.
SELECT uuidv7_from_legacy('3000-01-01 00:00+00', 1::bigint) > uuidv7() AS future_sorts_after_now;
-- The time zone a literal is written in does not matter; the instant does.
SELECT uuidv7_from_legacy('2026-11-01 01:00:00.5+01', 9::bigint) = uuidv7_from_legacy('2026-11-01 00:00:00.5+00', 9::bigint) AS same_instant;

-- legacy_bigint never fails, on any 16 bytes (meaningful only on keys derived from a bigint).
SELECT legacy_bigint('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid) AS of_max,
       legacy_bigint('00000000-0000-0000-0000-000000000000'::uuid) AS of_nil,
       legacy_bigint('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid) AS of_max_ulid,
       legacy_bigint(uuidv7()) >= 0 AS of_a_generated_v7;

-- Properties over rows like a real table's: 20 000 rows over 3 ms, about 7 rows per
-- microsecond, ids not in time order and on both sides of the 2-bit / 61-bit split.
CREATE TEMP TABLE old_rows AS
SELECT CASE i % 4 WHEN 0 THEN i
                  WHEN 1 THEN 2305843009213693952 - i      -- 2^61 - i
                  WHEN 2 THEN 2305843009213693952 + i      -- 2^61 + i
                  ELSE 9223372036854775807 - i END AS id,  -- 2^63 - 1 - i
       timestamptz '2026-11-01 00:00:00+00' + (i * 7919 % 3001) * interval '1 microsecond' AS created_at,
       -- a version 4 uuid from md5(i)
       (substr(h, 1, 12) || '4' || substr(h, 14, 3) || substr('89ab', ('x' || substr(h, 17, 1))::bit(4)::int % 4 + 1, 1)
        || substr(h, 18, 15))::uuid AS old_uuid
FROM (SELECT i, md5(i::text) AS h FROM generate_series(1, 20000) i) s;
CREATE TEMP TABLE derived AS
SELECT id, created_at, old_uuid,
       ulid_from_legacy(created_at, id) AS ulid_key, uuidv7_from_legacy(created_at, id) AS uuid_key,
       ulid_from_legacy(created_at, old_uuid) AS ulid_of_uuid, uuidv7_from_legacy(created_at, old_uuid) AS uuid_of_uuid
FROM old_rows;
SELECT count(*) AS rows, count(DISTINCT created_at) AS microseconds,
       count(DISTINCT date_trunc('milliseconds', created_at)) AS milliseconds,
       count(*) FILTER (WHERE id >= 2305843009213693952) AS ids_from_2_61,
       count(DISTINCT ulid_key) AS distinct_ulid, count(DISTINCT uuid_key) AS distinct_uuid,
       count(DISTINCT ulid_of_uuid) AS distinct_ulid_of_uuid, count(DISTINCT uuid_of_uuid) AS distinct_uuid_of_uuid,
       bool_and(ulid_key::uuid = uuid_key AND ulid_of_uuid::uuid = uuid_of_uuid) AS same_bytes,
       bool_and(uuid_extract_version(uuid_key) = 7 AND uuid_extract_version(uuid_of_uuid) = 7) AS all_version_7
FROM derived;
-- ORDER BY key is ORDER BY (created_at, id): the same row at every position.
SELECT count(*) FILTER (WHERE by_ulid <> by_time_then_id) AS ulid_misplaced,
       count(*) FILTER (WHERE by_uuid <> by_time_then_id) AS uuid_misplaced
FROM (SELECT row_number() OVER (ORDER BY ulid_key) AS by_ulid, row_number() OVER (ORDER BY uuid_key) AS by_uuid,
             row_number() OVER (ORDER BY created_at, id) AS by_time_then_id FROM derived) s;
-- From version 4 uuids: ORDER BY key is ORDER BY (created_at, old uuid).
SELECT count(*) FILTER (WHERE by_ulid <> by_time_then_uuid) AS ulid_misplaced,
       count(*) FILTER (WHERE by_uuid <> by_time_then_uuid) AS uuid_misplaced
FROM (SELECT row_number() OVER (ORDER BY ulid_of_uuid) AS by_ulid, row_number() OVER (ORDER BY uuid_of_uuid) AS by_uuid,
             row_number() OVER (ORDER BY created_at, old_uuid) AS by_time_then_uuid FROM derived) s;
-- The old id comes back from either form; deriving again gives the same key.
SELECT bool_and(legacy_bigint(ulid_key) = id) AS ulid_round_trip, bool_and(legacy_bigint(uuid_key) = id) AS uuid_round_trip,
       bool_and(ulid_from_legacy(created_at, id) = ulid_key AND uuidv7_from_legacy(created_at, old_uuid) = uuid_of_uuid) AS deterministic,
       bool_and(ulid_extract_timestamp(ulid_key) = date_trunc('milliseconds', created_at)) AS millisecond_back
FROM derived;

-- Times over the whole range (1970 to 10889) and ids spread over 63 bits: the same properties.
CREATE TEMP TABLE wide AS
SELECT ('x' || substr(md5(i::text), 1, 16))::bit(64)::bigint & 9223372036854775807 AS id,
       timestamptz '1970-01-01 00:00+00' + (i * 7777 % 3250000) * interval '1 day'
                                         + (i * 2654435761 % 86400000000) * interval '1 microsecond' AS created_at
FROM generate_series(1, 5000) i;
SELECT count(*) AS rows, count(DISTINCT id) AS ids, min(created_at) < '1980-01-01' AND max(created_at) > '9000-01-01' AS spans_range,
       count(DISTINCT uuidv7_from_legacy(created_at, id)) AS distinct_keys,
       bool_and(legacy_bigint(ulid_from_legacy(created_at, id)) = id) AS round_trip
FROM wide;
SELECT count(*) FILTER (WHERE by_key <> by_time_then_id) AS misplaced
FROM (SELECT row_number() OVER (ORDER BY ulid_from_legacy(created_at, id)) AS by_key,
             row_number() OVER (ORDER BY created_at, id) AS by_time_then_id FROM wide) s;

-- In a generated column and an expression index.
CREATE TEMP TABLE accounts (id bigint PRIMARY KEY, created_at timestamptz NOT NULL,
                            new_id ulid GENERATED ALWAYS AS (ulid_from_legacy(created_at, id)) STORED);
INSERT INTO accounts (id, created_at) VALUES (3, '2026-11-01 00:00:00.000002+00'), (1, '2026-11-01 00:00:00.000002+00'),
                                             (2, '2026-11-01 00:00:00.000001+00');
SELECT id, new_id, legacy_bigint(new_id) FROM accounts ORDER BY new_id;
CREATE INDEX ON old_rows (uuidv7_from_legacy(created_at, id));

RESET timezone;
