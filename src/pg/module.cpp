// Library entry: magic block, the settings (monotonic scope, opaque id keys) and, when
// preloaded, shared memory.
#include "shared_state.hpp"

extern "C" {
#if PG_VERSION_NUM >= 180000
PG_MODULE_MAGIC_EXT(.name = "uidext", .version = UIDEXT_VERSION);  // UIDEXT_VERSION: EXTVERSION, from the Makefile
#else
PG_MODULE_MAGIC;
#endif
PGDLLEXPORT void _PG_init(void);
}

extern "C" void _PG_init(void) {
    const bool preloaded = process_shared_preload_libraries_in_progress;
    if (preloaded) uidext::pg::request_shared_state();
    uidext::pg::define_opaque_keys(preloaded);
    uidext::pg::define_monotonic_scope(preloaded);  // (reserves the prefix "uidext": defined last)
}
