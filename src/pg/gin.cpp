// GIN operator class ulid_ops: one key per value, in ulid_cmp order; ranges are partial-match
// scans whose stopping rule is in core/gin_partial.hpp.
#include "core/gin_partial.hpp"
#include "glue.hpp"

extern "C" {
#include "access/gin.h"
#include "access/stratnum.h"
}

namespace {

using uidext::gin_strategy;

bool known_strategy(StrategyNumber strategy) {
    return strategy >= static_cast<int>(gin_strategy::less) && strategy <= static_cast<int>(gin_strategy::greater);
}

}  // namespace

// The value itself is its only key.
UIDEXT_FUNCTION(ulid_gin_extract_value) {
    auto* count = reinterpret_cast<int32*>(PG_GETARG_POINTER(1));
    auto* keys = static_cast<Datum*>(palloc(sizeof(Datum)));
    keys[0] = PG_GETARG_DATUM(0);
    *count = 1;
    PG_RETURN_POINTER(keys);
}

// One key to search: the query (a ulid or a uuid, the same 16 bytes), or nil where the scan of
// < and <= starts. Every strategy but = is a partial match, told where to stop by the query
// in extra_data; equality needs neither array (GIN takes NULL for none), the cheapest lookup.
UIDEXT_FUNCTION(ulid_gin_extract_query) {
    const Datum query = PG_GETARG_DATUM(0);
    auto* count = reinterpret_cast<int32*>(PG_GETARG_POINTER(1));
    const StrategyNumber strategy = PG_GETARG_UINT16(2);
    auto** partial = reinterpret_cast<bool**>(PG_GETARG_POINTER(3));
    auto** extra = reinterpret_cast<Pointer**>(PG_GETARG_POINTER(4));
    if (!known_strategy(strategy)) elog(ERROR, "unrecognized strategy number: %d", strategy);
    const auto known = static_cast<gin_strategy>(strategy);

    auto* keys = static_cast<Datum*>(palloc(sizeof(Datum)));
    keys[0] = uidext::gin_starts_at_smallest(known) ? PointerGetDatum(palloc0(uidext::pg::value_size)) : query;
    if (uidext::gin_partial_match(known)) {
        // The query datum lives as long as the scan's keys (like btree_gin's).
        *partial = static_cast<bool*>(palloc(sizeof(bool)));
        (*partial)[0] = true;
        *extra = static_cast<Pointer*>(palloc(sizeof(Pointer)));
        (*extra)[0] = DatumGetPointer(query);
    }
    *count = 1;
    PG_RETURN_POINTER(keys);
}

// For each indexed key a partial scan meets: skip it (-1), take it (0) or stop (1).
UIDEXT_FUNCTION(ulid_gin_partial_cmp) {
    const std::uint8_t* key = uidext::pg::arg_value(fcinfo, 1);
    const StrategyNumber strategy = PG_GETARG_UINT16(2);
    const auto* query = reinterpret_cast<const std::uint8_t*>(PG_GETARG_POINTER(3));
    if (!known_strategy(strategy)) elog(ERROR, "unrecognized strategy number: %d", strategy);
    const int order = std::memcmp(key, query, uidext::pg::value_size);
    PG_RETURN_INT32(static_cast<int>(uidext::gin_partial_verdict(static_cast<gin_strategy>(strategy), order)));
}

// A query has one key, so an item matches exactly when that key does: no recheck.
UIDEXT_FUNCTION(ulid_gin_consistent) {
    const bool* check = reinterpret_cast<const bool*>(PG_GETARG_POINTER(0));
    bool* recheck = reinterpret_cast<bool*>(PG_GETARG_POINTER(5));
    *recheck = false;
    PG_RETURN_BOOL(check[0]);
}
