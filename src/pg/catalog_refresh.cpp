// uidext_catalog_refresh(): adds the version-dependent objects (catalog_items.hpp) that the
// running server supports and this database's extension lacks, e.g. after pg_upgrade.
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

bool is_present(const pg::catalog_item& item, Oid schema) {
    Oid types[2] = {OIDOID, TEXTOID};
    Datum args[2] = {ObjectIdGetDatum(schema), CStringGetTextDatum(item.name)};
    // Not read-only: a fresh snapshot sees what a concurrent refresh committed while we waited.
    if (SPI_execute_with_args(item.present_sql, 2, types, args, nullptr, false, 1) != SPI_OK_SELECT ||
        SPI_processed != 1)
        elog(ERROR, "presence query of \"%s\" failed", item.description);
    bool isnull = false;
    return DatumGetBool(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
}

void run(const char* sql_format, const char* quoted_schema) {
    // The formats are the constants of catalog_items.hpp; %1$s may appear many times.
    const char* sql = psprintf(sql_format, quoted_schema);
    const int rc = SPI_execute(sql, false, 0);
    if (rc < 0) elog(ERROR, "SPI_execute failed with %s: %s", SPI_result_code_string(rc), sql);
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

    StringInfoData added;
    initStringInfo(&added);  // in the caller's memory context: it outlives SPI_finish
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
        if (PG_VERSION_NUM < item.min_server_version || is_present(item, ext.schema)) continue;
        run(item.create_sql, ext.quoted_schema);
        if (item.member_sql && !in_own_script) run(item.member_sql, ext.quoted_schema);
        appendStringInfo(&added, "%s%s", added.len ? ", " : "", item.description);
    }
    AtEOXact_GUC(true, guc_level);
    SPI_finish();
    PG_RETURN_TEXT_P(cstring_to_text_with_len(added.data, added.len));
}
