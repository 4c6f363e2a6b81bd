// Time range checks shared by casts, bounds and generators, and their one error wording:
// PostgreSQL 18's "timestamp out of range for UUID version 7" with its DETAIL, the offending
// time appended to the message when there is one (as core's "timestamp out of range: "%s"").
#include "core/time_range.hpp"

#include "glue.hpp"

namespace uidext::pg {
namespace {

// 22008; shown is the offending time as the user wrote it (with or without a time zone), or
// nullptr when there is none to show (a generator's clock, uuidv7(interval)'s shifted time).
[[noreturn]] void report_out_of_range(const char* shown, time_target target) {
    const char* name = target == time_target::ulid ? "type ulid" : "UUID version 7";
    const char* subject = target == time_target::ulid ? "Type ulid" : "UUID version 7";
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    shown ? errmsg("timestamp out of range for %s: \"%s\"", name, shown)
                          : errmsg("timestamp out of range for %s", name),
                    errdetail("%s supports timestamps from 1970-01-01 to approximately year 10889.", subject)));
}

}  // namespace

void report_time_out_of_range(TimestampTz ts, time_target target) {
    report_out_of_range(timestamptz_to_str(ts), target);
}

void report_time_out_of_range(time_target target) {
    report_out_of_range(nullptr, target);
}

std::uint64_t unix_ms_or_error(TimestampTz ts, time_target target) {
    std::uint64_t ms = 0;
    if (!unix_ms_from_pg_timestamp(ts, ms)) report_time_out_of_range(ts, target);
    return ms;
}

// timestamp and timestamptz count the same microseconds; a timestamp is read as UTC.
std::uint64_t unix_ms_or_error_utc(Timestamp ts, time_target target) {
    std::uint64_t ms = 0;
    if (!unix_ms_from_pg_timestamp(ts, ms))
        report_out_of_range(DatumGetCString(DirectFunctionCall1(timestamp_out, TimestampGetDatum(ts))), target);
    return ms;
}

}  // namespace uidext::pg
