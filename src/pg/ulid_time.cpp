// Casts between ulid and bytea or timestamptz, timestamp extraction and range bounds.
#include "core/generators.hpp"
#include "core/time_range.hpp"

#include "glue.hpp"

using namespace uidext;

UIDEXT_FUNCTION(ulid_to_bytea) {
    bytea* result = static_cast<bytea*>(palloc(VARHDRSZ + pg::value_size));
    SET_VARSIZE(result, VARHDRSZ + pg::value_size);
    std::memcpy(VARDATA(result), pg::arg_value(fcinfo, 0), pg::value_size);
    PG_RETURN_BYTEA_P(result);
}

UIDEXT_FUNCTION(bytea_to_ulid) {
    bytea* input = PG_GETARG_BYTEA_PP(0);
    const int length = static_cast<int>(VARSIZE_ANY_EXHDR(input));
    if (length != pg::value_size)
        ereport(ERROR, (errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
                        errmsg("invalid input length for type %s", "ulid"),
                        errdetail("Expected %d bytes, got %d.", pg::value_size, length)));
    std::uint8_t* value = pg::new_value();
    std::memcpy(value, VARDATA_ANY(input), pg::value_size);
    PG_RETURN_POINTER(value);
}

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
