-- Installed in a schema that is not on the search_path, everything works when qualified and
-- nothing resolves ambiguously (pgx_ulid fails here with "operator is not unique").
DROP EXTENSION uidext;
CREATE SCHEMA keys;
CREATE EXTENSION uidext SCHEMA keys;
SET search_path = public;

SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::keys.ulid OPERATOR(keys.=) '01ARZ3NDEKTSV4RRFFQ69G5FAV'::keys.ulid AS eq,
       '01ARZ3NDEKTSV4RRFFQ69G5FAV'::keys.ulid OPERATOR(keys.<) '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::keys.ulid AS lt;
SELECT keys.ulid_extract_timestamp('01ARYZ6S41TSV4RRFFQ69G5FAV') AT TIME ZONE 'UTC' AS ts,
       '01ARZ3NDEKTSV4RRFFQ69G5FAV'::keys.ulid::uuid AS to_uuid,
       '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid::keys.ulid AS from_uuid,
       '01ARZ3NDEKTSV4RRFFQ69G5FAV'::keys.ulid::bytea AS to_bytea,
       ('2016-07-30 22:36:16.385+00'::timestamptz)::keys.ulid AS from_time;

-- Indexes, joins, sorting and min/max pick up the operator classes without the schema on the path.
CREATE TABLE sp (id keys.ulid PRIMARY KEY DEFAULT keys.gen_ulid(), n int);
INSERT INTO sp (n) SELECT generate_series(1, 1000);
CREATE TABLE sp2 AS SELECT * FROM sp;
-- JOIN ... USING looks "=" up on the search_path, as for any type: fails, then works qualified.
-- (Terse: the DETAIL and HINT of "does not exist", core's, differ by major.)
\set VERBOSITY terse
SELECT count(*) FROM sp JOIN sp2 USING (id);
\set VERBOSITY default
SELECT count(*) FROM sp a JOIN sp2 b ON a.id OPERATOR(keys.=) b.id;
SELECT keys.min(id) OPERATOR(keys.<=) keys.max(id) AS min_le_max FROM sp;
SELECT count(DISTINCT id) FROM sp;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM sp WHERE id OPERATOR(keys.=) '01ARZ3NDEKTSV4RRFFQ69G5FAV';
RESET enable_seqscan;
SELECT keys.uidext_monotonic_scope() = current_setting('uidext.monotonic_scope') AS scope_reported, keys.uuidv7() IS NOT NULL AS uuidv7_works;

-- With the schema on the path, unqualified names work too and stay unambiguous.
SET search_path = public, keys;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS eq;
SELECT count(*) FROM sp a JOIN sp2 b ON a.id = b.id;

-- The extension relocates as a whole.
ALTER EXTENSION uidext SET SCHEMA public;
SELECT count(*) FROM sp a JOIN sp2 b ON a.id = b.id;
SET search_path = public;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::timestamptz AT TIME ZONE 'UTC' AS relocated;

-- clean up
DROP TABLE sp, sp2;
DROP SCHEMA keys;
RESET search_path;
