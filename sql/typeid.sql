-- TypeID (#26): the spec's vectors (jetify-com/typeid 0.3, spec/valid.yml and
-- spec/invalid.yml), per-prefix types made by typeid_define, the general typeid type.
SET client_min_messages = warning;
-- (The CONTEXT of errors raised inside typeid_define/typeid_drop names internal lines.)
\set SHOW_CONTEXT never

-- Every valid vector: parsed, formatted back, and read by the general type.
CREATE TEMP TABLE valid_vectors(name text, typeid text, prefix text, uuid uuid);
INSERT INTO valid_vectors VALUES
    ('nil', '00000000000000000000000000', '', '00000000-0000-0000-0000-000000000000'),
    ('one', '00000000000000000000000001', '', '00000000-0000-0000-0000-000000000001'),
    ('ten', '0000000000000000000000000a', '', '00000000-0000-0000-0000-00000000000a'),
    ('sixteen', '0000000000000000000000000g', '', '00000000-0000-0000-0000-000000000010'),
    ('thirty-two', '00000000000000000000000010', '', '00000000-0000-0000-0000-000000000020'),
    ('max-valid', '7zzzzzzzzzzzzzzzzzzzzzzzzz', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('valid-alphabet', 'prefix_0123456789abcdefghjkmnpqrs', 'prefix', '0110c853-1d09-52d8-d73e-1194e95b5f19'),
    ('valid-uuidv7', 'prefix_01h455vb4pex5vsknk084sn02q', 'prefix', '01890a5d-ac96-774b-bcce-b302099a8057'),
    ('prefix-underscore', 'pre_fix_00000000000000000000000000', 'pre_fix', '00000000-0000-0000-0000-000000000000'),
    -- not in the spec's files: a 63-character prefix, 90 characters in all
    ('prefix-63', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk_01h455vb4pex5vsknk084sn02q',
     'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk', '01890a5d-ac96-774b-bcce-b302099a8057');
SELECT name, length(typeid),
       (typeid_parse(typeid)).prefix = prefix AS prefix_ok,
       (typeid_parse(typeid)).id = uuid AS uuid_ok,
       typeid_format(prefix, uuid) = typeid AS format_ok,
       typeid_is_valid(typeid) AS valid,
       typeid::typeid::text = typeid AS typeid_round_trip,
       typeid_prefix(typeid::typeid) = prefix AND typeid_uuid(typeid::typeid) = uuid
           AND typeid_ulid(typeid::typeid)::uuid = uuid AS typeid_parts_ok
FROM valid_vectors ORDER BY name;

-- Every invalid vector: not valid, and an error from the general type's input.
CREATE TEMP TABLE invalid_vectors(name text, typeid text);
INSERT INTO invalid_vectors VALUES
    ('prefix-uppercase', 'PREFIX_00000000000000000000000000'),
    ('prefix-numeric', '12345_00000000000000000000000000'),
    ('prefix-period', 'pre.fix_00000000000000000000000000'),
    ('prefix-non-ascii', 'préfix_00000000000000000000000000'),
    ('prefix-spaces', '  prefix_00000000000000000000000000'),
    ('prefix-64-chars', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000'),
    ('separator-empty-prefix', '_00000000000000000000000000'),
    ('separator-empty', '_'),
    ('suffix-short', 'prefix_1234567890123456789012345'),
    ('suffix-long', 'prefix_123456789012345678901234567'),
    ('suffix-spaces', 'prefix_1234567890123456789012345 '),
    ('suffix-uppercase', 'prefix_0123456789ABCDEFGHJKMNPQRS'),
    ('suffix-hyphens', 'prefix_123456789-123456789-123456'),
    ('suffix-wrong-alphabet', 'prefix_ooooooiiiiiiuuuuuuulllllll'),
    ('suffix-ambiguous-crockford', 'prefix_i23456789ol23456789oi23456'),
    ('suffix-hyphens-crockford', 'prefix_123456789-0123456789-0123456'),
    ('suffix-overflow', 'prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'),
    ('prefix-underscore-start', '_prefix_00000000000000000000000000'),
    ('prefix-underscore-end', 'prefix__00000000000000000000000000'),
    ('empty', ''),
    ('prefix-empty', 'prefix_');
CREATE FUNCTION input_error(value text, type regtype) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text;
    detail text;
BEGIN
    EXECUTE format('SELECT %L::%s', value, type);
    RETURN 'accepted';
EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
    RETURN state || ': ' || detail;
END
$$;
SELECT name, typeid_is_valid(typeid) AS valid, input_error(typeid, 'typeid') AS typeid_input
FROM invalid_vectors ORDER BY name;
SELECT typeid_parse('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz');
SELECT typeid_format('Prefix', '01890a5d-ac96-774b-bcce-b302099a8057');

-- A per-prefix type: 16 bytes, the TypeID as text, only its own prefix accepted.
SELECT typeid_define('prefix');
SELECT typeid_define('user', 'app_user');
SELECT typeid_define('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk', 'long_prefix_id');
SELECT typname, typlen, typbyval, typalign, typstorage, typcategory FROM pg_type
WHERE typname IN ('prefix_id', 'app_user', 'long_prefix_id') ORDER BY typname;
SELECT name, typeid::prefix_id::text = typeid AS round_trip, typeid::prefix_id::uuid = uuid AS same_bytes,
       uuid::prefix_id::text = typeid AS from_uuid, pg_column_size(typeid::prefix_id) AS bytes
FROM valid_vectors WHERE prefix = 'prefix' ORDER BY name;
SELECT v.typeid::long_prefix_id::text = v.typeid AS round_trip, length(v.typeid::long_prefix_id::text)
FROM valid_vectors v WHERE name = 'prefix-63';
-- Decoders accept any UUID version (the alphabet vector is not a v7).
SELECT 'prefix_0123456789abcdefghjkmnpqrs'::prefix_id::uuid;
-- Errors name the type and its prefix.
SELECT 'user_01h455vb4pex5vsknk084sn02q'::prefix_id;
SELECT '01h455vb4pex5vsknk084sn02q'::prefix_id;
SELECT 'PREFIX_01h455vb4pex5vsknk084sn02q'::prefix_id;
SELECT 'prefix_01H455VB4PEX5VSKNK084SN02Q'::prefix_id;
SELECT 'prefix_81h455vb4pex5vsknk084sn02q'::prefix_id;
SELECT 'prefix_01h455vb4pex5vsknk084sn02'::prefix_id;
SELECT 'prefix_01h455vb4pex5vsknk084sn0uq'::prefix_id;
-- The empty suffix names the expected prefix too (#37: 1.4 gave only the suffix's length).
SELECT 'prefix_'::prefix_id;
-- A non-ASCII last character is named (1.3 said "has 26 characters, not 26").
SELECT 'prefix_01h455vb4pex5vsknk084sn02é'::prefix_id;
SELECT input_error('01h455vb4pex5vsknk084sn02é', 'typeid');
SELECT name, input_error(typeid, 'prefix_id') FROM invalid_vectors ORDER BY name;

-- The UUID text form is read too, as ulid's input reads it, so that one untyped parameter fits
-- uuid and per-prefix columns alike (#32); the output stays the TypeID text.
SELECT '01890a5d-ac96-774b-bcce-b302099a8057'::prefix_id, '{01890A5D-AC96-774B-BCCE-B302099A8057}'::app_user;
SELECT '01890a5dac96774bbcceb302099a8057'::prefix_id = 'prefix_01h455vb4pex5vsknk084sn02q' AS same_value;
-- Exactly the forms uuid's input reads: each accepted by both or refused by both.
CREATE TEMP TABLE uuid_forms(form text);
INSERT INTO uuid_forms VALUES ('01890a5d-ac96-774b-bcce-b302099a8057'), ('01890A5DAC96774BBCCEB302099A8057'),
    ('{01890a5d-ac96-774b-bcce-b302099a8057}'), ('0189-0a5d-ac96-774b-bcce-b302-099a-8057'),
    ('{01890a5dac96774bbcceb302099a8057}'), ('01890a5d-ac96-774b-bcce-b302099a8057-'),
    ('-01890a5d-ac96-774b-bcce-b302099a8057'), ('01890a5-dac96-774b-bcce-b302099a8057'),
    ('{01890a5d-ac96-774b-bcce-b302099a8057'), (' 01890a5d-ac96-774b-bcce-b302099a8057'),
    ('01890a5d-ac96-774b-bcce-b302099a805'), ('01890a5d-ac96-774b-bcce-b302099a80577'),
    ('01890a5d--ac96-774b-bcce-b302099a8057'), ('01890a5d-ac96-774b-bcce-b302099a805g');
SELECT form, input_error(form, 'uuid') = 'accepted' AS uuid_reads,
       input_error(form, 'prefix_id') = 'accepted' AS prefix_id_reads,
       input_error(form, 'prefix_id') = 'accepted' AND form::uuid = form::prefix_id::uuid AS same_bytes
FROM uuid_forms ORDER BY form;
-- A mistyped UUID names the character; the general typeid has no prefix to give it.
SELECT '01890a5d-ac96-774b-bcce-b302099a805g'::prefix_id;
SELECT '01890a5d-ac96-774b-bcce-b302099a8057'::typeid;
-- One untyped parameter, bound as text, finds the row in a uuid column and a per-prefix one.
CREATE TABLE uuid_keyed (id uuid PRIMARY KEY);
CREATE TABLE prefix_keyed (id prefix_id PRIMARY KEY);
INSERT INTO uuid_keyed VALUES ('01890a5d-ac96-774b-bcce-b302099a8057');
INSERT INTO prefix_keyed VALUES ('prefix_01h455vb4pex5vsknk084sn02q');
PREPARE by_uuid AS SELECT id::text FROM uuid_keyed WHERE id = $1;
PREPARE by_prefix_id AS SELECT id::text FROM prefix_keyed WHERE id = $1;
EXECUTE by_uuid('01890a5d-ac96-774b-bcce-b302099a8057');
EXECUTE by_prefix_id('01890a5d-ac96-774b-bcce-b302099a8057');
DEALLOCATE by_uuid;
DEALLOCATE by_prefix_id;
DROP TABLE uuid_keyed, prefix_keyed;

-- Binary I/O is the 16 bytes of the uuid; casts to uuid and ulid keep them.
SELECT typeid_send('prefix_01h455vb4pex5vsknk084sn02q'::prefix_id) = uuid_send('01890a5d-ac96-774b-bcce-b302099a8057');
SELECT 'prefix_01h455vb4pex5vsknk084sn02q'::prefix_id::ulid, '01H455VB4PEX5VSKNK084SN02Q'::ulid::prefix_id;

-- The generator makes version 7 values, ascending within the connection.
SELECT substr(gen_prefix_id()::uuid::text, 15, 1) AS version, gen_prefix_id() < gen_prefix_id() AS ascending,
       gen_prefix_id()::text ~ '^prefix_[0-7][0-9a-hjkmnp-tv-z]{25}$' AS form;

-- Operators, btree (sort support, deduplication), hash = uuid's hash, BRIN, min/max.
CREATE TABLE accounts (id prefix_id PRIMARY KEY, owner app_user NOT NULL, n integer);
INSERT INTO accounts
SELECT uuid_timestamptz_to_v7('2024-01-01 UTC'::timestamptz + n * interval '1 minute', true)::prefix_id,
       uuid_timestamptz_to_v7('2024-01-01 UTC'::timestamptz + (n % 10) * interval '1 day', true)::app_user, n
FROM generate_series(1, 2000) n;
CREATE INDEX accounts_owner ON accounts (owner);
CREATE INDEX accounts_owner_hash ON accounts USING hash (owner);
CREATE INDEX accounts_brin ON accounts USING brin (id);
ANALYZE accounts;
SELECT count(*) FILTER (WHERE a < b) AS lt, count(*) FILTER (WHERE a <= b) AS le, count(*) FILTER (WHERE a = b) AS eq,
       count(*) FILTER (WHERE a <> b) AS ne, count(*) FILTER (WHERE a >= b) AS ge, count(*) FILTER (WHERE a > b) AS gt
FROM (SELECT x.id AS a, y.id AS b FROM accounts x, accounts y WHERE x.n <= 20 AND y.n <= 20) pairs;
SELECT bool_and((a.id < b.id) = (a.id::uuid < b.id::uuid)) AS same_order_as_uuid
FROM accounts a JOIN accounts b ON b.n = a.n % 100 + 1;
SELECT bool_and(typeid_hash(id) = uuid_hash(id::uuid)) AS hash_as_uuid,
       bool_and(typeid_hash_extended(id, 7) = uuid_hash_extended(id::uuid, 7)) AS extended_as_uuid FROM accounts;
SELECT min(id) = (SELECT id FROM accounts WHERE n = 1), max(id) = (SELECT id FROM accounts WHERE n = 2000) FROM accounts;
SELECT opcname, amname FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
WHERE opcintype = 'prefix_id'::regtype ORDER BY amname;
SELECT (SELECT count(*) FROM accounts WHERE owner = o.owner) AS per_owner FROM accounts o WHERE n = 1;
-- Sort support and deduplication (btequalimage) in the btree family, as for uuid (skip support,
-- 6, exists from 18 on and is left out here).
SELECT amprocnum, amproc::regproc FROM pg_amproc p JOIN pg_opclass c ON c.opcfamily = p.amprocfamily
WHERE c.opcname = 'prefix_id_ops' AND c.opcmethod = (SELECT oid FROM pg_am WHERE amname = 'btree') AND amprocnum <> 6
ORDER BY amprocnum;

-- Planner: equality and range estimates as for uuid, IN lists and joins use the index.
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM accounts WHERE id IN ('prefix_01hk0bsgq0fz6t9h5hs9zwxvw7', 'prefix_01hk0bsh7r8n0a7qd0ppqk2c1p');
EXPLAIN (COSTS OFF) SELECT * FROM accounts WHERE id = ANY ($$ {prefix_01hk0bsgq0fz6t9h5hs9zwxvw7} $$::prefix_id[]);
RESET enable_seqscan;
CREATE TABLE posts (id prefix_id, account prefix_id);
INSERT INTO posts SELECT gen_prefix_id(), id FROM accounts WHERE n <= 5;
ANALYZE posts;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT * FROM posts p JOIN accounts a ON a.id = p.account;
RESET enable_hashjoin;
RESET enable_mergejoin;
EXPLAIN (COSTS OFF) SELECT * FROM posts p JOIN accounts a ON a.id = p.account;
SELECT count(*) FROM posts p JOIN accounts a ON a.id = p.account;
-- Estimates: one row for equality, a fraction for a range (as uuid).
CREATE FUNCTION estimated_rows(query text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE plan json;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::integer;
END
$$;
SELECT estimated_rows($$SELECT * FROM accounts WHERE id = (SELECT id FROM accounts WHERE n = 7)$$) AS eq_subquery,
       estimated_rows($$SELECT * FROM accounts WHERE id = 'prefix_01hk0bsgq0fz6t9h5hs9zwxvw7'$$) AS eq,
       estimated_rows($$SELECT * FROM accounts WHERE id < 'prefix_01hk3t1n000000000000000000'$$) BETWEEN 1 AND 1999 AS range_between,
       estimated_rows($$SELECT * FROM accounts WHERE owner = 'user_01hk0bsgq0fz6t9h5hs9zwxvw7'$$) AS owner_eq;

-- Casts with other types: assignment casts to uuid and ulid, none between two prefixes.
-- (terse: 19 words the hint of this error differently)
\set VERBOSITY terse
SELECT 'prefix_01h455vb4pex5vsknk084sn02q'::prefix_id = 'user_01h455vb4pex5vsknk084sn02q'::app_user;
\set VERBOSITY default
SELECT 'user_01h455vb4pex5vsknk084sn02q'::app_user::prefix_id;
INSERT INTO posts VALUES ('01890a5d-ac96-774b-bcce-b302099a8057'::uuid, '01H455VB4PEX5VSKNK084SN02Q'::ulid);
SELECT id, account FROM posts WHERE id = '01890a5d-ac96-774b-bcce-b302099a8057'::uuid::prefix_id;

-- The general typeid: mixed prefixes, 1 + 16 + prefix bytes, ordered by (prefix, uuid).
CREATE TABLE refs (r typeid PRIMARY KEY);
INSERT INTO refs VALUES ('user_01h455vb4pex5vsknk084sn02q'), ('prefix_01h455vb4pex5vsknk084sn02q'),
    ('prefix_00000000000000000000000000'), ('01h455vb4pex5vsknk084sn02q'), ('user_00000000000000000000000000'),
    ('pre_fix_7zzzzzzzzzzzzzzzzzzzzzzzzz');
SELECT r, typeid_prefix(r), typeid_uuid(r), pg_column_size(r) FROM refs ORDER BY r;
SELECT r FROM refs ORDER BY r DESC LIMIT 2;
SELECT count(DISTINCT r), count(DISTINCT typeid_hash(r)) FROM refs;
SELECT 'user_01h455vb4pex5vsknk084sn02q'::typeid = 'user_01h455vb4pex5vsknk084sn02q',
       'user_01h455vb4pex5vsknk084sn02q'::typeid < 'usera_00000000000000000000000000';
SELECT typeid_send('pre_fix_00000000000000000000000001'::typeid);
-- Casts between typeid and a per-prefix type: checked one way, always the other.
SELECT r::prefix_id FROM refs WHERE typeid_prefix(r) = 'prefix' ORDER BY 1;
SELECT 'user_01h455vb4pex5vsknk084sn02q'::typeid::prefix_id;
SELECT id::typeid, typeid_prefix(id::typeid) FROM accounts WHERE n = 1;
INSERT INTO refs SELECT id FROM accounts WHERE n <= 3;
SELECT count(*) FROM refs WHERE typeid_prefix(r) = 'prefix';
SELECT input_error('user_01h455vb4pex5vsknk084sn02q', 'typeid'), input_error('user_01h455vb4pex5vsknk084sn02q', 'prefix_id');

-- The empty prefix: the 26 digits alone.
SELECT typeid_define('', 'bare_id');
SELECT '01h455vb4pex5vsknk084sn02q'::bare_id, gen_bare_id()::text ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$' AS form;
SELECT 'x_01h455vb4pex5vsknk084sn02q'::bare_id;
SELECT '01890a5d-ac96-774b-bcce-b302099a8057'::bare_id;
SELECT typeid_drop('bare_id');

-- typeid_define: arguments checked; typeid_drop: only what typeid_define made, only unused.
SELECT typeid_define('Bad');
SELECT typeid_define('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk');
SELECT typeid_define('prefix');
SELECT typeid_define(NULL) IS NULL AS strict;
SELECT typeid_drop('uuid');
SELECT typeid_drop('app_user');
DROP TABLE accounts, posts;
-- Found by what they refer to, not by name: a renamed type drops whole.
ALTER TYPE app_user RENAME TO app_member;
SELECT typeid_drop('app_member');
SELECT count(*) AS app_user_objects_left FROM pg_proc WHERE proname IN ('gen_app_user', 'app_user', 'app_user_in');
SELECT typeid_drop('long_prefix_id');
SELECT typname FROM pg_type WHERE typname IN ('prefix_id', 'app_user', 'long_prefix_id');
SELECT count(*) FROM pg_proc WHERE probin LIKE '%uidext' AND pronamespace = 'public'::regnamespace
    AND (proargtypes::text LIKE '%' || 'prefix_id'::regtype::oid || '%' OR prorettype = 'prefix_id'::regtype);
SELECT typeid_drop('prefix_id');
SELECT count(*) AS left_behind FROM pg_proc WHERE probin LIKE '%uidext' AND prosrc IN ('typeid_fixed_in', 'typeid_fixed_out');
SELECT count(*) AS casts_left FROM pg_cast WHERE castsource::regtype::text LIKE '%prefix%' OR casttarget::regtype::text LIKE '%prefix%';
DROP TABLE refs;
DROP FUNCTION input_error(text, regtype), estimated_rows(text);
