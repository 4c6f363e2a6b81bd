// Comparison, sort support, skip support and hashing of ulid, and of ulid against uuid (issue
// 14). The bytes and their order are uuid's, so each function does what core's uuid.c does.
// They are LANGUAGE C rather than LANGUAGE internal aliases of core's uuid functions: PostgreSQL
// finds a C function's address once per backend and caches it by OID, whereas an internal
// function whose OID is not built-in is searched for by name among every built-in function
// each time a call is set up (every index scan key, expression and sort of every query).
// One C function serves the same-type and both cross-type SQL functions (the SQL function
// names it with AS 'MODULE_PATHNAME', 'ulid_eq' and so on).
#include "glue.hpp"

extern "C" {
#include "common/hashfn.h"
}

namespace {

// memcmp's sign, as core's uuid_internal_cmp: btree only reads the sign.
inline int compare(FunctionCallInfo fcinfo) {
    return std::memcmp(uidext::pg::arg_value(fcinfo, 0), uidext::pg::arg_value(fcinfo, 1), uidext::pg::value_size);
}

}  // namespace

UIDEXT_FUNCTION(ulid_eq) {
    PG_RETURN_BOOL(compare(fcinfo) == 0);
}

UIDEXT_FUNCTION(ulid_ne) {
    PG_RETURN_BOOL(compare(fcinfo) != 0);
}

UIDEXT_FUNCTION(ulid_lt) {
    PG_RETURN_BOOL(compare(fcinfo) < 0);
}

UIDEXT_FUNCTION(ulid_le) {
    PG_RETURN_BOOL(compare(fcinfo) <= 0);
}

UIDEXT_FUNCTION(ulid_gt) {
    PG_RETURN_BOOL(compare(fcinfo) > 0);
}

UIDEXT_FUNCTION(ulid_ge) {
    PG_RETURN_BOOL(compare(fcinfo) >= 0);
}

UIDEXT_FUNCTION(ulid_cmp) {
    PG_RETURN_INT32(compare(fcinfo));
}

// Core's own sort support (and skip support on 18+): its comparator, abbreviated keys (the first
// 8 bytes as an unsigned integer) and abort heuristic, exactly as the running major has them.
// Called directly, not through fmgr: the same fcinfo, no lookup.
UIDEXT_FUNCTION(ulid_sortsupport) {
    return uuid_sortsupport(fcinfo);
}

#if PG_VERSION_NUM >= 180000
UIDEXT_FUNCTION(ulid_skipsupport) {
    return uuid_skipsupport(fcinfo);
}
#endif

// The same calls as core's uuid_hash and uuid_hash_extended, so a ulid hashes like the uuid
// with its bytes: hash joins across the types, hash partitions and hash indexes agree.
UIDEXT_FUNCTION(ulid_hash) {
    return hash_any(uidext::pg::arg_value(fcinfo, 0), uidext::pg::value_size);
}

UIDEXT_FUNCTION(ulid_hash_extended) {
    return hash_any_extended(uidext::pg::arg_value(fcinfo, 0), uidext::pg::value_size, PG_GETARG_INT64(1));
}
