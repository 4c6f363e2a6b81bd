// GiST key logic on [lower, upper] ranges of 16-byte values (see gist_range.hpp).
#include "gist_range.hpp"

#include <algorithm>  // std::sort
#include <cstring>    // std::memcmp, std::memcpy

namespace uidext {

namespace {

using u128 = unsigned __int128;

u128 as_integer(const std::uint8_t* value) noexcept {
    return (u128{load_big_endian_64(value)} << 64) | load_big_endian_64(value + 8);
}

// 2^-64: the penalty of the widest growth, 2^128 - 1, becomes 2^64, far from float's limit.
constexpr double penalty_scale = 1.0 / 18446744073709551616.0;

}  // namespace

gist_range range_of_value(const std::uint8_t* value) noexcept {
    gist_range range;
    std::memcpy(range.lower, value, value_size);
    std::memcpy(range.upper, value, value_size);
    return range;
}

void widen_range(gist_range& into, const gist_range& added) noexcept {
    if (compare_values(added.lower, into.lower) < 0) std::memcpy(into.lower, added.lower, value_size);
    if (compare_values(added.upper, into.upper) > 0) std::memcpy(into.upper, added.upper, value_size);
}

bool ranges_equal(const gist_range& a, const gist_range& b) noexcept {
    return std::memcmp(&a, &b, sizeof(gist_range)) == 0;
}

float range_penalty(const gist_range& existing, const gist_range& added) noexcept {
    const u128 lower = as_integer(existing.lower);
    const u128 upper = as_integer(existing.upper);
    const u128 new_lower = as_integer(added.lower);
    const u128 new_upper = as_integer(added.upper);
    // Each part is below 2^128 and a range cannot grow both ways by more than its complement,
    // so the sum cannot wrap: (lower - new_lower) + (new_upper - upper) <= 2^128 - 1.
    u128 growth = 0;
    if (new_lower < lower) growth += lower - new_lower;
    if (new_upper > upper) growth += new_upper - upper;
    if (growth == 0) return 0.0F;
    const double scaled = static_cast<double>(growth) * penalty_scale;
    // The smallest growth must still beat none: 2^-64 is a normal float, nothing rounds to 0.
    return static_cast<float>(scaled);
}

int split_ranges(const gist_range* ranges, int n, int* order) noexcept {
    for (int i = 0; i < n; ++i) order[i] = i;
    std::sort(order, order + n, [ranges](int a, int b) {
        const int by_lower = compare_values(ranges[a].lower, ranges[b].lower);
        if (by_lower != 0) return by_lower < 0;
        const int by_upper = compare_values(ranges[a].upper, ranges[b].upper);
        return by_upper != 0 ? by_upper < 0 : a < b;
    });
    return n / 2;
}

}  // namespace uidext
