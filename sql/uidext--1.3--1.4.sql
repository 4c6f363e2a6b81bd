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

-- (end of #30 opaque ids)


-- ---------------------------------------------------------------------------------------------
-- TypeID for client libraries (#31, #32)
-- ---------------------------------------------------------------------------------------------

-- (end of #31, #32)
