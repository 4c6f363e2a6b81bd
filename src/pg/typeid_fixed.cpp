// Text input (TypeID or UUID text) and output (TypeID text) of the per-prefix TypeID types, and
// their casts to and from the general typeid. Everything else of such a type (binary I/O, comparison, hashing, min/max,
// the generator) binds the C functions of ulid and uuidv7(): the bytes are the same.
#include "typeid_glue.hpp"

using namespace uidext;

UIDEXT_INPUT_FUNCTION(typeid_fixed_in) {
    const char* text = PG_GETARG_CSTRING(0);
    const pg::fixed_typeid& type = pg::fixed_typeid_of_call(fcinfo, pg::fixed_role::returns);
    std::uint8_t* value = pg::new_value();
    // The UUID text form too (as ulid's input), so one untyped parameter fits uuid columns and these.
    const typeid_parts parts = parse_typeid_input(text, value);
    if (parts.status != typeid_status::ok || (!parts.uuid_form && parts.prefix != type.view())) {
        pg::report_bad_typeid(format_type_be(type.type), text, parts, fcinfo->context, &type);
        PG_RETURN_NULL();  // reached only for a soft error
    }
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(typeid_fixed_out) {
    const pg::fixed_typeid& type = pg::fixed_typeid_of_call(fcinfo, pg::fixed_role::takes);
    PG_RETURN_CSTRING(pg::typeid_cstring(type.view(), pg::arg_value(fcinfo, 0)));
}

// user_id -> typeid
UIDEXT_FUNCTION(typeid_from_fixed) {
    const pg::fixed_typeid& type = pg::fixed_typeid_of_call(fcinfo, pg::fixed_role::takes);
    PG_RETURN_POINTER(pg::make_general_typeid(type.view(), pg::arg_value(fcinfo, 0)));
}

// typeid -> user_id, when the prefix is the type's.
UIDEXT_FUNCTION(typeid_to_fixed) {
    const varlena* value = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(0));
    const pg::fixed_typeid& type = pg::fixed_typeid_of_call(fcinfo, pg::fixed_role::returns);
    const std::string_view prefix = pg::general_prefix(value);
    if (prefix != type.view())
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("cannot cast typeid \"%s\" to %s", pg::typeid_cstring(prefix, pg::general_uuid(value)),
                               format_type_be(type.type)),
                        errdetail("The prefix is \"%.*s\"; %s expects \"%s\".", static_cast<int>(prefix.size()),
                                  prefix.data(), format_type_be(type.type), type.prefix)));
    std::uint8_t* result = pg::new_value();
    std::memcpy(result, pg::general_uuid(value), pg::value_size);
    PG_RETURN_POINTER(result);
}
