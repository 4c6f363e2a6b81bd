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

-- typeid_define and typeid_drop (C) check the caller (CREATE on the database, as trusted CREATE
-- EXTENSION needs; CREATE on the schema, or owning the type), then call these two by OID to get
-- the fixed DDL as text, and run it as the bootstrap superuser with search_path = "<the type's
-- schema>, pg_temp", as PostgreSQL runs a trusted extension's script (src/pg/typeid_define.cpp,
-- doc/typeid.md "Security"). The functions only read catalogs, under their own pinned
-- search_path; every name in the DDL they return is schema-qualified, so the path it runs under
-- cannot redirect it. They replace 1.3's uidext_typeid_create/uidext_typeid_remove, which ran the
-- DDL themselves with search_path = pg_catalog, pg_temp (an audit event trigger then wrote into
-- the caller's temporary tables as superuser).
DROP FUNCTION uidext_typeid_create(oid, text, text, oid);
DROP FUNCTION uidext_typeid_remove(oid);

CREATE FUNCTION uidext_typeid_create_ddl(schema_oid oid, prefix text, type_name text, owner oid) RETURNS text[]
LANGUAGE plpgsql VOLATILE STRICT SET search_path = pg_catalog, pg_temp AS $body$
DECLARE
    lib constant text := 'MODULE_PATHNAME';
    ext constant text := (SELECT quote_ident(n.nspname) FROM pg_extension e
                          JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'uidext');
    s constant text := (SELECT quote_ident(nspname) FROM pg_namespace WHERE oid = schema_oid);
    t constant text := s || '.' || quote_ident(type_name);
    ops constant text := type_name || '_ops';
    -- The prefix is the name of the output function's parameter (unnamed when empty).
    out_arg constant text := CASE WHEN prefix = '' THEN '' ELSE quote_ident(prefix) || ' ' END;
    c constant text := 'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE';
    ddl text[] := '{}';
    op record;
    am text;
    taken text;
BEGIN
    -- Never join what is not the type's own: CREATE OPERATOR CLASS would add to an existing
    -- family of that name (typeid_define('isnx', 'isn') joined isn's isn_ops in 1.3).
    FOREACH am IN ARRAY ARRAY['btree', 'hash', 'brin'] LOOP
        SELECT format('operator family %s.%I for access method %s', s, ops, am) INTO taken
        FROM pg_opfamily f WHERE f.opfnamespace = schema_oid AND f.opfname = ops
          AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = am)
        UNION ALL
        SELECT format('operator class %s.%I for access method %s', s, ops, am)
        FROM pg_opclass c WHERE c.opcnamespace = schema_oid AND c.opcname = ops
          AND c.opcmethod = (SELECT oid FROM pg_am WHERE amname = am)
        LIMIT 1;
        IF taken IS NOT NULL THEN
            RAISE EXCEPTION '% already exists', taken USING ERRCODE = 'duplicate_object',
                DETAIL = format('typeid_define names the operator classes and families of type %s "%s".', t, ops),
                HINT = 'Pass another type name: typeid_define(prefix, type_name).';
        END IF;
    END LOOP;
    -- The functions named after the type: CREATE FUNCTION would fail, say which and why.
    SELECT p.oid::regprocedure::text INTO taken FROM pg_proc p
    WHERE p.pronamespace = schema_oid AND p.proname IN ('gen_' || type_name, type_name || '_in', type_name || '_recv', type_name)
    LIMIT 1;
    IF taken IS NOT NULL THEN
        RAISE EXCEPTION 'function % already exists', taken USING ERRCODE = 'duplicate_function',
            DETAIL = format('typeid_define creates the functions %s, %s, %s and %s.',
                            'gen_' || type_name, type_name || '_in', type_name || '_recv', type_name),
            HINT = 'Pass another type name: typeid_define(prefix, type_name).';
    END IF;

    ddl := ddl || format('CREATE TYPE %s', t);
    ddl := ddl || format('CREATE FUNCTION %s.%I(pg_catalog.cstring) RETURNS %s AS %L, %L %s',
                         s, type_name || '_in', t, lib, 'typeid_fixed_in', c);
    ddl := ddl || format('CREATE FUNCTION %s.typeid_out(%s%s) RETURNS pg_catalog.cstring AS %L, %L %s',
                         s, out_arg, t, lib, 'typeid_fixed_out', c);
    ddl := ddl || format('CREATE FUNCTION %s.%I(pg_catalog.internal) RETURNS %s AS %L, %L %s',
                         s, type_name || '_recv', t, lib, 'ulid_recv', c);
    ddl := ddl || format('CREATE FUNCTION %s.typeid_send(%s) RETURNS pg_catalog.bytea AS %L, %L %s',
                         s, t, lib, 'ulid_send', c);
    ddl := ddl || format('CREATE TYPE %1$s (INPUT = %2$s.%3$I, OUTPUT = %2$s.typeid_out, RECEIVE = %2$s.%4$I, '
                         'SEND = %2$s.typeid_send, INTERNALLENGTH = 16, ALIGNMENT = char, STORAGE = plain, '
                         'CATEGORY = %5$L)', t, s, type_name || '_in', type_name || '_recv', 'U');
    ddl := ddl || format('COMMENT ON TYPE %s IS %L', t,
                         format('TypeID with prefix "%s" in 16 bytes (a uuid), made by typeid_define()', prefix));

    -- Comparison, hashing and min/max: the C functions of ulid (the same bytes and order).
    FOR op IN SELECT * FROM (VALUES ('eq'), ('ne'), ('lt'), ('le'), ('gt'), ('ge')) AS o(name) LOOP
        ddl := ddl || format('CREATE FUNCTION %1$s.typeid_%2$s(%3$s, %3$s) RETURNS pg_catalog.bool AS %4$L, %5$L %6$s '
                             'LEAKPROOF', s, op.name, t, lib, 'ulid_' || op.name, c);
    END LOOP;
    ddl := ddl || format('CREATE FUNCTION %1$s.typeid_cmp(%2$s, %2$s) RETURNS pg_catalog.int4 AS %3$L, %4$L %5$s '
                         'LEAKPROOF', s, t, lib, 'ulid_cmp', c);
    ddl := ddl || format('CREATE FUNCTION %s.typeid_hash(%s) RETURNS pg_catalog.int4 AS %L, %L %s LEAKPROOF',
                         s, t, lib, 'ulid_hash', c);
    ddl := ddl || format('CREATE FUNCTION %s.typeid_hash_extended(%s, pg_catalog.int8) RETURNS pg_catalog.int8 '
                         'AS %L, %L %s LEAKPROOF', s, t, lib, 'ulid_hash_extended', c);
    ddl := ddl || format('CREATE FUNCTION %1$s.typeid_smaller(%2$s, %2$s) RETURNS %2$s AS %3$L, %4$L %5$s',
                         s, t, lib, 'ulid_smaller', c);
    ddl := ddl || format('CREATE FUNCTION %1$s.typeid_larger(%2$s, %2$s) RETURNS %2$s AS %3$L, %4$L %5$s',
                         s, t, lib, 'ulid_larger', c);

    FOR op IN SELECT * FROM (VALUES
            ('=', 'eq', '=', '<>', 'eqsel', 'eqjoinsel', ', HASHES, MERGES'),
            ('<>', 'ne', '<>', '=', 'neqsel', 'neqjoinsel', ''),
            ('<', 'lt', '>', '>=', 'scalarltsel', 'scalarltjoinsel', ''),
            ('<=', 'le', '>=', '>', 'scalarlesel', 'scalarlejoinsel', ''),
            ('>', 'gt', '<', '<=', 'scalargtsel', 'scalargtjoinsel', ''),
            ('>=', 'ge', '<=', '<', 'scalargesel', 'scalargejoinsel', ''))
            AS o(oper, name, commutator, negator, restrict, joinsel, extra) LOOP
        ddl := ddl || format('CREATE OPERATOR %1$s.%3$s (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_%4$s, '
                             'COMMUTATOR = OPERATOR(%1$s.%5$s), NEGATOR = OPERATOR(%1$s.%6$s), '
                             'RESTRICT = pg_catalog.%7$s, JOIN = pg_catalog.%8$s%9$s)',
                             s, t, op.oper, op.name, op.commutator, op.negator, op.restrict, op.joinsel, op.extra);
    END LOOP;

    -- One operator family and class per access method, all named <type>_ops; each family
    -- created first, so that an existing one is an error, never joined.
    FOREACH am IN ARRAY ARRAY['btree', 'hash', 'brin'] LOOP
        ddl := ddl || format('CREATE OPERATOR FAMILY %s.%I USING %s', s, ops, am);
    END LOOP;
    ddl := ddl || format('CREATE OPERATOR CLASS %1$s.%3$I DEFAULT FOR TYPE %2$s USING btree FAMILY %1$s.%3$I AS '
                         'OPERATOR 1 %1$s.<, OPERATOR 2 %1$s.<=, OPERATOR 3 %1$s.=, OPERATOR 4 %1$s.>=, '
                         'OPERATOR 5 %1$s.>, FUNCTION 1 %1$s.typeid_cmp(%2$s, %2$s), '
                         'FUNCTION 2 %4$s.ulid_sortsupport(pg_catalog.internal), '
                         'FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid)', s, t, ops, ext);
    IF current_setting('server_version_num')::integer >= 180000 THEN
        ddl := ddl || format('ALTER OPERATOR FAMILY %1$s.%3$I USING btree ADD FUNCTION 6 (%2$s, %2$s) '
                             '%4$s.ulid_skipsupport(pg_catalog.internal)', s, t, ops, ext);
    END IF;
    ddl := ddl || format('CREATE OPERATOR CLASS %1$s.%3$I DEFAULT FOR TYPE %2$s USING hash FAMILY %1$s.%3$I AS '
                         'OPERATOR 1 %1$s.=, FUNCTION 1 %1$s.typeid_hash(%2$s), '
                         'FUNCTION 2 %1$s.typeid_hash_extended(%2$s, pg_catalog.int8)', s, t, ops);
    ddl := ddl || format('CREATE OPERATOR CLASS %1$s.%3$I DEFAULT FOR TYPE %2$s USING brin FAMILY %1$s.%3$I AS '
                         'OPERATOR 1 %1$s.<, OPERATOR 2 %1$s.<=, OPERATOR 3 %1$s.=, OPERATOR 4 %1$s.>=, '
                         'OPERATOR 5 %1$s.>, FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal), '
                         'FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, '
                         'pg_catalog.internal, pg_catalog.internal), '
                         'FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, '
                         'pg_catalog.internal), '
                         'FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, '
                         'pg_catalog.internal)', s, t, ops);

    ddl := ddl || format('CREATE AGGREGATE %1$s.min(%2$s) (SFUNC = %1$s.typeid_smaller, STYPE = %2$s, '
                         'COMBINEFUNC = %1$s.typeid_smaller, SORTOP = OPERATOR(%1$s.<), PARALLEL = SAFE)', s, t);
    ddl := ddl || format('CREATE AGGREGATE %1$s.max(%2$s) (SFUNC = %1$s.typeid_larger, STYPE = %2$s, '
                         'COMBINEFUNC = %1$s.typeid_larger, SORTOP = OPERATOR(%1$s.>), PARALLEL = SAFE)', s, t);

    -- Casts: the same 16 bytes as uuid and ulid; to and from the general typeid (checked).
    ddl := ddl || format('CREATE CAST (%s AS pg_catalog.uuid) WITHOUT FUNCTION AS ASSIGNMENT', t);
    ddl := ddl || format('CREATE CAST (pg_catalog.uuid AS %s) WITHOUT FUNCTION AS ASSIGNMENT', t);
    ddl := ddl || format('CREATE CAST (%s AS %s.ulid) WITHOUT FUNCTION AS ASSIGNMENT', t, ext);
    ddl := ddl || format('CREATE CAST (%s.ulid AS %s) WITHOUT FUNCTION AS ASSIGNMENT', ext, t);
    ddl := ddl || format('CREATE FUNCTION %s.typeid(%s) RETURNS %s.typeid AS %L, %L %s',
                         s, t, ext, lib, 'typeid_from_fixed', c);
    ddl := ddl || format('CREATE FUNCTION %s.%I(%s.typeid) RETURNS %s AS %L, %L %s',
                         s, type_name, ext, t, lib, 'typeid_to_fixed', c);
    ddl := ddl || format('CREATE CAST (%1$s AS %2$s.typeid) WITH FUNCTION %3$s.typeid(%1$s) AS ASSIGNMENT', t, ext, s);
    ddl := ddl || format('CREATE CAST (%2$s.typeid AS %1$s) WITH FUNCTION %3$s.%4$I(%2$s.typeid) AS ASSIGNMENT',
                         t, ext, s, type_name);

    -- The generator: uidext's uuidv7().
    ddl := ddl || format('CREATE FUNCTION %s.%I() RETURNS %s AS %L, %L LANGUAGE C VOLATILE STRICT PARALLEL SAFE',
                         s, 'gen_' || type_name, t, lib, 'uidext_uuidv7');
    ddl := ddl || format('COMMENT ON FUNCTION %s.%I() IS %L', s, 'gen_' || type_name,
                         format('new %s: a UUIDv7 shown as %s_<26 base32 digits>', type_name, prefix));

    -- The caller owns the type (and may drop it with typeid_drop); its C functions stay the
    -- superuser's, so nobody else can alter them (ALTER FUNCTION ... CALLED ON NULL INPUT).
    ddl := ddl || format('ALTER TYPE %s OWNER TO %s', t, owner::regrole);
    RETURN ddl;
END
$body$;
REVOKE ALL ON FUNCTION uidext_typeid_create_ddl(oid, text, text, oid) FROM PUBLIC;
COMMENT ON FUNCTION uidext_typeid_create_ddl(oid, text, text, oid) IS 'internal: the DDL typeid_define() runs as the bootstrap superuser';

CREATE FUNCTION uidext_typeid_remove_ddl(type_oid oid) RETURNS text[]
LANGUAGE plpgsql VOLATILE STRICT SET search_path = pg_catalog, pg_temp AS $body$
DECLARE
    lib constant text := 'MODULE_PATHNAME';
    bootstrap constant oid := 10;  -- BOOTSTRAP_SUPERUSERID: typeid_define's DDL runs as this role
    ulid_type constant oid := (SELECT t.oid FROM pg_type t JOIN pg_extension e ON e.extnamespace = t.typnamespace
                               WHERE e.extname = 'uidext' AND t.typname = 'ulid');
    t constant text := (SELECT format('%I.%I', n.nspname, y.typname) FROM pg_type y
                        JOIN pg_namespace n ON n.oid = y.typnamespace WHERE y.oid = type_oid);
    array_type oid;
    io oid[];
    procs oid[];     -- the C functions of this library typeid_define made on the type, but for its I/O
    aggs oid[];
    opers oid[];
    classes oid[];
    families oid[];  -- only those that hold nothing but the type's classes and operators
    casts oid[];
    amops oid[];
    amprocs oid[];
    others text;
    ddl text[] := '{}';
BEGIN
    -- What typeid_define made, found by what it refers to (renames do not matter) and owned by
    -- the role its DDL ran as: never another role's operator, aggregate or cast on the type.
    SELECT ARRAY[typinput, typoutput, typreceive, typsend], typarray INTO io, array_type
    FROM pg_type WHERE oid = type_oid;
    SELECT coalesce(array_agg(oid), '{}') INTO procs FROM pg_proc
    WHERE proowner = bootstrap AND prolang = (SELECT oid FROM pg_language WHERE lanname = 'c') AND probin = lib
      AND (prorettype = type_oid OR type_oid = ANY (proargtypes::oid[])) AND NOT oid = ANY (io);
    SELECT coalesce(array_agg(p.oid), '{}') INTO aggs FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
    WHERE p.proowner = bootstrap AND a.aggtransfn = ANY (procs) AND p.pronargs = 1 AND p.proargtypes[0] = type_oid;
    SELECT coalesce(array_agg(oid), '{}') INTO opers FROM pg_operator
    WHERE oprowner = bootstrap AND oprcode = ANY (procs) AND oprleft = type_oid AND oprright = type_oid;
    SELECT coalesce(array_agg(oid), '{}') INTO classes FROM pg_opclass
    WHERE opcowner = bootstrap AND opcintype = type_oid;
    SELECT coalesce(array_agg(f.oid), '{}') INTO families FROM pg_opfamily f
    WHERE f.opfowner = bootstrap AND EXISTS (SELECT FROM pg_opclass c WHERE c.opcfamily = f.oid AND c.oid = ANY (classes))
      AND NOT EXISTS (SELECT FROM pg_opclass c WHERE c.opcfamily = f.oid AND NOT c.oid = ANY (classes))
      AND NOT EXISTS (SELECT FROM pg_amop o WHERE o.amopfamily = f.oid AND NOT o.amopopr = ANY (opers));
    SELECT coalesce(array_agg(oid), '{}') INTO casts FROM pg_cast
    WHERE (castmethod = 'b' AND (castsource = type_oid AND casttarget IN ('pg_catalog.uuid'::regtype::oid, ulid_type)
                                 OR casttarget = type_oid AND castsource IN ('pg_catalog.uuid'::regtype::oid, ulid_type)))
       OR (castfunc = ANY (procs) AND (castsource = type_oid OR casttarget = type_oid));
    SELECT coalesce(array_agg(oid), '{}') INTO amops FROM pg_amop WHERE amopopr = ANY (opers);
    SELECT coalesce(array_agg(p.oid), '{}') INTO amprocs FROM pg_amproc p JOIN pg_opclass c ON c.opcfamily = p.amprocfamily
    WHERE c.oid = ANY (classes) AND p.amproclefttype = type_oid AND p.amprocrighttype = type_oid;

    -- RESTRICT: refused while anything else (a column, view, index, default, constraint, or another
    -- role's operator, aggregate, cast or function) uses the type or one of these objects.
    WITH ours(classid, objid) AS (
        SELECT 'pg_type'::regclass::oid, x FROM unnest(ARRAY[type_oid, array_type]) x
        UNION ALL SELECT 'pg_proc'::regclass::oid, x FROM unnest(io || procs || aggs) x
        UNION ALL SELECT 'pg_operator'::regclass::oid, x FROM unnest(opers) x
        UNION ALL SELECT 'pg_opclass'::regclass::oid, x FROM unnest(classes) x
        UNION ALL SELECT 'pg_opfamily'::regclass::oid, x FROM unnest(families) x
        UNION ALL SELECT 'pg_cast'::regclass::oid, x FROM unnest(casts) x
        UNION ALL SELECT 'pg_amop'::regclass::oid, x FROM unnest(amops) x
        UNION ALL SELECT 'pg_amproc'::regclass::oid, x FROM unnest(amprocs) x)
    SELECT string_agg(DISTINCT pg_describe_object(d.classid, d.objid, d.objsubid), ', '
                      ORDER BY pg_describe_object(d.classid, d.objid, d.objsubid)) INTO others
    FROM pg_depend d
    WHERE (d.refclassid, d.refobjid) IN (SELECT classid, objid FROM ours)
      AND (d.classid, d.objid) NOT IN (SELECT classid, objid FROM ours);
    IF others IS NOT NULL THEN
        RAISE EXCEPTION 'cannot drop type % because other objects depend on it', t
            USING ERRCODE = 'dependent_objects_still_exist', DETAIL = others,
                  HINT = 'Drop or alter those objects first.';
    END IF;

    -- Each dropped RESTRICT but the type itself, whose I/O functions and array type go with it.
    ddl := ddl || ARRAY(SELECT format('DROP CAST (%s AS %s)', castsource::regtype, casttarget::regtype)
                        FROM pg_cast WHERE oid = ANY (casts) ORDER BY oid);
    ddl := ddl || ARRAY(SELECT format('DROP AGGREGATE %s', oid::regprocedure) FROM pg_proc
                        WHERE oid = ANY (aggs) ORDER BY oid);
    ddl := ddl || ARRAY(SELECT format('DROP OPERATOR FAMILY %I.%I USING %I', n.nspname, f.opfname, a.amname)
                        FROM pg_opfamily f JOIN pg_namespace n ON n.oid = f.opfnamespace JOIN pg_am a ON a.oid = f.opfmethod
                        WHERE f.oid = ANY (families) ORDER BY f.oid);
    ddl := ddl || ARRAY(SELECT format('DROP OPERATOR CLASS %I.%I USING %I', n.nspname, c.opcname, a.amname)
                        FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace JOIN pg_am a ON a.oid = c.opcmethod
                        WHERE c.oid = ANY (classes) AND NOT c.opcfamily = ANY (families) ORDER BY c.oid);
    ddl := ddl || ARRAY(SELECT format('DROP OPERATOR %s', oid::regoperator) FROM pg_operator
                        WHERE oid = ANY (opers) ORDER BY oid);
    ddl := ddl || ARRAY(SELECT format('DROP FUNCTION %s', oid::regprocedure) FROM pg_proc
                        WHERE oid = ANY (procs) ORDER BY oid);
    ddl := ddl || format('DROP TYPE %s CASCADE', t);
    RETURN ddl;
END
$body$;
REVOKE ALL ON FUNCTION uidext_typeid_remove_ddl(oid) FROM PUBLIC;
COMMENT ON FUNCTION uidext_typeid_remove_ddl(oid) IS 'internal: the DDL typeid_drop() runs as the bootstrap superuser, or 2BP01 while other objects use the type';

COMMENT ON FUNCTION typeid_define(text, text) IS 'creates, in the current schema, a 16-byte TypeID type for that prefix named type_name, with its operators, index classes, casts and gen_<type_name>(); for roles with CREATE on the database and the schema';
COMMENT ON FUNCTION typeid_drop(regtype) IS 'drops a type made by typeid_define() and everything it made, unless still used; for its owner, with CREATE on the database';

-- (end of #30 H2)


-- ---------------------------------------------------------------------------------------------
-- Opaque ids: keys from a file, lookups through every key (#30)
-- ---------------------------------------------------------------------------------------------

-- opaque_decode(text): an untyped or text parameter (node-postgres, postgres.js, psycopg 3,
-- SQLAlchemy) resolves to it, where it was ambiguous between (uuid) and (ulid). Reads an opaque
-- uuid's or ulid's text form and returns uuid (a ulid's 16 bytes as they are): it compares with
-- uuid and ulid columns through the cross-type btree operators.
CREATE FUNCTION opaque_decode(text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_opaque_decode_text' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION opaque_decode(text) IS 'the value an opaque id (a uuid''s or a ulid''s text form) was made from, as uuid, under the first key that decodes it to a time in the window; 22P02 for other text';

-- Every key's in-window decode: WHERE id = ANY(opaque_candidates($1)) finds a row whatever key
-- made its id (an index scan on uuid and on ulid columns).
CREATE FUNCTION opaque_candidates(uuid) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'uidext_opaque_candidates_uuid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_candidates(ulid) RETURNS ulid[]
    AS 'MODULE_PATHNAME', 'uidext_opaque_candidates_ulid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_candidates(text) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'uidext_opaque_candidates_text' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION opaque_candidates(uuid) IS 'every UUIDv7 an opaque uuid decodes to under a key, in key order, that lies in the time window: the lookup that survives key rotations';
COMMENT ON FUNCTION opaque_candidates(ulid) IS 'every ulid an opaque ulid decodes to under a key, in key order, that lies in the time window: the lookup that survives key rotations';
COMMENT ON FUNCTION opaque_candidates(text) IS 'opaque_candidates of a uuid''s or a ulid''s text form, as uuid[]; 22P02 for other text';

-- The keys now come from the file named by uidext.opaque_key_file; uidext.opaque_keys is no
-- longer read (any value is discarded). A 1.3 server with keys in it must not lose them
-- silently: say where the setting has a value (never the value).
DO $$
DECLARE
    places text[] := '{}';
BEGIN
    BEGIN
        IF EXISTS (SELECT FROM pg_catalog.pg_file_settings
                   WHERE name = 'uidext.opaque_keys' AND setting <> '' AND sourcefile NOT LIKE '%postgresql.auto.conf') THEN
            places := places || 'postgresql.conf or a file it includes'::text;
        END IF;
        IF EXISTS (SELECT FROM pg_catalog.pg_file_settings
                   WHERE name = 'uidext.opaque_keys' AND setting <> '' AND sourcefile LIKE '%postgresql.auto.conf') THEN
            places := places || 'ALTER SYSTEM (postgresql.auto.conf)'::text;
        END IF;
    EXCEPTION WHEN insufficient_privilege THEN
        places := places || 'perhaps the configuration files (this role cannot read pg_file_settings)'::text;
    END;
    IF EXISTS (SELECT FROM pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) AS c(item)
               WHERE c.item LIKE 'uidext.opaque\_keys=%') THEN
        places := places || 'ALTER DATABASE or ALTER ROLE ... SET (pg_db_role_setting)'::text;
    END IF;
    IF pg_catalog.cardinality(places) > 0 THEN
        RAISE WARNING 'uidext 1.4 no longer reads uidext.opaque_keys, which has a value in: %',
                      pg_catalog.array_to_string(places, '; ')
            USING DETAIL = 'Opaque id keys now come from the file named by uidext.opaque_key_file; until it is set, opaque_encode() and opaque_decode() raise an error.',
                  HINT = 'Move the keys to a file only the server''s operating system user can read (mode 0600), one id:key per line in the same order, set uidext.opaque_key_file to its path, remove uidext.opaque_keys and reload (doc/opaque-ids.md, "Moving from 1.3").';
    END IF;
END
$$;

COMMENT ON FUNCTION opaque_encode(uuid) IS 'opaque public id of a UUIDv7: version 4 looking, keyed permutation (FF1-AES) of its 122 bits under the first key of the key file (uidext.opaque_key_file)';
COMMENT ON FUNCTION opaque_decode(uuid) IS 'the UUIDv7 an opaque id was made from, under the first key of the key file that decodes it to a time in the window; 22P02 for values no key made (lookups: opaque_candidates)';
COMMENT ON FUNCTION opaque_encode(ulid) IS 'opaque public id of a ulid: its 128 bits through AES under the first key of the key file (uidext.opaque_key_file)';
COMMENT ON FUNCTION opaque_decode(ulid) IS 'the ulid an opaque id was made from, under the first key of the key file that decodes it to a time in the window; 22P02 for values no key made (lookups: opaque_candidates)';

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
