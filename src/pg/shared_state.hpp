// Generator state: per process always (a connection's backend; a parallel worker has its own),
// and server-wide in shared memory when the library is in shared_preload_libraries.
#pragma once

#include "core/generators.hpp"
#include "core/uuidv7.hpp"

#include "glue.hpp"

namespace uidext::pg {

// Each lock and its state on cache lines of their own, so backends spinning on one generator
// do not slow the other (ShmemInitStruct returns cache-line-aligned memory).
struct server_state {
    alignas(PG_CACHE_LINE_SIZE) slock_t ulid_lock;  // held only for one next_monotonic_ulid step
    ulid_monotonic_state ulid;
    alignas(PG_CACHE_LINE_SIZE) slock_t uuidv7_lock;  // held only for one next_uuidv7_clock step
    uuidv7_clock uuidv7;
};

// The shared state, or nullptr when the library was not preloaded.
server_state* shared_state();

// For gen_monotonic_*(): the shared state, nullptr for per-connection order, or ERROR 55000
// when uidext.monotonic_scope demands 'server' in a server without the preload.
server_state* monotonic_shared_state();

// Defines uidext.monotonic_scope; called from _PG_init.
void define_monotonic_scope(bool preloaded);

// Called from _PG_init while shared_preload_libraries is processed.
void request_shared_state();

}  // namespace uidext::pg
