-- uidext 1.3 -> 1.4: ALTER EXTENSION uidext UPDATE TO '1.4'.
-- One section per subject; the fresh 1.4 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- A dump beside a user's own uuid_larger, max(uuid), uuid_extract_* restores whole (#30, H1)
-- ---------------------------------------------------------------------------------------------

-- pg_dump writes CREATE EXTENSION before a user's own uuid_larger(uuid, uuid), max(uuid),
-- uuid_extract_timestamp(uuid), ... (which uidext skipped beside them), so on restore uidext's
-- copies were there first and the user's CREATE failed. This event trigger removes uidext's copy
-- of such a signature in its schema just before a CREATE FUNCTION, PROCEDURE or AGGREGATE of
-- that signature runs, when the role may drop the extension anyway (a superuser or one with the
-- privileges of its owner) and nothing but uidext's copies depends on it; the refresh then skips
-- it, as after a fresh install beside the user's (src/pg/give_way.cpp). Anyone else's CREATE
-- fails as before. ENABLE ALWAYS: also under session_replication_role = replica.
CREATE FUNCTION uidext_give_way() RETURNS event_trigger
    AS 'MODULE_PATHNAME', 'uidext_give_way' LANGUAGE C STRICT;  -- (no arguments; as every uidext function)
COMMENT ON FUNCTION uidext_give_way() IS 'event trigger: a CREATE of a signature uidext skips beside a user''s (uuid_larger(uuid, uuid), max(uuid), ...) by a superuser or the extension''s owner replaces uidext''s copy (a restored dump)';
CREATE EVENT TRIGGER uidext_give_way ON ddl_command_start
    WHEN TAG IN ('CREATE FUNCTION', 'CREATE PROCEDURE', 'CREATE AGGREGATE')
    EXECUTE FUNCTION uidext_give_way();
ALTER EVENT TRIGGER uidext_give_way ENABLE ALWAYS;
COMMENT ON EVENT TRIGGER uidext_give_way IS 'uidext gives way to a restored dump''s own uuid_larger, max(uuid), uuid_extract_*: see uidext_give_way()';

-- (end of #30 H1)


-- ---------------------------------------------------------------------------------------------
-- typeid_define gives no role more than trusted CREATE EXTENSION would (#30, H2)
-- ---------------------------------------------------------------------------------------------

-- (end of #30 H2)


-- ---------------------------------------------------------------------------------------------
-- Opaque ids: keys from a file, lookups through every key (#30)
-- ---------------------------------------------------------------------------------------------

-- (end of #30 opaque ids)


-- ---------------------------------------------------------------------------------------------
-- TypeID for client libraries (#31, #32)
-- ---------------------------------------------------------------------------------------------

-- (end of #31, #32)


-- ---------------------------------------------------------------------------------------------
-- Last: the objects that depend on the server's major (#21), now under 1.4
-- ---------------------------------------------------------------------------------------------

-- As the last update script, this one runs the refresh: its WARNINGs about what it skips beside
-- a user's objects come once, from the script of the version being installed.
SELECT uidext_catalog_refresh();
