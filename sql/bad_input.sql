-- Bad input that ulid_io.sql and ulid_cast.sql do not cover: binary input (binary COPY with
-- wrong field lengths), bytea of every wrong length (also toasted), infinite and out-of-range
-- times for every function that takes one, intervals out of range for uuidv7(interval), and
-- NULL for every function (all are STRICT). Each error with its SQLSTATE, message, detail, hint.
SET timezone = 'UTC';

-- Runs one statement; 'accepted' or SQLSTATE | message | detail | hint. Messages are cut at 120
-- characters so that a long rejected input does not flood the output.
CREATE FUNCTION bad_input_error(statement text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text; message text; detail text; hint text;
BEGIN
    EXECUTE statement;
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
    RETURN concat_ws(' | ', state, left(message, 120), nullif(detail, ''), nullif(hint, ''));
END $$;

-- Binary input (ulid_recv): a binary COPY file is written by COPY from a bytea of the chosen
-- length, so its one field has that length, then read back into a ulid column. Only 16 bytes
-- are a ulid; fewer run out of data in ulid_recv, more leave bytes over in the field.
CREATE TABLE bin_src (b bytea);
CREATE TABLE bin_dst (id ulid);
CREATE FUNCTION copy_binary_into_ulid(field bytea) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    path text := current_setting('data_directory') || '/uidext_bad_input.bin';
    result text;
BEGIN
    TRUNCATE bin_src, bin_dst;
    INSERT INTO bin_src VALUES (field);
    EXECUTE format('COPY bin_src TO %L WITH (FORMAT binary)', path);
    result := bad_input_error(format('COPY bin_dst FROM %L WITH (FORMAT binary)', path));
    IF result = 'accepted' THEN
        result := 'accepted: ' || (SELECT string_agg(coalesce(id::text, 'NULL'), ',') FROM bin_dst);
    END IF;
    RETURN result;
END $$;

SELECT label, copy_binary_into_ulid(field) AS binary_copy
FROM (VALUES ('16 bytes', '\x01563e3ab5d3d6764c61efb99302bd5b'::bytea),
             ('16 bytes, all ones', '\xffffffffffffffffffffffffffffffff'),
             ('NULL field (length -1)', NULL),
             ('0 bytes', '\x'),
             ('1 byte', '\x01'),
             ('15 bytes', '\x01563e3ab5d3d6764c61efb99302bd'),
             ('17 bytes', '\x01563e3ab5d3d6764c61efb99302bd5b00'),
             ('32 bytes', '\x01563e3ab5d3d6764c61efb99302bd5b01563e3ab5d3d6764c61efb99302bd5b'),
             ('26-byte ULID text', convert_to('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'UTF8')),
             ('36-byte uuid text', convert_to('01563e3a-b5d3-d676-4c61-efb99302bd5b', 'UTF8'))) AS t(label, field);

-- bytea -> ulid: exactly 16 bytes, whatever the storage (inline, short header, toasted).
CREATE TABLE bytea_src (label text, b bytea);
ALTER TABLE bytea_src ALTER COLUMN b SET STORAGE EXTERNAL;
INSERT INTO bytea_src VALUES
    ('0 bytes', '\x'),
    ('1 byte', '\x00'),
    ('15 bytes', '\x01563e3ab5d3d6764c61efb99302bd'),
    ('16 bytes', '\x01563e3ab5d3d6764c61efb99302bd5b'),
    ('17 bytes', '\x01563e3ab5d3d6764c61efb99302bd5b00'),
    ('32 bytes', decode(repeat('ab', 32), 'hex')),
    ('100000 bytes, toasted', decode(repeat('ab', 100000), 'hex'));
SELECT label, length(b) AS bytes, pg_column_size(b) AS stored,
       bad_input_error(format('SELECT b::ulid FROM bytea_src WHERE label = %L', label)) AS bytea_cast,
       bad_input_error(format('SELECT bytea_to_ulid(b) FROM bytea_src WHERE label = %L', label)) AS bytea_to_ulid
FROM bytea_src ORDER BY length(b);
SELECT b::ulid AS from_stored_16_bytes FROM bytea_src WHERE label = '16 bytes';

-- Times: every function taking a timestamptz, at the infinities and just outside the range
-- 1970-01-01 00:00:00 .. 10889-08-02 05:31:50.655999 UTC (inside it, for contrast).
SELECT f AS function, v AS value,
       bad_input_error(format(f, quote_literal(v) || '::timestamptz')) AS error
FROM (VALUES (1, 'SELECT gen_ulid(%s)'),
             (2, 'SELECT ulid_lower_bound(%s)'),
             (3, 'SELECT ulid_upper_bound(%s)'),
             (4, 'SELECT (%s)::ulid'),
             (5, 'SELECT uuidv7_lower_bound(%s)'),
             (6, 'SELECT uuidv7_upper_bound(%s)'),
             (7, 'SELECT uuid_timestamptz_to_v7(%s)'),
             (8, 'SELECT uuid_timestamptz_to_v7(%s, true)')) AS f(fn, f),
     (VALUES (1, 'infinity'), (2, '-infinity'), (3, '1969-12-31 23:59:59.999999+00'),
             (4, '10889-08-02 05:31:50.656+00'), (5, '294276-12-31 23:59:59.999999+00'),
             (6, '4713-11-24 00:00:00+00 BC'), (7, '1970-01-01 00:00:00+00'),
             (8, '10889-08-02 05:31:50.655999+00')) AS v(vn, v)
ORDER BY fn, vn;

-- uuidv7(interval): the shifted time must stay in 1970 .. 10889; PostgreSQL itself rejects a
-- shift that leaves the timestamp range. The error does not depend on the current time.
SELECT label, bad_input_error(format('SELECT uuidv7(%L::interval)', shift)) AS error
FROM (VALUES ('+10000 years', '10000 years'),
             ('+300000 years (past timestamp range)', '300000 years'),
             ('+178000000 years (largest interval)', '178000000 years'),
             ('-100 years', '-100 years'),
             ('-300000 years', '-300000 years'),
             ('-178000000 years', '-178000000 years'),
             ('+2147483647 days', '2147483647 days'),
             ('-2147483648 days', '-2147483648 days'),
             ('+max microseconds', '9223372036854775807 microseconds'),
             ('-max microseconds', '-9223372036854775807 microseconds'),
             ('+2562047788 hours', '2562047788 hours'),
             ('mixed extremes', '178000000 years -2147483648 days 2562047788 hours'),
             ('+1 day (accepted)', '1 day'),
             ('-1 day (accepted)', '-1 day')) AS t(label, shift);
-- What is accepted is a version 7 UUID (RFC 9562 variant) carrying the shifted time.
SELECT get_byte(uuid_send(u), 6) >> 4 AS version, get_byte(uuid_send(u), 8) >> 6 AS variant,
       abs(extract(epoch FROM uuid_v7_to_timestamptz(u) - (now() - interval '1 day'))) < 60 AS shifted
FROM (SELECT uuidv7('-1 day') AS u) s;

-- NULL: every function is STRICT, so NULL in gives NULL out and never reaches the C code.
SELECT p.oid::regprocedure AS not_strict
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
WHERE NOT p.proisstrict AND p.prokind = 'f';
SELECT call, result IS NULL AS gives_null
FROM (VALUES ('ulid_in(NULL)', (ulid_in(NULL))::text),
             ('ulid_out(NULL)', ulid_out(NULL)::text),
             ('ulid_send(NULL)', ulid_send(NULL)::text),
             ('NULL::text::ulid', (NULL::text::ulid)::text),
             ('NULL::uuid::ulid', (NULL::uuid::ulid)::text),
             ('NULL::ulid::uuid', (NULL::ulid::uuid)::text),
             ('NULL::bytea::ulid', (NULL::bytea::ulid)::text),
             ('bytea_to_ulid(NULL)', bytea_to_ulid(NULL)::text),
             ('ulid_to_bytea(NULL)', ulid_to_bytea(NULL)::text),
             ('NULL::ulid::timestamptz', (NULL::ulid::timestamptz)::text),
             ('NULL::timestamptz::ulid', (NULL::timestamptz::ulid)::text),
             ('ulid_extract_timestamp(NULL)', ulid_extract_timestamp(NULL)::text),
             ('ulid_lower_bound(NULL)', ulid_lower_bound(NULL)::text),
             ('ulid_upper_bound(NULL)', ulid_upper_bound(NULL)::text),
             ('gen_ulid(NULL)', gen_ulid(NULL)::text),
             ('uuidv7(NULL)', uuidv7(NULL)::text),
             ('uuidv7_lower_bound(NULL)', uuidv7_lower_bound(NULL)::text),
             ('uuidv7_upper_bound(NULL)', uuidv7_upper_bound(NULL)::text),
             ('uuid_timestamptz_to_v7(NULL)', uuid_timestamptz_to_v7(NULL)::text),
             ('uuid_timestamptz_to_v7(now(), NULL)', uuid_timestamptz_to_v7(now(), NULL)::text),
             ('uuid_v7_to_timestamptz(NULL)', uuid_v7_to_timestamptz(NULL)::text),
             ('uuid_v1_to_timestamptz(NULL)', uuid_v1_to_timestamptz(NULL)::text),
             ('ulid_larger(NULL, x)', ulid_larger(NULL, '01ARZ3NDEKTSV4RRFFQ69G5FAV')::text),
             ('ulid_smaller(x, NULL)', ulid_smaller('01ARZ3NDEKTSV4RRFFQ69G5FAV', NULL)::text),
             ('ulid_cmp(NULL, x)', ulid_cmp(NULL, '01ARZ3NDEKTSV4RRFFQ69G5FAV')::text),
             ('ulid_eq(x, NULL)', ulid_eq('01ARZ3NDEKTSV4RRFFQ69G5FAV', NULL)::text),
             ('NULL = x', (NULL::ulid = '01ARZ3NDEKTSV4RRFFQ69G5FAV')::text),
             ('NULL < x', (NULL::ulid < '01ARZ3NDEKTSV4RRFFQ69G5FAV')::text),
             ('ulid_hash(NULL)', ulid_hash(NULL)::text),
             ('ulid_hash_extended(x, NULL)', ulid_hash_extended('01ARZ3NDEKTSV4RRFFQ69G5FAV', NULL)::text),
             ('min(NULL)', (SELECT min(v) FROM (VALUES (NULL::ulid)) s(v))::text),
             ('max(NULL)', (SELECT max(v) FROM (VALUES (NULL::ulid)) s(v))::text)) AS t(call, result);
SELECT min(v) AS min_skips_null, max(v) AS max_skips_null
FROM (VALUES (NULL::ulid), ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), (NULL), ('00000000000000000000000000')) s(v);

-- Bad text elsewhere: in an array, through text, a very long string; mistyped UUIDs name the
-- character, UUIDs of the wrong shape the length.
SELECT label, bad_input_error(statement) AS error
FROM (VALUES ('array element', $q$SELECT '{01ARZ3NDEKTSV4RRFFQ69G5FAV,01ARZ3NDEKTSV4RRFFQ69G5FAU}'::ulid[]$q$),
             ('uuid, g for b', $q$SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5g'::ulid$q$),
             ('uuid in braces, O for 0', $q$SELECT '{O1563e3ab5d3d6764c61efb99302bd5b}'::ulid$q$),
             ('uuid, a digit short', $q$SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5'::ulid$q$),
             ('through text', $q$SELECT 'not a ulid'::text::ulid$q$),
             ('100000 characters', format('SELECT %L::ulid', repeat('0', 100000))),
             ('26 two-byte characters', format('SELECT %L::ulid', repeat('é', 26)))) AS t(label, statement);

-- After all of that the server still serves, in this session and in a new one.
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS still_serving, gen_ulid() IS NOT NULL AS generates,
       uuidv7() IS NOT NULL AS uuidv7_generates;
\c
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::uuid AS new_session;

-- clean up
DROP TABLE bin_src, bin_dst, bytea_src;
DROP FUNCTION copy_binary_into_ulid(bytea), bad_input_error(text);
