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

-- ---------------------------------------------------------------------------------------------
-- #36: live key migration's state (uidext-migrate)
-- ---------------------------------------------------------------------------------------------

-- ---------------------------------------------------------------------------------------------
-- #37: per-prefix TypeID input names the expected prefix in every error
-- ---------------------------------------------------------------------------------------------
