// uidext_give_way(): the event trigger that lets a CREATE FUNCTION, PROCEDURE or AGGREGATE of
// one of uidext's skippable signatures (uuid_larger(uuid, uuid), max(uuid), ...: the catalog
// items uidext skips beside a user's own, catalog_items.hpp) replace uidext's copy (#30).
//
// pg_dump writes CREATE EXTENSION before the user's functions, so a restore meets uidext's
// copies where the dumped database had the user's: without this, the user's CREATE fails
// ("already exists") and a later ALTER FUNCTION ... OWNER TO lands on uidext's C function.
// Removing uidext's copy first gives the restored database the catalog of the dumped one (what
// a fresh install beside the user's function looks like). Only a role that could reach that
// state itself gets it: a superuser or one with the privileges of the extension's owner (it may
// DROP EXTENSION and create it again after its own function). Anyone else's CREATE fails as
// before. The removal is RESTRICT: nothing but uidext's own copies of the skippable signatures
// may depend on what goes. It runs no SQL and switches no user.
#include "catalog_items.hpp"
#include "glue.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/namespace.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "commands/event_trigger.h"
#include "commands/extension.h"
#include "nodes/parsenodes.h"
#include "parser/parse_type.h"
#include "utils/acl.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
}

using namespace uidext;

namespace {

constexpr int max_signature_args = FUNC_MAX_ARGS;

// What the statement creates: its schema, name and input argument types.
struct signature {
    Oid schema = InvalidOid;
    char* name = nullptr;
    int nargs = 0;
    Oid args[max_signature_args] = {};
};

struct extension_row {
    Oid oid = InvalidOid;
    Oid schema = InvalidOid;
    Oid owner = InvalidOid;
};

bool read_extension(extension_row& out) {
    out.oid = get_extension_oid("uidext", true);
    if (!OidIsValid(out.oid)) return false;
    Relation rel = table_open(ExtensionRelationId, AccessShareLock);
    ScanKeyData key;
    ScanKeyInit(&key, Anum_pg_extension_oid, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(out.oid));
    SysScanDesc scan = systable_beginscan(rel, ExtensionOidIndexId, true, nullptr, 1, &key);
    const HeapTuple tuple = systable_getnext(scan);
    const bool found = HeapTupleIsValid(tuple);
    if (found) {
        const auto* row = reinterpret_cast<Form_pg_extension>(GETSTRUCT(tuple));
        out.schema = row->extnamespace;
        out.owner = row->extowner;
    }
    systable_endscan(scan);
    table_close(rel, AccessShareLock);
    return found;
}

// The name part of a catalog item's signature, "uuid_larger(pg_catalog.uuid, ...)".
bool item_has_name(const pg::catalog_item& item, const char* name) {
    const char* paren = strchr(item.name, '(');
    const std::size_t length = paren ? static_cast<std::size_t>(paren - item.name) : strlen(item.name);
    return strlen(name) == length && strncmp(item.name, name, length) == 0;
}

bool any_item_named(const char* name) {
    for (const pg::catalog_item& item : pg::catalog_items)
        if (pg::gives_way(item) && item_has_name(item, name)) return true;
    return false;
}

// The function of the exact signature `schema.item.name`, or InvalidOid (as refresh finds it).
Oid item_function(const pg::catalog_item& item, Oid schema) {
    const char* text = psprintf("%s.%s", quote_identifier(get_namespace_name(schema)), item.name);
    LOCAL_FCINFO(call, 1);
    InitFunctionCallInfoData(*call, nullptr, 1, InvalidOid, nullptr, nullptr);
    call->args[0].value = CStringGetTextDatum(text);
    call->args[0].isnull = false;
    const Datum result = to_regprocedure(call);
    return call->isnull ? InvalidOid : DatumGetObjectId(result);
}

// True when the function is uidext's copy of one of the skippable signatures.
bool is_skippable_member(Oid function, const extension_row& ext) {
    if (getExtensionOfObject(ProcedureRelationId, function) != ext.oid) return false;
    for (const pg::catalog_item& item : pg::catalog_items)
        if (pg::gives_way(item) && item_function(item, ext.schema) == function) return true;
    return false;
}

bool add_argument(signature& sig, const TypeName* type) {
    if (sig.nargs == max_signature_args) return false;
    // As CREATE resolves it (a temporary type named uuid is not uuid); unknown: no match.
    const Oid oid = LookupTypeNameOid(nullptr, type, true);
    if (!OidIsValid(oid)) return false;
    sig.args[sig.nargs++] = oid;
    return true;
}

bool add_parameters(signature& sig, List* parameters) {
    ListCell* cell;
    foreach (cell, parameters) {
        const auto* parameter = reinterpret_cast<FunctionParameter*>(lfirst(cell));
        // OUT and TABLE columns are not part of the signature.
        if (parameter->mode == FUNC_PARAM_OUT || parameter->mode == FUNC_PARAM_TABLE) continue;
        if (!add_argument(sig, parameter->argType)) return false;
    }
    return true;
}

// Reads the created object's signature from the statement; false when it cannot be one of ours.
bool read_statement(Node* statement, signature& sig) {
    List* names = nullptr;
    if (IsA(statement, CreateFunctionStmt)) {
        names = reinterpret_cast<CreateFunctionStmt*>(statement)->funcname;
    } else if (IsA(statement, DefineStmt) && reinterpret_cast<DefineStmt*>(statement)->kind == OBJECT_AGGREGATE) {
        names = reinterpret_cast<DefineStmt*>(statement)->defnames;
    } else {
        return false;
    }
    char* schema_name = nullptr;
    DeconstructQualifiedName(names, &schema_name, &sig.name);
    if (!any_item_named(sig.name)) return false;  // the common case: nothing else to look up
    // Where CREATE will put it (its own errors, e.g. no schema selected, are CREATE's too).
    sig.schema = QualifiedNameGetCreationNamespace(names, &sig.name);

    if (IsA(statement, CreateFunctionStmt))
        return add_parameters(sig, reinterpret_cast<CreateFunctionStmt*>(statement)->parameters);
    const auto* define = reinterpret_cast<DefineStmt*>(statement);
    if (!define->oldstyle) {
        // (list of FunctionParameter: direct then aggregated arguments, number of direct ones)
        return define->args == NIL || add_parameters(sig, reinterpret_cast<List*>(linitial(define->args)));
    }
    ListCell* cell;
    foreach (cell, define->definition) {  // CREATE AGGREGATE name (BASETYPE = type, ...)
        auto* element = reinterpret_cast<DefElem*>(lfirst(cell));
        if (pg_strcasecmp(element->defname, "basetype") != 0) continue;
        const TypeName* type = defGetTypeName(element);
        if (pg_strcasecmp(TypeNameToString(type), "ANY") == 0) return true;  // no argument
        return add_argument(sig, type);
    }
    return true;
}

// The objects to remove: `first` and every uidext copy of a skippable signature built on it
// (min/max(uuid) on uuid_smaller/larger). False when anything else depends on one of them.
bool collect_removal(Oid first, const extension_row& ext, ObjectAddresses* removal, List** functions) {
    *functions = list_make1_oid(first);
    Relation depend = table_open(DependRelationId, AccessShareLock);
    bool only_ours = true;
    for (int i = 0; only_ours && i < list_length(*functions); ++i) {
        const Oid function = list_nth_oid(*functions, i);
        ScanKeyData keys[2];
        ScanKeyInit(&keys[0], Anum_pg_depend_refclassid, BTEqualStrategyNumber, F_OIDEQ,
                    ObjectIdGetDatum(ProcedureRelationId));
        ScanKeyInit(&keys[1], Anum_pg_depend_refobjid, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(function));
        SysScanDesc scan = systable_beginscan(depend, DependReferenceIndexId, true, nullptr, 2, keys);
        HeapTuple tuple;
        while (only_ours && HeapTupleIsValid(tuple = systable_getnext(scan))) {
            const auto* row = reinterpret_cast<Form_pg_depend>(GETSTRUCT(tuple));
            if (row->classid == ProcedureRelationId && is_skippable_member(row->objid, ext)) {
                if (!list_member_oid(*functions, row->objid)) *functions = lappend_oid(*functions, row->objid);
            } else {
                only_ours = false;
            }
        }
        systable_endscan(scan);
    }
    table_close(depend, AccessShareLock);
    if (!only_ours) return false;
    ListCell* cell;
    foreach (cell, *functions) {
        ObjectAddress address;
        ObjectAddressSet(address, ProcedureRelationId, lfirst_oid(cell));
        add_exact_object_address(&address, removal);
    }
    return true;
}

}  // namespace

namespace uidext::pg {

bool gives_way(const catalog_item& item) {
    return item.present_sql == function_present_since_1_3 || item.present_sql == uuid_aggregate_present_since_1_3;
}

}  // namespace uidext::pg

UIDEXT_NONSTRICT_FUNCTION(uidext_give_way) {
    if (!CALLED_AS_EVENT_TRIGGER(fcinfo))
        ereport(ERROR, (errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
                        errmsg("uidext_give_way() must be called as an event trigger")));
    // pg_upgrade restores every member itself; uidext's own script creates its own copies.
    if (IsBinaryUpgrade) PG_RETURN_VOID();
    signature sig;
    const auto* trigger = reinterpret_cast<EventTriggerData*>(fcinfo->context);
    if (!read_statement(trigger->parsetree, sig)) PG_RETURN_VOID();  // (most statements: by name)
    extension_row ext;
    if (!read_extension(ext) || sig.schema != ext.schema) PG_RETURN_VOID();
    if (creating_extension && CurrentExtensionObject == ext.oid) PG_RETURN_VOID();
    oidvector* args = buildoidvector(sig.args, sig.nargs);
    const Oid existing = GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(sig.name),
                                         PointerGetDatum(args), ObjectIdGetDatum(sig.schema));
    if (!OidIsValid(existing) || !is_skippable_member(existing, ext)) PG_RETURN_VOID();
    // Who could reach the same catalog anyway (DROP EXTENSION, CREATE, CREATE EXTENSION).
    if (!superuser() && !has_privs_of_role(GetUserId(), ext.owner)) PG_RETURN_VOID();

    ObjectAddresses* removal = new_object_addresses();
    List* functions = nullptr;
    if (!collect_removal(existing, ext, removal, &functions)) PG_RETURN_VOID();  // CREATE fails as before

    StringInfoData removed;
    initStringInfo(&removed);
    ListCell* cell;
    foreach (cell, functions) {
        const Oid function = lfirst_oid(cell);
        appendStringInfoString(&removed, removed.len ? ", " : "");
        appendStringInfoString(&removed, getObjectDescriptionOids(ProcedureRelationId, function));
        // As ALTER EXTENSION DROP: a member cannot be dropped on its own.
        deleteDependencyRecordsForSpecific(ProcedureRelationId, function, DEPENDENCY_EXTENSION, ExtensionRelationId,
                                           ext.oid);
    }
    CommandCounterIncrement();
    performMultipleDeletions(removal, DROP_RESTRICT, 0);
    CommandCounterIncrement();
    ereport(NOTICE, (errmsg("uidext gave way to the new %s: dropped its own %s", sig.name, removed.data),
                     errdetail("A database's own function of a signature uidext may skip takes precedence over "
                               "uidext's, as when it exists before CREATE EXTENSION (a restored dump creates "
                               "it after).")));
    PG_RETURN_VOID();
}
