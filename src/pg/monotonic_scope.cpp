// uidext.monotonic_scope and uidext_monotonic_scope(): which order the monotonic generators keep.
//
// A custom setting is a placeholder until the library is loaded: before that, any session may
// SET it to anything and SHOW shows that (PostgreSQL creates placeholders for every dotted
// name; only the loaded library can reserve its prefix). So the setting is not a read-only
// report that a placeholder could fake: it is what the generators guarantee, and they keep to
// it once loaded. 'server' is the default with shared_preload_libraries and cannot be lowered
// there; without the preload the default is 'connection', and 'server' (set by a session, a
// role, a database or postgresql.conf, before or after the load) makes them raise an error
// rather than return values that are ordered per connection only.
#include "shared_state.hpp"

namespace uidext::pg {
namespace {

enum scope { scope_connection, scope_server };

const config_enum_entry scope_names[] = {
    {"connection", scope_connection, false},
    {"server", scope_server, false},
    {nullptr, 0, false},
};

int required_scope = scope_connection;
bool library_preloaded = false;

bool check_scope(int* newval, void** extra, GucSource source) {
    if (*newval == scope_connection && library_preloaded) {
        GUC_check_errdetail("uidext is in shared_preload_libraries: monotonic generators are ordered across the server.");
        return false;
    }
    return true;
}

}  // namespace

void define_monotonic_scope(bool preloaded) {
    library_preloaded = preloaded;
    DefineCustomEnumVariable("uidext.monotonic_scope",
                             "Order kept by gen_monotonic_ulid() and gen_monotonic_uuidv7(): across the server or per connection.",
                             "\"server\" (the default with shared_preload_libraries, and then the only value) orders them "
                             "across every connection; without the preload they then raise an error instead of "
                             "ordering per connection.",
                             &required_scope, preloaded ? scope_server : scope_connection, scope_names, PGC_USERSET,
                             GUC_NOT_IN_SAMPLE, check_scope, nullptr, nullptr);
#if PG_VERSION_NUM >= 150000
    MarkGUCPrefixReserved("uidext");
#else
    EmitWarningsOnPlaceholders("uidext");
#endif
}

server_state* monotonic_shared_state() {
    server_state* shared = shared_state();
    if (!shared && required_scope == scope_server)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("uidext must be loaded via \"shared_preload_libraries\""),
                        errdetail("uidext.monotonic_scope is \"server\", and without the preload monotonic generators "
                                  "are ordered per connection only."),
                        errhint("Add uidext to \"shared_preload_libraries\" and restart the server, or set "
                                "uidext.monotonic_scope to 'connection'.")));
    return shared;
}

}  // namespace uidext::pg

// What a monotonic generator called now in this backend would do: order across the server,
// order per connection, or (the setting asks for 'server' without the preload) raise the same
// 55000, through the same decision, so the answer and the generators cannot disagree.
UIDEXT_FUNCTION(uidext_monotonic_scope) {
    PG_RETURN_TEXT_P(cstring_to_text(uidext::pg::monotonic_shared_state() ? "server" : "connection"));
}
