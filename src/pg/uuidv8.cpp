// uuidv8(bytea): RFC 9562 version 8 (custom) from 16 given bytes.
#include "core/name_based.hpp"

#include "glue.hpp"

using namespace uidext;

UIDEXT_FUNCTION(uidext_uuidv8) {
    const bytea* input = PG_GETARG_BYTEA_PP(0);
    const int length = static_cast<int>(VARSIZE_ANY_EXHDR(input));
    if (length != pg::value_size)
        ereport(ERROR, (errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
                        errmsg("invalid input length for UUID version 8"),
                        errdetail("Expected %d bytes, got %d.", pg::value_size, length)));
    std::uint8_t* value = pg::new_value();
    make_uuidv8(reinterpret_cast<const std::uint8_t*>(VARDATA_ANY(input)), value);
    PG_RETURN_POINTER(value);
}
