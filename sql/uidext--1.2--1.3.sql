-- uidext 1.2 -> 1.3: ALTER EXTENSION uidext UPDATE TO '1.3'.
-- One section per subject; the fresh 1.3 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.3'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- One catalog on every major (#21)
-- ---------------------------------------------------------------------------------------------

-- Every object uidext has on some major it has on all of them, in its own schema, beside core's
-- of the same name in pg_catalog (which unqualified calls find first): a dump names uidext's
-- with their schema, so what a database used on an older major must exist on every newer one.
-- uidext_catalog_refresh() (src/pg/catalog_items.hpp) now creates on every major
-- uuid_extract_version/timestamp(uuid) (1.1 and 1.2 created them below 17 only, and their
-- refresh dropped them on 17+) and uuid_larger, uuid_smaller, min(uuid), max(uuid) (created only
-- while pg_catalog lacked them), and never drops anything. It skips, with a WARNING naming it,
-- any of them whose exact signature exists in the schema and is not uidext's (an application's
-- polyfill), and never adds to an operator family that is not uidext's. It also adds what this
-- major makes possible and the 1.1 -> 1.2 update left out after pg_upgrade (the (ulid, ulid)
-- skip support on 18+). As the last update script, this one runs it.
COMMENT ON FUNCTION uidext_catalog_refresh() IS 'adds the objects this server supports and the extension lacks (run after pg_upgrade); never drops one, never touches an object that is not a member of uidext (a WARNING names it); returns what it changed';
SELECT uidext_catalog_refresh();

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

-- (end of #27)
