-- The UUID family (issue 8): versions 1, 3, 5, 6 and 8, namespaces, inspectors, v1 <-> v6,
-- min/max(uuid) and the uidext_ossp drop-in. Every vector of notes/uuid-family.md section 6,
-- every error with its SQLSTATE, the functions' labels, and generator properties (no random
-- value or time is printed). Runs unchanged on PostgreSQL 13-18: where core's own
-- uuid_extract_version/uuid_extract_timestamp (17+) differ from uidext's (13-16), the query
-- compares with what this server's function is documented to return.
SET timezone = 'UTC';
-- uuid_extract_version/_timestamp, uuid_larger/_smaller, min/max(uuid): uidext_compat's from 1.5 (#35).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uidext_compat;
RESET client_min_messages;

-- 'accepted' or SQLSTATE | message | detail | hint of one statement.
CREATE FUNCTION family_error(statement text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text; message text; detail text; hint text;
BEGIN
    EXECUTE statement;
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
    RETURN concat_ws(' | ', state, message, nullif(detail, ''), nullif(hint, ''));
END $$;

-- The 60-bit tick count of a version 1 UUID, read from its text (time_hi, time_mid, time_low).
-- One expression, no FROM: the planner inlines it (a per-row query would be JIT-compiled per
-- row in the forced-JIT run).
CREATE FUNCTION family_v1_ticks(u uuid) RETURNS bigint IMMUTABLE LANGUAGE sql AS $$
    SELECT ('x' || substr(u::text, 16, 3) || substr(u::text, 10, 4) || substr(u::text, 1, 8))::bit(60)::bigint $$;
-- Octet n (0-15) of a uuid.
CREATE FUNCTION family_octet(u uuid, n int) RETURNS int IMMUTABLE LANGUAGE sql AS $$
    SELECT get_byte(decode(replace(u::text, '-', ''), 'hex'), n) $$;

-- Namespaces ----------------------------------------------------------------------------------
SELECT name, uuid_namespace(name) FROM (VALUES ('dns'), ('url'), ('oid'), ('x500'), ('DNS'), ('Url'), ('X500')) v(name);
SELECT family_error(format('SELECT uuid_namespace(%L)', name)) AS bad_namespace
FROM (VALUES ('x.500'), (''), (' dns'), ('dns '), ('dnsx'), ('6ba7b810-9dad-11d1-80b4-00c04fd430c8')) v(name);
-- The list of names is a HINT (what to write instead), not a DETAIL: psql labels it.
SELECT uuid_namespace('x.500');

-- Name-based vectors: text names (hashed as UTF-8) --------------------------------------------
CREATE TABLE family_name_vectors (source text, version int, ns text, name text, expected uuid);
INSERT INTO family_name_vectors VALUES
    ('RFC 9562 A.2', 3, 'dns', 'www.example.com', '5df41881-3aed-3515-88a7-2f4a814cf09e'),
    ('RFC 9562 A.4', 5, 'dns', 'www.example.com', '2ed6657d-e927-568b-95e1-2665a8aea6a2'),
    ('uuid-ossp test', 3, 'dns', 'www.widgets.com', '3d813cbb-47fb-32ba-91df-831e1593ac29'),
    ('uuid-ossp test', 5, 'dns', 'www.widgets.com', '21f7f8de-8051-5b89-8680-0195ef798b6a'),
    ('CPython, Go', 3, 'dns', 'python.org', '6fa459ea-ee8a-3ca4-894e-db77e160355e'),
    ('CPython, Go', 5, 'dns', 'python.org', '886313e1-3b8a-5372-9b90-0c9aee199e5d'),
    ('CPython', 3, 'url', 'http://python.org/', '9fe8e8c4-aaa8-32a9-a55c-4535a88b748d'),
    ('CPython', 5, 'url', 'http://python.org/', '4c565f0d-3f5a-5890-b41b-20cf47701c5e'),
    ('CPython', 3, 'oid', '1.3.6.1', 'dd1a1cef-13d5-368a-ad82-eca71acd4cd1'),
    ('CPython', 5, 'oid', '1.3.6.1', '1447fa61-5277-5fef-a9b3-fbc6e44f4af3'),
    ('CPython', 3, 'x500', 'c=ca', '658d3002-db6b-3040-a1d1-8ddd7d189a4d'),
    ('CPython', 5, 'x500', 'c=ca', 'cc957dd1-a972-5349-98cd-874190002798'),
    ('PostgreSQL docs', 3, 'url', 'http://www.postgresql.org', 'cf16fe52-3365-3a1f-8572-288d8d2aaa46'),
    ('empty name', 3, 'dns', '', 'c87ee674-4ddc-3efe-a74e-dfe25da5d7b3'),
    ('UTF-8 name', 5, 'dns', 'café', '5e2e2331-a683-5e18-b56d-666e31574b41');
-- The bit-5 probe: the hash's bit 5 of octet 8 is kept (a and b: 10x0 vs 10x1 after the variant).
INSERT INTO family_name_vectors VALUES
    ('bit-5 probe', 3, 'nil', 'D', '57e30c8f-1e14-3114-a0ed-bd76e4f49aba'),
    ('bit-5 probe', 5, 'nil', 'D', '0bbecd2a-c3aa-52d5-b2ae-fd1832e84cf0');
CREATE FUNCTION family_ns(name text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
    SELECT CASE WHEN name = 'nil' THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE uuid_namespace(name) END $$;
SELECT source, version, ns, name,
       CASE version WHEN 3 THEN uuidv3(family_ns(ns), name) ELSE uuidv5(family_ns(ns), name) END AS from_text,
       CASE version WHEN 3 THEN uuidv3(family_ns(ns), name) ELSE uuidv5(family_ns(ns), name) END = expected AS text_ok,
       CASE version WHEN 3 THEN uuidv3(family_ns(ns), convert_to(name, 'UTF8'))
                    ELSE uuidv5(family_ns(ns), convert_to(name, 'UTF8')) END = expected AS utf8_bytes_ok
FROM family_name_vectors ORDER BY source, version;
-- A bytea name is hashed as given: café in LATIN1 (one byte for é) gives uuid-ossp's LATIN1 value.
SELECT uuidv5(uuid_namespace('dns'), '\x636166e9'::bytea) AS latin1_bytes; -- 35458c3d-2495-59d1-a8be-24be6f13ee69
-- Java: UUID.nameUUIDFromBytes("www.example.com".getBytes()) has no namespace.
SELECT uuidv3(convert_to('www.example.com', 'UTF8')) AS java_name_uuid; -- 7c1767b3-0512-3600-bfd3-c2e618a86522
SELECT uuidv3('\x'::bytea) AS java_empty; -- MD5 of nothing: d41d8cd9-8f00-3204-a980-0998ecf8427e
-- An unknown-type literal picks the text overload.
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') = uuidv5(uuid_namespace('dns'), 'www.example.com'::text) AS literal_is_text;
-- Versions and variants of many hashed names: always 3 or 5 and RFC.
SELECT count(*) AS names, bool_and(uuid_extract_version(uuidv3(uuid_namespace('url'), g::text)) = 3) AS v3,
       bool_and(uuid_extract_version(uuidv5(uuid_namespace('url'), g::text)) = 5) AS v5,
       bool_and(uuid_extract_variant(uuidv5(uuid_namespace('url'), g::text)) = 2) AS rfc_variant,
       count(DISTINCT family_octet(uuidv5(uuid_namespace('url'), g::text), 8) & 32) AS bit5_values
FROM generate_series(1, 1000) g;

-- Version 8 ----------------------------------------------------------------------------------
SELECT uuidv8('\x2489e9ad2ee20e000ec932d5f69181c0') AS rfc_b1; -- 2489e9ad-2ee2-8e00-8ec9-32d5f69181c0
SELECT uuidv8(substring(sha256(decode(replace(uuid_namespace('dns')::text, '-', ''), 'hex') || 'www.example.com'::bytea)
                        FROM 1 FOR 16)) AS rfc_b2_sha256; -- 5c146b14-3c52-8afd-938a-375d0df1fbf6
SELECT uuidv8('\x0000123456780ef00000000011223344') AS cpython_uuid8; -- 00001234-5678-8ef0-8000-000011223344
SELECT uuidv8('\xffffffffffffffffffffffffffffffff') AS all_ones, uuidv8('\x00000000000000000000000000000000') AS all_zeros;
SELECT family_error(format('SELECT uuidv8(%L::bytea)', b)) AS bad_length
FROM (VALUES ('\x'), ('\x00'), ('\x2489e9ad2ee20e000ec932d5f69181'), ('\x2489e9ad2ee20e000ec932d5f69181c000')) v(b);
SELECT family_error($$SELECT uuidv8(repeat('x', 10000)::bytea)$$) AS long_input;

-- Versions 1 and 6: vectors and conversions ---------------------------------------------------
SELECT uuid_v1_to_v6('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS rfc_a1_to_a5,    -- 1ec9414c-232a-6b00-b3c8-9f6bdeced846
       uuid_v6_to_v1('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS rfc_a5_to_a1;    -- c232ab00-9414-11ec-b3c8-9f6bdeced846
SELECT uuid_v1_to_v6('a7a55b92-01fc-11e9-94c5-54e1acf6da7f') AS cpython_v1_to_v6, -- 1e901fca-7a55-6b92-94c5-54e1acf6da7f
       uuid_v6_to_v1('1e901fca-7a55-6b92-94c5-54e1acf6da7f') AS cpython_v6_to_v1;
SELECT u, uuid_v1_to_v6(u) AS v6, uuid_v6_to_v1(uuid_v1_to_v6(u)) = u AS round_trip
FROM (VALUES ('00000000-0000-1000-8000-000000000000'::uuid), ('ffffffff-ffff-1fff-bfff-ffffffffffff'),
             ('f81d4fae-7dec-11d0-a765-00a0c91e6bf6')) v(u);
SELECT family_error(format('SELECT %s(%L)', f, u)) AS not_convertible
FROM (VALUES ('uuid_v1_to_v6', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('uuid_v1_to_v6', '919108f7-52d1-4320-9bac-f847db4148a8'),
             ('uuid_v1_to_v6', '00000000-0000-0000-0000-000000000000'),
             ('uuid_v1_to_v6', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('uuid_v1_to_v6', 'c232ab00-9414-11ec-33c8-9f6bdeced846'),
             ('uuid_v1_to_v6', 'c232ab00-9414-11ec-d3c8-9f6bdeced846'),
             ('uuid_v6_to_v1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'),
             ('uuid_v6_to_v1', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f')) v(f, u);

-- Inspectors ----------------------------------------------------------------------------------
-- "newest" is uuid_extract_timestamp with PostgreSQL 20's semantics (versions 1 and 6 in
-- microseconds, 7 in milliseconds, else NULL), which uidext's gives on 13-16.
CREATE TABLE family_inspect (label text, u uuid, newest timestamptz);
INSERT INTO family_inspect VALUES
    ('RFC A.1 v1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846', '2022-02-22 19:22:22+00'),
    ('RFC A.5 v6', '1ec9414c-232a-6b00-b3c8-9f6bdeced846', '2022-02-22 19:22:22+00'),
    ('RFC A.2 v3', '5df41881-3aed-3515-88a7-2f4a814cf09e', NULL),
    ('RFC A.3 v4', '919108f7-52d1-4320-9bac-f847db4148a8', NULL),
    ('RFC A.4 v5', '2ed6657d-e927-568b-95e1-2665a8aea6a2', NULL),
    ('RFC A.6 v7', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '2022-02-22 19:22:22+00'),
    ('RFC B.1 v8', '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0', NULL),
    ('CPython v1', 'a7a55b92-01fc-11e9-94c5-54e1acf6da7f', '2018-12-17 13:07:06.75291+00'),
    ('CPython v6', '1e901fca-7a55-6b92-94c5-54e1acf6da7f', '2018-12-17 13:07:06.75291+00'),
    ('RFC 4122 v1', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', '1997-02-03 17:43:12.216875+00'),
    ('v1 lowest', '00000000-0000-1000-8000-000000000000', '1582-10-15 00:00:00+00'),
    ('v1 highest', 'ffffffff-ffff-1fff-bfff-ffffffffffff', '5236-03-31 21:21:00.684697+00'),
    ('v6 highest', 'ffffffff-ffff-6fff-bfff-ffffffffffff', '5236-03-31 21:21:00.684697+00'),
    ('v7 highest', 'ffffffff-ffff-7fff-bfff-ffffffffffff', '10889-08-02 05:31:50.655+00'),
    ('version 15', '00000000-0000-f000-8000-000000000000', NULL),
    ('version 0', '00000000-0000-0000-8000-000000000000', NULL),
    ('nil', '00000000-0000-0000-0000-000000000000', NULL),
    ('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff', NULL),
    ('v1 NCS variant', 'c232ab00-9414-11ec-33c8-9f6bdeced846', NULL),
    ('v1 Microsoft variant', 'c232ab00-9414-11ec-d3c8-9f6bdeced846', NULL),
    ('v1 future variant', 'c232ab00-9414-11ec-f3c8-9f6bdeced846', NULL);
SELECT label, uuid_extract_variant(u) AS variant, uuid_extract_version(u) AS version,
       uuid_extract_clock_seq(u) AS clock_seq, uuid_extract_node(u) AS node
FROM family_inspect;
-- Core's uuid_extract_timestamp, found first from 17, reads version 1 only on 17 and versions 1
-- and 7 on 18 and 19: "as_this_major" checks the function in use against what it should return.
SELECT label, newest, uuid_extract_timestamp(u) IS NOT DISTINCT FROM
           CASE WHEN current_setting('server_version_num')::int < 170000 OR current_setting('server_version_num')::int >= 200000
                     OR uuid_extract_version(u) = 1 THEN newest
                WHEN uuid_extract_version(u) = 7 AND current_setting('server_version_num')::int >= 180000 THEN newest
           END AS as_this_major
FROM family_inspect;
-- The same times spelled out (version 1 is read by every major's function).
SELECT label, uuid_extract_timestamp(u) FROM family_inspect WHERE uuid_extract_version(u) = 1;
SELECT label, uuid_extract_timestamp(uuid_v6_to_v1(u)) AS v6_time_via_v1 FROM family_inspect WHERE uuid_extract_version(u) = 6;
-- uidext_compat has its own on every major (#21), but from 17 the unqualified name resolves to pg_catalog.
SELECT p.oid::regprocedure AS function, (p.pronamespace = 'pg_catalog'::regnamespace) = (current_setting('server_version_num')::int >= 170000) AS owner_as_expected
FROM pg_proc p WHERE p.oid IN (to_regprocedure('uuid_extract_version(uuid)'), to_regprocedure('uuid_extract_timestamp(uuid)'))
ORDER BY p.proname;

-- Labels ------------------------------------------------------------------------------------
SELECT function, returns, volatility, strict, parallel, leakproof, kind FROM (
    -- (unqualified: on 20 core's min/max(uuid), uuid_larger/smaller come first, and uidext's print qualified)
    SELECT regexp_replace(p.oid::regprocedure::text, '^[^(]*\.', '') AS function, p.prorettype::regtype AS returns, p.provolatile AS volatility,
           p.proisstrict AS strict, p.proparallel AS parallel, p.proleakproof AS leakproof, p.prokind AS kind
    FROM pg_proc p
    WHERE p.oid IN (SELECT objid FROM pg_depend WHERE refobjid IN (SELECT oid FROM pg_extension WHERE extname IN ('uidext', 'uidext_compat'))
                    AND classid = 'pg_proc'::regclass AND deptype = 'e')
      AND (p.proname ~ '^uuid(v[13568]|_namespace|_extract_(variant|clock_seq|node)|_v[16]_to_v[16]|_larger|_smaller)$'
           OR (p.proname IN ('min', 'max') AND p.proargtypes[0] = 'uuid'::regtype))
    UNION ALL  -- uidext_compat's on 13-16, core's from 17: the same labels
    SELECT p.oid::regprocedure::text, p.prorettype::regtype, p.provolatile, p.proisstrict, p.proparallel, p.proleakproof, p.prokind
    FROM pg_proc p WHERE p.oid IN (to_regprocedure('uuid_extract_version(uuid)'), to_regprocedure('uuid_extract_timestamp(uuid)'))
) f ORDER BY function;
SELECT a.aggfnoid::regprocedure AS aggregate, a.aggtransfn, a.aggcombinefn, a.aggsortop::regoperator AS sortop
FROM pg_aggregate a WHERE a.aggfnoid IN ('min(uuid)'::regprocedure, 'max(uuid)'::regprocedure) ORDER BY a.aggfnoid::regprocedure::text;

-- NULL in, NULL out (all STRICT) ------------------------------------------------------------------
SELECT uuidv3(NULL::uuid, 'a') IS NULL AS v3_ns, uuidv3(uuid_namespace('dns'), NULL::text) IS NULL AS v3_text,
       uuidv3(uuid_namespace('dns'), NULL::bytea) IS NULL AS v3_bytea, uuidv3(NULL::bytea) IS NULL AS v3_java,
       uuidv5(NULL::uuid, 'a') IS NULL AS v5_ns, uuidv5(uuid_namespace('dns'), NULL::text) IS NULL AS v5_text,
       uuidv5(uuid_namespace('dns'), NULL::bytea) IS NULL AS v5_bytea, uuidv8(NULL) IS NULL AS v8,
       uuid_namespace(NULL) IS NULL AS namespace;
SELECT uuid_extract_variant(NULL) IS NULL AS variant, uuid_extract_version(NULL) IS NULL AS version,
       uuid_extract_timestamp(NULL) IS NULL AS timestamp, uuid_extract_clock_seq(NULL) IS NULL AS clock_seq,
       uuid_extract_node(NULL) IS NULL AS node, uuid_v1_to_v6(NULL) IS NULL AS v1_to_v6, uuid_v6_to_v1(NULL) IS NULL AS v6_to_v1;

-- uuidv1(): version, variant, multicast node, time, Go's clock rule over 100 000 calls ------------
CREATE TABLE family_v1 AS
SELECT n, uuidv1() AS u, statement_timestamp() AS started, clock_timestamp() AS after FROM generate_series(1, 100000) n;
SELECT count(*) AS values, count(DISTINCT u) AS distinct_values,
       bool_and(uuid_extract_version(u) = 1) AS version_1, bool_and(uuid_extract_variant(u) = 2) AS rfc_variant,
       bool_and(family_octet(u, 10) & 1 = 1) AS multicast_node,
       count(DISTINCT uuid_extract_node(u)) AS nodes,
       bool_and(uuid_extract_timestamp(u) BETWEEN started AND after) AS time_is_now
FROM family_v1;
-- As Go's NewUUID: the tick is the clock's; a value in the same tick keeps it and adds 1 to
-- the clock sequence, a later tick keeps the sequence. Checked on values made at full speed
-- (two or more share a 100 ns tick on a fast machine) and on the table's.
CREATE FUNCTION family_v1_rule(vals uuid[]) RETURNS TABLE (ticks_never_descend bool, clock_seq_counts_within_a_tick bool, pairs bigint)
LANGUAGE sql AS $$
    SELECT bool_and(ticks >= previous),
           bool_and(CASE WHEN ticks = previous THEN seq = (previous_seq + 1) % 16384 ELSE seq = previous_seq END),
           count(*)
    FROM (SELECT family_v1_ticks(u) AS ticks, uuid_extract_clock_seq(u) AS seq,
                 lag(family_v1_ticks(u)) OVER w AS previous, lag(uuid_extract_clock_seq(u)) OVER w AS previous_seq
          FROM unnest(vals) WITH ORDINALITY AS v(u, n) WINDOW w AS (ORDER BY n)) s
    WHERE previous IS NOT NULL $$;
SELECT * FROM family_v1_rule((SELECT array_agg(u ORDER BY n) FROM family_v1));
SELECT * FROM family_v1_rule((SELECT array_agg(uuidv1()) FROM generate_series(1, 100000)));
SELECT count(DISTINCT u) AS distinct_at_full_speed FROM unnest((SELECT array_agg(uuidv1()) FROM generate_series(1, 100000))) u;
-- Versions 1 and 6 follow one clock, never ahead of it: ticks of v1, v6, v1 made in a row
-- never descend.
SELECT bool_and(family_v1_ticks(a) <= family_v1_ticks(uuid_v6_to_v1(b))) AS v1_then_v6,
       bool_and(family_v1_ticks(uuid_v6_to_v1(b)) <= family_v1_ticks(c)) AS v6_then_v1
FROM (SELECT uuidv1() AS a, uuidv6() AS b, uuidv1() AS c FROM generate_series(1, 1000)) s;

-- uuidv6(): time first, so values ascend like their times; fresh node per value, the clock
-- sequence random below 8192 at each new tick and + 1 within a tick.
CREATE TABLE family_v6 AS
SELECT n, uuidv6() AS u, statement_timestamp() AS started, clock_timestamp() AS after FROM generate_series(1, 100000) n;
SELECT count(*) AS values, count(DISTINCT u) AS distinct_values,
       bool_and(uuid_extract_version(u) = 6) AS version_6, bool_and(uuid_extract_variant(u) = 2) AS rfc_variant,
       bool_and(family_octet(u, 10) & 1 = 1) AS multicast_node,
       count(DISTINCT uuid_extract_node(u)) = count(*) AS node_per_value,
       count(DISTINCT uuid_extract_clock_seq(u)) > 1000 AS random_clock_seqs,
       bool_and(uuid_extract_timestamp(uuid_v6_to_v1(u)) BETWEEN started AND after) AS time_is_now
FROM family_v6;
CREATE FUNCTION family_v6_rule(vals uuid[]) RETURNS TABLE (strictly_ascending bool, clock_seq_rule bool, pairs bigint)
LANGUAGE sql AS $$
    SELECT bool_and(u > previous),
           bool_and(CASE WHEN ticks = previous_ticks THEN seq = previous_seq + 1 ELSE seq < 8192 END),
           count(*)
    FROM (SELECT u, family_v1_ticks(uuid_v6_to_v1(u)) AS ticks, uuid_extract_clock_seq(u) AS seq,
                 lag(u) OVER w AS previous, lag(family_v1_ticks(uuid_v6_to_v1(u))) OVER w AS previous_ticks,
                 lag(uuid_extract_clock_seq(u)) OVER w AS previous_seq
          FROM unnest(vals) WITH ORDINALITY AS v(u, n) WINDOW w AS (ORDER BY n)) s
    WHERE previous IS NOT NULL $$;
SELECT * FROM family_v6_rule((SELECT array_agg(u ORDER BY n) FROM family_v6));
SELECT * FROM family_v6_rule((SELECT array_agg(uuidv6()) FROM generate_series(1, 100000)));
SELECT bool_and(ordered) AS uuid_order_is_time_order
FROM (SELECT family_v1_ticks(uuid_v6_to_v1(u)) >= lag(family_v1_ticks(uuid_v6_to_v1(u))) OVER (ORDER BY u) AS ordered FROM family_v6) s;

-- min(uuid) / max(uuid): right answers, from the btree index ------------------------------------
SET max_parallel_workers_per_gather = 0;
CREATE TABLE family_keys (id uuid PRIMARY KEY, n int);
INSERT INTO family_keys SELECT u, n FROM family_v6;
VACUUM ANALYZE family_keys;
CREATE FUNCTION family_plan_lines(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP RETURN NEXT line; END LOOP;
END $$;
-- (The plan's lines are counted: their layout varies by major.)
SELECT count(*) FILTER (WHERE line ~ 'Index Only Scan using family_keys_pkey') AS forward_index_only,
       count(*) FILTER (WHERE line ~ 'Index Only Scan Backward using family_keys_pkey') AS backward_index_only,
       count(*) FILTER (WHERE line ~ 'Limit') AS limits,
       -- (19 notes "Replaces: MinMaxAggregate" under its Result: a label, not a node.)
       count(*) FILTER (WHERE line ~ 'Seq Scan|Sort|Aggregate' AND line !~ '^\s*Replaces:') AS scans_sorts_aggregates
FROM family_plan_lines('SELECT min(id), max(id) FROM family_keys') AS line;
SELECT min(id) = (SELECT id FROM family_keys WHERE n = 1) AS min_is_first, max(id) = (SELECT id FROM family_keys WHERE n = 100000) AS max_is_last,
       min(id) = (SELECT id FROM family_keys ORDER BY id LIMIT 1) AS min_ok, max(id) = (SELECT id FROM family_keys ORDER BY id DESC LIMIT 1) AS max_ok
FROM family_keys;
-- Without an index: the aggregate itself (parallel too), over mixed versions, NULLs ignored.
SELECT min(u), max(u), count(u) FROM (VALUES ('919108f7-52d1-4320-9bac-f847db4148a8'::uuid), (NULL), ('00000000-0000-0000-0000-000000000000'),
                                             ('ffffffff-ffff-ffff-ffff-ffffffffffff'), ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')) v(u);
SELECT min(u) IS NULL AS empty_min, max(u) IS NULL AS empty_max FROM (SELECT NULL::uuid AS u WHERE false) s;
RESET max_parallel_workers_per_gather;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SELECT count(*) FILTER (WHERE line ~ 'Partial Aggregate') AS partial_aggregates FROM family_plan_lines('SELECT min(u), max(u) FROM family_v1') AS line;
SELECT min(u) = (SELECT u FROM family_v1 ORDER BY u LIMIT 1) AS parallel_min_ok, max(u) = (SELECT u FROM family_v1 ORDER BY u DESC LIMIT 1) AS parallel_max_ok
FROM family_v1;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size; RESET max_parallel_workers_per_gather;

-- A new connection draws a new clock sequence and node for uuidv1() --------------------------------
CREATE TABLE family_identity AS SELECT uuid_extract_node(uuidv1()) AS node, uuid_extract_clock_seq(uuidv1()) AS clock_seq;
\c
SELECT node <> uuid_extract_node(uuidv1()) AS new_node, (SELECT count(DISTINCT uuid_extract_node(uuidv1())) FROM generate_series(1, 100)) AS nodes_now
FROM family_identity;

-- uidext_ossp: uuid-ossp's functions in another schema ---------------------------------------
CREATE SCHEMA ossp;
CREATE EXTENSION uidext_ossp SCHEMA ossp;
SELECT extversion, extrelocatable, extnamespace::regnamespace FROM pg_extension WHERE extname = 'uidext_ossp';
SELECT p.oid::regprocedure AS function, pg_get_function_arguments(p.oid) AS arguments, p.prorettype::regtype AS returns,
       p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel, p.proleakproof AS leakproof
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidext_ossp') ORDER BY p.oid::regprocedure::text;
SELECT ossp.uuid_nil(), ossp.uuid_ns_dns(), ossp.uuid_ns_url(), ossp.uuid_ns_oid(), ossp.uuid_ns_x500();
-- uuid-ossp's own regression vectors (hashed in the database encoding; UTF-8 here).
SELECT ossp.uuid_generate_v3(ossp.uuid_ns_dns(), 'www.widgets.com') AS v3, -- 3d813cbb-47fb-32ba-91df-831e1593ac29
       ossp.uuid_generate_v5(ossp.uuid_ns_dns(), 'www.widgets.com') AS v5; -- 21f7f8de-8051-5b89-8680-0195ef798b6a
SELECT ossp.uuid_generate_v5(ossp.uuid_ns_dns(), 'café') = uuidv5(uuid_namespace('dns'), 'café') AS utf8_db_agrees;
SELECT bool_and(uuid_extract_version(u) = 1) AS version_1, bool_and(family_octet(u, 10) & 3 = 3) AS multicast_and_local,
       count(DISTINCT uuid_extract_node(u)) = count(*) AS node_per_value,
       -- one clock sequence for the process, counting within a tick: uuidv1() right after has it or + 1
       -- (v is made in the subquery, row by row: 16+ may sort all rows before the aggregates run)
       bool_and((uuid_extract_clock_seq(v) - uuid_extract_clock_seq(u) + 16384) % 16384 IN (0, 1)) AS clock_seq_of_uuidv1
FROM (SELECT u, uuidv1() AS v FROM (SELECT ossp.uuid_generate_v1mc() AS u FROM generate_series(1, 1000)) s1) s;
SELECT bool_and(uuid_extract_version(u) = 1) AS version_1, bool_and(family_octet(u, 10) & 1 = 1) AS multicast,
       count(DISTINCT uuid_extract_node(u)) AS nodes, bool_and(uuid_extract_node(u) = uuid_extract_node(uuidv1())) AS uuidv1_node
FROM (SELECT ossp.uuid_generate_v1() AS u FROM generate_series(1, 1000)) s;
SELECT bool_and(uuid_extract_version(u) = 4) AS version_4, count(DISTINCT u) AS distinct_values
FROM (SELECT ossp.uuid_generate_v4() AS u FROM generate_series(1, 1000)) s;
DROP EXTENSION uidext_ossp;
DROP SCHEMA ossp;

-- contrib's uuid-ossp installs into uidext's schema (public here): uidext has none of its names.
-- Silent when it holds; skipped where the server was built without uuid-ossp.
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_available_extensions WHERE name = 'uuid-ossp') THEN
        CREATE EXTENSION "uuid-ossp";
        IF (SELECT extnamespace <> (SELECT extnamespace FROM pg_extension WHERE extname = 'uidext')
            FROM pg_extension WHERE extname = 'uuid-ossp') THEN
            RAISE EXCEPTION 'uuid-ossp is not in uidext''s schema';
        END IF;
        IF uuid_generate_v5(uuid_ns_dns(), 'www.example.com') <> uuidv5(uuid_namespace('dns'), 'www.example.com')
           OR uuid_generate_v3(uuid_ns_url(), 'http://www.postgresql.org') <> uuidv3(uuid_namespace('url'), 'http://www.postgresql.org')
           OR uuid_extract_version(uuid_generate_v1()) <> 1 OR uuid_extract_variant(uuid_generate_v1mc()) <> 2 THEN
            RAISE EXCEPTION 'uuid-ossp and uidext disagree';
        END IF;
        DROP EXTENSION "uuid-ossp";
    END IF;
END
$$;
-- clean up
DROP TABLE family_name_vectors, family_inspect, family_v1, family_v6, family_keys, family_identity;
DROP FUNCTION family_error(text), family_v1_ticks(uuid), family_octet(uuid, int), family_ns(text), family_plan_lines(text),
    family_v1_rule(uuid[]), family_v6_rule(uuid[]);
