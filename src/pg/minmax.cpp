// Transition functions of min/max(ulid) and min/max(uuid). Comparison, sorting and hashing of
// ulid reuse core's uuid functions (see sql/uidext--1.0.sql): the bytes and their order are
// the same, memcmp order, so both types share one larger/smaller.
#include "glue.hpp"

namespace {

Datum pick(FunctionCallInfo fcinfo, bool larger) {
    const std::uint8_t* a = uidext::pg::arg_value(fcinfo, 0);
    const std::uint8_t* b = uidext::pg::arg_value(fcinfo, 1);
    const int order = std::memcmp(a, b, uidext::pg::value_size);
    PG_RETURN_POINTER((larger ? order >= 0 : order <= 0) ? a : b);
}

}  // namespace

UIDEXT_FUNCTION(ulid_larger) {
    return pick(fcinfo, true);
}

UIDEXT_FUNCTION(ulid_smaller) {
    return pick(fcinfo, false);
}

UIDEXT_FUNCTION(uidext_uuid_larger) {
    return pick(fcinfo, true);
}

UIDEXT_FUNCTION(uidext_uuid_smaller) {
    return pick(fcinfo, false);
}
