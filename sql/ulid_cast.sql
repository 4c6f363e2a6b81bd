-- Casts and time functions.
SET timezone = 'UTC';

-- No implicit casts: a uuid does not become a ulid argument by itself. (Comparisons between
-- ulid and uuid have their own operators from 1.1: see cross_type.)
-- (Errors of "does not exist" in terse form: their DETAIL and HINT, core's, differ by major.)
\set VERBOSITY terse
SELECT ulid_extract_timestamp('01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid);
\set VERBOSITY default
SELECT castsource::regtype, casttarget::regtype, castmethod, castcontext
FROM pg_cast WHERE castsource = 'ulid'::regtype OR casttarget = 'ulid'::regtype ORDER BY 1::text, 2::text;

-- Assignment casts to and from uuid.
CREATE TABLE cast_t (u uuid, l ulid);
INSERT INTO cast_t VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid);
SELECT u, l, u = l::uuid AS same FROM cast_t;
DROP TABLE cast_t;

-- bytea
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::bytea;
SELECT '\x01563e3ab5d3d6764c61efb99302bd5b'::bytea::ulid;
SELECT '\x01563e3ab5d3d6764c61efb99302bd'::bytea::ulid;
SELECT '\x01563e3ab5d3d6764c61efb99302bd5b00'::bytea::ulid;
SELECT ''::bytea::ulid;

-- timestamptz: the embedded millisecond, and the smallest ULID of a millisecond.
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamptz AS js_vector,          -- 2016-07-30 22:36:16.385
       ulid_extract_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV') AS spec_headline, -- 2016-07-30 23:54:10.259
       ulid_extract_timestamp('01FGB414J8PPBVHBMHGSXGS21C') AS scoville,      -- 2021-09-24 05:21:42.984
       ulid_extract_timestamp('01H55TNAQ96WPSWE6WZRCH9G0C') AS andrielfn,     -- 2023-07-12 19:53:43.401
       ulid_extract_timestamp('7ZZZZZZZZZZZZZZZZZZZZZZZZZ') AS max,           -- 10889-08-02 05:31:50.655
       ulid_extract_timestamp('00000000000000000000000000') AS min;
-- A UUIDv7 cast to ulid gives its time (RFC 9562 A.6 and the PostgreSQL docs example).
SELECT ulid_extract_timestamp('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid::ulid) AS rfc_a6,
       ulid_extract_timestamp('019535d9-3df7-79fb-b466-fa907fa17f9e'::uuid::ulid) AS pg_docs,
       '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid::ulid AS rfc_a6_as_ulid;
SELECT '2016-07-30 22:36:16.385+00'::timestamptz::ulid AS from_time,
       '2023-03-10 12:00:49.111+00'::timestamptz::ulid AS pgx_zeroed,
       ulid_lower_bound('2022-02-22 19:22:22+00') AS rfc_lower,
       ulid_upper_bound('2022-02-22 19:22:22+00') AS rfc_upper;
-- Sub-millisecond input rounds down to its millisecond, before 1970 as after.
SELECT ulid_lower_bound('2016-07-30 22:36:16.385999+00') = ulid_lower_bound('2016-07-30 22:36:16.385+00') AS rounds_down,
       ulid_upper_bound('1970-01-01 00:00:00.000999+00') AS first_ms_upper;
-- Bounds enclose every value of their millisecond; time round trip is exact to the millisecond.
SELECT count(*) FILTER (WHERE ulid_lower_bound(t) <= gen_ulid(t) AND gen_ulid(t) <= ulid_upper_bound(t)
                          AND ulid_extract_timestamp(ulid_upper_bound(t)) = date_trunc('milliseconds', t)) AS ok
FROM (SELECT '2000-01-01'::timestamptz + i * interval '1 day 3 hours 17.123456 seconds' AS t FROM generate_series(1, 1000) i) s;
-- Time functions do not depend on the session time zone.
SET timezone = 'Asia/Kolkata';
SELECT ulid_extract_timestamp('01ARYZ6S41TSV4RRFFQ69G5FAV') = '2016-07-30 22:36:16.385+00' AS same_instant,
       ulid_lower_bound('2016-07-31 04:06:16.385+05:30') AS same_bound;
SET timezone = 'UTC';

-- Out-of-range times: 22008, never wrapped.
SELECT ulid_lower_bound('1969-12-31 23:59:59.999+00');
SELECT ulid_upper_bound('10889-08-02 05:31:50.656+00');
SELECT ulid_lower_bound('10889-08-02 05:31:50.655999+00') AS last_representable;
SELECT 'infinity'::timestamptz::ulid;
SELECT ulid_lower_bound('-infinity');
SELECT gen_ulid('1900-01-01'::timestamptz);

-- Functions are immutable and usable in generated columns and expression indexes.
CREATE TABLE gen_col (id ulid, created timestamptz GENERATED ALWAYS AS (ulid_extract_timestamp(id)) STORED);
CREATE INDEX gen_col_time ON gen_col (ulid_extract_timestamp(id));
INSERT INTO gen_col (id) VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT * FROM gen_col;
DROP TABLE gen_col;
SELECT p.proname, p.provolatile, p.proparallel, p.proisstrict
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
-- Left out: ulid_skipsupport (18+ only, see ulid_index).
WHERE p.proname NOT IN ('ulid_skipsupport')
ORDER BY p.proname, pg_get_function_identity_arguments(p.oid);

-- Every object of the extension has a comment.
SELECT pg_describe_object(classid, objid, objsubid) AS uncommented
FROM pg_depend
WHERE refclassid = 'pg_extension'::regclass AND deptype = 'e'
  AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidext')
  AND obj_description(objid, classid::regclass::text) IS NULL
  -- a table's row type and its array (18 records them as members too): the table's comment
  AND NOT (classid = 'pg_type'::regclass AND EXISTS (SELECT FROM pg_type t
       WHERE t.oid = objid AND (t.typrelid <> 0
          OR EXISTS (SELECT FROM pg_type r WHERE r.oid = t.typelem AND r.typrelid <> 0))))
ORDER BY 1;
RESET timezone;
