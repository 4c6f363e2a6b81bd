// UUIDv7 range bounds and the pg_uuidv7 drop-in conversions.
#include "core/generators.hpp"
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

// pg_uuidv7's uuid_timestamptz_to_v7: that millisecond, then 74 random bits, or all zero.
UIDEXT_FUNCTION(uuid_timestamptz_to_v7) {
    const std::uint64_t ms = pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::uuidv7);
    std::uint8_t* value = pg::new_value();
    if (PG_GETARG_BOOL(1)) {
        make_uuidv7_bound(ms, false, value);
    } else {
        write_unix_ms(value, ms);
        pg::random_bytes(value + 6, 10);
        set_uuid_version(value, 7);
    }
    PG_RETURN_POINTER(value);
}

// pg_uuidv7's uuid_v1_to_timestamptz: reads the version 1 time fields without checking the version.
UIDEXT_FUNCTION(uuid_v1_to_timestamptz) {
    PG_RETURN_TIMESTAMPTZ(pg_timestamp_from_uuidv1(pg::arg_value(fcinfo, 0)));
}
