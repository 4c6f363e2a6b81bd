// uidext_catalog_refresh(): adds the version-dependent objects (catalog_items.hpp) that the
// running server supports and this database's extension lacks, e.g. after pg_upgrade. It never
// drops one, and never adds to or replaces an object that is not uidext's: it warns instead.
#include "catalog_items.hpp"
#include "glue.hpp"

extern "C" {
#include "access/xact.h"
#include "catalog/dependency.h"
#include "catalog/objectaddress.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "executor/spi.h"
#include "storage/lmgr.h"
#include "utils/snapmgr.h"
}

using namespace uidext;

namespace {

struct extension_place {
    Oid oid;
    Oid schema;
    const char* quoted_schema;
    const char* version;  // of the catalog: inside an update script, the version it updates to
};

// Runs a catalog query with $1 = oid and, when given, $2 = text; returns the number of rows
// (at most 2). It sees everything committed so far, also in a REPEATABLE READ or SERIALIZABLE
// transaction whose snapshot is older: after waiting for a concurrent refresh, the decision to
// create or drop must see what that one did (its DDL checks the latest catalog anyway and
// would fail on a duplicate). READ COMMITTED takes a fresh snapshot per query by itself; this
// is how the RI triggers check a key under either.
int query(const char* sql, Oid oid, const char* text = nullptr) {
    Oid types[2] = {OIDOID, TEXTOID};
    Datum args[2] = {ObjectIdGetDatum(oid), text ? CStringGetTextDatum(text) : Datum(0)};
    SPIPlanPtr plan = SPI_prepare(sql, text ? 2 : 1, types);
    if (!plan) elog(ERROR, "SPI_prepare failed with %s: %s", SPI_result_code_string(SPI_result), sql);
    const Snapshot latest = IsolationUsesXactSnapshot() ? GetLatestSnapshot() : InvalidSnapshot;
    const int rc = SPI_execute_snapshot(plan, args, nullptr, latest, InvalidSnapshot, false, false, 2);
    SPI_freeplan(plan);
    if (rc != SPI_OK_SELECT) elog(ERROR, "SPI_execute_snapshot failed with %s: %s", SPI_result_code_string(rc), sql);
    return static_cast<int>(SPI_processed);
}

extension_place find_extension() {
    extension_place place;
    place.oid = get_extension_oid("uidext", false);
    if (query("SELECT e.extnamespace, n.nspname, e.extversion FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
              " WHERE e.oid = $1",
              place.oid) != 1)
        ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT), errmsg("extension \"%s\" does not exist", "uidext")));
    bool isnull = false;
    place.schema = DatumGetObjectId(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
    place.quoted_schema = quote_identifier(SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 2));
    place.version = SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 3);
    return place;
}

// Whose the item's object is.
struct ownership {
    bool exists = false;
    bool ours = false;           // a member of this extension (or part of one)
    const char* whose = nullptr;  // else, for the report: the object and its extension, if any
};

ownership find_item(const pg::catalog_item& item, const char* name, const extension_place& ext) {
    ownership found;
    const int rows = query(item.present_sql, ext.schema, name);
    if (rows == 0) return found;
    if (rows != 1) elog(ERROR, "catalog query about \"%s\" found more than one object", item.description);
    bool isnull = false;
    const Oid classid = DatumGetObjectId(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
    const Oid objid = DatumGetObjectId(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 2, &isnull));
    found.exists = true;
    const Oid owner = getExtensionOfObject(classid, objid);
    // The extension itself stands for an object of a version not installed yet (UIDEXT_OR_NOT_YET).
    found.ours = owner == ext.oid || (classid == ExtensionRelationId && objid == ext.oid);
    if (!found.ours) {
        const char* object = getObjectDescriptionOids(classid, objid);
        found.whose = OidIsValid(owner) ? psprintf("%s of extension %s", object, get_extension_name(owner)) : object;
    }
    return found;
}

void run(const char* sql_format, const char* quoted_schema) {
    // The formats are the constants of catalog_items.hpp; %1$s may appear many times.
    const char* sql = psprintf(sql_format, quoted_schema);
    const int rc = SPI_execute(sql, false, 0);
    if (rc < 0) elog(ERROR, "SPI_execute failed with %s: %s", SPI_result_code_string(rc), sql);
}

void add_to_report(StringInfo report, const char* change) {
    appendStringInfoString(report, report->len ? ", " : "");
    appendStringInfoString(report, change);
}

// A skipped object is worth a WARNING (PostgreSQL raises client_min_messages to WARNING while an
// extension script runs), once per script: not in the script of an intermediate version (the
// last update script runs the refresh again), nor a second time in one script (the fresh
// install script holds every update script, so it runs the refresh twice).
TransactionId warned_in_script = InvalidTransactionId;

void warn_skipped(const pg::catalog_item& item, const ownership& found, const extension_place& ext, bool in_own_script,
                  bool names_function) {
    if (in_own_script) {
        if (strcmp(ext.version, UIDEXT_VERSION) != 0) return;
        if (TransactionIdEquals(warned_in_script, GetTopTransactionId())) return;
    }
    ereport(WARNING, (errmsg("uidext skipped %s: %s is not uidext's", item.description, found.whose),
                      errdetail("uidext never replaces, alters or adopts an object it does not own."),
                      names_function ? errhint("To have uidext's, drop or rename that function, then run SELECT "
                                               "%s.uidext_catalog_refresh() as a superuser.",
                                               ext.quoted_schema)
                                     : 0));
}

}  // namespace

UIDEXT_FUNCTION(uidext_catalog_refresh) {
    // Every statement it may run (CREATE OPERATOR CLASS, ALTER OPERATOR FAMILY, CREATE FUNCTION
    // ... LANGUAGE internal) is superuser-only in PostgreSQL, whoever owns the objects: refuse
    // before doing anything rather than half-way.
    if (!superuser())
        ereport(ERROR, (errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
                        errmsg("permission denied to refresh extension \"%s\"", "uidext"),
                        errdetail("Adding operator classes and support functions requires superuser privileges."),
                        errhint("Run SELECT uidext_catalog_refresh() as a superuser in each database that "
                                "has uidext, or ALTER EXTENSION uidext UPDATE as its owner when an update "
                                "is available.")));

    StringInfoData report;
    initStringInfo(&report);  // in the caller's memory context: it outlives SPI_finish
    if (SPI_connect() != SPI_OK_CONNECT) elog(ERROR, "SPI_connect failed");
    // Before the first query: every name in the queries and statements resolves in pg_catalog
    // (pg_temp last, so a temporary object cannot stand in), never in a schema of the caller's.
    const int guc_level = NewGUCNestLevel();
    (void)set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION, GUC_ACTION_SAVE,
                            true, 0, false);
    const extension_place ext = find_extension();
    // Inside an extension's script, new objects become members of that extension by themselves.
    const bool in_own_script = creating_extension && CurrentExtensionObject == ext.oid;
    if (creating_extension && !in_own_script)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("uidext_catalog_refresh() cannot run in the script of another extension")));
    // Two refreshes at once would both find an object missing; the second waits, then finds it
    // (query() reads the catalog as committed after the wait, whatever the isolation level).
    LockDatabaseObject(ExtensionRelationId, ext.oid, 0, ShareUpdateExclusiveLock);

    bool skipped_any = false;
    for (const pg::catalog_item& item : pg::catalog_items) {
        if (PG_VERSION_NUM < item.min_server_version) continue;
        const char* name = psprintf(item.name, ext.quoted_schema);
        const bool names_function = item.present_sql == pg::function_present ||
                                    item.present_sql == pg::function_present_1_3_and_1_4 ||
                                    item.present_sql == pg::uuid_aggregate_present_1_3_and_1_4;
        if (names_function && !strchr(name, '('))
            elog(ERROR, "catalog item \"%s\" must name a function by its signature", item.description);
        const ownership found = find_item(item, name, ext);
        if (found.ours) continue;
        if (found.exists) {
            warn_skipped(item, found, ext, in_own_script, names_function);
            skipped_any = true;
            add_to_report(&report, psprintf("skipped %s (%s is not uidext's)", item.description, found.whose));
            continue;
        }
        run(item.create_sql, ext.quoted_schema);
        if (item.member_sql && !in_own_script) run(item.member_sql, ext.quoted_schema);
        add_to_report(&report, item.description);
    }
    if (in_own_script && skipped_any && strcmp(ext.version, UIDEXT_VERSION) == 0) warned_in_script = GetTopTransactionId();
    AtEOXact_GUC(true, guc_level);
    SPI_finish();
    PG_RETURN_TEXT_P(cstring_to_text_with_len(report.data, report.len));
}
