-- uidext 1.3 -> 1.4: ALTER EXTENSION uidext UPDATE TO '1.4'.
-- One section per subject; the fresh 1.4 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- A dump beside a user's own uuid_larger, max(uuid), uuid_extract_* restores whole (#30, H1)
-- ---------------------------------------------------------------------------------------------

-- (end of #30 H1)


-- ---------------------------------------------------------------------------------------------
-- typeid_define gives no role more than trusted CREATE EXTENSION would (#30, H2)
-- ---------------------------------------------------------------------------------------------

-- (end of #30 H2)


-- ---------------------------------------------------------------------------------------------
-- Opaque ids: keys from a file, lookups through every key (#30)
-- ---------------------------------------------------------------------------------------------

-- opaque_decode(text): an untyped or text parameter (node-postgres, postgres.js, psycopg 3,
-- SQLAlchemy) resolves to it, where it was ambiguous between (uuid) and (ulid). Reads an opaque
-- uuid's or ulid's text form and returns uuid (a ulid's 16 bytes as they are): it compares with
-- uuid and ulid columns through the cross-type btree operators.
CREATE FUNCTION opaque_decode(text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_opaque_decode_text' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION opaque_decode(text) IS 'the value an opaque id (a uuid''s or a ulid''s text form) was made from, as uuid, under the first key that decodes it to a time in the window; 22P02 for other text';

-- Every key's in-window decode: WHERE id = ANY(opaque_candidates($1)) finds a row whatever key
-- made its id (an index scan on uuid and on ulid columns).
CREATE FUNCTION opaque_candidates(uuid) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'uidext_opaque_candidates_uuid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_candidates(ulid) RETURNS ulid[]
    AS 'MODULE_PATHNAME', 'uidext_opaque_candidates_ulid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_candidates(text) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'uidext_opaque_candidates_text' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION opaque_candidates(uuid) IS 'every UUIDv7 an opaque uuid decodes to under a key, in key order, that lies in the time window: the lookup that survives key rotations';
COMMENT ON FUNCTION opaque_candidates(ulid) IS 'every ulid an opaque ulid decodes to under a key, in key order, that lies in the time window: the lookup that survives key rotations';
COMMENT ON FUNCTION opaque_candidates(text) IS 'opaque_candidates of a uuid''s or a ulid''s text form, as uuid[]; 22P02 for other text';

-- The keys now come from the file named by uidext.opaque_key_file; uidext.opaque_keys is no
-- longer read (any value is discarded). A 1.3 server with keys in it must not lose them
-- silently: say where the setting has a value (never the value).
DO $$
DECLARE
    places text[] := '{}';
BEGIN
    BEGIN
        IF EXISTS (SELECT FROM pg_catalog.pg_file_settings
                   WHERE name = 'uidext.opaque_keys' AND setting <> '' AND sourcefile NOT LIKE '%postgresql.auto.conf') THEN
            places := places || 'postgresql.conf or a file it includes'::text;
        END IF;
        IF EXISTS (SELECT FROM pg_catalog.pg_file_settings
                   WHERE name = 'uidext.opaque_keys' AND setting <> '' AND sourcefile LIKE '%postgresql.auto.conf') THEN
            places := places || 'ALTER SYSTEM (postgresql.auto.conf)'::text;
        END IF;
    EXCEPTION WHEN insufficient_privilege THEN
        places := places || 'perhaps the configuration files (this role cannot read pg_file_settings)'::text;
    END;
    IF EXISTS (SELECT FROM pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) AS c(item)
               WHERE c.item LIKE 'uidext.opaque\_keys=%') THEN
        places := places || 'ALTER DATABASE or ALTER ROLE ... SET (pg_db_role_setting)'::text;
    END IF;
    IF pg_catalog.cardinality(places) > 0 THEN
        RAISE WARNING 'uidext 1.4 no longer reads uidext.opaque_keys, which has a value in: %',
                      pg_catalog.array_to_string(places, '; ')
            USING DETAIL = 'Opaque id keys now come from the file named by uidext.opaque_key_file; until it is set, opaque_encode() and opaque_decode() raise an error.',
                  HINT = 'Move the keys to a file only the server''s operating system user can read (mode 0600), one id:key per line in the same order, set uidext.opaque_key_file to its path, remove uidext.opaque_keys and reload (doc/opaque-ids.md, "Moving from 1.3").';
    END IF;
END
$$;

COMMENT ON FUNCTION opaque_encode(uuid) IS 'opaque public id of a UUIDv7: version 4 looking, keyed permutation (FF1-AES) of its 122 bits under the first key of the key file (uidext.opaque_key_file)';
COMMENT ON FUNCTION opaque_decode(uuid) IS 'the UUIDv7 an opaque id was made from, under the first key of the key file that decodes it to a time in the window; 22P02 for values no key made (lookups: opaque_candidates)';
COMMENT ON FUNCTION opaque_encode(ulid) IS 'opaque public id of a ulid: its 128 bits through AES under the first key of the key file (uidext.opaque_key_file)';
COMMENT ON FUNCTION opaque_decode(ulid) IS 'the ulid an opaque id was made from, under the first key of the key file that decodes it to a time in the window; 22P02 for values no key made (lookups: opaque_candidates)';

-- (end of #30 opaque ids)


-- ---------------------------------------------------------------------------------------------
-- TypeID for client libraries (#31, #32)
-- ---------------------------------------------------------------------------------------------

-- (end of #31, #32)
