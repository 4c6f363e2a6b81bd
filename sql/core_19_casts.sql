-- PostgreSQL 19 adds casts between uuid and bytea and a base32hex encoding (#25). uidext's
-- casts between ulid and bytea are the same: the 16 bytes as they are, both explicit, the same
-- error for another length. base32hex is not ULID's text: another alphabet (0-9, A-V against
-- Crockford's 0-9, A-Z without I, L, O, U) and another bit grouping (padded at the end, where
-- ULID's 26 digits start with 2 zero bits). Run on 19 and later only.
SET timezone = 'UTC';

-- The casts: both explicit, both functions.
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod
FROM pg_cast WHERE 'bytea'::regtype IN (castsource, casttarget)
  AND ('uuid'::regtype IN (castsource, casttarget) OR 'ulid'::regtype IN (castsource, casttarget))
ORDER BY castsource::regtype::text, casttarget::regtype::text;

-- The same bytes both ways, for 1 000 random values and the nil and max UUIDs.
SELECT count(*) AS values_compared,
       bool_and(u::bytea = u::ulid::bytea) AS to_bytea_same,
       bool_and(u::bytea::uuid = u::bytea::ulid::uuid) AS from_bytea_same,
       bool_and(u::bytea::ulid::bytea::uuid = u) AS round_trip
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 1000)
      UNION ALL VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff')) s;

-- Another length: the same SQLSTATE (22P03) and message for both types.
\set VERBOSITY sqlstate
SELECT '\x0102'::bytea::uuid;
SELECT '\x0102'::bytea::ulid;
SELECT ('\x' || repeat('ab', 17))::bytea::uuid;
SELECT ('\x' || repeat('ab', 17))::bytea::ulid;
\set VERBOSITY default
SELECT '\x0102'::bytea::uuid;
SELECT '\x0102'::bytea::ulid;

-- base32hex of a value is not its ULID text, and ULID text does not decode as base32hex.
SELECT encode(u::bytea, 'base32hex') AS base32hex, u::ulid AS ulid
FROM (VALUES ('01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid)) v(u);
SELECT decode('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'base32hex');
-- Even in digits both alphabets share, the bits are grouped differently.
SELECT encode('\x00000000000000000000000000000001'::bytea, 'base32hex') AS base32hex,
       '\x00000000000000000000000000000001'::bytea::ulid AS ulid;
