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

-- (end of #30 opaque ids)


-- ---------------------------------------------------------------------------------------------
-- TypeID for client libraries (#31, #32)
-- ---------------------------------------------------------------------------------------------

-- (end of #31, #32)
