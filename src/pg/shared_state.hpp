// Generator state: per connection always, and server-wide in shared memory when the library
// is in shared_preload_libraries.
#pragma once

#include "core/generators.hpp"

#include "glue.hpp"

namespace uidext::pg {

struct server_state {
    slock_t ulid_lock;  // held only for one next_monotonic_ulid step
    ulid_monotonic_state ulid;
    pg_atomic_uint64 uuidv7_previous_ns;  // advanced lock-free by compare-and-swap
};

// The shared state, or nullptr when the library was not preloaded.
server_state* shared_state();

// Called from _PG_init while shared_preload_libraries is processed.
void request_shared_state();

}  // namespace uidext::pg
