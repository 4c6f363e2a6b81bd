-- uidext 1.4 -> 1.5: ALTER EXTENSION uidext UPDATE TO '1.5'.
-- One section per subject; the fresh 1.5 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.5'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- #35: what runs with others' rights (typeid_define's DDL, compat objects, opaque-id keys)
-- ---------------------------------------------------------------------------------------------

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
-- One row a migration, written by the uidext-migrate client program (src/migrate/), which any
-- process can resume from. Only OIDs and attribute numbers name the migrated objects: the
-- program rebuilds every identifier from the catalog and never runs SQL text read from here.
-- refs: one object a referencing column ({"rel","att","con","new_att","new_con",...});
-- detail: progress, timings and the names the swap replaced (quoted again on every use).
CREATE TABLE uidext_migration (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    relid oid NOT NULL,
    key_att smallint NOT NULL,
    time_att smallint NOT NULL,
    into_type text NOT NULL CHECK (into_type IN ('ulid', 'uuidv7')),
    from_uuid boolean NOT NULL,
    phase text NOT NULL DEFAULT 'planned'
        CHECK (phase IN ('planned', 'prepare', 'backfill', 'index', 'validate', 'swap', 'swapped',
                         'finished', 'aborted', 'reverted')),
    new_att smallint,
    refs jsonb NOT NULL DEFAULT '[]',
    detail jsonb NOT NULL DEFAULT '{}',
    planned_by name NOT NULL DEFAULT current_user,
    planned_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE uidext_migration IS 'uidext-migrate: state of live key migrations (one row each)';
-- At most one unfinished migration a table.
CREATE UNIQUE INDEX uidext_migration_active ON uidext_migration (relid)
    WHERE phase NOT IN ('finished', 'aborted', 'reverted');
-- The extension's owner (often a superuser) owns the table; a row is visible to, and changeable
-- by, only the roles that have the privileges of the migrated table's owner (the migration runs
-- as that owner), never to a third party planning a migration of someone else's table.
ALTER TABLE uidext_migration ENABLE ROW LEVEL SECURITY;
CREATE POLICY uidext_migration_table_owner ON uidext_migration
    USING (pg_catalog.pg_has_role((SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = relid), 'USAGE'))
    WITH CHECK (pg_catalog.pg_has_role((SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = relid), 'USAGE'));
GRANT SELECT, INSERT, UPDATE, DELETE ON uidext_migration TO PUBLIC;

-- ---------------------------------------------------------------------------------------------
-- #37: per-prefix TypeID input names the expected prefix in every error
-- ---------------------------------------------------------------------------------------------
