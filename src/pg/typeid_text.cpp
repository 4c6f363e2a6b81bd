// TypeID functions on text, for clients that keep TypeIDs as strings: typeid_parse,
// typeid_format and typeid_is_valid.
#include "typeid_glue.hpp"

extern "C" {
#include "access/htup_details.h"
#include "funcapi.h"
}

using namespace uidext;

// typeid_parse(text, OUT prefix text, OUT id uuid)
UIDEXT_FUNCTION(typeid_parse) {
    const char* input = text_to_cstring(PG_GETARG_TEXT_PP(0));
    std::uint8_t* uuid = pg::new_value();
    const typeid_parts parts = parse_typeid(input, uuid);
    if (parts.status != typeid_status::ok) pg::report_bad_typeid("typeid", input, parts, nullptr);
    TupleDesc descriptor;
    if (get_call_result_type(fcinfo, nullptr, &descriptor) != TYPEFUNC_COMPOSITE)
        elog(ERROR, "typeid_parse must return a record");
    descriptor = BlessTupleDesc(descriptor);
    Datum values[2] = {
        PointerGetDatum(cstring_to_text_with_len(parts.prefix.data(), static_cast<int>(parts.prefix.size()))),
        PointerGetDatum(uuid)};
    bool nulls[2] = {false, false};
    PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls)));
}

UIDEXT_FUNCTION(typeid_format) {
    const text* prefix_text = PG_GETARG_TEXT_PP(0);
    const std::string_view prefix(VARDATA_ANY(prefix_text), VARSIZE_ANY_EXHDR(prefix_text));
    if (!typeid_prefix_is_valid(prefix))
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("invalid TypeID prefix: \"%s\"", text_to_cstring(prefix_text)),
                        errdetail("A TypeID prefix is at most 63 lowercase letters (a-z) and underscores, "
                                  "beginning and ending with a letter.")));
    char* formatted = pg::typeid_cstring(prefix, pg::arg_value(fcinfo, 1));
    PG_RETURN_TEXT_P(cstring_to_text(formatted));
}

UIDEXT_FUNCTION(typeid_is_valid) {
    const text* value = PG_GETARG_TEXT_PP(0);
    std::uint8_t uuid[16];
    PG_RETURN_BOOL(parse_typeid({VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value)}, uuid).status == typeid_status::ok);
}
