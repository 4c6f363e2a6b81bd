// The extension's objects that exist only on some PostgreSQL majors. The install script creates
// them when the server has what they need (or lacks what they stand in for); pg_upgrade from an
// older major carries the old set over, and uidext_catalog_refresh() adds what is missing and
// removes what the new major made obsolete. A new major's object is one more row here (and the
// same DDL in the install script of the next version).
#pragma once

namespace uidext::pg {

struct catalog_item {
    int min_server_version;   // PG_VERSION_NUM from which the server supports it
    // PG_VERSION_NUM from which it is obsolete (core has its own), 0 for never: then refresh
    // removes it, unless objects outside the extension use it.
    int obsolete_from_version;
    const char* description;  // for the function's result: what it changed
    const char* name;         // $2 of present_sql
    // One boolean row: true when the object exists. $1 is the extension's schema (oid).
    const char* present_sql;
    // Creates it, with its comments. %1$s is the extension's schema, quoted.
    const char* create_sql;
    // Makes it a member of the extension outside the extension's script (inside, PostgreSQL
    // does that itself); nullptr when it belongs to another object (a support function of an
    // operator family is part of the family, as in a fresh install).
    const char* member_sql;
    // For obsolete objects: one text row naming what outside the extension uses it (NULL when
    // nothing does; $1 and $2 as in present_sql), and the statement that drops it (%1$s as
    // above); outside the extension's own script its membership is dropped first.
    const char* users_sql = nullptr;
    const char* drop_sql = nullptr;
    const char* unmember_sql = nullptr;
};

inline constexpr const char* brin_opclass_present =
    "SELECT EXISTS (SELECT FROM pg_catalog.pg_opclass c JOIN pg_catalog.pg_am a ON a.oid = c.opcmethod"
    " WHERE a.amname = 'brin' AND c.opcnamespace = $1 AND c.opcname = $2)";

inline constexpr const char* function_present =
    "SELECT EXISTS (SELECT FROM pg_catalog.pg_proc WHERE pronamespace = $1 AND proname = $2)";

inline constexpr const char* type_comment_present =
    "SELECT EXISTS (SELECT FROM pg_catalog.pg_type t JOIN pg_catalog.pg_description d"
    " ON d.objoid = t.oid AND d.classoid = 'pg_catalog.pg_type'::pg_catalog.regclass"
    " WHERE t.typnamespace = $1 AND t.typname = $2)";

// The same, also true when the type does not exist (yet: an extension at an older version).
inline constexpr const char* type_comment_present_if_type =
    "SELECT NOT EXISTS (SELECT FROM pg_catalog.pg_type t WHERE t.typnamespace = $1 AND t.typname = $2"
    " AND NOT EXISTS (SELECT FROM pg_catalog.pg_description d"
    " WHERE d.objoid = t.oid AND d.classoid = 'pg_catalog.pg_type'::pg_catalog.regclass))";

// Support function N of the GiST family $2 is there, or the family is not (yet: an extension at
// an older version).
#define UIDEXT_GIST_SUPPORT_PRESENT(N)                                                           \
    "SELECT NOT EXISTS (SELECT FROM pg_catalog.pg_opfamily f JOIN pg_catalog.pg_am a ON a.oid = f.opfmethod" \
    " WHERE a.amname = 'gist' AND f.opfnamespace = $1 AND f.opfname = $2"                                \
    " AND NOT EXISTS (SELECT FROM pg_catalog.pg_amproc p WHERE p.amprocfamily = f.oid AND p.amprocnum = " #N "))"

// What outside the extension depends on the function: NULL when nothing does.
inline constexpr const char* function_users =
    "SELECT pg_catalog.string_agg(pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), ', ')"
    " FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p"
    " ON d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.refobjid = p.oid"
    " WHERE p.pronamespace = $1 AND p.proname = $2 AND d.deptype <> 'e'";

// Rows in creation order: an object comes after what it uses.
inline constexpr catalog_item catalog_items[] = {
    {140000, 0, "operator class ulid_minmax_multi_ops for access method brin", "ulid_minmax_multi_ops",
     brin_opclass_present,
     "CREATE OPERATOR CLASS %1$s.ulid_minmax_multi_ops FOR TYPE %1$s.ulid USING brin AS"
     " OPERATOR 1 %1$s.<, OPERATOR 2 %1$s.<=, OPERATOR 3 %1$s.=, OPERATOR 4 %1$s.>=, OPERATOR 5 %1$s.>,"
     " FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal),"
     " FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal),"
     " FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, integer),"
     " FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal),"
     " FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal),"
     " FUNCTION 11 pg_catalog.brin_minmax_multi_distance_uuid(internal, internal);"
     " COMMENT ON OPERATOR CLASS %1$s.ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for ulid';"
     " COMMENT ON OPERATOR FAMILY %1$s.ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operators of ulid';",
     "ALTER EXTENSION uidext ADD OPERATOR FAMILY %1$s.ulid_minmax_multi_ops USING brin;"
     " ALTER EXTENSION uidext ADD OPERATOR CLASS %1$s.ulid_minmax_multi_ops USING brin;"},
    {140000, 0, "operator class ulid_bloom_ops for access method brin", "ulid_bloom_ops", brin_opclass_present,
     "CREATE OPERATOR CLASS %1$s.ulid_bloom_ops FOR TYPE %1$s.ulid USING brin AS"
     " OPERATOR 1 %1$s.=,"
     " FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal),"
     " FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal),"
     " FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, integer),"
     " FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal),"
     " FUNCTION 5 pg_catalog.brin_bloom_options(internal),"
     " FUNCTION 11 %1$s.ulid_hash(%1$s.ulid);"
     " COMMENT ON OPERATOR CLASS %1$s.ulid_bloom_ops USING brin IS 'BRIN bloom operator class for ulid (equality only)';"
     " COMMENT ON OPERATOR FAMILY %1$s.ulid_bloom_ops USING brin IS 'BRIN bloom operators of ulid';",
     "ALTER EXTENSION uidext ADD OPERATOR FAMILY %1$s.ulid_bloom_ops USING brin;"
     " ALTER EXTENSION uidext ADD OPERATOR CLASS %1$s.ulid_bloom_ops USING brin;"},
    {180000, 0, "function ulid_skipsupport(internal)", "ulid_skipsupport", function_present,
     "CREATE FUNCTION %1$s.ulid_skipsupport(internal) RETURNS void"
     " AS 'uuid_skipsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;"
     " COMMENT ON FUNCTION %1$s.ulid_skipsupport(internal) IS 'btree skip scan support';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.ulid_skipsupport(internal);"},
    {180000, 0, "function 6 (skip support) of operator family ulid_ops for access method btree", "ulid_ops",
     "SELECT EXISTS (SELECT FROM pg_catalog.pg_amproc p JOIN pg_catalog.pg_opfamily f ON f.oid = p.amprocfamily"
     " JOIN pg_catalog.pg_am a ON a.oid = f.opfmethod"
     " WHERE a.amname = 'btree' AND f.opfnamespace = $1 AND f.opfname = $2 AND p.amprocnum = 6)",
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING btree"
     " ADD FUNCTION 6 (%1$s.ulid, %1$s.ulid) %1$s.ulid_skipsupport(internal);",
     nullptr},
    // GiST ulid_ops (1.2): sorted builds from 14, WITHOUT OVERLAPS keys from 18. Present also when
    // the family does not exist yet (an extension still at 1.1 under a 1.2 library).
    {140000, 0, "function 11 (sort support) of operator family ulid_ops for access method gist", "ulid_ops",
     UIDEXT_GIST_SUPPORT_PRESENT(11),
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING gist"
     " ADD FUNCTION 11 (%1$s.ulid, %1$s.ulid) %1$s.ulid_gist_sortsupport(internal);",
     nullptr},
    {180000, 0, "function 12 (translate_cmptype) of operator family ulid_ops for access method gist", "ulid_ops",
     UIDEXT_GIST_SUPPORT_PRESENT(12),
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING gist"
     " ADD FUNCTION 12 (pg_catalog.\"any\", pg_catalog.\"any\") %1$s.ulid_gist_cmptype(integer);",
     nullptr},
    // pg_upgrade does not carry the comment of the implicit array type over (its dump skips that
    // type); pg_dump/pg_restore keeps it, as CREATE EXTENSION runs the script again.
    {130000, 0, "comment on type ulid[]", "_ulid", type_comment_present,
     "COMMENT ON TYPE %1$s.ulid[] IS 'array of ulid';", nullptr},
    {130000, 0, "comment on type ulid_gist_key[]", "_ulid_gist_key", type_comment_present_if_type,
     "COMMENT ON TYPE %1$s.ulid_gist_key[] IS 'array of ulid_gist_key (created with every type; unused)';", nullptr},
    // PostgreSQL 17 has these in pg_catalog, which is searched first: uidext's own are dead weight.
    {130000, 170000, "function uuid_extract_version(uuid)", "uuid_extract_version", function_present,
     "CREATE FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid) RETURNS pg_catalog.int2"
     " AS '$libdir/uidext', 'uidext_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;"
     " COMMENT ON FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid)"
     " IS 'version of an RFC 9562 variant UUID, else NULL (as PostgreSQL 17)';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid);",
     function_users,
     "DROP FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid);",
     "ALTER EXTENSION uidext DROP FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid);"},
    {130000, 170000, "function uuid_extract_timestamp(uuid)", "uuid_extract_timestamp", function_present,
     "CREATE FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz"
     " AS '$libdir/uidext', 'uidext_uuid_extract_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;"
     " COMMENT ON FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid)"
     " IS 'time of a version 1 or 6 (microseconds) or version 7 (milliseconds) UUID, else NULL';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid);",
     function_users,
     "DROP FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid);",
     "ALTER EXTENSION uidext DROP FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid);"},
};

}  // namespace uidext::pg
