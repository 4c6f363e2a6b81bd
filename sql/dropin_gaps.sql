-- Drop-in gaps (1.1): pg_uuidv7 1.6's timestamp (without time zone) functions and pgx_ulid's
-- casts between ulid and timestamp. All read and write timestamps as UTC.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- pg_uuidv7's own test vectors (test/sql/005, 006): '018570bb-4a7d-7000-8000-000000000000'
-- is 2023-01-02 04:26:40.637.
SELECT uuid_v7_to_timestamp('018570bb-4a7d-7000-8000-000000000000') AS pg_uuidv7_005,       -- 2023-01-02 04:26:40.637
       uuid_v7_to_timestamp('018570bb-4a7d-7c7e-8df4-6d47afd8c8fc') AS pg_uuidv7_readme,    -- same millisecond
       uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) AS pg_uuidv7_006_zero,         -- 018570bb-4a7d-7000-8000-000000000000
       uuid_timestamp_to_v7('2023-01-02 04:26:40.637') > '018570bb-4a7d-7000-8000-000000000000' AS pg_uuidv7_006_random;
-- Random form: that millisecond, version 7, variant 10, fresh bits every call.
SELECT left(u1::text, 13) AS ms_prefix, substr(u1::text, 15, 1) AS version, substr(u1::text, 20, 1) IN ('8', '9', 'a', 'b') AS variant,
       u1 <> u2 AS random, uuid_v7_to_timestamp(u1) AS round_trip
FROM (SELECT uuid_timestamp_to_v7('2022-02-22 19:22:22') AS u1, uuid_timestamp_to_v7('2022-02-22 19:22:22') AS u2) s;
-- The same bytes as the timestamptz forms at +00.
SELECT uuid_timestamp_to_v7('2022-02-22 19:22:22.123456', true) = uuid_timestamptz_to_v7('2022-02-22 19:22:22.123456+00', true) AS same_as_tz,
       uuid_v7_to_timestamp('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') AS rfc_a6;              -- 2022-02-22 19:22:22
-- Sub-millisecond input rounds down, as pg_uuidv7 does.
SELECT uuid_timestamp_to_v7('2023-01-02 04:26:40.637999', true) AS rounds_down;
-- STRICT like pg_uuidv7: a NULL argument gives NULL.
SELECT uuid_timestamp_to_v7(NULL, true) IS NULL AS null_ts, uuid_timestamp_to_v7('2023-01-02', NULL) IS NULL AS null_zero,
       uuid_v7_to_timestamp(NULL) IS NULL AS null_uuid;
-- The version is not checked: a version 4 UUID reads as a meaningless time.
SELECT uuid_v7_to_timestamp('9c5b94b1-35ad-4bbb-b118-8e8fc24abf80') AS v4_read_as_time;
-- Edges: the first and last millisecond of 48 bits.
SELECT uuid_timestamp_to_v7('1970-01-01 00:00:00', true) AS first,
       uuid_timestamp_to_v7('10889-08-02 05:31:50.655999', true) AS last,
       uuid_v7_to_timestamp('00000000-0000-7000-8000-000000000000') AS first_time,
       uuid_v7_to_timestamp('ffffffff-ffff-7fff-bfff-ffffffffffff') AS last_time;
-- Out of range: 22008 (pg_uuidv7 wraps times before 1970 into other values; uidext refuses).
SELECT uuid_timestamp_to_v7('1969-12-31 23:59:59.999999');
SELECT uuid_timestamp_to_v7('1960-01-01', true);
SELECT uuid_timestamp_to_v7('10889-08-02 05:31:50.656');
SELECT uuid_timestamp_to_v7('infinity');
SELECT uuid_timestamp_to_v7('-infinity', true);

-- Casts between ulid and timestamp: the embedded millisecond, and the smallest ULID of it.
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamp AS js_vector,                     -- 2016-07-30 22:36:16.385
       '2016-07-30 22:36:16.385'::timestamp::ulid AS from_timestamp,                    -- 01ARYZ6S410000000000000000
       '2016-07-30 22:36:16.385999'::timestamp::ulid AS rounds_down,
       ulid_to_timestamp('7ZZZZZZZZZZZZZZZZZZZZZZZZZ') AS max,                         -- 10889-08-02 05:31:50.655
       timestamp_to_ulid('1970-01-01 00:00:00') AS min;
SELECT '2016-07-30 22:36:16.385'::timestamp::ulid = ulid_lower_bound('2016-07-30 22:36:16.385+00') AS same_as_lower_bound,
       '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamp = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamptz AT TIME ZONE 'UTC' AS utc_of_timestamptz;
-- Round trip over many times (to the millisecond).
SELECT count(*) FILTER (WHERE timestamp_to_ulid(t)::timestamp = date_trunc('milliseconds', t)
                          AND gen_ulid(t AT TIME ZONE 'UTC')::timestamp = date_trunc('milliseconds', t)) AS ok
FROM (SELECT '1970-01-01'::timestamp + i * interval '97 days 3 hours 17.123456 seconds' AS t FROM generate_series(0, 1000) i) s;
SELECT '1969-12-31 23:59:59.999'::timestamp::ulid;
SELECT '10889-08-02 05:31:50.656'::timestamp::ulid;
SELECT 'infinity'::timestamp::ulid;
SELECT timestamp_to_ulid('-infinity');
-- Explicit only: no implicit or assignment cast between ulid and timestamp.
SELECT castsource::regtype, casttarget::regtype, castfunc::regprocedure, castcontext
FROM pg_cast WHERE (castsource, casttarget) IN (('ulid'::regtype, 'timestamp'::regtype), ('timestamp'::regtype, 'ulid'::regtype))
ORDER BY castsource::regtype::text;
CREATE TABLE dg (id ulid, t timestamp);
INSERT INTO dg (t) VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid);
-- Immutable: usable in an expression index and a generated column.
CREATE TABLE dg2 (id ulid, created timestamp GENERATED ALWAYS AS (id::timestamp) STORED);
CREATE INDEX dg2_created ON dg2 ((id::timestamp));
INSERT INTO dg2 (id) VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT * FROM dg2;

-- Under another session time zone every result is the same: UTC, not local time.
SET timezone = 'America/New_York';
SELECT uuid_v7_to_timestamp('018570bb-4a7d-7000-8000-000000000000') AS pg_uuidv7_005,       -- still 04:26:40.637
       uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) AS pg_uuidv7_006_zero,         -- still 018570bb-4a7d-7000-...
       '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamp AS js_vector,                          -- still 22:36:16.385
       '2016-07-30 22:36:16.385'::timestamp::ulid AS from_timestamp,                        -- still 01ARYZ6S41...
       (SELECT created FROM dg2) AS stored;
-- While a timestamp taken through timestamptz is read in the session zone (5 hours apart here).
SELECT uuid_timestamptz_to_v7('2023-01-02 04:26:40.637'::timestamp::timestamptz, true) AS via_session_zone;
SET timezone = 'Asia/Kolkata';
SELECT uuid_v7_to_timestamp('018570bb-4a7d-7000-8000-000000000000') AS pg_uuidv7_005,
       '2016-07-30 22:36:16.385'::timestamp::ulid AS from_timestamp;
-- The error shows the value as given, not converted to the session zone.
SELECT '1969-12-31 23:59:59'::timestamp::ulid;
SET timezone = 'UTC';
DROP TABLE dg, dg2;

-- Labels: the conversions are immutable (pg_uuidv7 says STABLE); uuid_timestamp_to_v7 is
-- volatile because of its random bits (pg_uuidv7 says STABLE).
SELECT p.oid::regprocedure AS function, p.provolatile, p.proparallel, p.proisstrict, p.proleakproof, p.prorettype::regtype
FROM pg_proc p
WHERE p.proname IN ('uuid_v7_to_timestamp', 'uuid_timestamp_to_v7', 'ulid_to_timestamp', 'timestamp_to_ulid')
ORDER BY p.oid::regprocedure::text;
RESET timezone;
RESET datestyle;
