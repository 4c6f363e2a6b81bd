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

-- A database restored by 1.3 without ON_ERROR_STOP has uidext's copy where the user's function
-- was, owned by the dump's role (its ALTER FUNCTION ... OWNER TO landed on uidext's), which may
-- have altered it. Take every such C function back as a fresh install has it (owner, STRICT,
-- SECURITY INVOKER, no settings), and say which: the user's own function of that signature was not restored.
DO $$
DECLARE
    f pg_catalog.regprocedure;
    r pg_catalog.regrole;
BEGIN
    FOR f, r IN SELECT p.oid, p.proowner FROM pg_catalog.pg_depend d
        JOIN pg_catalog.pg_proc p ON p.oid = d.objid
        JOIN pg_catalog.pg_language l ON l.oid = p.prolang AND l.lanname = 'c'
        JOIN pg_catalog.pg_roles a ON a.oid = p.proowner AND NOT a.rolsuper
        WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype = 'e'
          AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
          AND d.refobjid = (SELECT e.oid FROM pg_catalog.pg_extension e WHERE e.extname = 'uidext')
        ORDER BY 1
    LOOP
        EXECUTE pg_catalog.format('ALTER FUNCTION %s OWNER TO CURRENT_USER', f);
        EXECUTE pg_catalog.format('ALTER FUNCTION %s STRICT SECURITY INVOKER RESET ALL', f);
        RAISE WARNING 'uidext took back its function % from role %', f, r
            USING DETAIL = 'A restore by uidext 1.3 gave it to that role in place of the role''s own function of that signature, which was not restored.',
                  HINT = 'Create that function again from the dump (uidext 1.4 gives way to it), as a superuser or the extension''s owner.';
    END LOOP;
END
$$;

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
