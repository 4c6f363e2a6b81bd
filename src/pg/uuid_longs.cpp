// uuid_from_longs(), uuid_msb(), uuid_lsb(): a UUID as Java's two signed longs.
#include "core/uuid_longs.hpp"

#include "glue.hpp"

using namespace uidext;

UIDEXT_FUNCTION(uidext_uuid_from_longs) {
    std::uint8_t* value = pg::new_value();
    uuid_from_longs(PG_GETARG_INT64(0), PG_GETARG_INT64(1), value);
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(uidext_uuid_msb) {
    PG_RETURN_INT64(uuid_most_significant_bits(pg::arg_value(fcinfo, 0)));
}

UIDEXT_FUNCTION(uidext_uuid_lsb) {
    PG_RETURN_INT64(uuid_least_significant_bits(pg::arg_value(fcinfo, 0)));
}
