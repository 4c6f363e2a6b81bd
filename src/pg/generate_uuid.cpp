// uuidv7(), uuidv7(interval), gen_monotonic_uuidv7() and uuidv4(), with PostgreSQL 18's
// semantics on every supported version; the layout that keeps UUIDv7 times from running ahead
// of the clock is in core/uuidv7.hpp.
#include "core/clock.hpp"
#include "core/generators.hpp"
#include "core/time_range.hpp"
#include "core/uuid_fields.hpp"  // set_uuid_version
#include "core/uuidv7.hpp"

#include "shared_state.hpp"

using namespace uidext;

namespace {

uuidv7_clock connection_clock;  // this process's previous UUIDv7, like PostgreSQL 18's static previous_ns

// 22008 as PostgreSQL 18's uuidv7(interval), for a time the 48-bit field cannot hold.
[[noreturn]] void report_v7_out_of_range() {
    pg::report_time_out_of_range(pg::time_target::uuidv7);
}

// Steps this process's clock, or with `shared` the server's (under its spinlock: a dozen
// instructions), for a value whose random bytes are drawn already.
void step_clock(pg::server_state* shared, const std::uint8_t random[uuidv7_random_bytes], uuidv7_clock& out) {
    const std::uint64_t now_tick = uuidv7_tick_of_ns(unix_now_ns());
    bool ok;
    if (shared) {
        SpinLockAcquire(&shared->uuidv7_lock);
        ok = next_uuidv7_clock(shared->uuidv7, now_tick, random);
        out = shared->uuidv7;
        SpinLockRelease(&shared->uuidv7_lock);
    } else {
        ok = next_uuidv7_clock(connection_clock, now_tick, random);
        out = connection_clock;
    }
    if (!ok) report_v7_out_of_range();
}

Datum new_uuidv7(pg::server_state* shared) {
    std::uint8_t random[uuidv7_random_bytes];
    pg::random_bytes(random, sizeof random);  // before the lock: refilling the pool may raise an error
    uuidv7_clock stamp;
    step_clock(shared, random, stamp);
    std::uint8_t* value = pg::new_value();
    make_uuidv7(stamp.tick, stamp.counter, random, value);
    PG_RETURN_POINTER(value);
}

}  // namespace

UIDEXT_FUNCTION(uidext_uuidv7) {
    return new_uuidv7(nullptr);
}

// As PostgreSQL 18.x: the connection's clock shifted with timestamptz + interval (so months and
// days follow the session time zone) at microsecond precision; infinite intervals and results
// outside 1970-01-01 .. (2^48 - 1) ms * 1000 us rejected with 22008, exactly core's limits.
UIDEXT_FUNCTION(uidext_uuidv7_interval) {
    Interval* shift = PG_GETARG_INTERVAL_P(0);
    std::uint8_t random[uuidv7_random_bytes];
    pg::random_bytes(random, sizeof random);
    uuidv7_clock stamp;
    step_clock(nullptr, random, stamp);
#if PG_VERSION_NUM >= 170000
    if (INTERVAL_NOT_FINITE(shift))
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                        errmsg("interval out of range for UUID version 7"),
                        errdetail("UUID version 7 does not support infinite intervals.")));
#endif
    const TimestampTz ts = uuidv7_tick_start_us(stamp.tick) - pg_epoch_offset_us;
    const TimestampTz shifted = DatumGetTimestampTz(
        DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(ts), IntervalPGetDatum(shift)));
    if (!uuidv7_shift_in_range(shifted)) report_v7_out_of_range();
    std::uint8_t* value = pg::new_value();
    make_uuidv7(static_cast<std::uint64_t>(uuidv7_shift_tick(stamp.tick, shifted - ts)), stamp.counter, random, value);
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(gen_monotonic_uuidv7) {
    return new_uuidv7(pg::monotonic_shared_state());
}

UIDEXT_FUNCTION(uidext_uuidv4) {
    std::uint8_t* value = pg::new_value();
    pg::random_bytes(value, pg::value_size);
    set_uuid_version(value, 4);
    PG_RETURN_POINTER(value);
}
