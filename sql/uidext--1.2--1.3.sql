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

-- The general typeid: any prefix, a short varlena of the 16 bytes and the prefix (21 bytes on
-- disk for "user"), ordered by (prefix, uuid).
CREATE TYPE typeid;
CREATE FUNCTION typeid_in(cstring) RETURNS typeid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_out(typeid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_recv(internal) RETURNS typeid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_send(typeid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE typeid (
    INPUT = typeid_in,
    OUTPUT = typeid_out,
    RECEIVE = typeid_recv,
    SEND = typeid_send,
    INTERNALLENGTH = VARIABLE,
    ALIGNMENT = int4,
    STORAGE = main,
    CATEGORY = 'U'
);
COMMENT ON TYPE typeid IS 'TypeID of any prefix (user_01h455vb4pex5vsknk084sn02q): the 16 bytes and the prefix, ordered by (prefix, uuid)';
COMMENT ON TYPE typeid[] IS 'array of typeid';
COMMENT ON FUNCTION typeid_in(cstring) IS 'reads a TypeID: prefix, "_" and 26 lowercase base32 digits (spec 0.3)';
COMMENT ON FUNCTION typeid_out(typeid) IS 'writes the TypeID text';
COMMENT ON FUNCTION typeid_recv(internal) IS 'reads the binary format: the 16 bytes, then the prefix';
COMMENT ON FUNCTION typeid_send(typeid) IS 'writes the binary format: the 16 bytes, then the prefix';

CREATE FUNCTION typeid_prefix(typeid) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_uuid(typeid) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ulid(typeid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'typeid_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION typeid_prefix(typeid) IS 'the prefix ('''' for none)';
COMMENT ON FUNCTION typeid_uuid(typeid) IS 'the 16 bytes as uuid';
COMMENT ON FUNCTION typeid_ulid(typeid) IS 'the 16 bytes as ulid';

CREATE FUNCTION typeid_eq(typeid, typeid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ne(typeid, typeid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_lt(typeid, typeid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_le(typeid, typeid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_gt(typeid, typeid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ge(typeid, typeid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_cmp(typeid, typeid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_hash(typeid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_hash_extended(typeid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION typeid_eq(typeid, typeid) IS 'equal';
COMMENT ON FUNCTION typeid_ne(typeid, typeid) IS 'not equal';
COMMENT ON FUNCTION typeid_lt(typeid, typeid) IS 'less than';
COMMENT ON FUNCTION typeid_le(typeid, typeid) IS 'less than or equal';
COMMENT ON FUNCTION typeid_gt(typeid, typeid) IS 'greater than';
COMMENT ON FUNCTION typeid_ge(typeid, typeid) IS 'greater than or equal';
COMMENT ON FUNCTION typeid_cmp(typeid, typeid) IS 'btree comparison: by prefix, then by the 16 bytes';
COMMENT ON FUNCTION typeid_hash(typeid) IS 'hash of the prefix and the 16 bytes';
COMMENT ON FUNCTION typeid_hash_extended(typeid, bigint) IS 'seeded 64-bit hash of the prefix and the 16 bytes';

CREATE OPERATOR = (
    LEFTARG = typeid, RIGHTARG = typeid, PROCEDURE = typeid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = typeid, RIGHTARG = typeid, PROCEDURE = typeid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = typeid, RIGHTARG = typeid, PROCEDURE = typeid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = typeid, RIGHTARG = typeid, PROCEDURE = typeid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = typeid, RIGHTARG = typeid, PROCEDURE = typeid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = typeid, RIGHTARG = typeid, PROCEDURE = typeid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR = (typeid, typeid) IS 'equal';
COMMENT ON OPERATOR <> (typeid, typeid) IS 'not equal';
COMMENT ON OPERATOR < (typeid, typeid) IS 'less than';
COMMENT ON OPERATOR <= (typeid, typeid) IS 'less than or equal';
COMMENT ON OPERATOR > (typeid, typeid) IS 'greater than';
COMMENT ON OPERATOR >= (typeid, typeid) IS 'greater than or equal';

CREATE OPERATOR CLASS typeid_ops DEFAULT FOR TYPE typeid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 typeid_cmp(typeid, typeid),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS typeid_ops USING btree IS 'default btree operator class for typeid, with deduplication';
COMMENT ON OPERATOR FAMILY typeid_ops USING btree IS 'btree operators of typeid';
CREATE OPERATOR CLASS typeid_ops DEFAULT FOR TYPE typeid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 typeid_hash(typeid),
    FUNCTION 2 typeid_hash_extended(typeid, bigint);
COMMENT ON OPERATOR CLASS typeid_ops USING hash IS 'default hash operator class for typeid';
COMMENT ON OPERATOR FAMILY typeid_ops USING hash IS 'hash operators of typeid';

-- Text functions, for TypeIDs kept as strings.
CREATE FUNCTION typeid_parse(typeid text, OUT prefix text, OUT id uuid)
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_format(prefix text, id uuid) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_is_valid(typeid text) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION typeid_parse(text) IS 'the prefix and the uuid of a TypeID text (any UUID version), or 22P02';
COMMENT ON FUNCTION typeid_format(text, uuid) IS 'the TypeID text of a prefix and a uuid';
COMMENT ON FUNCTION typeid_is_valid(text) IS 'whether the text is a TypeID (spec 0.3)';

-- Per-prefix types. typeid_define and typeid_drop (C) check the caller, then run these two as
-- the bootstrap superuser (see src/pg/typeid_define.cpp and doc/typeid.md, "Security"). They
-- create and drop only fixed objects bound to this library; nobody else may call them.
CREATE FUNCTION uidext_typeid_create(schema_oid oid, prefix text, type_name text, owner oid) RETURNS regtype
LANGUAGE plpgsql VOLATILE STRICT SET search_path = pg_catalog, pg_temp SET client_min_messages = warning AS $body$
DECLARE
    lib constant text := 'MODULE_PATHNAME';
    ext constant text := (SELECT quote_ident(n.nspname) FROM pg_extension e
                          JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'uidext');
    s constant text := (SELECT quote_ident(nspname) FROM pg_namespace WHERE oid = schema_oid);
    t constant text := s || '.' || quote_ident(type_name);
    -- The prefix is the name of the output function's parameter (unnamed when empty).
    out_arg constant text := CASE WHEN prefix = '' THEN '' ELSE quote_ident(prefix) || ' ' END;
    c constant text := 'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE';
    op record;
BEGIN
    EXECUTE format('CREATE TYPE %s', t);
    EXECUTE format('CREATE FUNCTION %s.%I(cstring) RETURNS %s AS %L, %L %s',
                   s, type_name || '_in', t, lib, 'typeid_fixed_in', c);
    EXECUTE format('CREATE FUNCTION %s.typeid_out(%s%s) RETURNS cstring AS %L, %L %s',
                   s, out_arg, t, lib, 'typeid_fixed_out', c);
    EXECUTE format('CREATE FUNCTION %s.%I(internal) RETURNS %s AS %L, %L %s',
                   s, type_name || '_recv', t, lib, 'ulid_recv', c);
    EXECUTE format('CREATE FUNCTION %s.typeid_send(%s) RETURNS bytea AS %L, %L %s', s, t, lib, 'ulid_send', c);
    EXECUTE format('CREATE TYPE %1$s (INPUT = %2$s.%3$I, OUTPUT = %2$s.typeid_out, RECEIVE = %2$s.%4$I, '
                   'SEND = %2$s.typeid_send, INTERNALLENGTH = 16, ALIGNMENT = char, STORAGE = plain, CATEGORY = %5$L)',
                   t, s, type_name || '_in', type_name || '_recv', 'U');
    EXECUTE format('COMMENT ON TYPE %s IS %L', t,
                   format('TypeID with prefix "%s" in 16 bytes (a uuid), made by typeid_define()', prefix));

    -- Comparison, hashing and min/max: the C functions of ulid (the same bytes and order).
    FOR op IN SELECT * FROM (VALUES ('eq', '='), ('ne', '<>'), ('lt', '<'), ('le', '<='), ('gt', '>'), ('ge', '>='))
                            AS o(name, oper) LOOP
        EXECUTE format('CREATE FUNCTION %1$s.typeid_%2$s(%3$s, %3$s) RETURNS boolean AS %4$L, %5$L %6$s LEAKPROOF',
                       s, op.name, t, lib, 'ulid_' || op.name, c);
    END LOOP;
    EXECUTE format('CREATE FUNCTION %1$s.typeid_cmp(%2$s, %2$s) RETURNS integer AS %3$L, %4$L %5$s LEAKPROOF',
                   s, t, lib, 'ulid_cmp', c);
    EXECUTE format('CREATE FUNCTION %s.typeid_hash(%s) RETURNS integer AS %L, %L %s LEAKPROOF',
                   s, t, lib, 'ulid_hash', c);
    EXECUTE format('CREATE FUNCTION %s.typeid_hash_extended(%s, bigint) RETURNS bigint AS %L, %L %s LEAKPROOF',
                   s, t, lib, 'ulid_hash_extended', c);
    EXECUTE format('CREATE FUNCTION %1$s.typeid_smaller(%2$s, %2$s) RETURNS %2$s AS %3$L, %4$L %5$s',
                   s, t, lib, 'ulid_smaller', c);
    EXECUTE format('CREATE FUNCTION %1$s.typeid_larger(%2$s, %2$s) RETURNS %2$s AS %3$L, %4$L %5$s',
                   s, t, lib, 'ulid_larger', c);

    EXECUTE format('CREATE OPERATOR %1$s.= (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_eq, '
                   'COMMUTATOR = OPERATOR(%1$s.=), NEGATOR = OPERATOR(%1$s.<>), RESTRICT = eqsel, JOIN = eqjoinsel, '
                   'HASHES, MERGES)', s, t);
    EXECUTE format('CREATE OPERATOR %1$s.<> (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_ne, '
                   'COMMUTATOR = OPERATOR(%1$s.<>), NEGATOR = OPERATOR(%1$s.=), RESTRICT = neqsel, JOIN = neqjoinsel)',
                   s, t);
    EXECUTE format('CREATE OPERATOR %1$s.< (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_lt, '
                   'COMMUTATOR = OPERATOR(%1$s.>), NEGATOR = OPERATOR(%1$s.>=), RESTRICT = scalarltsel, '
                   'JOIN = scalarltjoinsel)', s, t);
    EXECUTE format('CREATE OPERATOR %1$s.<= (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_le, '
                   'COMMUTATOR = OPERATOR(%1$s.>=), NEGATOR = OPERATOR(%1$s.>), RESTRICT = scalarlesel, '
                   'JOIN = scalarlejoinsel)', s, t);
    EXECUTE format('CREATE OPERATOR %1$s.> (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_gt, '
                   'COMMUTATOR = OPERATOR(%1$s.<), NEGATOR = OPERATOR(%1$s.<=), RESTRICT = scalargtsel, '
                   'JOIN = scalargtjoinsel)', s, t);
    EXECUTE format('CREATE OPERATOR %1$s.>= (LEFTARG = %2$s, RIGHTARG = %2$s, FUNCTION = %1$s.typeid_ge, '
                   'COMMUTATOR = OPERATOR(%1$s.<=), NEGATOR = OPERATOR(%1$s.<), RESTRICT = scalargesel, '
                   'JOIN = scalargejoinsel)', s, t);

    -- One operator class per access method, all named <type>_ops.
    EXECUTE format('CREATE OPERATOR CLASS %1$s.%3$I DEFAULT FOR TYPE %2$s USING btree AS '
                   'OPERATOR 1 %1$s.<, OPERATOR 2 %1$s.<=, OPERATOR 3 %1$s.=, OPERATOR 4 %1$s.>=, OPERATOR 5 %1$s.>, '
                   'FUNCTION 1 %1$s.typeid_cmp(%2$s, %2$s), FUNCTION 2 %4$s.ulid_sortsupport(internal), '
                   'FUNCTION 4 btequalimage(oid)', s, t, type_name || '_ops', ext);
    IF current_setting('server_version_num')::integer >= 180000 THEN
        EXECUTE format('ALTER OPERATOR FAMILY %1$s.%3$I USING btree ADD FUNCTION 6 (%2$s, %2$s) %4$s.ulid_skipsupport(internal)',
                       s, t, type_name || '_ops', ext);
    END IF;
    EXECUTE format('CREATE OPERATOR CLASS %1$s.%3$I DEFAULT FOR TYPE %2$s USING hash AS OPERATOR 1 %1$s.=, '
                   'FUNCTION 1 %1$s.typeid_hash(%2$s), FUNCTION 2 %1$s.typeid_hash_extended(%2$s, bigint)',
                   s, t, type_name || '_ops');
    EXECUTE format('CREATE OPERATOR CLASS %1$s.%3$I DEFAULT FOR TYPE %2$s USING brin AS '
                   'OPERATOR 1 %1$s.<, OPERATOR 2 %1$s.<=, OPERATOR 3 %1$s.=, OPERATOR 4 %1$s.>=, OPERATOR 5 %1$s.>, '
                   'FUNCTION 1 brin_minmax_opcinfo(internal), '
                   'FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal), '
                   'FUNCTION 3 brin_minmax_consistent(internal, internal, internal), '
                   'FUNCTION 4 brin_minmax_union(internal, internal, internal)', s, t, type_name || '_ops');

    EXECUTE format('CREATE AGGREGATE %1$s.min(%2$s) (SFUNC = %1$s.typeid_smaller, STYPE = %2$s, '
                   'COMBINEFUNC = %1$s.typeid_smaller, SORTOP = OPERATOR(%1$s.<), PARALLEL = SAFE)', s, t);
    EXECUTE format('CREATE AGGREGATE %1$s.max(%2$s) (SFUNC = %1$s.typeid_larger, STYPE = %2$s, '
                   'COMBINEFUNC = %1$s.typeid_larger, SORTOP = OPERATOR(%1$s.>), PARALLEL = SAFE)', s, t);

    -- Casts: the same 16 bytes as uuid and ulid; to and from the general typeid (checked).
    EXECUTE format('CREATE CAST (%s AS uuid) WITHOUT FUNCTION AS ASSIGNMENT', t);
    EXECUTE format('CREATE CAST (uuid AS %s) WITHOUT FUNCTION AS ASSIGNMENT', t);
    EXECUTE format('CREATE CAST (%s AS %s.ulid) WITHOUT FUNCTION AS ASSIGNMENT', t, ext);
    EXECUTE format('CREATE CAST (%s.ulid AS %s) WITHOUT FUNCTION AS ASSIGNMENT', ext, t);
    EXECUTE format('CREATE FUNCTION %s.typeid(%s) RETURNS %s.typeid AS %L, %L %s',
                   s, t, ext, lib, 'typeid_from_fixed', c);
    EXECUTE format('CREATE FUNCTION %s.%I(%s.typeid) RETURNS %s AS %L, %L %s',
                   s, type_name, ext, t, lib, 'typeid_to_fixed', c);
    EXECUTE format('CREATE CAST (%1$s AS %2$s.typeid) WITH FUNCTION %3$s.typeid(%1$s) AS ASSIGNMENT', t, ext, s);
    EXECUTE format('CREATE CAST (%2$s.typeid AS %1$s) WITH FUNCTION %3$s.%4$I(%2$s.typeid) AS ASSIGNMENT',
                   t, ext, s, type_name);

    -- The generator: uidext's uuidv7().
    EXECUTE format('CREATE FUNCTION %s.%I() RETURNS %s AS %L, %L LANGUAGE C VOLATILE STRICT PARALLEL SAFE',
                   s, 'gen_' || type_name, t, lib, 'uidext_uuidv7');
    EXECUTE format('COMMENT ON FUNCTION %s.%I() IS %L', s, 'gen_' || type_name,
                   format('new %s: a UUIDv7 shown as %s_<26 base32 digits>', type_name, prefix));

    -- The caller owns the type (and may drop it with typeid_drop); its C functions stay the
    -- superuser's, so nobody else can alter them (ALTER FUNCTION ... CALLED ON NULL INPUT).
    EXECUTE format('ALTER TYPE %s OWNER TO %I', t, (SELECT rolname FROM pg_authid WHERE oid = owner));
    RETURN t::regtype;
END
$body$;
REVOKE ALL ON FUNCTION uidext_typeid_create(oid, text, text, oid) FROM PUBLIC;
COMMENT ON FUNCTION uidext_typeid_create(oid, text, text, oid) IS 'internal: the DDL of typeid_define(), run as the bootstrap superuser';

CREATE FUNCTION uidext_typeid_remove(type_oid oid) RETURNS oid
LANGUAGE plpgsql VOLATILE STRICT SET search_path = pg_catalog, pg_temp SET client_min_messages = warning AS $body$
DECLARE
    lib constant text := 'MODULE_PATHNAME';
    t constant text := type_oid::regtype::text;  -- schema-qualified under this search_path
    io oid[];
    ours oid[];  -- the C functions of this library on the type, but for its I/O functions
    item text;
    others text;
BEGIN
    SELECT ARRAY[typinput, typoutput, typreceive, typsend] INTO io FROM pg_type WHERE oid = type_oid;
    SELECT coalesce(array_agg(oid), '{}') INTO ours FROM pg_proc
    WHERE prolang = (SELECT oid FROM pg_language WHERE lanname = 'c') AND probin = lib
      AND (prorettype = type_oid OR type_oid = ANY (proargtypes::oid[])) AND NOT oid = ANY (io);
    -- What typeid_define made, found by what it refers to (renames do not matter), dropped
    -- RESTRICT: PostgreSQL refuses while a view, default, index or constraint uses one of them.
    FOR item IN SELECT format('(%s AS %s)', castsource::regtype, casttarget::regtype) FROM pg_cast
                WHERE (castsource = type_oid OR casttarget = type_oid)
                  AND (castmethod = 'b' OR castfunc = ANY (ours)) LOOP
        EXECUTE 'DROP CAST ' || item;
    END LOOP;
    FOR item IN SELECT aggfnoid::regprocedure::text FROM pg_aggregate WHERE aggtransfn = ANY (ours) LOOP
        EXECUTE 'DROP AGGREGATE ' || item;
    END LOOP;
    FOR item IN SELECT DISTINCT format('%I.%I USING %I', n.nspname, f.opfname, a.amname)
                FROM pg_opclass c JOIN pg_opfamily f ON f.oid = c.opcfamily JOIN pg_am a ON a.oid = c.opcmethod
                JOIN pg_namespace n ON n.oid = f.opfnamespace
                WHERE c.opcintype = type_oid AND c.opcowner = f.opfowner
                  AND EXISTS (SELECT FROM pg_amop o JOIN pg_operator p ON p.oid = o.amopopr
                              WHERE o.amopfamily = f.oid AND p.oprcode = ANY (ours)) LOOP
        EXECUTE 'DROP OPERATOR FAMILY ' || item;
    END LOOP;
    FOR item IN SELECT oid::regoperator::text FROM pg_operator WHERE oprcode = ANY (ours) LOOP
        EXECUTE 'DROP OPERATOR ' || item;
    END LOOP;
    FOR item IN SELECT oid::regprocedure::text FROM pg_proc WHERE oid = ANY (ours) LOOP
        EXECUTE 'DROP FUNCTION ' || item;
    END LOOP;
    -- Left: the type, its array type and its I/O functions, which DROP TYPE drops together.
    -- Anything else that uses them (a column of the type or of its array) stops the drop.
    SELECT string_agg(pg_describe_object(d.classid, d.objid, d.objsubid), ', ' ORDER BY 1) INTO others
    FROM pg_depend d
    WHERE d.deptype = 'n'
      AND ((d.refclassid = 'pg_type'::regclass
            AND d.refobjid IN (SELECT oid FROM pg_type WHERE oid = type_oid OR typelem = type_oid AND typarray = 0)
            AND NOT (d.classid = 'pg_proc'::regclass AND d.objid = ANY (io)))
        OR (d.refclassid = 'pg_proc'::regclass AND d.refobjid = ANY (io)
            AND NOT (d.classid = 'pg_type'::regclass AND d.objid = type_oid)));
    IF others IS NOT NULL THEN
        RAISE EXCEPTION 'cannot drop type % because other objects depend on it', t
            USING ERRCODE = 'dependent_objects_still_exist', DETAIL = others,
                  HINT = 'Drop or alter those objects first.';
    END IF;
    EXECUTE format('DROP TYPE %s CASCADE', t);
    RETURN type_oid;
END
$body$;
REVOKE ALL ON FUNCTION uidext_typeid_remove(oid) FROM PUBLIC;
COMMENT ON FUNCTION uidext_typeid_remove(oid) IS 'internal: the DDL of typeid_drop(), run as the bootstrap superuser';

-- typeid_define(prefix) names the type prefix || '_id' (a parameter default cannot refer to
-- another parameter, so this is an overload; both are STRICT like every function here).
CREATE FUNCTION typeid_define(prefix text, type_name text) RETURNS regtype
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
CREATE FUNCTION typeid_define(prefix text) RETURNS regtype
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION typeid_define(text, text) IS 'creates, in the current schema, a 16-byte TypeID type for that prefix named type_name, with its operators, index classes, casts and gen_<type_name>(); for roles with CREATE on the schema';
COMMENT ON FUNCTION typeid_define(text) IS 'typeid_define(prefix, prefix || ''_id'')';
CREATE FUNCTION typeid_drop(regtype) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION typeid_drop(regtype) IS 'drops a type made by typeid_define() and everything it made, unless still used; for its owner';

-- (end of #26)


-- ---------------------------------------------------------------------------------------------
-- Opaque public ids (#27)
-- ---------------------------------------------------------------------------------------------

-- A UUIDv7 shown as a value that looks like a UUIDv4 (FF1 over its 122 free bits), a ulid as
-- 128 bits through AES, under the keys of uidext.opaque_keys (doc/opaque-ids.md). STABLE: the
-- result depends on that setting; not LEAKPROOF: they raise errors that name their input.
CREATE FUNCTION opaque_encode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_opaque_encode_uuid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_decode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_opaque_decode_uuid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_encode(ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'uidext_opaque_encode_ulid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION opaque_decode(ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'uidext_opaque_decode_ulid' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION opaque_encode(uuid) IS 'opaque public id of a UUIDv7: version 4 looking, keyed permutation (FF1-AES) of its 122 bits under the first key of uidext.opaque_keys';
COMMENT ON FUNCTION opaque_decode(uuid) IS 'the UUIDv7 an opaque id was made from, under any key of uidext.opaque_keys; 22P02 for values no key made';
COMMENT ON FUNCTION opaque_encode(ulid) IS 'opaque public id of a ulid: its 128 bits through AES under the first key of uidext.opaque_keys';
COMMENT ON FUNCTION opaque_decode(ulid) IS 'the ulid an opaque id was made from, under any key of uidext.opaque_keys; 22P02 for values no key made';

-- (end of #27)
