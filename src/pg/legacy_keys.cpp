// Keys derived from the old row (#36): ulid_from_legacy, uuidv7_from_legacy (from a bigint or a
// uuid) and legacy_bigint. The ulid and uuid forms are the same bytes; they differ only in the
// type their errors name.
#include "core/legacy_keys.hpp"
#include "core/time_range.hpp"

#include "glue.hpp"

using namespace uidext;

namespace {

// Unix microseconds of the time, or 22008 naming it (infinities included).
std::int64_t unix_us_or_error(TimestampTz ts, pg::time_target target) {
    std::int64_t us = 0;
    if (!unix_us_from_pg_timestamp(ts, us)) pg::report_time_out_of_range(ts, target);
    return us;
}

Datum key_from_bigint(FunctionCallInfo fcinfo, pg::time_target target) {
    const std::int64_t us = unix_us_or_error(PG_GETARG_TIMESTAMPTZ(0), target);
    const std::int64_t legacy = PG_GETARG_INT64(1);
    std::uint8_t* value = pg::new_value();
    if (derive_key_from_bigint(us, legacy, value) != legacy_key_status::ok)
        ereport(ERROR, (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
                        errmsg("legacy id out of range: %lld", static_cast<long long>(legacy)),
                        errdetail("A key derived from a bigint holds ids from 0 to 9223372036854775807.")));
    PG_RETURN_POINTER(value);
}

Datum key_from_uuid(FunctionCallInfo fcinfo, pg::time_target target) {
    const std::int64_t us = unix_us_or_error(PG_GETARG_TIMESTAMPTZ(0), target);
    std::uint8_t* value = pg::new_value();
    if (derive_key_from_uuid(us, pg::arg_value(fcinfo, 1), value) != legacy_key_status::ok)
        pg::report_time_out_of_range(PG_GETARG_TIMESTAMPTZ(0), target);  // checked above: unreachable
    PG_RETURN_POINTER(value);
}

}  // namespace

UIDEXT_FUNCTION(uidext_ulid_from_legacy_bigint) {
    return key_from_bigint(fcinfo, pg::time_target::ulid);
}

UIDEXT_FUNCTION(uidext_uuidv7_from_legacy_bigint) {
    return key_from_bigint(fcinfo, pg::time_target::uuidv7);
}

UIDEXT_FUNCTION(uidext_ulid_from_legacy_uuid) {
    return key_from_uuid(fcinfo, pg::time_target::ulid);
}

UIDEXT_FUNCTION(uidext_uuidv7_from_legacy_uuid) {
    return key_from_uuid(fcinfo, pg::time_target::uuidv7);
}

// legacy_bigint(ulid) and legacy_bigint(uuid): never fails.
UIDEXT_FUNCTION(uidext_legacy_bigint) {
    PG_RETURN_INT64(legacy_bigint_of_key(pg::arg_value(fcinfo, 0)));
}
