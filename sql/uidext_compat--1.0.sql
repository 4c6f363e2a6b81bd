-- uidext_compat 1.0: PostgreSQL core's uuid_extract_version(uuid), uuid_extract_timestamp(uuid)
-- (core 17), uuid_larger(uuid, uuid), uuid_smaller(uuid, uuid), min(uuid) and max(uuid) (core 20),
-- created in this extension's schema on every major, beside core's where pg_catalog has them
-- (an unqualified call finds core's first): one catalog on every major, so that a dump that
-- names them with their schema restores on any newer one. uidext 1.1 to 1.4 had them; 1.5 moved
-- them here (#35): names that core or an application's own polyfills own are opt-in.
\echo Use "CREATE EXTENSION uidext_compat" to load this file. \quit

-- Each of the six is created, or, when the schema already has one of that signature, adopted if
-- it is uidext's own copy that ALTER EXTENSION uidext UPDATE TO '1.5' left outside the extension
-- because something uses it (a view, a generated column, an index): a C function of uidext's
-- library with the expected symbol, or an aggregate on the adopted transition function, owned by
-- a superuser and a member of no extension (an aggregate also of exactly uidext's definition,
-- which no ALTER can change). It is then made exactly what a fresh install creates (owner,
-- definition, comment; its OID and so what uses it stay). Anything else of that
-- signature (an application's polyfill, another extension's member) refuses the install.
DO $$
DECLARE
    schema_name text := pg_catalog.quote_ident(pg_catalog.current_schema());
    item record;
    existing pg_catalog.oid;
    member_of name;
BEGIN
    FOR item IN SELECT * FROM (VALUES
        (1, 'FUNCTION', 'uuid_extract_version(pg_catalog.uuid)', 'uidext_uuid_extract_version'),
        (2, 'FUNCTION', 'uuid_extract_timestamp(pg_catalog.uuid)', 'uidext_uuid_extract_timestamp'),
        (3, 'FUNCTION', 'uuid_larger(pg_catalog.uuid, pg_catalog.uuid)', 'uidext_uuid_larger'),
        (4, 'FUNCTION', 'uuid_smaller(pg_catalog.uuid, pg_catalog.uuid)', 'uidext_uuid_smaller'),
        (5, 'AGGREGATE', 'min(pg_catalog.uuid)', 'uuid_smaller(pg_catalog.uuid, pg_catalog.uuid)'),
        (6, 'AGGREGATE', 'max(pg_catalog.uuid)', 'uuid_larger(pg_catalog.uuid, pg_catalog.uuid)')) v (n, kind, signature, source)
        ORDER BY n
    LOOP
        existing := pg_catalog.to_regprocedure(schema_name || '.' || item.signature);
        CONTINUE WHEN existing IS NULL;
        SELECT e.extname INTO member_of FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
        WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = existing AND d.deptype = 'e'
          AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass;
        IF member_of = 'uidext' THEN
            RAISE EXCEPTION 'function %.% is still a member of extension uidext', schema_name, item.signature
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = 'Update uidext first: ALTER EXTENSION uidext UPDATE TO ''1.5'' moves it out, then CREATE EXTENSION uidext_compat adopts it.';
        END IF;
        IF member_of IS NOT NULL OR NOT EXISTS (
            SELECT FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_roles r ON r.oid = p.proowner AND r.rolsuper
            WHERE p.oid = existing AND CASE item.kind
                WHEN 'FUNCTION' THEN p.prokind = 'f' AND p.probin = '$libdir/uidext' AND p.prosrc = item.source
                    AND p.prolang = (SELECT l.oid FROM pg_catalog.pg_language l WHERE l.lanname = 'c')
                -- (an aggregate's definition cannot be altered: it must be uidext's exactly)
                ELSE p.prokind = 'a' AND p.proparallel = 's' AND EXISTS (SELECT FROM pg_catalog.pg_aggregate a
                    WHERE a.aggfnoid = p.oid AND a.aggkind = 'n' AND a.aggfinalfn::pg_catalog.oid = 0 AND a.aggtranstype = 'pg_catalog.uuid'::pg_catalog.regtype
                      AND a.aggtransfn::pg_catalog.oid = pg_catalog.to_regprocedure(schema_name || '.' || item.source)::pg_catalog.oid
                      AND a.aggcombinefn::pg_catalog.oid = a.aggtransfn::pg_catalog.oid AND a.agginitval IS NULL
                      AND a.aggsortop::pg_catalog.oid = CASE p.proname WHEN 'min' THEN 'pg_catalog.<(pg_catalog.uuid, pg_catalog.uuid)'::pg_catalog.regoperator
                                                       ELSE 'pg_catalog.>(pg_catalog.uuid, pg_catalog.uuid)'::pg_catalog.regoperator END::pg_catalog.oid) END) THEN
            RAISE EXCEPTION 'function %.% already exists and is not uidext''s', schema_name, item.signature
                USING ERRCODE = 'duplicate_function',
                      DETAIL = coalesce('It is a member of extension ' || member_of || '.', 'uidext_compat adopts only uidext''s own copies that ALTER EXTENSION uidext UPDATE left in place, owned by a superuser.'),
                      HINT = 'Keep yours and install uidext_compat in another schema (CREATE EXTENSION uidext_compat SCHEMA ...), or drop or rename yours first.';
        END IF;
        EXECUTE pg_catalog.format('ALTER EXTENSION uidext_compat ADD %s %s.%s', item.kind, schema_name, item.signature);
        EXECUTE pg_catalog.format('ALTER %s %s.%s OWNER TO CURRENT_USER', item.kind, schema_name, item.signature);
    END LOOP;

    -- Functions: created, or an adopted copy redefined in place (the same OID; an extension
    -- script may redefine only its own members). Aggregates: created unless adopted.
    EXECUTE pg_catalog.format($ddl$
        CREATE OR REPLACE FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid) RETURNS pg_catalog.int2
            AS '$libdir/uidext', 'uidext_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
        CREATE OR REPLACE FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
            AS '$libdir/uidext', 'uidext_uuid_extract_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
        CREATE OR REPLACE FUNCTION %1$s.uuid_larger(pg_catalog.uuid, pg_catalog.uuid) RETURNS pg_catalog.uuid
            AS '$libdir/uidext', 'uidext_uuid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        CREATE OR REPLACE FUNCTION %1$s.uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) RETURNS pg_catalog.uuid
            AS '$libdir/uidext', 'uidext_uuid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
    $ddl$, schema_name);
    -- Answered from a btree index through SORTOP, as core's.
    IF pg_catalog.to_regprocedure(schema_name || '.min(pg_catalog.uuid)') IS NULL THEN
        EXECUTE pg_catalog.format('CREATE AGGREGATE %1$s.min(pg_catalog.uuid) (SFUNC = %1$s.uuid_smaller, STYPE = pg_catalog.uuid,'
            ' COMBINEFUNC = %1$s.uuid_smaller, SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE)', schema_name);
    END IF;
    IF pg_catalog.to_regprocedure(schema_name || '.max(pg_catalog.uuid)') IS NULL THEN
        EXECUTE pg_catalog.format('CREATE AGGREGATE %1$s.max(pg_catalog.uuid) (SFUNC = %1$s.uuid_larger, STYPE = pg_catalog.uuid,'
            ' COMBINEFUNC = %1$s.uuid_larger, SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE)', schema_name);
    END IF;
    EXECUTE pg_catalog.format($ddl$
        COMMENT ON FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid) IS 'version of an RFC 9562 variant UUID, else NULL (as PostgreSQL 17)';
        COMMENT ON FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid) IS 'time of a version 1 or 6 (microseconds) or version 7 (milliseconds) UUID, else NULL';
        COMMENT ON FUNCTION %1$s.uuid_larger(pg_catalog.uuid, pg_catalog.uuid) IS 'larger of two values';
        COMMENT ON FUNCTION %1$s.uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) IS 'smaller of two values';
        COMMENT ON AGGREGATE %1$s.min(pg_catalog.uuid) IS 'smallest value; uses a btree index when there is one';
        COMMENT ON AGGREGATE %1$s.max(pg_catalog.uuid) IS 'largest value; uses a btree index when there is one';
    $ddl$, schema_name);
END
$$;
