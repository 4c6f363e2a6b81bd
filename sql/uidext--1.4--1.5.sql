-- uidext 1.4 -> 1.5: ALTER EXTENSION uidext UPDATE TO '1.5'.
-- One section per subject; the fresh 1.5 install script is the 1.0 script followed by every
-- update script (Makefile), so whatever is added here is in both.
\echo Use "ALTER EXTENSION uidext UPDATE TO '1.5'" to load this file. \quit

-- ---------------------------------------------------------------------------------------------
-- #35: what runs with others' rights (typeid_define's DDL, compat objects, opaque-id keys)
-- ---------------------------------------------------------------------------------------------

-- No event trigger, and nothing of uidext takes a name that core or users own (#35 item 2, L1).
-- 1.4's event trigger made every CREATE FUNCTION in the database call uidext's library and gave
-- way only to some restoring roles. uidext's copies of core's uuid_larger, uuid_smaller,
-- min(uuid), max(uuid), uuid_extract_version and uuid_extract_timestamp move to the opt-in
-- extension uidext_compat (sql/uidext_compat--1.0.sql), so a database's own polyfills of them
-- never meet uidext's on restore. First, before anything here creates a function: the trigger
-- (the library keeps a do-nothing uidext_give_way only for catalogs not yet updated).
DROP EVENT TRIGGER uidext_give_way;
DROP FUNCTION uidext_give_way();
-- No comment on the extension (uidext.control): pg_dump writes COMMENT ON EXTENSION, which only
-- the extension's owner may run, so a database owner's restore into a database where a DBA
-- installed uidext stopped there.
COMMENT ON EXTENSION uidext IS NULL;

-- L1: take back every member that a role other than a superuser owns, whatever its kind, as a
-- fresh install has it (a restore by 1.3 handed uidext's copy of a function or aggregate the dump
-- had to the dump's role, which may have altered it; 1.4 took back only C functions). Routines
-- also get SECURITY INVOKER and no settings back, C functions STRICT (as every uidext function
-- is). Privileges the owner granted stay, now granted by the new owner.
DO $$
DECLARE
    m record;
BEGIN
    FOR m IN
        SELECT d.classid, d.objid, i.type, i.identity, o.owner::pg_catalog.regrole AS owner,
               pg_catalog.pg_describe_object(d.classid, d.objid, 0) AS description,
               p.prokind, l.lanname
        FROM pg_catalog.pg_depend d
        CROSS JOIN LATERAL pg_catalog.pg_identify_object(d.classid, d.objid, 0) i
        CROSS JOIN LATERAL (SELECT CASE d.classid
            WHEN 'pg_catalog.pg_proc'::pg_catalog.regclass THEN (SELECT x.proowner FROM pg_catalog.pg_proc x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_type'::pg_catalog.regclass THEN (SELECT x.typowner FROM pg_catalog.pg_type x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_operator'::pg_catalog.regclass THEN (SELECT x.oprowner FROM pg_catalog.pg_operator x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_opclass'::pg_catalog.regclass THEN (SELECT x.opcowner FROM pg_catalog.pg_opclass x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_opfamily'::pg_catalog.regclass THEN (SELECT x.opfowner FROM pg_catalog.pg_opfamily x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_class'::pg_catalog.regclass THEN (SELECT x.relowner FROM pg_catalog.pg_class x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_namespace'::pg_catalog.regclass THEN (SELECT x.nspowner FROM pg_catalog.pg_namespace x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_collation'::pg_catalog.regclass THEN (SELECT x.collowner FROM pg_catalog.pg_collation x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_conversion'::pg_catalog.regclass THEN (SELECT x.conowner FROM pg_catalog.pg_conversion x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_ts_dict'::pg_catalog.regclass THEN (SELECT x.dictowner FROM pg_catalog.pg_ts_dict x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_ts_config'::pg_catalog.regclass THEN (SELECT x.cfgowner FROM pg_catalog.pg_ts_config x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_statistic_ext'::pg_catalog.regclass THEN (SELECT x.stxowner FROM pg_catalog.pg_statistic_ext x WHERE x.oid = d.objid)
            WHEN 'pg_catalog.pg_event_trigger'::pg_catalog.regclass THEN (SELECT x.evtowner FROM pg_catalog.pg_event_trigger x WHERE x.oid = d.objid)
            END AS owner) o
        JOIN pg_catalog.pg_roles r ON r.oid = o.owner AND NOT r.rolsuper
        LEFT JOIN pg_catalog.pg_proc p ON d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND p.oid = d.objid
        LEFT JOIN pg_catalog.pg_language l ON l.oid = p.prolang
        WHERE d.deptype = 'e' AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
          AND d.refobjid = (SELECT e.oid FROM pg_catalog.pg_extension e WHERE e.extname = 'uidext')
          -- An array type or a table's row type (members from 17 and 18) follows its type's or
          -- table's owner, and has no ALTER of its own ("ALTER TYPE public.typeid[]" is no syntax).
          AND NOT (d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
                   AND EXISTS (SELECT FROM pg_catalog.pg_type x WHERE x.oid = d.objid
                               AND (x.typrelid <> 0 OR EXISTS (SELECT FROM pg_catalog.pg_type e WHERE e.typarray = x.oid))))
        ORDER BY 6
    LOOP
        -- (pg_identify_object's type is the statement's keyword: function, aggregate, type,
        -- operator, operator class, operator family, table, ...)
        EXECUTE pg_catalog.format('ALTER %s %s OWNER TO CURRENT_USER', pg_catalog.upper(m.type), m.identity);
        IF m.prokind IN ('f', 'p') THEN
            EXECUTE pg_catalog.format('ALTER %s %s %sSECURITY INVOKER RESET ALL', pg_catalog.upper(m.type), m.identity,
                                      CASE WHEN m.prokind = 'f' AND m.lanname = 'c' THEN 'STRICT ' ELSE '' END);
        END IF;
        RAISE WARNING 'uidext took back its % from role %', m.description, m.owner
            USING DETAIL = 'A member of uidext belongs to a superuser; a restore by uidext 1.3 gave it to that role in place of the role''s own object of that name, which was not restored.',
                  HINT = 'If that role had its own object of that name, create it again from the dump (after this update uidext has no object of a name core or a user owns).';
    END LOOP;
END
$$;

-- The six move out. What nothing else uses is dropped; what a view, a column's expression, an
-- index or another object uses stays where it is, detached (ALTER EXTENSION uidext DROP), with
-- the transition function of an aggregate that stays. An update script cannot run CREATE
-- EXTENSION: the WARNINGs say to run CREATE EXTENSION uidext_compat, which adopts exactly these
-- detached copies (and creates the others), so that afterwards the database has uidext and
-- uidext_compat as fresh installs have them.
DO $$
DECLARE
    ext pg_catalog.oid := (SELECT e.oid FROM pg_catalog.pg_extension e WHERE e.extname = 'uidext');
    schema_name text := (SELECT pg_catalog.quote_ident(n.nspname) FROM pg_catalog.pg_extension e
                         JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'uidext');
    six pg_catalog.oid[];
    kept pg_catalog.oid[];
    f pg_catalog.oid;
    dropped text := '';
    detached text := '';
    used_by text := '';
BEGIN
    -- uidext's members of exactly these signatures in its schema (a user's are not members).
    SELECT pg_catalog.array_agg(p.oid) INTO six
    FROM pg_catalog.unnest(ARRAY['uuid_extract_version(pg_catalog.uuid)', 'uuid_extract_timestamp(pg_catalog.uuid)',
                                 'uuid_larger(pg_catalog.uuid, pg_catalog.uuid)', 'uuid_smaller(pg_catalog.uuid, pg_catalog.uuid)',
                                 'min(pg_catalog.uuid)', 'max(pg_catalog.uuid)']) s (signature)
    CROSS JOIN LATERAL pg_catalog.to_regprocedure(schema_name || '.' || s.signature) p (oid)
    WHERE p.oid IS NOT NULL AND EXISTS (SELECT FROM pg_catalog.pg_depend d WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
        AND d.objid = p.oid AND d.deptype = 'e' AND d.refobjid = ext);
    IF six IS NULL THEN
        RETURN;
    END IF;
    -- Used by anything but one another.
    SELECT pg_catalog.array_agg(DISTINCT d.refobjid), pg_catalog.string_agg(DISTINCT pg_catalog.format('%s uses %s',
               pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), d.refobjid::pg_catalog.regprocedure), '; ')
    INTO kept, used_by
    FROM pg_catalog.pg_depend d
    WHERE d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.refobjid = ANY (six) AND d.deptype IN ('n', 'a')
      AND NOT (d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = ANY (six));
    -- An aggregate that stays keeps its transition and combine functions.
    kept := pg_catalog.array_cat(kept, (SELECT pg_catalog.array_agg(x) FROM pg_catalog.pg_aggregate a,
        LATERAL pg_catalog.unnest(ARRAY[a.aggtransfn::pg_catalog.oid, a.aggcombinefn::pg_catalog.oid]) x
        WHERE a.aggfnoid = ANY (coalesce(kept, '{}')) AND x = ANY (six)));
    -- Aggregates before the functions they call.
    FOR f IN SELECT p.oid FROM pg_catalog.pg_proc p WHERE p.oid = ANY (six) ORDER BY p.prokind = 'a' DESC, p.proname
    LOOP
        IF f = ANY (coalesce(kept, '{}')) THEN
            EXECUTE pg_catalog.format('ALTER EXTENSION uidext DROP %s %s',
                                      CASE WHEN (SELECT p.prokind FROM pg_catalog.pg_proc p WHERE p.oid = f) = 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END,
                                      f::pg_catalog.regprocedure);
            detached := detached || CASE WHEN detached = '' THEN '' ELSE ', ' END || f::pg_catalog.regprocedure::text;
        ELSE
            dropped := dropped || CASE WHEN dropped = '' THEN '' ELSE ', ' END || f::pg_catalog.regprocedure::text;
            EXECUTE pg_catalog.format('DROP %s %s',
                                      CASE WHEN (SELECT p.prokind FROM pg_catalog.pg_proc p WHERE p.oid = f) = 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END,
                                      f::pg_catalog.regprocedure);
        END IF;
    END LOOP;
    IF detached <> '' THEN
        RAISE WARNING 'uidext 1.5 left % in schema % outside any extension: other objects use them', detached, schema_name
            USING DETAIL = used_by || '. These are uidext_compat''s from 1.5 (core''s names: uidext has no object of a name core or a user owns).',
                  HINT = pg_catalog.format('Run CREATE EXTENSION uidext_compat SCHEMA %s: it adopts them (doc/upgrading.md).', schema_name);
    END IF;
    IF dropped <> '' THEN
        RAISE WARNING 'uidext 1.5 dropped %: nothing in the database used them', dropped
            USING DETAIL = 'These are uidext_compat''s from 1.5 (core''s names: uidext has no object of a name core or a user owns).',
                  HINT = pg_catalog.format('If queries or functions call them, run CREATE EXTENSION uidext_compat SCHEMA %s (doc/upgrading.md).', schema_name);
    END IF;
END
$$;


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
-- Not here: the state table is extension uidext_migrate's (sql/uidext_migrate--1.0.sql).

-- ---------------------------------------------------------------------------------------------
-- #37: per-prefix TypeID input names the expected prefix in every error
-- ---------------------------------------------------------------------------------------------

-- ---------------------------------------------------------------------------------------------
-- Last, after every section above (1.3 -> 1.4 did so before): the version-dependent objects this
-- server supports, with the WARNINGs about a user's object in the way said once, at the newest
-- version (catalog_refresh.cpp). It no longer creates the six (catalog_items.hpp).
-- ---------------------------------------------------------------------------------------------
SELECT uidext_catalog_refresh();
