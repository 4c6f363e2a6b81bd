-- The seeds' last fields (issue 16 section 6): Java's two signed longs (uuid_from_longs,
-- uuid_msb, uuid_lsb) and version 2, DCE Security, in Go's google/uuid layout (uuidv2,
-- uuid_extract_dce_domain, uuid_extract_dce_id). Java's own values for the same vectors are
-- checked by test/cluster/091_java_longs.sh.
SET timezone = 'UTC';
-- uuid_extract_version: uidext_compat's below 17 (#35).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uidext_compat;
RESET client_min_messages;

-- 'accepted' or SQLSTATE | message | detail of one statement.
CREATE FUNCTION seeds_error(statement text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text; message text; detail text;
BEGIN
    EXECUTE statement;
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    RETURN concat_ws(' | ', state, message, nullif(detail, ''));
END $$;
-- Octet n (0-15) of a uuid.
CREATE FUNCTION seeds_octet(u uuid, n int) RETURNS int IMMUTABLE LANGUAGE sql AS $$
    SELECT get_byte(decode(replace(u::text, '-', ''), 'hex'), n) $$;

-- Labels: immutable and leakproof where nothing can fail; uuidv2 is a generator.
SELECT p.oid::regprocedure AS function, p.prorettype::regtype AS returns, p.provolatile AS volatility,
       p.proisstrict AS strict, p.proparallel AS parallel, p.proleakproof AS leakproof
FROM pg_proc p
WHERE p.oid IN ('uuid_from_longs(bigint, bigint)'::regprocedure, 'uuid_msb(uuid)'::regprocedure, 'uuid_lsb(uuid)'::regprocedure,
                'uuidv2(integer, bigint)'::regprocedure, 'uuid_extract_dce_domain(uuid)'::regprocedure,
                'uuid_extract_dce_id(uuid)'::regprocedure)
ORDER BY 1::text;

-- Java's longs -----------------------------------------------------------------------------------
-- The halves of the RFC 9562 Appendix A vectors, nil and max, and the sign boundaries.
CREATE TABLE seeds_vectors (name text, u uuid);
INSERT INTO seeds_vectors VALUES
    ('A.1 v1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'),
    ('A.2 v3', '5df41881-3aed-3515-88a7-2f4a814cf09e'),
    ('A.3 v4', '919108f7-52d1-4320-9bac-f847db4148a8'),
    ('A.4 v5', '2ed6657d-e927-568b-95e1-2665a8aea6a2'),
    ('A.5 v6', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
    ('A.6 v7', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
    ('nil', '00000000-0000-0000-0000-000000000000'),
    ('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('sign boundaries', '7fffffff-ffff-ffff-8000-000000000000'),
    ('ones', '00000000-0000-0001-0000-000000000001');
SELECT name, u, uuid_msb(u) AS msb, uuid_lsb(u) AS lsb, uuid_from_longs(uuid_msb(u), uuid_lsb(u)) = u AS round_trip
FROM seeds_vectors ORDER BY name;
-- The halves are the hex digits read as two's complement 64-bit numbers.
SELECT bool_and(uuid_msb(u) = ('x' || substr(replace(u::text, '-', ''), 1, 16))::bit(64)::bigint
            AND uuid_lsb(u) = ('x' || substr(replace(u::text, '-', ''), 17, 16))::bit(64)::bigint) AS halves_are_the_bits
FROM seeds_vectors;
SELECT uuid_from_longs(-1, 1), uuid_from_longs(9223372036854775807, -9223372036854775808),
       uuid_from_longs(0, 0) AS nil;
-- Every value survives the trip through two longs.
SELECT count(*) AS values, count(*) FILTER (WHERE uuid_from_longs(uuid_msb(u), uuid_lsb(u)) = u) AS round_trips
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 10000)) s;
-- A Java store's two BIGINT columns joined with a uuid key.
CREATE TABLE seeds_java_store (most bigint, least bigint, payload text);
INSERT INTO seeds_java_store SELECT uuid_msb(u), uuid_lsb(u), name FROM seeds_vectors;
SELECT s.payload FROM seeds_java_store s JOIN seeds_vectors v ON uuid_from_longs(s.most, s.least) = v.u
WHERE v.name LIKE 'A.%' ORDER BY 1;
SELECT uuid_msb(NULL), uuid_lsb(NULL), uuid_from_longs(NULL, 1), uuid_from_longs(1, NULL);

-- Version 2, DCE Security ------------------------------------------------------------------------
-- Go's layout: a version 1 value with time_low = the local id and octet 9 = the domain.
CREATE TABLE seeds_v2 AS
SELECT n, uuidv2(n % 3, n * 1000) AS u, uuidv1() AS v1 FROM generate_series(0, 999) n;
SELECT count(DISTINCT u) AS values, bool_and(uuid_extract_version(u) = 2) AS version_2,
       bool_and(uuid_extract_variant(u) = 2) AS rfc_variant,
       bool_and(uuid_extract_dce_domain(u) = n % 3) AS domain, bool_and(uuid_extract_dce_id(u) = n * 1000) AS local_id,
       bool_and(seeds_octet(u, 9) = n % 3) AS domain_in_octet_9,
       bool_and(substr(u::text, 1, 8) = lpad(to_hex(n * 1000), 8, '0')) AS id_in_time_low,
       -- the node of the process's uuidv1() (random, multicast bit set)
       bool_and(uuid_extract_node(v1) = substr(u::text, 25, 12)::macaddr) AS node_of_uuidv1,
       bool_and(seeds_octet(u, 10) & 1 = 1) AS multicast_node,
       -- time_mid and time_high are the clock's: the v1 time read from them is within 2^32 ticks (429.5 s)
       bool_and(uuid_v1_to_timestamptz(u) BETWEEN now() - interval '430 seconds' AND clock_timestamp() + interval '430 seconds') AS time_fields
FROM seeds_v2;
SELECT uuid_extract_dce_domain(u) AS domain, uuid_extract_dce_id(u) AS local_id, substr(u::text, 1, 8) AS time_low,
       substr(u::text, 22, 2) AS octet_9
FROM (VALUES (uuidv2(0, 0)), (uuidv2(1, 1000)), (uuidv2(2, 4294967295)), (uuidv2(255, 305419896))) v(u);
-- A smallint domain is accepted as well.
SELECT uuid_extract_dce_domain(uuidv2(2::smallint, 7)) AS smallint_domain;
-- Out of range: 22003 naming the range.
SELECT seeds_error(format('SELECT uuidv2(%s, %s)', d, id)) AS out_of_range
FROM (VALUES (256, 0), (-1, 0), (2147483647, 0), (0, -1), (0, 4294967296), (0, -9223372036854775808)) v(d, id);
SELECT uuidv2(NULL, 1), uuidv2(1, NULL);
-- The inspectors: NULL for every other version and variant, never an error.
SELECT u, uuid_extract_dce_domain(u) AS domain, uuid_extract_dce_id(u) AS local_id
FROM (VALUES ('000003e8-9414-21ec-b301-9f6bdeced846'::uuid),  -- version 2 (RFC A.1 with gid 1000)
             ('c232ab00-9414-11ec-b3c8-9f6bdeced846'),        -- version 1
             ('000003e8-9414-21ec-3301-9f6bdeced846'),        -- version nibble 2, NCS variant
             ('000003e8-9414-21ec-d301-9f6bdeced846'),        -- version nibble 2, Microsoft variant
             ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff')) v(u);
SELECT uuid_extract_dce_domain(NULL), uuid_extract_dce_id(NULL);

-- clean up
DROP TABLE seeds_vectors, seeds_java_store, seeds_v2;
DROP FUNCTION seeds_error(text), seeds_octet(uuid, int);
