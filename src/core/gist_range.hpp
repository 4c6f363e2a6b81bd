// The GiST key of a ulid index: the [lower, upper] range of the 16-byte values below an entry
// (a leaf holds [v, v]). Union, penalty, picksplit and consistent work on 128-bit big-endian
// integers, so keys of the same millisecond stay as tight as keys of different ones.
#pragma once

#include <cstdint>  // std::uint8_t

#include "bytes16.hpp"

namespace uidext {

struct gist_range {
    std::uint8_t lower[value_size];
    std::uint8_t upper[value_size];
};
static_assert(sizeof(gist_range) == sizeof(gist_range::lower) + sizeof(gist_range::upper), "the on-disk key is two values, no padding");

// Strategy numbers: btree's, plus btree_gist's <> (so EXCLUDE ... WITH <> finds it).
enum class gist_strategy : int { less = 1, less_equal = 2, equal = 3, greater_equal = 4, greater = 5,
                                 not_equal = 6 };

// memcmp order of two values: negative, zero or positive. Two big-endian 64-bit words, inline:
// a GiST scan calls consistent on every entry of each page it visits, and a libc memcmp call
// per comparison is most of that call's cost.
[[nodiscard]] inline int compare_values(const std::uint8_t* a, const std::uint8_t* b) noexcept {
    const std::uint64_t a_high = load_big_endian_64(a);
    const std::uint64_t b_high = load_big_endian_64(b);
    if (a_high != b_high) return a_high < b_high ? -1 : 1;
    const std::uint64_t a_low = load_big_endian_64(a + 8);
    const std::uint64_t b_low = load_big_endian_64(b + 8);
    if (a_low != b_low) return a_low < b_low ? -1 : 1;
    return 0;
}

// [v, v]: the key of a leaf entry.
[[nodiscard]] gist_range range_of_value(const std::uint8_t* value) noexcept;

// Widens into to cover added.
void widen_range(gist_range& into, const gist_range& added) noexcept;

[[nodiscard]] bool ranges_equal(const gist_range& a, const gist_range& b) noexcept;

// How much existing must grow (lower down plus upper up, as 128-bit integers) to cover added,
// scaled by 2^-64 so that the full 2^128 stays finite as a float. Zero when it already does.
[[nodiscard]] float range_penalty(const gist_range& existing, const gist_range& added) noexcept;

// Whether some value in range may satisfy "value <strategy> query"; exact on a leaf. False
// for a strategy it does not know. Inline: called for every entry of every page a scan visits.
[[nodiscard]] inline bool range_consistent(const gist_range& range, const std::uint8_t* query,
                                           gist_strategy strategy) noexcept {
    switch (strategy) {
        case gist_strategy::less:
            return compare_values(range.lower, query) < 0;
        case gist_strategy::less_equal:
            return compare_values(range.lower, query) <= 0;
        case gist_strategy::equal:
            return compare_values(range.lower, query) <= 0 && compare_values(range.upper, query) >= 0;
        case gist_strategy::greater_equal:
            return compare_values(range.upper, query) >= 0;
        case gist_strategy::greater:
            return compare_values(range.upper, query) > 0;
        case gist_strategy::not_equal:
            // Only a range holding nothing but the query has no other value.
            return !(compare_values(range.lower, query) == 0 && compare_values(range.upper, query) == 0);
    }
    return false;
}

// Orders the n ranges by (lower, upper) into order (n indexes into ranges) and returns how many
// of the first ones go to the left page: half, so that neither page overlaps the other and both
// can take more. PostgreSQL's sorted build (14+) hands over several pages' worth of sorted keys
// at once and splits them recursively: an uneven split there leaves many small pages.
// n >= 2; the result is between 1 and n - 1.
[[nodiscard]] int split_ranges(const gist_range* ranges, int n, int* order) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
