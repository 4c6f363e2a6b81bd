// Time range checks shared by casts, bounds and generators, and their one error wording:
// PostgreSQL 18's "timestamp out of range for UUID version 7" with its DETAIL, the offending
// time appended to the message when the caller gave one (as core's "timestamp out of range: "%s"").
#include "core/time_range.hpp"

#include "glue.hpp"

namespace uidext::pg {
namespace {

const char* target_name(time_target target) {
    return target == time_target::ulid ? "type ulid" : "UUID version 7";
}

int range_detail(time_target target) {
    return errdetail("%s supports timestamps from 1970-01-01 to approximately year 10889.",
                     target == time_target::ulid ? "Type ulid" : "UUID version 7");
}

}  // namespace

void report_time_out_of_range(TimestampTz ts, time_target target) {
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("timestamp out of range for %s: \"%s\"", target_name(target), timestamptz_to_str(ts)),
                    range_detail(target)));
}

void report_time_out_of_range(time_target target) {
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("timestamp out of range for %s", target_name(target)), range_detail(target)));
}

std::uint64_t unix_ms_or_error(TimestampTz ts, time_target target) {
    std::uint64_t ms = 0;
    if (!unix_ms_from_pg_timestamp(ts, ms)) report_time_out_of_range(ts, target);
    return ms;
}

}  // namespace uidext::pg
