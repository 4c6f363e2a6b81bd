// uuidv7(), uuidv7(interval), gen_monotonic_uuidv7() and uuidv4(), with PostgreSQL 18's
// semantics on every supported version.
#include "core/clock.hpp"
#include "core/generators.hpp"
#include "core/time_range.hpp"

#include "shared_state.hpp"

using namespace uidext;

namespace {

std::int64_t connection_previous_ns = 0;  // like PostgreSQL 18's static previous_ns

std::int64_t connection_ascending_ns() {
    connection_previous_ns = next_ascending_ns(connection_previous_ns, unix_now_ns());
    return connection_previous_ns;
}

// Every caller in the server moves one shared clock forward; compare-and-swap, no lock.
std::int64_t server_ascending_ns(pg::server_state* shared) {
    const std::int64_t now = unix_now_ns();
    uint64 previous = pg_atomic_read_u64(&shared->uuidv7_previous_ns);
    std::int64_t next;
    do {
        next = next_ascending_ns(static_cast<std::int64_t>(previous), now);
    } while (!pg_atomic_compare_exchange_u64(&shared->uuidv7_previous_ns, &previous, static_cast<uint64>(next)));
    return next;
}

[[noreturn]] void report_v7_out_of_range();
void report_v7_out_of_range() {
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("timestamp out of range for UUID version 7"),
                    errdetail("UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.")));
}

Datum uuidv7_at(std::uint64_t ms, std::uint32_t sub_ms_ns) {
    if (ms > max_unix_ms) report_v7_out_of_range();
    std::uint8_t random[uuidv7_random_size];
    pg::random_bytes(random, sizeof random);
    std::uint8_t* value = pg::new_value();
    make_uuidv7(ms, sub_ms_ns, random, value);
    PG_RETURN_POINTER(value);
}

Datum uuidv7_at_ns(std::int64_t ns) {
    return uuidv7_at(static_cast<std::uint64_t>(ns / 1000000), static_cast<std::uint32_t>(ns % 1000000));
}

}  // namespace

UIDEXT_FUNCTION(uidext_uuidv7) {
    return uuidv7_at_ns(connection_ascending_ns());
}

// As PostgreSQL 18.x: the ascending clock shifted with timestamptz + interval (so months and
// days follow the session time zone), infinite or out-of-range results rejected with 22008.
UIDEXT_FUNCTION(uidext_uuidv7_interval) {
    Interval* shift = PG_GETARG_INTERVAL_P(0);
    const std::int64_t ns = connection_ascending_ns();
#if PG_VERSION_NUM >= 170000
    if (INTERVAL_NOT_FINITE(shift))
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                        errmsg("interval out of range for UUID version 7"),
                        errdetail("UUID version 7 does not support infinite intervals.")));
#endif
    TimestampTz ts = ns / 1000 - pg_epoch_offset_us;
    ts = DatumGetTimestampTz(
        DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(ts), IntervalPGetDatum(shift)));
    std::uint64_t ms = 0;
    if (!unix_ms_from_pg_timestamp(ts, ms)) report_v7_out_of_range();
    const std::int64_t us = ts + pg_epoch_offset_us;
    return uuidv7_at(ms, static_cast<std::uint32_t>((us % 1000) * 1000 + ns % 1000));
}

UIDEXT_FUNCTION(gen_monotonic_uuidv7) {
    pg::server_state* shared = pg::shared_state();
    return uuidv7_at_ns(shared ? server_ascending_ns(shared) : connection_ascending_ns());
}

UIDEXT_FUNCTION(uidext_uuidv4) {
    std::uint8_t* value = pg::new_value();
    pg::random_bytes(value, pg::value_size);
    set_uuid_version(value, 4);
    PG_RETURN_POINTER(value);
}
