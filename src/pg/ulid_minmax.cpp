// Transition functions of min(ulid) and max(ulid). Comparison, sorting and hashing reuse
// core's uuid functions (see sql/uidext--1.0.sql): the bytes and their order are the same.
#include "glue.hpp"

UIDEXT_FUNCTION(ulid_larger) {
    const std::uint8_t* a = uidext::pg::arg_value(fcinfo, 0);
    const std::uint8_t* b = uidext::pg::arg_value(fcinfo, 1);
    PG_RETURN_POINTER(std::memcmp(a, b, uidext::pg::value_size) >= 0 ? a : b);
}

UIDEXT_FUNCTION(ulid_smaller) {
    const std::uint8_t* a = uidext::pg::arg_value(fcinfo, 0);
    const std::uint8_t* b = uidext::pg::arg_value(fcinfo, 1);
    PG_RETURN_POINTER(std::memcmp(a, b, uidext::pg::value_size) <= 0 ? a : b);
}
