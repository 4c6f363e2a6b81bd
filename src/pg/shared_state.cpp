// Shared memory for the server-wide monotonic generators.
#include "shared_state.hpp"

namespace uidext::pg {
namespace {

server_state* state = nullptr;
shmem_startup_hook_type previous_startup_hook = nullptr;
#if PG_VERSION_NUM >= 150000
shmem_request_hook_type previous_request_hook = nullptr;
#endif

void reserve_space() {
    RequestAddinShmemSpace(sizeof(server_state));
}

#if PG_VERSION_NUM >= 150000
void request_hook() {
    if (previous_request_hook) previous_request_hook();
    reserve_space();
}
#endif

// Runs in the postmaster at start and after every crash restart, so a backend killed while
// holding the spinlock cannot leave it held: the state is rebuilt from zero and the
// generators continue from the clock.
void startup_hook() {
    if (previous_startup_hook) previous_startup_hook();
    LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
    bool found = false;
    state = static_cast<server_state*>(ShmemInitStruct("uidext", sizeof(server_state), &found));
    if (!found) {
        std::memset(static_cast<void*>(state), 0, sizeof(server_state));
        SpinLockInit(&state->ulid_lock);
        SpinLockInit(&state->uuidv7_lock);
    }
    LWLockRelease(AddinShmemInitLock);
}

}  // namespace

server_state* shared_state() {
    return state;
}

void request_shared_state() {
#if PG_VERSION_NUM >= 150000
    previous_request_hook = shmem_request_hook;
    shmem_request_hook = request_hook;
#else
    reserve_space();
#endif
    previous_startup_hook = shmem_startup_hook;
    shmem_startup_hook = startup_hook;
}

}  // namespace uidext::pg
