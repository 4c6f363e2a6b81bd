// UUIDv7 from and to times: range bounds and the pg_uuidv7 drop-in conversions (uuid_v7_to_timestamp shares
// uidext_ulid_to_timestamp, uuid_v7_to_timestamptz shares ulid_extract_timestamp).
#include "core/generators.hpp"
#include "core/uuid_fields.hpp"  // set_uuid_version
#include "core/time_range.hpp"

#include "glue.hpp"

using namespace uidext;

UIDEXT_FUNCTION(uuidv7_lower_bound) {
    std::uint8_t* value = pg::new_value();
    make_uuidv7_bound(pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::uuidv7), false, value);
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(uuidv7_upper_bound) {
    std::uint8_t* value = pg::new_value();
    make_uuidv7_bound(pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::uuidv7), true, value);
    PG_RETURN_POINTER(value);
}

namespace {

// A UUIDv7 of that millisecond, then 74 random bits, or with zero the lower bound (pg_uuidv7).
Datum uuidv7_of_ms(std::uint64_t ms, bool zero) {
    std::uint8_t* value = pg::new_value();
    if (zero) {
        make_uuidv7_bound(ms, false, value);
    } else {
        write_unix_ms(value, ms);
        pg::random_bytes(value + 6, 10);
        set_uuid_version(value, 7);
    }
    PG_RETURN_POINTER(value);
}

}  // namespace

// pg_uuidv7's uuid_timestamptz_to_v7.
UIDEXT_FUNCTION(uuid_timestamptz_to_v7) {
    return uuidv7_of_ms(pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::uuidv7), PG_GETARG_BOOL(1));
}

// pg_uuidv7 1.6's uuid_timestamp_to_v7: the timestamp is read as UTC.
UIDEXT_FUNCTION(uidext_uuid_timestamp_to_v7) {
    return uuidv7_of_ms(pg::unix_ms_or_error_utc(PG_GETARG_TIMESTAMP(0), pg::time_target::uuidv7), PG_GETARG_BOOL(1));
}
