-- uidext 1.0: the ulid type and time-ordered ULID / UUIDv7 generators.
\echo Use "CREATE EXTENSION uidext" to load this file. \quit

-- ulid type ----------------------------------------------------------------

CREATE TYPE ulid;

CREATE FUNCTION ulid_in(cstring) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Same length, alignment and storage as uuid: the bytes are interchangeable.
CREATE TYPE ulid (
    INPUT = ulid_in,
    OUTPUT = ulid_out,
    RECEIVE = ulid_recv,
    SEND = ulid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain,
    CATEGORY = 'U'
);

COMMENT ON TYPE ulid IS 'ULID: 48-bit Unix millisecond time then 80 random bits, 16 bytes like uuid, shown as 26 Crockford base32 digits';
-- From PostgreSQL 17 the implicit array type is a member of the extension too.
COMMENT ON TYPE ulid[] IS 'array of ulid';
COMMENT ON FUNCTION ulid_in(cstring) IS 'reads 26 Crockford base32 digits (any case) or any uuid text form';
COMMENT ON FUNCTION ulid_out(ulid) IS 'writes 26 uppercase Crockford base32 digits';
COMMENT ON FUNCTION ulid_recv(internal) IS 'reads the 16 raw bytes of the binary format';
COMMENT ON FUNCTION ulid_send(ulid) IS 'writes the 16 raw bytes of the binary format';

-- comparison -----------------------------------------------------------------
-- ulid and uuid have the same bytes and the same order (memcmp), so these bind core's uuid
-- functions: identical results, hashes equal to uuid's by construction, inlinable by JIT.

CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS boolean
    AS 'uuid_eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS boolean
    AS 'uuid_ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS boolean
    AS 'uuid_lt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS boolean
    AS 'uuid_le' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS boolean
    AS 'uuid_gt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS boolean
    AS 'uuid_ge' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS integer
    AS 'uuid_cmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_sortsupport(internal) RETURNS void
    AS 'uuid_sortsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_hash(ulid) RETURNS integer
    AS 'uuid_hash' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_hash_extended(ulid, bigint) RETURNS bigint
    AS 'uuid_hash_extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION ulid_eq(ulid, ulid) IS 'equal';
COMMENT ON FUNCTION ulid_ne(ulid, ulid) IS 'not equal';
COMMENT ON FUNCTION ulid_lt(ulid, ulid) IS 'less than';
COMMENT ON FUNCTION ulid_le(ulid, ulid) IS 'less than or equal';
COMMENT ON FUNCTION ulid_gt(ulid, ulid) IS 'greater than';
COMMENT ON FUNCTION ulid_ge(ulid, ulid) IS 'greater than or equal';
COMMENT ON FUNCTION ulid_cmp(ulid, ulid) IS 'btree comparison: -1, 0 or 1 in time order';
COMMENT ON FUNCTION ulid_sortsupport(internal) IS 'btree sort support with abbreviated keys (as uuid)';
COMMENT ON FUNCTION ulid_hash(ulid) IS 'hash, equal to the hash of the uuid with the same bytes';
COMMENT ON FUNCTION ulid_hash_extended(ulid, bigint) IS 'seeded 64-bit hash, equal to uuid''s';

CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

COMMENT ON OPERATOR = (ulid, ulid) IS 'equal';
COMMENT ON OPERATOR <> (ulid, ulid) IS 'not equal';
COMMENT ON OPERATOR < (ulid, ulid) IS 'less than (earlier)';
COMMENT ON OPERATOR <= (ulid, ulid) IS 'less than or equal';
COMMENT ON OPERATOR > (ulid, ulid) IS 'greater than (later)';
COMMENT ON OPERATOR >= (ulid, ulid) IS 'greater than or equal';

-- operator classes -------------------------------------------------------------

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 ulid_cmp(ulid, ulid),
    FUNCTION 2 ulid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS ulid_ops USING btree IS 'default btree operator class for ulid, with deduplication';
COMMENT ON OPERATOR FAMILY ulid_ops USING btree IS 'btree operators of ulid';

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 ulid_hash(ulid),
    FUNCTION 2 ulid_hash_extended(ulid, bigint);
COMMENT ON OPERATOR CLASS ulid_ops USING hash IS 'default hash operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING hash IS 'hash operators of ulid';

CREATE OPERATOR CLASS ulid_minmax_ops DEFAULT FOR TYPE ulid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal);
COMMENT ON OPERATOR CLASS ulid_minmax_ops USING brin IS 'default BRIN operator class for ulid: time ranges per block range';
COMMENT ON OPERATOR FAMILY ulid_minmax_ops USING brin IS 'BRIN minmax operators of ulid';

-- Version-dependent parts: BRIN minmax-multi and bloom exist from 14, skip support from 18.
-- A class is not created beside a family of its name that is not uidext's (CREATE OPERATOR CLASS
-- would adopt it): uidext_catalog_refresh(), which the 1.2 -> 1.3 update runs, warns of it (#21).
DO $$
DECLARE
    family_exists CONSTANT text :=
        'SELECT EXISTS (SELECT FROM pg_catalog.pg_opfamily f JOIN pg_catalog.pg_am a ON a.oid = f.opfmethod'
        ' JOIN pg_catalog.pg_namespace n ON n.oid = f.opfnamespace'
        ' WHERE a.amname = ''brin'' AND f.opfname = $1 AND n.nspname = pg_catalog.current_schema())';
    squatted boolean;
BEGIN
    EXECUTE family_exists INTO squatted USING 'ulid_minmax_multi_ops';
    IF current_setting('server_version_num')::integer >= 140000 AND NOT squatted THEN
        CREATE OPERATOR CLASS ulid_minmax_multi_ops FOR TYPE ulid USING brin AS
            OPERATOR 1 <,
            OPERATOR 2 <=,
            OPERATOR 3 =,
            OPERATOR 4 >=,
            OPERATOR 5 >,
            FUNCTION 1 brin_minmax_multi_opcinfo(internal),
            FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
            FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
            FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
            FUNCTION 5 brin_minmax_multi_options(internal),
            FUNCTION 11 brin_minmax_multi_distance_uuid(internal, internal);
        COMMENT ON OPERATOR CLASS ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for ulid';
        COMMENT ON OPERATOR FAMILY ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operators of ulid';
    END IF;
    EXECUTE family_exists INTO squatted USING 'ulid_bloom_ops';
    IF current_setting('server_version_num')::integer >= 140000 AND NOT squatted THEN
        CREATE OPERATOR CLASS ulid_bloom_ops FOR TYPE ulid USING brin AS
            OPERATOR 1 =,
            FUNCTION 1 brin_bloom_opcinfo(internal),
            FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
            FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
            FUNCTION 4 brin_bloom_union(internal, internal, internal),
            FUNCTION 5 brin_bloom_options(internal),
            FUNCTION 11 ulid_hash(ulid);
        COMMENT ON OPERATOR CLASS ulid_bloom_ops USING brin IS 'BRIN bloom operator class for ulid (equality only)';
        COMMENT ON OPERATOR FAMILY ulid_bloom_ops USING brin IS 'BRIN bloom operators of ulid';
    END IF;
    IF current_setting('server_version_num')::integer >= 180000 THEN
        CREATE FUNCTION ulid_skipsupport(internal) RETURNS void
            AS 'uuid_skipsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION ulid_skipsupport(internal) IS 'btree skip scan support';
        ALTER OPERATOR FAMILY ulid_ops USING btree ADD FUNCTION 6 (ulid, ulid) ulid_skipsupport(internal);
    END IF;
END
$$;

-- min / max --------------------------------------------------------------------

CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_larger(ulid, ulid) IS 'larger of two values';
COMMENT ON FUNCTION ulid_smaller(ulid, ulid) IS 'smaller of two values';

CREATE AGGREGATE min(ulid) (
    SFUNC = ulid_smaller, STYPE = ulid, COMBINEFUNC = ulid_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(ulid) (
    SFUNC = ulid_larger, STYPE = ulid, COMBINEFUNC = ulid_larger, SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(ulid) IS 'smallest (earliest) value; uses a btree index when there is one';
COMMENT ON AGGREGATE max(ulid) IS 'largest (latest) value; uses a btree index when there is one';

-- casts and time ---------------------------------------------------------------

CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
COMMENT ON CAST (ulid AS uuid) IS 'same 16 bytes, same order';
COMMENT ON CAST (uuid AS ulid) IS 'same 16 bytes, same order';

CREATE FUNCTION ulid_to_bytea(ulid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bytea_to_ulid(bytea) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_to_bytea(ulid);
CREATE CAST (bytea AS ulid) WITH FUNCTION bytea_to_ulid(bytea);
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS 'the 16 bytes, big-endian';
COMMENT ON FUNCTION bytea_to_ulid(bytea) IS 'a ulid from exactly 16 bytes';
COMMENT ON CAST (ulid AS bytea) IS 'the 16 bytes, big-endian';
COMMENT ON CAST (bytea AS ulid) IS 'a ulid from exactly 16 bytes';

CREATE FUNCTION ulid_extract_timestamp(ulid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_lower_bound(timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_upper_bound(timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_extract_timestamp(ulid) IS 'the embedded millisecond time (also of a UUIDv7 cast to ulid)';
COMMENT ON FUNCTION ulid_lower_bound(timestamptz) IS 'smallest ulid of that millisecond';
COMMENT ON FUNCTION ulid_upper_bound(timestamptz) IS 'largest ulid of that millisecond';

CREATE CAST (ulid AS timestamptz) WITH FUNCTION ulid_extract_timestamp(ulid);
CREATE CAST (timestamptz AS ulid) WITH FUNCTION ulid_lower_bound(timestamptz);
COMMENT ON CAST (ulid AS timestamptz) IS 'the embedded millisecond time';
COMMENT ON CAST (timestamptz AS ulid) IS 'smallest ulid of that millisecond';

-- generators ---------------------------------------------------------------------

CREATE FUNCTION gen_ulid() RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_ulid(timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'gen_ulid_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
-- The monotonic generators are PARALLEL RESTRICTED: a parallel worker is another process, and
-- without shared_preload_libraries it has its own state, so its values would not follow the
-- connection's previous one. Restricted, they always run in the connection's own backend.
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_ulid() IS 'new ULID: current millisecond and 80 strong random bits';
COMMENT ON FUNCTION gen_ulid(timestamptz) IS 'new ULID in the given millisecond, for backfilling';
COMMENT ON FUNCTION gen_monotonic_ulid() IS 'new ULID, greater than the previous one of this connection (of the server with shared_preload_libraries)';

CREATE FUNCTION uuidv7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv7' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7(shift interval) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv7_interval' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv4() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv4' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_monotonic_uuidv7() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
-- Qualified with the extension's schema: on PostgreSQL 18+ pg_catalog has its own uuidv7() and
-- uuidv4(), which unqualified names would find first (and whose comments would be overwritten).
DO $$
BEGIN
    EXECUTE format('COMMENT ON FUNCTION %I.uuidv7() IS %L', current_schema(),
                   'new UUIDv7 as PostgreSQL 18: 12-bit sub-millisecond fraction, ascending within the connection');
    EXECUTE format('COMMENT ON FUNCTION %I.uuidv7(interval) IS %L', current_schema(),
                   'new UUIDv7 with its time shifted, as PostgreSQL 18');
    EXECUTE format('COMMENT ON FUNCTION %I.uuidv4() IS %L', current_schema(),
                   'new random UUID (version 4), as gen_random_uuid()');
END
$$;
COMMENT ON FUNCTION gen_monotonic_uuidv7() IS 'new UUIDv7, ascending across the server with shared_preload_libraries, else within the connection';

CREATE FUNCTION uuidv7_lower_bound(timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7_upper_bound(timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_lower_bound(timestamptz) IS 'smallest valid UUIDv7 of that millisecond';
COMMENT ON FUNCTION uuidv7_upper_bound(timestamptz) IS 'largest valid UUIDv7 of that millisecond';

CREATE FUNCTION uidext_monotonic_scope() RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidext_monotonic_scope() IS '"server" when monotonic generators are ordered server-wide, else "connection"';

-- pg_uuidv7 drop-in names -------------------------------------------------------------

CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv7' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'ulid_extract_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_timestamptz_to_v7(timestamptz, zero boolean DEFAULT false) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_v1_to_timestamptz(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuid_generate_v7() IS 'pg_uuidv7 name for uuidv7()';
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS 'pg_uuidv7 name: the millisecond time in the first 48 bits';
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, boolean) IS 'pg_uuidv7 name: a UUIDv7 of that millisecond, random or (zero) the lower bound';
COMMENT ON FUNCTION uuid_v1_to_timestamptz(uuid) IS 'pg_uuidv7 name: the time of a version 1 UUID';
