// uuidv3(), uuidv5() (text names as UTF-8, bytea names as given), Java's nameUUIDFromBytes,
// uuid_namespace() and uidext_ossp's uuid_nil() and uuid_ns_*().
#include "core/name_based.hpp"

#include "glue.hpp"

using namespace uidext;

namespace {

// Hashes namespace_id (or none) and the name; errors name the algorithm, as core's md5().
Datum name_based(int version, const std::uint8_t* namespace_id, const char* name, std::size_t name_size) {
    std::uint8_t* value = pg::new_value();
    const char* reason = nullptr;
    if (!make_name_based_uuid(version, namespace_id, reinterpret_cast<const std::uint8_t*>(name), name_size, value,
                              &reason)) {
        if (version == 3)
            ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("could not compute %s hash: %s", "MD5", reason),
                            errdetail("UUID version 3 needs MD5, which the OpenSSL library refuses in FIPS mode."),
                            errhint("Use UUID version 5 (uuidv5()), which hashes with SHA-1.")));
        ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("could not compute %s hash: %s", "SHA-1", reason)));
    }
    PG_RETURN_POINTER(value);
}

// The name's bytes as stored: the database encoding for text (uuid-ossp's behaviour).
Datum name_based_bytes(FunctionCallInfo fcinfo, int version) {
    const varlena* name = PG_GETARG_VARLENA_PP(1);
    return name_based(version, pg::arg_value(fcinfo, 0), VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));
}

// The name converted to UTF-8 first, so every database encoding gives Python's, Go's and the
// RFC's values for the same string.
Datum name_based_utf8(FunctionCallInfo fcinfo, int version) {
    const text* name = PG_GETARG_TEXT_PP(1);
    const char* data = VARDATA_ANY(name);
    const int size = static_cast<int>(VARSIZE_ANY_EXHDR(name));
    const char* utf8 = pg_server_to_any(data, size, PG_UTF8);
    // Unconverted (already UTF-8, or ASCII) is the same pointer; a conversion ends with '\0'.
    return name_based(version, pg::arg_value(fcinfo, 0), utf8, utf8 == data ? size : std::strlen(utf8));
}

Datum namespace_datum(uuid_namespace_id id) {
    std::uint8_t* value = pg::new_value();
    namespace_uuid(id, value);
    PG_RETURN_POINTER(value);
}

}  // namespace

UIDEXT_FUNCTION(uidext_uuidv3_utf8) {
    return name_based_utf8(fcinfo, 3);
}

UIDEXT_FUNCTION(uidext_uuidv5_utf8) {
    return name_based_utf8(fcinfo, 5);
}

// Also uidext_ossp's uuid_generate_v3(uuid, text): text and bytea are both varlena.
UIDEXT_FUNCTION(uidext_uuidv3_bytes) {
    return name_based_bytes(fcinfo, 3);
}

UIDEXT_FUNCTION(uidext_uuidv5_bytes) {
    return name_based_bytes(fcinfo, 5);
}

// java.util.UUID.nameUUIDFromBytes: MD5 of the bytes alone, no namespace.
UIDEXT_FUNCTION(uidext_uuidv3_java) {
    const bytea* name = PG_GETARG_BYTEA_PP(0);
    return name_based(3, nullptr, VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));
}

UIDEXT_FUNCTION(uidext_uuid_namespace) {
    const char* name = text_to_cstring(PG_GETARG_TEXT_PP(0));
    uuid_namespace_id id;
    if (!namespace_by_name(name, id))
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("unrecognized UUID namespace: \"%s\"", name),
                        errhint("The namespaces are \"dns\", \"url\", \"oid\" and \"x500\", in any case.")));
    return namespace_datum(id);
}

UIDEXT_FUNCTION(uidext_uuid_nil) {
    std::uint8_t* value = pg::new_value();
    std::memset(value, 0, pg::value_size);
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(uidext_uuid_ns_dns) {
    return namespace_datum(uuid_namespace_id::dns);
}

UIDEXT_FUNCTION(uidext_uuid_ns_url) {
    return namespace_datum(uuid_namespace_id::url);
}

UIDEXT_FUNCTION(uidext_uuid_ns_oid) {
    return namespace_datum(uuid_namespace_id::oid);
}

UIDEXT_FUNCTION(uidext_uuid_ns_x500) {
    return namespace_datum(uuid_namespace_id::x500);
}
