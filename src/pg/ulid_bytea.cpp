// Casts between ulid and bytea: the 16 bytes as they are.
#include "glue.hpp"

namespace pg = uidext::pg;

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
