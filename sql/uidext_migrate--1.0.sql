-- uidext_migrate 1.0: the state of uidext-migrate's live key migrations (#36), one row each,
-- which any process resumes from (src/migrate/state.cpp). uidext 1.5's unreleased update script
-- had it as uidext's member table uidext_migration, in the application's schema (usually
-- public), where schema tools saw it as one of the application's tables; here it is
-- uidext_migrate.migration, in a schema of its own as pg_repack's `repack`.
\echo Use "CREATE EXTENSION uidext_migrate" to load this file. \quit

-- A plain CREATE SCHEMA, no existence test: a schema of that name that anyone else created (a
-- role with CREATE on the database may create one before a DBA installs this) must make
-- CREATE EXTENSION fail, never host our table. Created here, the schema is an extension member owned by the installing
-- superuser (the bootstrap superuser in a trusted install), which no one else can alter or
-- drop, and pg_dump leaves it to CREATE EXTENSION.
CREATE SCHEMA uidext_migrate;
COMMENT ON SCHEMA uidext_migrate IS 'uidext-migrate''s state (extension uidext_migrate)';
GRANT USAGE ON SCHEMA uidext_migrate TO PUBLIC;

-- Only OIDs and attribute numbers name the migrated objects: the program rebuilds every
-- identifier from the catalog and never runs SQL text read from here.
-- refs: one object a referencing column ({"rel","att","con","new_att","new_con",...});
-- detail: progress, timings and the names the swap replaced (quoted again on every use).
-- Every name is qualified: nothing another role created is looked up while this runs.
CREATE TABLE uidext_migrate.migration (
    -- An identity that no one but its owner may set (the column privileges below): a role
    -- cannot plant rows at ids that the sequence will give another role's plan later. Its
    -- sequence, in this schema, is out of schema tools' sight as the table is.
    id pg_catalog.int8 GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    relid pg_catalog.oid NOT NULL,
    key_att pg_catalog.int2 NOT NULL,
    time_att pg_catalog.int2 NOT NULL,
    into_type pg_catalog.text NOT NULL CHECK (into_type OPERATOR(pg_catalog.=) ANY (ARRAY['ulid', 'uuidv7']::pg_catalog.text[])),
    from_uuid pg_catalog.bool NOT NULL,
    phase pg_catalog.text NOT NULL DEFAULT 'planned'
        CHECK (phase OPERATOR(pg_catalog.=) ANY (ARRAY['planned', 'prepare', 'backfill', 'index', 'validate', 'swap',
                                                       'swapped', 'finished', 'aborted', 'reverted']::pg_catalog.text[])),
    new_att pg_catalog.int2,
    refs pg_catalog.jsonb NOT NULL DEFAULT '[]',
    detail pg_catalog.jsonb NOT NULL DEFAULT '{}',
    planned_by pg_catalog.name NOT NULL DEFAULT CURRENT_USER,
    planned_at pg_catalog.timestamptz NOT NULL DEFAULT pg_catalog.now(),
    updated_at pg_catalog.timestamptz NOT NULL DEFAULT pg_catalog.now()
);
COMMENT ON TABLE uidext_migrate.migration IS 'uidext-migrate: state of live key migrations (one row each)';
-- At most one unfinished migration a table.
CREATE UNIQUE INDEX migration_active ON uidext_migrate.migration (relid)
    WHERE phase OPERATOR(pg_catalog.<>) ALL (ARRAY['finished', 'aborted', 'reverted']::pg_catalog.text[]);
-- A row is visible to, and changeable by, only the roles that have the privileges of the
-- migrated table's owner (the migration runs as that owner), never to a third party planning a
-- migration of someone else's table. The table's owner (a superuser) is not subject to it.
ALTER TABLE uidext_migrate.migration ENABLE ROW LEVEL SECURITY;
CREATE POLICY migration_table_owner ON uidext_migrate.migration
    USING (pg_catalog.pg_has_role((SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relid), 'USAGE'))
    WITH CHECK (pg_catalog.pg_has_role((SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relid), 'USAGE'));
-- Column privileges: a plan gives the five columns that describe it (the rest are defaults: its
-- id, planned_by); a run or a command changes only the progress columns.
GRANT SELECT, DELETE ON uidext_migrate.migration TO PUBLIC;
GRANT INSERT (relid, key_att, time_att, into_type, from_uuid) ON uidext_migrate.migration TO PUBLIC;
GRANT UPDATE (phase, new_att, refs, detail, updated_at) ON uidext_migrate.migration TO PUBLIC;
-- The rows are not dumped (no pg_extension_config_dump): they name tables, columns and
-- constraints by OID, which a restore does not keep.
