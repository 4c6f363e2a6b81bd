// typeid_define() and typeid_drop(): a per-prefix type is a base type, which only a superuser
// may create (its C functions could crash the server). These functions check the caller first
// (CREATE on the database, as CREATE EXTENSION of a trusted extension needs; CREATE on the target
// schema, or owning the type to drop), get uidext's fixed DDL from the plpgsql functions
// uidext_typeid_create_ddl / uidext_typeid_remove_ddl (called by OID, never by a name a role
// could overload), and run it as the bootstrap superuser with search_path = "pg_catalog,
// pg_temp" (#35): every name in that DDL is schema-qualified, and nothing a role without
// superuser can create is found by name while it runs, by the DDL, the event triggers that fire
// for it, or what they call (the caller's temporary objects are refused first).
#include "typeid_glue.hpp"
#include "typeid_drop_guard.hpp"

extern "C" {
#include "access/genam.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/namespace.h"
#include "catalog/pg_authid.h"
#include "catalog/pg_database.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/dbcommands.h"
#include "commands/extension.h"
#include "executor/spi.h"
#include "nodes/makefuncs.h"
#include "parser/parse_func.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/fmgroids.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "storage/lmgr.h"
}

using namespace uidext;

namespace {

// "gen_" and "_recv" are added to the type's name for its functions.
constexpr std::size_t type_name_max = NAMEDATALEN - 1 - 5;

// What CREATE EXTENSION of a trusted extension requires (superusers pass): whoever may have
// PostgreSQL run a trusted extension's script as the bootstrap superuser may have this DDL run.
void require_create_on_database(const char* function) {
#if PG_VERSION_NUM >= 160000
    const bool allowed = object_aclcheck(DatabaseRelationId, MyDatabaseId, GetUserId(), ACL_CREATE) == ACLCHECK_OK;
#else
    const bool allowed = pg_database_aclcheck(MyDatabaseId, GetUserId(), ACL_CREATE) == ACLCHECK_OK;
#endif
    if (!allowed)
        ereport(ERROR, (errcode(ERRCODE_INSUFFICIENT_PRIVILEGE), errmsg("permission denied to run %s", function),
                        errdetail("%s runs uidext's DDL as the bootstrap superuser, as CREATE EXTENSION runs a "
                                  "trusted extension's script, and needs what that needs.",
                                  function),
                        errhint("Must have CREATE privilege on database \"%s\".", get_database_name(MyDatabaseId))));
}

// True when the session's temporary schema holds anything (every temporary object depends on
// that schema in pg_depend). Relations and types are looked up there by unqualified names, so an
// event trigger that fires as the bootstrap superuser during our DDL could reach the caller's
// temporary table, view or type (the escalation of #30 H2); a superuser caller has nothing to gain.
bool session_has_temporary_objects() {
    Oid temp_namespace = InvalidOid;
    Oid temp_toast_namespace = InvalidOid;
    GetTempNamespaceState(&temp_namespace, &temp_toast_namespace);
    if (!OidIsValid(temp_namespace)) return false;
    Relation depend = table_open(DependRelationId, AccessShareLock);
    ScanKeyData keys[2];
    ScanKeyInit(&keys[0], Anum_pg_depend_refclassid, BTEqualStrategyNumber, F_OIDEQ,
                ObjectIdGetDatum(NamespaceRelationId));
    ScanKeyInit(&keys[1], Anum_pg_depend_refobjid, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(temp_namespace));
    SysScanDesc scan = systable_beginscan(depend, DependReferenceIndexId, true, nullptr, 2, keys);
    const bool found = HeapTupleIsValid(systable_getnext(scan));
    systable_endscan(scan);
    table_close(depend, AccessShareLock);
    return found;
}

// What a role must have before uidext runs DDL as the bootstrap superuser for it.
void require_caller_may_run_as_superuser(const char* function) {
    require_create_on_database(function);
    if (!superuser() && session_has_temporary_objects())
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s cannot run while this session has temporary objects", function),
                        errdetail("Its DDL runs as the bootstrap superuser; event triggers that fire then could reach "
                                  "this session's temporary tables, views and types by unqualified names."),
                        errhint("Run it in a new session, or first drop them: DISCARD TEMP.")));
}

// One of uidext's internal functions: by its exact signature in the schema of the C function
// being called (uidext's), and only if it is a member of the extension. A defaulted overload a
// role adds to that schema can neither make the call ambiguous nor take it over.
Oid internal_function(FunctionCallInfo fcinfo, const char* name, int nargs, const Oid* argtypes) {
    const Oid schema = get_func_namespace(fcinfo->flinfo->fn_oid);
    List* qualified = list_make2(makeString(get_namespace_name(schema)), makeString(pstrdup(name)));
    const Oid function = LookupFuncName(qualified, nargs, argtypes, true);
    const Oid extension = get_extension_oid("uidext", true);
    if (!OidIsValid(function) || !OidIsValid(extension) ||
        getExtensionOfObject(ProcedureRelationId, function) != extension)
        ereport(ERROR, (errcode(ERRCODE_UNDEFINED_FUNCTION),
                        errmsg("uidext's internal function %s.%s is missing", get_namespace_name(schema), name),
                        errhint("Update the extension: ALTER EXTENSION uidext UPDATE.")));
    return function;
}

// The statements of a text[], palloc'd C strings.
struct statement_list {
    const char** items = nullptr;
    int count = 0;
};

statement_list statements_of(Datum array) {
    Datum* items = nullptr;
    bool* nulls = nullptr;
    statement_list list;
    deconstruct_array(DatumGetArrayTypeP(array), TEXTOID, -1, false, TYPALIGN_INT, &items, &nulls, &list.count);
    list.items = static_cast<const char**>(palloc0(sizeof(const char*) * (list.count + 1)));
    for (int i = 0; i < list.count; ++i) {
        if (nulls[i]) elog(ERROR, "uidext's TypeID DDL has a null statement");
        list.items[i] = TextDatumGetCString(items[i]);
    }
    return list;
}

// What the DDL runs with. Only typeid_define's is quiet: its CREATE FUNCTIONs on the shell type
// raise NOTICEs, as in an extension's script; typeid_drop's last statement cascades, and a
// cascade's NOTICEs are never hidden (#35 item 5).
enum class ddl_kind { create, drop };

// Runs each statement as the bootstrap superuser with SECURITY_RESTRICTED_OPERATION and
// search_path = "pg_catalog, pg_temp": pg_catalog first (only superusers create there), then the
// session's temporary schema, which for a caller who is not a superuser holds nothing
// (require_caller_may_run_as_superuser), and where functions and operators are never looked up.
// 1.4 put the type's schema first, as a trusted extension's script has its schema: an audit
// event trigger's unqualified table was then found there, planted by any role with CREATE on it,
// and its row trigger ran as the superuser (#35 H1). Now such a trigger fails the call instead.
// typeid_drop's last statement (DROP TYPE ... CASCADE of `drop_type`) runs under the guard of
// typeid_drop_guard.hpp. An error undoes the user switch and the settings with the (sub)transaction.
void run_as_bootstrap_superuser(Datum statements, ddl_kind kind, Oid drop_type = InvalidOid) {
    const statement_list ddl = statements_of(statements);
    const int nest_level = NewGUCNestLevel();
    if (kind == ddl_kind::create && client_min_messages < WARNING)
        set_config_option("client_min_messages", "warning", PGC_USERSET, PGC_S_SESSION, GUC_ACTION_SAVE, true, 0, false);
    set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION, GUC_ACTION_SAVE, true, 0, false);
    Oid saved_user;
    int saved_context;
    GetUserIdAndSecContext(&saved_user, &saved_context);
    SetUserIdAndSecContext(BOOTSTRAP_SUPERUSERID,
                           saved_context | SECURITY_LOCAL_USERID_CHANGE | SECURITY_RESTRICTED_OPERATION);
    if (SPI_connect() != SPI_OK_CONNECT) elog(ERROR, "SPI_connect failed");
    for (int i = 0; i < ddl.count; ++i) {
        if (kind == ddl_kind::drop && i == ddl.count - 1) {
            pg::drop_type_guarded(drop_type, ddl.items[i]);
            continue;
        }
        if (SPI_execute(ddl.items[i], false, 0) < 0) elog(ERROR, "could not run \"%s\"", ddl.items[i]);
    }
    SPI_finish();
    SetUserIdAndSecContext(saved_user, saved_context);
    AtEOXact_GUC(true, nest_level);
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
    require_caller_may_run_as_superuser("typeid_define");
    if (OidIsValid(GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum(type_name), ObjectIdGetDatum(schema))))
        ereport(ERROR, (errcode(ERRCODE_DUPLICATE_OBJECT),
                        errmsg("type \"%s\" already exists in schema \"%s\"", type_name, get_namespace_name(schema))));

    // The DDL is made as the caller (it only reads catalogs, under its own pinned search_path).
    const Oid argtypes[4] = {OIDOID, TEXTOID, TEXTOID, OIDOID};
    const Oid make_ddl = internal_function(fcinfo, "uidext_typeid_create_ddl", 4, argtypes);
    const Datum ddl = OidFunctionCall4(make_ddl, ObjectIdGetDatum(schema), CStringGetTextDatum(prefix),
                                       CStringGetTextDatum(type_name), ObjectIdGetDatum(caller));
    run_as_bootstrap_superuser(ddl, ddl_kind::create);
    const Oid type = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum(type_name), ObjectIdGetDatum(schema));
    if (!OidIsValid(type)) elog(ERROR, "type \"%s\" was not created", type_name);
    PG_RETURN_OID(type);
}

// typeid_drop(regtype) RETURNS void: the type, its functions, operators, classes and casts;
// refused (as DROP ... RESTRICT) while a column or any other object still uses them, whatever
// the isolation level (#35 item 5): the type is locked as DROP TYPE locks it, the dependents are
// read from the catalog as committed now, and the last statement's cascade is guarded.
UIDEXT_FUNCTION(typeid_drop) {
    const Oid type = PG_GETARG_OID(0);
    pg::fixed_typeid found;
    if (!pg::lookup_fixed_typeid(type, found))
        ereport(ERROR, (errcode(ERRCODE_WRONG_OBJECT_TYPE),
                        errmsg("%s is not a TypeID type made by typeid_define()", format_type_be(type))));
    if (!owns_type(type, GetUserId())) aclcheck_error_type(ACLCHECK_NOT_OWNER, type);
    require_caller_may_run_as_superuser("typeid_drop");
    // As DROP TYPE: wait for a concurrent typeid_drop, ALTER TYPE or DROP, and for a transaction
    // that made a column of the type where PostgreSQL locks the type for it (15.20 does); then
    // (the lock has processed what they committed) the type must still be there.
    LockDatabaseObject(TypeRelationId, type, 0, AccessExclusiveLock);
    if (!pg::lookup_fixed_typeid(type, found))
        ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT), errmsg("type with OID %u does not exist", type)));
    const Oid argtypes[1] = {OIDOID};
    const Oid make_ddl = internal_function(fcinfo, "uidext_typeid_remove_ddl", 1, argtypes);
    // The DDL maker (STABLE: its queries use the active snapshot) reads the catalog as committed
    // now, not as the transaction's snapshot saw it: under REPEATABLE READ another role's newer
    // column is refused here, by name, rather than by the guard after the cascade's NOTICE.
    PushActiveSnapshot(GetLatestSnapshot());
    const Datum ddl = OidFunctionCall1(make_ddl, ObjectIdGetDatum(type));
    PopActiveSnapshot();
    run_as_bootstrap_superuser(ddl, ddl_kind::drop, type);
    PG_RETURN_VOID();
}
