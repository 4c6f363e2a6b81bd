-- uidext 1.2 -> 1.3: ALTER EXTENSION uidext UPDATE TO '1.3'.
-- One section per subject; the fresh 1.3 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.3'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- One catalog on every major (#21)
-- ---------------------------------------------------------------------------------------------

-- (end of #21)


-- ---------------------------------------------------------------------------------------------
-- Input errors and partitioning (#24)
-- ---------------------------------------------------------------------------------------------

-- (end of #24)


-- ---------------------------------------------------------------------------------------------
-- TypeID (#26)
-- ---------------------------------------------------------------------------------------------

-- (end of #26)


-- ---------------------------------------------------------------------------------------------
-- Opaque public ids (#27)
-- ---------------------------------------------------------------------------------------------

-- A UUIDv7 shown as a value that looks like a UUIDv4 (FF1 over its 122 free bits), a ulid as
-- 128 bits through AES, under the keys of uidext.opaque_keys (doc/opaque-ids.md). STABLE: the
-- result depends on that setting; not LEAKPROOF: they raise errors that name their input.
CREATE FUNCTION opaque_encode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_opaque_encode_uuid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_decode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_opaque_decode_uuid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_encode(ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'uidext_opaque_encode_ulid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_decode(ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'uidext_opaque_decode_ulid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION opaque_encode(uuid) IS 'opaque public id of a UUIDv7: version 4 looking, keyed permutation (FF1-AES) of its 122 bits under the first key of uidext.opaque_keys';
COMMENT ON FUNCTION opaque_decode(uuid) IS 'the UUIDv7 an opaque id was made from, under any key of uidext.opaque_keys; 22P02 for values no key made';
COMMENT ON FUNCTION opaque_encode(ulid) IS 'opaque public id of a ulid: its 128 bits through AES under the first key of uidext.opaque_keys';
COMMENT ON FUNCTION opaque_decode(ulid) IS 'the ulid an opaque id was made from, under any key of uidext.opaque_keys; 22P02 for values no key made';

-- (end of #27)
