// The extension's objects that exist only on some PostgreSQL majors, and those an install may
// have had to skip. The install script creates them when the server has what they need;
// pg_upgrade from an older major carries the old set over, and uidext_catalog_refresh() adds
// what is missing. It never drops anything: every object uidext has on some major it has on all
// of them, even where pg_catalog has one of the same name (whose unqualified calls find first),
// so that a dump, which names uidext's with their schema, restores on every newer major (#21).
// A new major's object is one more row here (and the same DDL in the install script of the
// next version).
#pragma once

namespace uidext::pg {

struct catalog_item {
    int min_server_version;   // PG_VERSION_NUM from which the server supports it (0: every one)
    const char* description;  // for the function's result: what it changed
    // $2 of present_sql. A function is named by its exact signature, as in
    // "f(pg_catalog.uuid)"; a type that is not pg_catalog's is written %1$s.type (%1$s as in
    // create_sql). Other objects by name.
    const char* name;
    // Finds the object. No row when it does not exist; else one row (classid, objid) naming
    // the object whose extension membership decides whether refresh may touch it: the object
    // itself, or the operator family or type it is part of. Refresh creates or drops only what
    // is absent or a member of this extension; an object of a user or of another extension is
    // never touched. $1 is the extension's schema (oid).
    const char* present_sql;
    // Creates it, with its comments. %1$s is the extension's schema, quoted.
    const char* create_sql;
    // Makes it a member of the extension outside the extension's script (inside, PostgreSQL
    // does that itself); nullptr when it belongs to another object (a support function of an
    // operator family is part of the family, as in a fresh install).
    const char* member_sql;
};

// The queries run with search_path = pg_catalog, pg_temp and see every committed change, even
// in a REPEATABLE READ or SERIALIZABLE transaction (catalog_refresh.cpp).

// The operator class, or when it is absent a family of that name (CREATE OPERATOR CLASS would
// add to that family).
inline constexpr const char* brin_opclass_present =
    "WITH c AS (SELECT c.oid FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod"
    " WHERE a.amname = 'brin' AND c.opcnamespace = $1 AND c.opcname = $2)"
    " SELECT 'pg_opclass'::regclass, oid FROM c"
    " UNION ALL SELECT 'pg_opfamily'::regclass, f.oid FROM pg_opfamily f JOIN pg_am a ON a.oid = f.opfmethod"
    " WHERE a.amname = 'brin' AND f.opfnamespace = $1 AND f.opfname = $2 AND NOT EXISTS (SELECT FROM c)";

// A function of exactly that signature in the schema (never another overload).
#define UIDEXT_FUNCTION_PRESENT                                                                    \
    "SELECT 'pg_proc'::regclass, p.oid FROM pg_namespace n,"                                       \
    " to_regprocedure(quote_ident(n.nspname) || '.' || $2) p (oid)"                                \
    " WHERE n.oid = $1 AND p.oid IS NOT NULL"
inline constexpr const char* function_present = UIDEXT_FUNCTION_PRESENT;

// Objects of uidext 1.3 and 1.4 only, on every major: the six core-named ones moved to the
// opt-in extension uidext_compat in 1.5 (#35), and catalogs of 1.0 to 1.2 never had them on
// every major. For any other version of the extension's catalog (inside an update script: the
// version it updates to) the extension stands for them, present and uidext's, so that refresh
// neither creates them nor names a same-signature object as skipped. A catalog still at 1.3 or
// 1.4 under a newer library keeps them (and tests can build such a database).
#define UIDEXT_1_3_AND_1_4_ONLY(PRESENT)                                                           \
    "SELECT * FROM (" PRESENT ") p WHERE EXISTS (SELECT FROM pg_extension e"                       \
    " WHERE e.extname = 'uidext' AND e.extversion IN ('1.3', '1.4'))"                              \
    " UNION ALL SELECT 'pg_extension'::regclass, e.oid FROM pg_extension e"                        \
    " WHERE e.extname = 'uidext' AND e.extversion NOT IN ('1.3', '1.4')"
inline constexpr const char* function_present_1_3_and_1_4 = UIDEXT_1_3_AND_1_4_ONLY(UIDEXT_FUNCTION_PRESENT);

// min(uuid) or max(uuid) ($2): the aggregate, or, while it is absent, a transition function
// uuid_smaller or uuid_larger of the schema that is not uidext's (a user's polyfill, which
// uidext's aggregate must not call): refresh skips the aggregate then.
#define UIDEXT_UUID_AGGREGATE_PRESENT                                                              \
    UIDEXT_FUNCTION_PRESENT                                                                        \
    " UNION ALL SELECT 'pg_proc'::regclass, t.oid FROM pg_namespace n,"                            \
    " to_regprocedure(quote_ident(n.nspname) || '.' || $2) a (oid),"                               \
    " to_regprocedure(quote_ident(n.nspname) || CASE WHEN $2 LIKE 'min(%' THEN '.uuid_smaller'"    \
    " ELSE '.uuid_larger' END || '(pg_catalog.uuid, pg_catalog.uuid)') t (oid)"                    \
    " WHERE n.oid = $1 AND a.oid IS NULL AND t.oid IS NOT NULL AND NOT EXISTS (SELECT FROM pg_depend d" \
    " JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'"                         \
    " WHERE d.classid = 'pg_proc'::regclass AND d.objid = t.oid AND d.deptype = 'e')"
inline constexpr const char* uuid_aggregate_present_1_3_and_1_4 = UIDEXT_1_3_AND_1_4_ONLY(UIDEXT_UUID_AGGREGATE_PRESENT);

// An operator family $2 of the access method that is not uidext's (a user's, say), found as
// present whatever its members are: refresh never adds to it (#21). OR-ed into the queries of
// the items that add a member to a family.
#define UIDEXT_OR_FAMILY_NOT_UIDEXTS                                                               \
    " OR NOT EXISTS (SELECT FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid"             \
    " AND e.extname = 'uidext' WHERE d.classid = 'pg_opfamily'::regclass AND d.objid = f.oid"     \
    " AND d.deptype = 'e')"

// The comment of the array type of the schema's type $2: its element type decides.
inline constexpr const char* array_type_comment_present =
    "SELECT 'pg_type'::regclass, t.oid FROM pg_type t JOIN pg_description d"
    " ON d.objoid = t.typarray AND d.classoid = 'pg_type'::regclass AND d.objsubid = 0"
    " WHERE t.typnamespace = $1 AND t.typname = $2";

// Items of objects that an older version of the extension does not have yet (the library is
// newer than the extension's catalog until ALTER EXTENSION UPDATE): while the object they belong
// to is absent, the query names the extension itself, which counts as present and uidext's.
#define UIDEXT_OR_NOT_YET(ABSENT)                                                                  \
    " UNION ALL SELECT 'pg_extension'::regclass, e.oid FROM pg_extension e"                        \
    " WHERE e.extname = 'uidext' AND NOT EXISTS (" ABSENT ")"

// The comment of the array type of the schema's type $2, which may not exist yet.
inline constexpr const char* array_type_comment_present_if_type =
    "SELECT 'pg_type'::regclass, t.oid FROM pg_type t JOIN pg_description d"
    " ON d.objoid = t.typarray AND d.classoid = 'pg_type'::regclass AND d.objsubid = 0"
    " WHERE t.typnamespace = $1 AND t.typname = $2"
    UIDEXT_OR_NOT_YET("SELECT FROM pg_type t WHERE t.typnamespace = $1 AND t.typname = $2");

// Support function N of the GiST family $2, which may not exist yet.
#define UIDEXT_GIST_SUPPORT_PRESENT(N)                                                             \
    "SELECT 'pg_opfamily'::regclass, f.oid FROM pg_opfamily f JOIN pg_am a ON a.oid = f.opfmethod"   \
    " WHERE a.amname = 'gist' AND f.opfnamespace = $1 AND f.opfname = $2"                             \
    " AND (EXISTS (SELECT FROM pg_amproc p WHERE p.amprocfamily = f.oid AND p.amprocnum = " #N ")"   \
    UIDEXT_OR_FAMILY_NOT_UIDEXTS ")"                                                               \
    UIDEXT_OR_NOT_YET("SELECT FROM pg_opfamily f JOIN pg_am a ON a.oid = f.opfmethod"               \
                      " WHERE a.amname = 'gist' AND f.opfnamespace = $1 AND f.opfname = $2")

// Skip support (function 6) of the btree family $2 for the types CONDITION names.
#define UIDEXT_BTREE_SKIP_SUPPORT_PRESENT(CONDITION)                                               \
    "SELECT 'pg_opfamily'::regclass, f.oid FROM pg_opfamily f JOIN pg_am a ON a.oid = f.opfmethod"   \
    " WHERE a.amname = 'btree' AND f.opfnamespace = $1 AND f.opfname = $2 AND (EXISTS (SELECT"        \
    " FROM pg_amproc p WHERE p.amprocfamily = f.oid AND p.amprocnum = 6 AND " CONDITION ")"           \
    UIDEXT_OR_FAMILY_NOT_UIDEXTS ")"

// Rows in creation order: an object comes after what it uses.
inline constexpr catalog_item catalog_items[] = {
    {140000, "operator class ulid_minmax_multi_ops for access method brin", "ulid_minmax_multi_ops",
     brin_opclass_present,
     "CREATE OPERATOR CLASS %1$s.ulid_minmax_multi_ops FOR TYPE %1$s.ulid USING brin AS"
     " OPERATOR 1 %1$s.<, OPERATOR 2 %1$s.<=, OPERATOR 3 %1$s.=, OPERATOR 4 %1$s.>=, OPERATOR 5 %1$s.>,"
     " FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal),"
     " FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal),"
     " FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, integer),"
     " FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal),"
     " FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal),"
     " FUNCTION 11 pg_catalog.brin_minmax_multi_distance_uuid(internal, internal);"
     // 1.2: uuid bounds (sql/uidext--1.1--1.2.sql).
     " ALTER OPERATOR FAMILY %1$s.ulid_minmax_multi_ops USING brin ADD"
     " OPERATOR 1 %1$s.< (%1$s.ulid, pg_catalog.uuid), OPERATOR 2 %1$s.<= (%1$s.ulid, pg_catalog.uuid), OPERATOR 3 %1$s.= (%1$s.ulid, pg_catalog.uuid), OPERATOR 4 %1$s.>= (%1$s.ulid, pg_catalog.uuid), OPERATOR 5 %1$s.> (%1$s.ulid, pg_catalog.uuid),"
     " OPERATOR 1 %1$s.< (pg_catalog.uuid, %1$s.ulid), OPERATOR 2 %1$s.<= (pg_catalog.uuid, %1$s.ulid), OPERATOR 3 %1$s.= (pg_catalog.uuid, %1$s.ulid), OPERATOR 4 %1$s.>= (pg_catalog.uuid, %1$s.ulid), OPERATOR 5 %1$s.> (pg_catalog.uuid, %1$s.ulid);"
     " COMMENT ON OPERATOR CLASS %1$s.ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for ulid';"
     " COMMENT ON OPERATOR FAMILY %1$s.ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operators of ulid';",
     "ALTER EXTENSION uidext ADD OPERATOR FAMILY %1$s.ulid_minmax_multi_ops USING brin;"
     " ALTER EXTENSION uidext ADD OPERATOR CLASS %1$s.ulid_minmax_multi_ops USING brin;"},
    {140000, "operator class ulid_bloom_ops for access method brin", "ulid_bloom_ops", brin_opclass_present,
     "CREATE OPERATOR CLASS %1$s.ulid_bloom_ops FOR TYPE %1$s.ulid USING brin AS"
     " OPERATOR 1 %1$s.=,"
     " FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal),"
     " FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal),"
     " FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, integer),"
     " FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal),"
     " FUNCTION 5 pg_catalog.brin_bloom_options(internal),"
     " FUNCTION 11 %1$s.ulid_hash(%1$s.ulid);"
     // 1.2: uuid equality (sql/uidext--1.1--1.2.sql).
     " ALTER OPERATOR FAMILY %1$s.ulid_bloom_ops USING brin ADD"
     " OPERATOR 1 %1$s.= (%1$s.ulid, pg_catalog.uuid),"
     " OPERATOR 1 %1$s.= (pg_catalog.uuid, %1$s.ulid);"
     " COMMENT ON OPERATOR CLASS %1$s.ulid_bloom_ops USING brin IS 'BRIN bloom operator class for ulid (equality only)';"
     " COMMENT ON OPERATOR FAMILY %1$s.ulid_bloom_ops USING brin IS 'BRIN bloom operators of ulid';",
     "ALTER EXTENSION uidext ADD OPERATOR FAMILY %1$s.ulid_bloom_ops USING brin;"
     " ALTER EXTENSION uidext ADD OPERATOR CLASS %1$s.ulid_bloom_ops USING brin;"},
    {180000, "function ulid_skipsupport(internal)", "ulid_skipsupport(internal)", function_present,
     "CREATE FUNCTION %1$s.ulid_skipsupport(internal) RETURNS void"
     " AS '$libdir/uidext', 'ulid_skipsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;"
     " COMMENT ON FUNCTION %1$s.ulid_skipsupport(internal) IS 'btree skip scan support';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.ulid_skipsupport(internal);"},
    {180000, "function 6 (skip support) of operator family ulid_ops for access method btree", "ulid_ops",
     UIDEXT_BTREE_SKIP_SUPPORT_PRESENT("p.amproclefttype <> 'uuid'::regtype"),
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING btree"
     " ADD FUNCTION 6 (%1$s.ulid, %1$s.ulid) %1$s.ulid_skipsupport(internal);",
     nullptr},
    // GiST ulid_ops (1.2): sorted builds from 14, WITHOUT OVERLAPS keys from 18. Present also when
    // the family does not exist yet (an extension still at 1.1 under a 1.2 library).
    {140000, "function 11 (sort support) of operator family ulid_ops for access method gist", "ulid_ops",
     UIDEXT_GIST_SUPPORT_PRESENT(11),
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING gist"
     " ADD FUNCTION 11 (%1$s.ulid, %1$s.ulid) %1$s.ulid_gist_sortsupport(internal);",
     nullptr},
    {180000, "function 12 (translate_cmptype) of operator family ulid_ops for access method gist", "ulid_ops",
     UIDEXT_GIST_SUPPORT_PRESENT(12),
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING gist"
     " ADD FUNCTION 12 (pg_catalog.\"any\", pg_catalog.\"any\") %1$s.ulid_gist_cmptype(integer);",
     nullptr},
    // pg_upgrade does not carry the comment of the implicit array type over (its dump skips that
    // type); pg_dump/pg_restore keeps it, as CREATE EXTENSION runs the script again.
    {130000, "comment on type ulid[]", "ulid", array_type_comment_present,
     "COMMENT ON TYPE %1$s.ulid[] IS 'array of ulid';", nullptr},
    {130000, "comment on type ulid_gist_key[]", "ulid_gist_key", array_type_comment_present_if_type,
     "COMMENT ON TYPE %1$s.ulid_gist_key[] IS 'array of ulid_gist_key (created with every type; unused)';", nullptr},
    // 1.3: the general TypeID type's array.
    {130000, "comment on type typeid[]", "typeid", array_type_comment_present_if_type,
     "COMMENT ON TYPE %1$s.typeid[] IS 'array of typeid';", nullptr},
    // 1.2: skip support for uuid_ulid_ops (uuid columns in the family), core's own function.
    {180000, "function 6 (skip support) for uuid of operator family ulid_ops for access method btree", "ulid_ops",
     UIDEXT_BTREE_SKIP_SUPPORT_PRESENT("p.amproclefttype = 'uuid'::regtype"),
     "ALTER OPERATOR FAMILY %1$s.ulid_ops USING btree"
     " ADD FUNCTION 6 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_skipsupport(internal);",
     nullptr},
    // 1.3 and 1.4 only: on every major, beside core's of the same name in pg_catalog from 17
    // (uuid_extract_*) and from 20 (min/max(uuid)); skipped beside a user's polyfill of the same
    // signature (#21). From 1.5 they are uidext_compat's (sql/uidext_compat--1.0.sql, #35).
    {0, "function uuid_extract_version(uuid)", "uuid_extract_version(pg_catalog.uuid)", function_present_1_3_and_1_4,
     "CREATE FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid) RETURNS pg_catalog.int2"
     " AS '$libdir/uidext', 'uidext_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;"
     " COMMENT ON FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid)"
     " IS 'version of an RFC 9562 variant UUID, else NULL (as PostgreSQL 17)';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.uuid_extract_version(pg_catalog.uuid);"},
    {0, "function uuid_extract_timestamp(uuid)", "uuid_extract_timestamp(pg_catalog.uuid)", function_present_1_3_and_1_4,
     "CREATE FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz"
     " AS '$libdir/uidext', 'uidext_uuid_extract_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;"
     " COMMENT ON FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid)"
     " IS 'time of a version 1 or 6 (microseconds) or version 7 (milliseconds) UUID, else NULL';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.uuid_extract_timestamp(pg_catalog.uuid);"},
    {0, "function uuid_larger(uuid, uuid)", "uuid_larger(pg_catalog.uuid, pg_catalog.uuid)", function_present_1_3_and_1_4,
     "CREATE FUNCTION %1$s.uuid_larger(pg_catalog.uuid, pg_catalog.uuid) RETURNS pg_catalog.uuid"
     " AS '$libdir/uidext', 'uidext_uuid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;"
     " COMMENT ON FUNCTION %1$s.uuid_larger(pg_catalog.uuid, pg_catalog.uuid) IS 'larger of two values';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.uuid_larger(pg_catalog.uuid, pg_catalog.uuid);"},
    {0, "function uuid_smaller(uuid, uuid)", "uuid_smaller(pg_catalog.uuid, pg_catalog.uuid)", function_present_1_3_and_1_4,
     "CREATE FUNCTION %1$s.uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) RETURNS pg_catalog.uuid"
     " AS '$libdir/uidext', 'uidext_uuid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;"
     " COMMENT ON FUNCTION %1$s.uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) IS 'smaller of two values';",
     "ALTER EXTENSION uidext ADD FUNCTION %1$s.uuid_smaller(pg_catalog.uuid, pg_catalog.uuid);"},
    // Answered from a btree index through SORTOP, as core's.
    {0, "aggregate min(uuid)", "min(pg_catalog.uuid)", uuid_aggregate_present_1_3_and_1_4,
     "CREATE AGGREGATE %1$s.min(pg_catalog.uuid) (SFUNC = %1$s.uuid_smaller, STYPE = pg_catalog.uuid,"
     " COMBINEFUNC = %1$s.uuid_smaller, SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);"
     " COMMENT ON AGGREGATE %1$s.min(pg_catalog.uuid) IS 'smallest value; uses a btree index when there is one';",
     "ALTER EXTENSION uidext ADD AGGREGATE %1$s.min(pg_catalog.uuid);"},
    {0, "aggregate max(uuid)", "max(pg_catalog.uuid)", uuid_aggregate_present_1_3_and_1_4,
     "CREATE AGGREGATE %1$s.max(pg_catalog.uuid) (SFUNC = %1$s.uuid_larger, STYPE = pg_catalog.uuid,"
     " COMBINEFUNC = %1$s.uuid_larger, SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);"
     " COMMENT ON AGGREGATE %1$s.max(pg_catalog.uuid) IS 'largest value; uses a btree index when there is one';",
     "ALTER EXTENSION uidext ADD AGGREGATE %1$s.max(pg_catalog.uuid);"},
};

}  // namespace uidext::pg
