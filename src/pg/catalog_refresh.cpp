// uidext_catalog_refresh(): adds the version-dependent objects (catalog_items.hpp) that the
// running server supports and this database's extension lacks, and removes those it made
// obsolete, e.g. after pg_upgrade.
#include "catalog_items.hpp"
#include "glue.hpp"

extern "C" {
#include "catalog/pg_extension.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "executor/spi.h"
#include "storage/lmgr.h"
}

using namespace uidext;

namespace {

struct extension_place {
    Oid oid;
    Oid schema;
    const char* quoted_schema;
};

extension_place find_extension() {
    if (SPI_execute("SELECT e.oid, e.extnamespace, n.nspname FROM pg_catalog.pg_extension e"
                    " JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'uidext'",
                    true, 0) != SPI_OK_SELECT ||
        SPI_processed != 1)
        ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT), errmsg("extension \"%s\" does not exist", "uidext")));
    HeapTuple row = SPI_tuptable->vals[0];
    TupleDesc desc = SPI_tuptable->tupdesc;
    bool isnull = false;
    extension_place place;
    place.oid = DatumGetObjectId(SPI_getbinval(row, desc, 1, &isnull));
    place.schema = DatumGetObjectId(SPI_getbinval(row, desc, 2, &isnull));
    place.quoted_schema = quote_identifier(SPI_getvalue(row, desc, 3));
    return place;
}

// Runs a one-row query about an item ($1 = the extension's schema, $2 = the item's name) and
// returns its first column, or nullptr when that is NULL.
const char* ask(const pg::catalog_item& item, const char* sql, Oid schema) {
    Oid types[2] = {OIDOID, TEXTOID};
    Datum args[2] = {ObjectIdGetDatum(schema), CStringGetTextDatum(item.name)};
    // Not read-only: a fresh snapshot sees what a concurrent refresh committed while we waited.
    if (SPI_execute_with_args(sql, 2, types, args, nullptr, false, 1) != SPI_OK_SELECT || SPI_processed != 1)
        elog(ERROR, "catalog query about \"%s\" failed", item.description);
    return SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1);
}

bool is_present(const pg::catalog_item& item, Oid schema) {
    const char* present = ask(item, item.present_sql, schema);
    return present && present[0] == 't';
}

void run(const char* sql_format, const char* quoted_schema) {
    // The formats are the constants of catalog_items.hpp; %1$s may appear many times.
    const char* sql = psprintf(sql_format, quoted_schema);
    const int rc = SPI_execute(sql, false, 0);
    if (rc < 0) elog(ERROR, "SPI_execute failed with %s: %s", SPI_result_code_string(rc), sql);
}

// Drops an object the server made obsolete, or keeps it when something outside the extension
// uses it (dropping would fail, or cascade into the user's objects), and says which it did.
void remove_obsolete(const pg::catalog_item& item, const extension_place& ext, bool in_own_script,
                     StringInfo report) {
    const char* users = ask(item, item.users_sql, ext.schema);
    appendStringInfoString(report, report->len ? ", " : "");
    if (users) {
        appendStringInfo(report, "kept %s (used by %s)", item.description, users);
        return;
    }
    if (!in_own_script) run(item.unmember_sql, ext.quoted_schema);
    run(item.drop_sql, ext.quoted_schema);
    appendStringInfo(report, "removed %s (core has it from %d)", item.description,
                     item.obsolete_from_version / 10000);
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
    const extension_place ext = find_extension();
    // Inside an extension's script, new objects become members of that extension by themselves.
    const bool in_own_script = creating_extension && CurrentExtensionObject == ext.oid;
    if (creating_extension && !in_own_script)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("uidext_catalog_refresh() cannot run in the script of another extension")));
    // Two refreshes at once would both find an object missing; the second waits, then finds it.
    LockDatabaseObject(ExtensionRelationId, ext.oid, 0, ShareUpdateExclusiveLock);
    // The statements name the extension's objects with its schema; the type names left
    // (internal, void) must come from pg_catalog, not from a schema earlier on the caller's path.
    const int guc_level = NewGUCNestLevel();
    (void)set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION, GUC_ACTION_SAVE,
                            true, 0, false);

    for (const pg::catalog_item& item : pg::catalog_items) {
        if (PG_VERSION_NUM < item.min_server_version) continue;
        const bool present = is_present(item, ext.schema);
        if (item.obsolete_from_version && PG_VERSION_NUM >= item.obsolete_from_version) {
            if (present) remove_obsolete(item, ext, in_own_script, &report);
            continue;
        }
        if (present) continue;
        run(item.create_sql, ext.quoted_schema);
        if (item.member_sql && !in_own_script) run(item.member_sql, ext.quoted_schema);
        appendStringInfo(&report, "%s%s", report.len ? ", " : "", item.description);
    }
    AtEOXact_GUC(true, guc_level);
    SPI_finish();
    PG_RETURN_TEXT_P(cstring_to_text_with_len(report.data, report.len));
}
