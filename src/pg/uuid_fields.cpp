// Inspectors (uuid_extract_*, the version 1 time without a version check) and the version
// 1 <-> 6 conversions.
#include "core/uuid_dce.hpp"
#include "core/uuid_fields.hpp"

#include "glue.hpp"

using namespace uidext;

namespace {

// 22023 naming the value and what it is instead of an RFC-variant UUID of version `from`.
[[noreturn]] void report_not_convertible(const std::uint8_t* value, int from, int to);
void report_not_convertible(const std::uint8_t* value, int from, int to) {
    const char* text = DatumGetCString(DirectFunctionCall1(uuid_out, PointerGetDatum(value)));
    if (uuid_variant(value) != variant_rfc)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("cannot convert UUID \"%s\" to version %d", text, to),
                        errdetail("Only RFC 9562 version %d UUIDs can be converted; this one is of variant %d, not 2.",
                                  from, uuid_variant(value))));
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("cannot convert UUID \"%s\" to version %d", text, to),
                    errdetail("Only RFC 9562 version %d UUIDs can be converted; this one has version %d.", from,
                              uuid_version(value))));
}

Datum convert(FunctionCallInfo fcinfo, int from, int to) {
    const std::uint8_t* in = pg::arg_value(fcinfo, 0);
    std::uint8_t* value = pg::new_value();
    if (!convert_gregorian_time_uuid(in, from, to, value)) report_not_convertible(in, from, to);
    PG_RETURN_POINTER(value);
}

}  // namespace

UIDEXT_FUNCTION(uidext_uuid_extract_variant) {
    PG_RETURN_INT16(static_cast<int16>(uuid_variant(pg::arg_value(fcinfo, 0))));
}

UIDEXT_FUNCTION(uidext_uuid_extract_version) {
    const int version = uuid_version(pg::arg_value(fcinfo, 0));
    if (version < 0) PG_RETURN_NULL();
    PG_RETURN_INT16(static_cast<int16>(version));
}

UIDEXT_FUNCTION(uidext_uuid_extract_timestamp) {
    std::int64_t timestamp = 0;
    if (!uuid_pg_timestamp(pg::arg_value(fcinfo, 0), timestamp)) PG_RETURN_NULL();
    PG_RETURN_TIMESTAMPTZ(timestamp);
}

UIDEXT_FUNCTION(uidext_uuid_extract_clock_seq) {
    const std::uint8_t* value = pg::arg_value(fcinfo, 0);
    if (!is_gregorian_time_uuid(value)) PG_RETURN_NULL();
    PG_RETURN_INT32(uuid_clock_seq(value));
}

UIDEXT_FUNCTION(uidext_uuid_extract_node) {
    const std::uint8_t* value = pg::arg_value(fcinfo, 0);
    if (!is_gregorian_time_uuid(value)) PG_RETURN_NULL();
    macaddr* node = static_cast<macaddr*>(palloc(sizeof(macaddr)));
    const std::uint8_t* n = value + node_offset;
    node->a = n[0];
    node->b = n[1];
    node->c = n[2];
    node->d = n[3];
    node->e = n[4];
    node->f = n[5];
    PG_RETURN_MACADDR_P(node);
}

UIDEXT_FUNCTION(uidext_uuid_v1_to_v6) {
    return convert(fcinfo, 1, 6);
}

UIDEXT_FUNCTION(uidext_uuid_v6_to_v1) {
    return convert(fcinfo, 6, 1);
}

// uuid_v1_to_timestamptz (uidext's own; not a pg_uuidv7 function): reads the version 1 time
// fields without checking the version.
UIDEXT_FUNCTION(uuid_v1_to_timestamptz) {
    PG_RETURN_TIMESTAMPTZ(pg_timestamp_from_uuidv1(pg::arg_value(fcinfo, 0)));
}

UIDEXT_FUNCTION(uidext_uuid_extract_dce_domain) {
    int domain = 0;
    std::uint32_t local_id = 0;
    if (!read_dce_security(pg::arg_value(fcinfo, 0), domain, local_id)) PG_RETURN_NULL();
    PG_RETURN_INT16(static_cast<int16>(domain));
}

UIDEXT_FUNCTION(uidext_uuid_extract_dce_id) {
    int domain = 0;
    std::uint32_t local_id = 0;
    if (!read_dce_security(pg::arg_value(fcinfo, 0), domain, local_id)) PG_RETURN_NULL();
    PG_RETURN_INT64(static_cast<int64>(local_id));
}
