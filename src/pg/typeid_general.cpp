// The general typeid type: any prefix, stored as a short varlena of the 16 bytes then the
// prefix (21 bytes on disk for "user"), ordered by (prefix, uuid).
#include "typeid_glue.hpp"

extern "C" {
#include "common/hashfn.h"
}

using namespace uidext;

namespace {

const varlena* arg_typeid(FunctionCallInfo fcinfo, int n) {
    return PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n));
}

// By prefix (bytewise, shorter first on a tie), then by the 16 bytes.
int compare(FunctionCallInfo fcinfo) {
    const varlena* a = arg_typeid(fcinfo, 0);
    const varlena* b = arg_typeid(fcinfo, 1);
    const std::string_view pa = pg::general_prefix(a);
    const std::string_view pb = pg::general_prefix(b);
    const int by_prefix = pa.compare(pb);
    if (by_prefix != 0) return by_prefix < 0 ? -1 : 1;
    const int by_uuid = std::memcmp(pg::general_uuid(a), pg::general_uuid(b), pg::value_size);
    return (by_uuid > 0) - (by_uuid < 0);
}

}  // namespace

UIDEXT_INPUT_FUNCTION(typeid_in) {
    const char* text = PG_GETARG_CSTRING(0);
    std::uint8_t uuid[16];
    const typeid_parts parts = parse_typeid(text, uuid);
    if (parts.status != typeid_status::ok) {
        pg::report_bad_typeid("typeid", text, parts, fcinfo->context);
        PG_RETURN_NULL();  // reached only for a soft error
    }
    PG_RETURN_POINTER(pg::make_general_typeid(parts.prefix, uuid));
}

UIDEXT_FUNCTION(typeid_out) {
    const varlena* value = arg_typeid(fcinfo, 0);
    PG_RETURN_CSTRING(pg::typeid_cstring(pg::general_prefix(value), pg::general_uuid(value)));
}

// Binary form: the 16 bytes, then the prefix in ASCII (the rest of the message).
UIDEXT_INPUT_FUNCTION(typeid_recv) {
    StringInfo buffer = reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0));
    std::uint8_t uuid[16];
    std::memcpy(uuid, pq_getmsgbytes(buffer, pg::value_size), pg::value_size);
    const int prefix_length = buffer->len - buffer->cursor;
    const char* prefix = pq_getmsgbytes(buffer, prefix_length);
    if (!typeid_prefix_is_valid({prefix, static_cast<std::size_t>(prefix_length)}))
        ereport(ERROR, (errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
                        errmsg("invalid TypeID prefix in external \"typeid\" value"),
                        errdetail("A TypeID prefix is at most 63 lowercase letters (a-z) and underscores, "
                                  "beginning and ending with a letter.")));
    PG_RETURN_POINTER(pg::make_general_typeid({prefix, static_cast<std::size_t>(prefix_length)}, uuid));
}

UIDEXT_FUNCTION(typeid_send) {
    const varlena* value = arg_typeid(fcinfo, 0);
    StringInfoData buffer;
    pq_begintypsend(&buffer);
    pq_sendbytes(&buffer, VARDATA_ANY(value), static_cast<int>(VARSIZE_ANY_EXHDR(value)));
    PG_RETURN_BYTEA_P(pq_endtypsend(&buffer));
}

UIDEXT_FUNCTION(typeid_prefix) {
    const std::string_view prefix = pg::general_prefix(arg_typeid(fcinfo, 0));
    PG_RETURN_TEXT_P(cstring_to_text_with_len(prefix.data(), static_cast<int>(prefix.size())));
}

// typeid_uuid and typeid_ulid: the same 16 bytes.
UIDEXT_FUNCTION(typeid_uuid) {
    std::uint8_t* result = pg::new_value();
    std::memcpy(result, pg::general_uuid(arg_typeid(fcinfo, 0)), pg::value_size);
    PG_RETURN_POINTER(result);
}

UIDEXT_FUNCTION(typeid_eq) {
    PG_RETURN_BOOL(compare(fcinfo) == 0);
}
UIDEXT_FUNCTION(typeid_ne) {
    PG_RETURN_BOOL(compare(fcinfo) != 0);
}
UIDEXT_FUNCTION(typeid_lt) {
    PG_RETURN_BOOL(compare(fcinfo) < 0);
}
UIDEXT_FUNCTION(typeid_le) {
    PG_RETURN_BOOL(compare(fcinfo) <= 0);
}
UIDEXT_FUNCTION(typeid_gt) {
    PG_RETURN_BOOL(compare(fcinfo) > 0);
}
UIDEXT_FUNCTION(typeid_ge) {
    PG_RETURN_BOOL(compare(fcinfo) >= 0);
}
UIDEXT_FUNCTION(typeid_cmp) {
    PG_RETURN_INT32(compare(fcinfo));
}

// Over the stored bytes (uuid then prefix): equal values have equal bytes.
UIDEXT_FUNCTION(typeid_hash) {
    const varlena* value = arg_typeid(fcinfo, 0);
    return hash_any(reinterpret_cast<const unsigned char*>(VARDATA_ANY(value)),
                    static_cast<int>(VARSIZE_ANY_EXHDR(value)));
}

UIDEXT_FUNCTION(typeid_hash_extended) {
    const varlena* value = arg_typeid(fcinfo, 0);
    return hash_any_extended(reinterpret_cast<const unsigned char*>(VARDATA_ANY(value)),
                             static_cast<int>(VARSIZE_ANY_EXHDR(value)), PG_GETARG_INT64(1));
}
