// gen_ulid(), gen_ulid(timestamptz) and gen_monotonic_ulid().
#include "core/clock.hpp"
#include "core/generators.hpp"
#include "core/ulid_step.hpp"

#include "shared_state.hpp"

using namespace uidext;

namespace {

ulid_monotonic_state connection_ulid;  // this connection's last monotonic ULID
// This process's last gen_ulid(): no lock, no shared memory; a parallel worker ascends on its own.
ulid_step_state process_ulid;

std::uint64_t now_ms() {
    return static_cast<std::uint64_t>(unix_now_ns() / 1000000);
}

[[noreturn]] void report_clock_out_of_range();
void report_clock_out_of_range() {
    pg::report_time_out_of_range(pg::time_target::ulid);
}

// A ULID of the given millisecond with 80 fresh random bits.
Datum new_ulid(std::uint64_t ms) {
    std::uint8_t random[ulid_random_size];
    pg::random_bytes(random, sizeof random);
    std::uint8_t* value = pg::new_value();
    make_ulid(ms, random, value);
    PG_RETURN_POINTER(value);
}

}  // namespace

UIDEXT_FUNCTION(gen_ulid) {
    std::uint8_t* value = pg::new_value();
    switch (next_stepped_ulid(process_ulid, now_ms(), pg::try_random_bytes, value)) {
    case ulid_step_status::ok: break;
    case ulid_step_status::out_of_range: report_clock_out_of_range();
    case ulid_step_status::no_random: pg::report_random_failure();
    }
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(gen_ulid_at) {
    return new_ulid(pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::ulid));
}

UIDEXT_FUNCTION(gen_monotonic_ulid) {
    std::uint8_t fresh[ulid_random_size] = {};
    std::uint8_t* value = pg::new_value();
    const std::uint64_t ms = now_ms();
    bool ok;
    if (pg::server_state* shared = pg::monotonic_shared_state()) {
        // Drawn before the lock: refilling the pool may raise an error.
        pg::random_bytes(fresh, sizeof fresh);
        SpinLockAcquire(&shared->ulid_lock);
        ok = next_monotonic_ulid(shared->ulid, ms, fresh, value);
        SpinLockRelease(&shared->ulid_lock);
    } else {
        if (monotonic_ulid_needs_fresh(connection_ulid, ms)) pg::random_bytes(fresh, sizeof fresh);
        ok = next_monotonic_ulid(connection_ulid, ms, fresh, value);
    }
    if (!ok) report_clock_out_of_range();
    PG_RETURN_POINTER(value);
}
