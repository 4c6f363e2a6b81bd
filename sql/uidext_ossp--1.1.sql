-- uidext_ossp 1.1: uuid-ossp's ten functions (contrib/uuid-ossp 1.1: names, signatures,
-- volatility, strictness, parallel safety), implemented by uidext's library. Version 1.1 as
-- uuid-ossp's, so the catalog reads the same after the switch.
\echo Use "CREATE EXTENSION uidext_ossp" to load this file. \quit

CREATE FUNCTION uuid_nil() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuid_nil' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_ns_dns() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuid_ns_dns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_ns_url() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuid_ns_url' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_ns_oid() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuid_ns_oid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_ns_x500() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuid_ns_x500' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- uuid-ossp's uses the server's MAC address as node; this one a random node with the
-- multicast bit set, per backend, like uidext's uuidv1().
CREATE FUNCTION uuid_generate_v1() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv1' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v1mc() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuid_generate_v1mc' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
-- The name's bytes in the database encoding, as uuid-ossp hashes them (uidext's
-- uuidv3/uuidv5(uuid, text) convert to UTF-8 first; they agree in UTF8 databases).
CREATE FUNCTION uuid_generate_v3(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv3_bytes' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v4() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv4' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v5(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidext_uuidv5_bytes' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_nil() IS 'the nil UUID, all zero';
COMMENT ON FUNCTION uuid_ns_dns() IS 'namespace id for DNS names (RFC 9562)';
COMMENT ON FUNCTION uuid_ns_url() IS 'namespace id for URLs (RFC 9562)';
COMMENT ON FUNCTION uuid_ns_oid() IS 'namespace id for ISO object identifiers (RFC 9562)';
COMMENT ON FUNCTION uuid_ns_x500() IS 'namespace id for X.500 distinguished names (RFC 9562)';
COMMENT ON FUNCTION uuid_generate_v1() IS 'new UUID version 1, random multicast node per backend (uuid-ossp uses the MAC address)';
COMMENT ON FUNCTION uuid_generate_v1mc() IS 'new UUID version 1 with a fresh random node per value (multicast and local bits set)';
COMMENT ON FUNCTION uuid_generate_v3(uuid, text) IS 'UUID version 3: MD5 of the namespace and the name in the database encoding';
COMMENT ON FUNCTION uuid_generate_v4() IS 'new random UUID (version 4)';
COMMENT ON FUNCTION uuid_generate_v5(uuid, text) IS 'UUID version 5: SHA-1 of the namespace and the name in the database encoding';
