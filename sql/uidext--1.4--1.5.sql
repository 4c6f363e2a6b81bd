-- uidext 1.4 -> 1.5: ALTER EXTENSION uidext UPDATE TO '1.5'.
-- One section per subject; the fresh 1.5 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.5'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- #35: what runs with others' rights (typeid_define's DDL, compat objects, opaque-id keys)
-- ---------------------------------------------------------------------------------------------

-- typeid_define/typeid_drop run their DDL as the bootstrap superuser with search_path =
-- "pg_catalog, pg_temp" (1.4: "<the type's schema>, pg_temp"), so that nothing a role without
-- superuser can create is found by name while it runs (#35 item 1; src/pg/typeid_define.cpp).
-- The DDL these two functions return was schema-qualified already: unchanged.
-- typeid_drop reads the dependents of the type as committed now, whatever the isolation level
-- (#35 item 5): it calls uidext_typeid_remove_ddl under the latest snapshot, which a STABLE
-- function's queries use (a VOLATILE one takes the transaction's, under REPEATABLE READ an old one).
ALTER FUNCTION uidext_typeid_remove_ddl(oid) STABLE;

-- ---------------------------------------------------------------------------------------------
-- #36: keys derived from the old row (ulid_from_legacy, uuidv7_from_legacy, legacy_bigint)
-- ---------------------------------------------------------------------------------------------

-- A key of the row's time and its old key, the same 16 bytes for ulid and uuid (a version 7
-- UUID): milliseconds, the microsecond within the millisecond, then the old key
-- (doc/migrating-keys.md). Deterministic, so a trigger, a backfill and a recheck agree. An int
-- key takes the bigint form through PostgreSQL's implicit int4 -> int8 cast.
CREATE FUNCTION ulid_from_legacy(ts timestamptz, legacy bigint) RETURNS ulid
    AS 'MODULE_PATHNAME', 'uidext_ulid_from_legacy_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7_from_legacy(ts timestamptz, legacy bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv7_from_legacy_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_legacy(ts timestamptz, legacy uuid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'uidext_ulid_from_legacy_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7_from_legacy(ts timestamptz, legacy uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv7_from_legacy_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION legacy_bigint(ulid) RETURNS bigint
    AS 'MODULE_PATHNAME', 'uidext_legacy_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION legacy_bigint(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME', 'uidext_legacy_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_legacy(timestamptz, bigint) IS 'the key of a row keyed by a bigint: ts''s millisecond and microsecond, then the old id (0 to 2^63-1); unique, ordered by (ts, legacy), legacy_bigint gives the id back';
COMMENT ON FUNCTION uuidv7_from_legacy(timestamptz, bigint) IS 'ulid_from_legacy(ts, legacy)::uuid: a version 7 UUID of ts''s millisecond and microsecond, then the old id (0 to 2^63-1)';
COMMENT ON FUNCTION ulid_from_legacy(timestamptz, uuid) IS 'the key of a row keyed by a uuid: ts''s millisecond and microsecond, then 64 bits of the old uuid (all but version and variant of its first 70 bits), ordered by (ts, legacy)';
COMMENT ON FUNCTION uuidv7_from_legacy(timestamptz, uuid) IS 'ulid_from_legacy(ts, legacy)::uuid: a version 7 UUID of ts''s millisecond and microsecond, then 64 bits of the old uuid';
COMMENT ON FUNCTION legacy_bigint(ulid) IS 'the old id in a key made by ulid_from_legacy(ts, bigint); a meaningless number for any other ulid';
COMMENT ON FUNCTION legacy_bigint(uuid) IS 'the old id in a key made by uuidv7_from_legacy(ts, bigint); a meaningless number for any other uuid';

-- ---------------------------------------------------------------------------------------------
-- #36: live key migration's state (uidext-migrate)
-- ---------------------------------------------------------------------------------------------

-- ---------------------------------------------------------------------------------------------
-- #37: per-prefix TypeID input names the expected prefix in every error
-- ---------------------------------------------------------------------------------------------
