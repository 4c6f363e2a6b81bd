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

-- ---------------------------------------------------------------------------------------------
-- #36: live key migration's state (uidext-migrate)
-- ---------------------------------------------------------------------------------------------

-- ---------------------------------------------------------------------------------------------
-- #37: per-prefix TypeID input names the expected prefix in every error
-- ---------------------------------------------------------------------------------------------
