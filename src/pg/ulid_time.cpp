// Casts between ulid and timestamptz or timestamp, timestamp extraction and range bounds.
#include "core/generators.hpp"
#include "core/time_range.hpp"

#include "glue.hpp"

using namespace uidext;

// The embedded millisecond; every 48-bit value is a valid timestamptz, so this cannot fail.
UIDEXT_FUNCTION(ulid_extract_timestamp) {
    PG_RETURN_TIMESTAMPTZ(pg_timestamp_from_unix_ms(read_unix_ms(pg::arg_value(fcinfo, 0))));
}

UIDEXT_FUNCTION(ulid_lower_bound) {
    std::uint8_t* value = pg::new_value();
    make_ulid_bound(pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::ulid), false, value);
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(ulid_upper_bound) {
    std::uint8_t* value = pg::new_value();
    make_ulid_bound(pg::unix_ms_or_error(PG_GETARG_TIMESTAMPTZ(0), pg::time_target::ulid), true, value);
    PG_RETURN_POINTER(value);
}

// Casts to and from timestamp without time zone, read and written as UTC (pgx_ulid's
// id::timestamp and '...'::timestamp::ulid), so they do not depend on the session TimeZone.
UIDEXT_FUNCTION(uidext_ulid_to_timestamp) {
    PG_RETURN_TIMESTAMP(pg_timestamp_from_unix_ms(read_unix_ms(pg::arg_value(fcinfo, 0))));
}

UIDEXT_FUNCTION(uidext_timestamp_to_ulid) {
    std::uint8_t* value = pg::new_value();
    make_ulid_bound(pg::unix_ms_or_error_utc(PG_GETARG_TIMESTAMP(0), pg::time_target::ulid), false, value);
    PG_RETURN_POINTER(value);
}
