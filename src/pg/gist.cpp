// GiST operator class ulid_ops: keys are [lower, upper] ranges (type ulid_gist_key); the logic
// is in core/gist_range.cpp, this file moves it in and out of GiST's structures.
#include "core/crockford.hpp"
#include "core/gist_range.hpp"
#include "glue.hpp"

extern "C" {
#include "access/gist.h"
#include "access/stratnum.h"
#include "utils/sortsupport.h"
}

namespace {

using uidext::gist_range;
using uidext::gist_strategy;

const gist_range& range_at(Datum key) {
    return *reinterpret_cast<const gist_range*>(DatumGetPointer(key));
}

gist_range* new_range(const gist_range& from) {
    auto* range = static_cast<gist_range*>(palloc(sizeof(gist_range)));
    *range = from;
    return range;
}

// A GISTENTRY for key at entry's place in the index.
GISTENTRY* new_entry(const GISTENTRY* entry, Datum key) {
    auto* out = static_cast<GISTENTRY*>(palloc(sizeof(GISTENTRY)));
    gistentryinit(*out, key, entry->rel, entry->page, entry->offset, false);
    return out;
}

int compare_lower(Datum a, Datum b, SortSupport) {
    return uidext::compare_values(range_at(a).lower, range_at(b).lower);
}

#if PG_VERSION_NUM >= 150000 && SIZEOF_DATUM == 8
// Abbreviated key: the first 8 bytes (48-bit time and 16 more bits), compared unsigned.
Datum abbreviate_lower(Datum original, SortSupport) {
    return static_cast<Datum>(uidext::load_big_endian_64(range_at(original).lower));
}

// Time-ordered values differ in their first 8 bytes, random ones too: never worth aborting.
bool keep_abbreviating(int, SortSupport) {
    return false;
}
#endif

}  // namespace

// The key type is internal to the index; it is shown (pageinspect) but never read.
UIDEXT_INPUT_FUNCTION(ulid_gist_key_in) {
    ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                    errmsg("cannot accept a value of type %s", "ulid_gist_key"),
                    errdetail("Values of this type exist only inside GiST indexes on ulid.")));
    PG_RETURN_NULL();
}

// "[lower,upper]" as ULID text.
UIDEXT_FUNCTION(ulid_gist_key_out) {
    const gist_range& range = range_at(PG_GETARG_DATUM(0));
    constexpr int length = uidext::ulid_text_length;
    char* text = static_cast<char*>(palloc(2 * length + 4));
    text[0] = '[';
    uidext::encode_ulid(range.lower, text + 1);
    text[1 + length] = ',';
    uidext::encode_ulid(range.upper, text + 2 + length);
    text[2 + 2 * length] = ']';
    text[3 + 2 * length] = '\0';
    PG_RETURN_CSTRING(text);
}

// Whether values under the entry may satisfy "value <strategy> query"; the query is a ulid or a
// uuid (cross-type members), the same 16 bytes. Exact: never a recheck.
UIDEXT_FUNCTION(ulid_gist_consistent) {
    const auto* entry = reinterpret_cast<const GISTENTRY*>(PG_GETARG_POINTER(0));
    const std::uint8_t* query = uidext::pg::arg_value(fcinfo, 1);
    const StrategyNumber strategy = PG_GETARG_UINT16(2);
    bool* recheck = reinterpret_cast<bool*>(PG_GETARG_POINTER(4));
    if (strategy < static_cast<int>(gist_strategy::less) || strategy > static_cast<int>(gist_strategy::not_equal))
        elog(ERROR, "unrecognized strategy number: %d", strategy);
    *recheck = false;
    PG_RETURN_BOOL(uidext::range_consistent(range_at(entry->key), query, static_cast<gist_strategy>(strategy)));
}

// The range covering every entry.
UIDEXT_FUNCTION(ulid_gist_union) {
    const auto* entries = reinterpret_cast<const GistEntryVector*>(PG_GETARG_POINTER(0));
    int* size = reinterpret_cast<int*>(PG_GETARG_POINTER(1));
    gist_range* result = new_range(range_at(entries->vector[0].key));
    for (int i = 1; i < entries->n; ++i) uidext::widen_range(*result, range_at(entries->vector[i].key));
    *size = sizeof(gist_range);
    PG_RETURN_POINTER(result);
}

// A leaf value becomes [v, v]; inner keys are already ranges.
UIDEXT_FUNCTION(ulid_gist_compress) {
    auto* entry = reinterpret_cast<GISTENTRY*>(PG_GETARG_POINTER(0));
    if (!entry->leafkey) PG_RETURN_POINTER(entry);
    const gist_range range = uidext::range_of_value(reinterpret_cast<const std::uint8_t*>(DatumGetPointer(entry->key)));
    PG_RETURN_POINTER(new_entry(entry, PointerGetDatum(new_range(range))));
}

// The value back from a leaf key, for index-only scans.
UIDEXT_FUNCTION(ulid_gist_fetch) {
    const auto* entry = reinterpret_cast<const GISTENTRY*>(PG_GETARG_POINTER(0));
    std::uint8_t* value = uidext::pg::new_value();
    std::memcpy(value, range_at(entry->key).lower, uidext::pg::value_size);
    PG_RETURN_POINTER(new_entry(entry, PointerGetDatum(value)));
}

UIDEXT_FUNCTION(ulid_gist_penalty) {
    const auto* existing = reinterpret_cast<const GISTENTRY*>(PG_GETARG_POINTER(0));
    const auto* added = reinterpret_cast<const GISTENTRY*>(PG_GETARG_POINTER(1));
    // Through void*: cppcheck flags a direct cast of the char pointer to float*.
    auto* penalty = static_cast<float*>(static_cast<void*>(PG_GETARG_POINTER(2)));
    *penalty = uidext::range_penalty(range_at(existing->key), range_at(added->key));
    PG_RETURN_POINTER(penalty);
}

// Splits an overfull page's entries (offsets 1 .. n-1 of the vector) into two runs of the
// sorted order, so that each page covers a range that does not overlap the other's.
UIDEXT_FUNCTION(ulid_gist_picksplit) {
    const auto* entries = reinterpret_cast<const GistEntryVector*>(PG_GETARG_POINTER(0));
    auto* split = reinterpret_cast<GIST_SPLITVEC*>(PG_GETARG_POINTER(1));
    const int n = entries->n - FirstOffsetNumber;
    auto* ranges = static_cast<gist_range*>(palloc(sizeof(gist_range) * n));
    for (int i = 0; i < n; ++i) ranges[i] = range_at(entries->vector[i + FirstOffsetNumber].key);
    int* order = static_cast<int*>(palloc(sizeof(int) * n));
    const int left = uidext::split_ranges(ranges, n, order);

    split->spl_left = static_cast<OffsetNumber*>(palloc(sizeof(OffsetNumber) * n));
    split->spl_right = static_cast<OffsetNumber*>(palloc(sizeof(OffsetNumber) * n));
    split->spl_nleft = 0;
    split->spl_nright = 0;
    gist_range* left_union = new_range(ranges[order[0]]);
    gist_range* right_union = new_range(ranges[order[left]]);
    for (int i = 0; i < n; ++i) {
        const int at = order[i];
        const auto offset = static_cast<OffsetNumber>(at + FirstOffsetNumber);
        if (i < left) {
            uidext::widen_range(*left_union, ranges[at]);
            split->spl_left[split->spl_nleft++] = offset;
        } else {
            uidext::widen_range(*right_union, ranges[at]);
            split->spl_right[split->spl_nright++] = offset;
        }
    }
    split->spl_ldatum = PointerGetDatum(left_union);
    split->spl_rdatum = PointerGetDatum(right_union);
    pfree(order);
    pfree(ranges);
    PG_RETURN_POINTER(split);
}

UIDEXT_FUNCTION(ulid_gist_same) {
    bool* result = reinterpret_cast<bool*>(PG_GETARG_POINTER(2));
    *result = uidext::ranges_equal(range_at(PG_GETARG_DATUM(0)), range_at(PG_GETARG_DATUM(1)));
    PG_RETURN_POINTER(result);
}

// PostgreSQL 18's translate_cmptype (support function 12, for WITHOUT OVERLAPS keys): its
// CompareType numbers COMPARE_LT .. COMPARE_NE are 1 .. 6, the strategies of this class, and
// anything else has no strategy here (InvalidStrategy).
UIDEXT_FUNCTION(ulid_gist_cmptype) {
    const int32 compare_type = PG_GETARG_INT32(0);
    const bool known = compare_type >= static_cast<int>(gist_strategy::less) &&
                       compare_type <= static_cast<int>(gist_strategy::not_equal);
    PG_RETURN_UINT16(known ? static_cast<uint16>(compare_type) : InvalidStrategy);
}

// Sorted index builds (14+): leaf keys in order of their value.
UIDEXT_FUNCTION(ulid_gist_sortsupport) {
    auto* ssup = reinterpret_cast<SortSupport>(PG_GETARG_POINTER(0));
    ssup->comparator = compare_lower;
#if PG_VERSION_NUM >= 150000 && SIZEOF_DATUM == 8
    if (ssup->abbreviate) {
        ssup->comparator = ssup_datum_unsigned_cmp;
        ssup->abbrev_converter = abbreviate_lower;
        ssup->abbrev_abort = keep_abbreviating;
        ssup->abbrev_full_comparator = compare_lower;
    }
#endif
    PG_RETURN_VOID();
}
