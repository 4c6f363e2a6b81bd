// Library entry: magic block, the monotonic scope setting and, when preloaded, shared memory.
#include "shared_state.hpp"

extern "C" {
PG_MODULE_MAGIC;
void _PG_init(void);
}

namespace {
char* monotonic_scope = nullptr;
}

extern "C" void _PG_init(void) {
    const bool preloaded = process_shared_preload_libraries_in_progress;
    if (preloaded) uidext::pg::request_shared_state();

    // Read-only: shows whether gen_monotonic_ulid() and gen_monotonic_uuidv7() are ordered
    // across the server ("server") or within each connection ("connection").
    DefineCustomStringVariable("uidext.monotonic_scope",
                               "Shows whether monotonic generators are ordered across the server or per connection.",
                               "\"server\" when uidext is in shared_preload_libraries, else \"connection\".",
                               &monotonic_scope, preloaded ? "server" : "connection", PGC_INTERNAL,
                               GUC_NOT_IN_SAMPLE | GUC_DISALLOW_IN_FILE, nullptr, nullptr, nullptr);
#if PG_VERSION_NUM >= 150000
    MarkGUCPrefixReserved("uidext");
#else
    EmitWarningsOnPlaceholders("uidext");
#endif
}

UIDEXT_FUNCTION(uidext_monotonic_scope) {
    PG_RETURN_TEXT_P(cstring_to_text(uidext::pg::shared_state() ? "server" : "connection"));
}
