-- Text and binary input/output of ulid: spec vectors, accepted forms, every class of bad input.

-- ULID spec and reference-implementation vectors: text <-> the same bytes as uuid.
SELECT v::ulid AS ulid, v::ulid::uuid AS uuid
FROM (VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ('01ARYZ6S41TSV4RRFFQ69G5FAV'),
             ('01JQ4T23H220KM7X0B3V1109DQ'), ('01JQ4T8BHJR0A5YKX7SVTVX0YN'),
             ('01JQ4T8X6CA54VSH0AANN0SWCX'), ('01GV5PA9EQG7D82Q3Y4PKBZSYV'),
             ('01FGB414J8PPBVHBMHGSXGS21C'), ('00000000000000000000000000'),
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS t(v);

-- Expected pairs from the reference implementation (ulid/javascript).
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::uuid = '01563DF3-6481-D676-4C61-EFB99302BD5B' AS js_1,
       '01JQ4T23H220KM7X0B3V1109DQ'::ulid::uuid = '0195C9A1-0E22-1027-43F4-0B1EC21025B7' AS js_2,
       '01JQ4T8BHJR0A5YKX7SVTVX0YN'::ulid::uuid = '0195C9A4-2E32-C014-5F4F-A7CEF5BE83D5' AS js_3,
       '01JQ4T8X6CA54VSH0AANN0SWCX'::ulid::uuid = '0195C9A4-74CC-5149-BCC4-0A556A0CF19D' AS js_4,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::uuid = '0186cb65-25d7-81da-815c-7e25a6bfe7db' AS pgx,
       '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid::uuid = 'ffffffff-ffff-ffff-ffff-ffffffffffff' AS max,
       '00000000000000000000000000'::ulid::uuid = '00000000-0000-0000-0000-000000000000' AS nil;

-- Case-insensitive: lowercase and mixed case read as the canonical uppercase value.
SELECT '01arz3ndektsv4rrffq69g5fav'::ulid, '01aRz3NdEkTsV4rRfFq69G5fAv'::ulid;

-- Every text form that uuid accepts pastes into ulid.
SELECT v, v::ulid, v::ulid::uuid = v::uuid AS same_as_uuid
FROM (VALUES ('01563e3a-b5d3-d676-4c61-efb99302bd5b'), ('01563E3AB5D3D6764C61EFB99302BD5B'),
             ('{01563e3a-b5d3-d676-4c61-efb99302bd5b}'), ('0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b'),
             ('{01563e3ab5d3d6764c61efb99302bd5b}')) AS t(v);

-- Round trip of random values through text and uuid.
SELECT count(*) AS round_trips_ok
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 10000)) s
WHERE u::ulid::text::ulid::uuid = u AND length(u::ulid::text) = 26;

-- Bad input: each value, its SQLSTATE, message, detail and hint.
CREATE FUNCTION ulid_input_error(v text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text; message text; detail text; hint text;
BEGIN
    PERFORM v::ulid;
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
    RETURN concat_ws(' | ', state, message, nullif(detail, ''), nullif(hint, ''));
END $$;

SELECT label, ulid_input_error(v) AS error
FROM (VALUES ('empty', ''),
             ('25 chars', '01ARZ3NDEKTSV4RRFFQ69G5FA'),
             ('27 chars', '01ARZ3NDEKTSV4RRFFQ69G5FAVV'),
             ('leading space', ' 01ARZ3NDEKTSV4RRFFQ69G5FA'),
             ('trailing space', '01ARZ3NDEKTSV4RRFFQ69G5FA '),
             ('inner space', '01ARZ3NDEK SV4RRFFQ69G5FAV'),
             ('valid ulid, padded', '  01ARZ3NDEKTSV4RRFFQ69G5FAV '),
             ('uuid, space for hyphen', '01563e3a b5d3-d676-4c61-efb99302bd5b'),
             ('letter U', '01ARZ3NDEKTSV4RRFFQ69G5FAU'),
             ('letter I', '0IARZ3NDEKTSV4RRFFQ69G5FAV'),
             ('letter l', '01ARZ3NDEKTSV4RRFFQ69G5FAl'),
             ('letter O', 'O1ARZ3NDEKTSV4RRFFQ69G5FAV'),
             ('bracket', '01ARZ3NDEKTSV4RRFF[69G5FAV'),
             ('hyphen', '01ARZ3NDEK-SV4RRFFQ69G5FAV'),
             ('overflow 8', '80000000000000000000000000'),
             ('overflow 8Z', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
             ('overflow Z', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'),
             ('overflow and bad char', '8ZZZZZZZZZZZZZZZZZZZZZZZZU'),
             ('multibyte, 26 bytes', '01ARZ3NDEKTSV4RRFFQ69G5Fé'),
             ('multibyte, 26 characters', '01ARZ3NDEKTSV4RRFFQ69G5FAé'),
             ('tab', E'01ARZ3NDEKTSV4RRFFQ69G5FA\t'),
             ('uuid with bad hex', '01563e3a-b5d3-d676-4c61-efb99302bd5g'),
             ('uuid missing digit', '01563e3a-b5d3-d676-4c61-efb99302bd5'),
             ('uuid hyphen at end', '01563e3ab5d3d6764c61efb99302bd5b-'),
             ('uuid unbalanced brace', '{01563e3a-b5d3-d676-4c61-efb99302bd5b')) AS t(label, v);

-- Errors leave the session usable.
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS still_serving;

-- Binary send/recv: the raw 16 bytes, like uuid.
SELECT ulid_send('01ARZ3NDEKTSV4RRFFQ69G5FAV') = uuid_send('01563e3a-b5d3-d676-4c61-efb99302bd5b') AS send_matches_uuid;

-- Binary COPY round trip through client-side files, in a private directory made for this run
-- (mktemp -d: mode 0700, unpredictable name) and removed at the end.
\set copy_dir `mktemp -d`
\setenv UIDEXT_COPY_DIR :copy_dir
CREATE TABLE copy_src (id ulid, note text);
INSERT INTO copy_src SELECT u::ulid, 'row ' || i FROM (SELECT gen_random_uuid() AS u, i FROM generate_series(1, 1000) i) s;
INSERT INTO copy_src VALUES ('00000000000000000000000000', 'min'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'max'), (NULL, 'null');
\copy copy_src TO PROGRAM 'cat > "$UIDEXT_COPY_DIR/copy.bin"' WITH (FORMAT binary)
CREATE TABLE copy_dst (LIKE copy_src);
\copy copy_dst FROM PROGRAM 'cat "$UIDEXT_COPY_DIR/copy.bin"' WITH (FORMAT binary)
SELECT count(*) AS rows, count(*) FILTER (WHERE d.id IS NOT DISTINCT FROM s.id) AS identical
FROM copy_src s JOIN copy_dst d USING (note);
\copy copy_src TO PROGRAM 'cat > "$UIDEXT_COPY_DIR/copy.txt"'
TRUNCATE copy_dst;
\copy copy_dst FROM PROGRAM 'cat "$UIDEXT_COPY_DIR/copy.txt"'
SELECT count(*) AS rows, count(*) FILTER (WHERE d.id IS NOT DISTINCT FROM s.id) AS identical
FROM copy_src s JOIN copy_dst d USING (note);

-- A 16-byte binary value of type uuid reads back as ulid: binary formats are interchangeable.
CREATE TABLE copy_uuid (id uuid, note text);
INSERT INTO copy_uuid SELECT id::uuid, note FROM copy_src;
\copy copy_uuid TO PROGRAM 'cat > "$UIDEXT_COPY_DIR/copy_uuid.bin"' WITH (FORMAT binary)
TRUNCATE copy_dst;
\copy copy_dst FROM PROGRAM 'cat "$UIDEXT_COPY_DIR/copy_uuid.bin"' WITH (FORMAT binary)
SELECT count(*) FILTER (WHERE d.id IS NOT DISTINCT FROM s.id) AS identical FROM copy_src s JOIN copy_dst d USING (note);

-- clean up
\! rm -r "$UIDEXT_COPY_DIR"
DROP TABLE copy_src, copy_dst, copy_uuid;
DROP FUNCTION ulid_input_error(text);
