// typeid_define() and typeid_drop(): a per-prefix type is a base type, which only a superuser
// may create (its C functions could crash the server). These functions check the caller
// first (CREATE on the target schema; owning the type to drop), then, as PostgreSQL does for a
// trusted extension's script, run uidext's own fixed DDL as the bootstrap superuser: the
// plpgsql functions uidext_typeid_create/uidext_typeid_remove (not executable by PUBLIC, with
// a safe search_path), whose types and C functions are uidext's, never the caller's.
#include "typeid_glue.hpp"

extern "C" {
#include "catalog/namespace.h"
#include "catalog/pg_authid.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "nodes/makefuncs.h"
#include "utils/acl.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
}

using namespace uidext;

namespace {

// "gen_" and "_recv" are added to the type's name for its functions.
constexpr std::size_t type_name_max = NAMEDATALEN - 1 - 5;

// Runs `SELECT <extension schema>.function($1, ...)` as the bootstrap superuser and returns
// its single non-null oid result. The user switch is undone by a transaction or
// subtransaction abort if the call fails.
Oid call_as_superuser(FunctionCallInfo fcinfo, const char* function, int nargs, Oid* types, Datum* values) {
    const char* schema = get_namespace_name(get_func_namespace(fcinfo->flinfo->fn_oid));
    StringInfoData query;
    initStringInfo(&query);
    appendStringInfo(&query, "SELECT %s.%s(", quote_identifier(schema), function);
    for (int i = 1; i <= nargs; ++i) appendStringInfo(&query, i == 1 ? "$%d" : ", $%d", i);
    appendStringInfoString(&query, ")::pg_catalog.oid");

    Oid saved_user;
    int saved_context;
    GetUserIdAndSecContext(&saved_user, &saved_context);
    SetUserIdAndSecContext(BOOTSTRAP_SUPERUSERID,
                           saved_context | SECURITY_LOCAL_USERID_CHANGE | SECURITY_RESTRICTED_OPERATION);
    if (SPI_connect() != SPI_OK_CONNECT) elog(ERROR, "SPI_connect failed");
    if (SPI_execute_with_args(query.data, nargs, types, values, nullptr, false, 1) != SPI_OK_SELECT ||
        SPI_processed != 1)
        elog(ERROR, "%s did not return a row", function);
    bool isnull = true;
    const Datum result = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull);
    SPI_finish();
    SetUserIdAndSecContext(saved_user, saved_context);
    return isnull ? InvalidOid : DatumGetObjectId(result);
}

bool may_create_in(Oid schema, Oid role) {
#if PG_VERSION_NUM >= 160000
    return object_aclcheck(NamespaceRelationId, schema, role, ACL_CREATE) == ACLCHECK_OK;
#else
    return pg_namespace_aclcheck(schema, role, ACL_CREATE) == ACLCHECK_OK;
#endif
}

bool owns_type(Oid type, Oid role) {
#if PG_VERSION_NUM >= 160000
    return object_ownercheck(TypeRelationId, type, role);
#else
    return pg_type_ownercheck(type, role);
#endif
}

}  // namespace

// typeid_define(prefix text, type_name text) and typeid_define(prefix text) RETURNS regtype
UIDEXT_FUNCTION(typeid_define) {
    const char* prefix = text_to_cstring(PG_GETARG_TEXT_PP(0));
    if (!typeid_prefix_is_valid(prefix))
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid TypeID prefix: \"%s\"", prefix),
                        errdetail("A TypeID prefix is at most 63 lowercase letters (a-z) and underscores, "
                                  "beginning and ending with a letter.")));
    const char* type_name = PG_NARGS() > 1 ? text_to_cstring(PG_GETARG_TEXT_PP(1)) : psprintf("%s_id", prefix);
    if (type_name[0] == '\0' || std::strlen(type_name) > type_name_max)
        ereport(ERROR, (errcode(ERRCODE_NAME_TOO_LONG), errmsg("invalid TypeID type name: \"%s\"", type_name),
                        errdetail("The name must have 1 to %d bytes (its functions add \"gen_\" and \"_recv\").",
                                  static_cast<int>(type_name_max)),
                        errhint("Pass a shorter name: typeid_define(prefix, type_name).")));

    // The schema CREATE TYPE would use, and the caller's right to create there.
    char* unqualified = nullptr;
    const Oid schema = QualifiedNameGetCreationNamespace(list_make1(makeString(pstrdup(type_name))), &unqualified);
    if (isAnyTempNamespace(schema))
        ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                        errmsg("cannot create a TypeID type in a temporary schema")));
    const Oid caller = GetUserId();
    if (!may_create_in(schema, caller)) aclcheck_error(ACLCHECK_NO_PRIV, OBJECT_SCHEMA, get_namespace_name(schema));
    if (OidIsValid(GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum(type_name), ObjectIdGetDatum(schema))))
        ereport(ERROR, (errcode(ERRCODE_DUPLICATE_OBJECT),
                        errmsg("type \"%s\" already exists in schema \"%s\"", type_name, get_namespace_name(schema))));

    Oid types[4] = {OIDOID, TEXTOID, TEXTOID, OIDOID};
    Datum values[4] = {ObjectIdGetDatum(schema), CStringGetTextDatum(prefix), CStringGetTextDatum(type_name),
                       ObjectIdGetDatum(caller)};
    PG_RETURN_OID(call_as_superuser(fcinfo, "uidext_typeid_create", 4, types, values));
}

// typeid_drop(regtype) RETURNS void: the type, its functions, operators, classes and casts;
// refused (as DROP ... RESTRICT) while a column or any other object still uses them.
UIDEXT_FUNCTION(typeid_drop) {
    const Oid type = PG_GETARG_OID(0);
    pg::fixed_typeid found;
    if (!pg::lookup_fixed_typeid(type, found))
        ereport(ERROR, (errcode(ERRCODE_WRONG_OBJECT_TYPE),
                        errmsg("%s is not a TypeID type made by typeid_define()", format_type_be(type))));
    if (!owns_type(type, GetUserId())) aclcheck_error_type(ACLCHECK_NOT_OWNER, type);
    Oid types[1] = {OIDOID};
    Datum values[1] = {ObjectIdGetDatum(type)};
    call_as_superuser(fcinfo, "uidext_typeid_remove", 1, types, values);
    PG_RETURN_VOID();
}
