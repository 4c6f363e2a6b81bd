// Comparisons and selections whose time does not depend on the values: decoding an opaque id
// under every key and choosing the first in-window result must not tell which key made it.
#pragma once

#include <cstddef>  // std::size_t
#include <cstdint>  // std::uint8_t, std::uint64_t

namespace uidext {

// All ones when x <= y, else 0; x and y below 2^63 (times in ms are below 2^49).
[[nodiscard]] inline std::uint64_t ct_mask_less_equal(std::uint64_t x, std::uint64_t y) noexcept {
    return ((y - x) >> 63) - 1;  // y - x wraps to a value with the top bit set only when x > y
}

// All ones when bit is 1, 0 when it is 0.
[[nodiscard]] inline std::uint64_t ct_mask_of_bit(std::uint64_t bit) noexcept { return std::uint64_t{0} - (bit & 1); }

// out[i] |= in[i] where mask is all ones; nothing where it is 0.
inline void ct_or_masked(std::uint8_t* out, const std::uint8_t* in, std::size_t n, std::uint64_t mask) noexcept {
    const auto byte_mask = static_cast<std::uint8_t>(mask);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(out[i] | (in[i] & byte_mask));
}

}  // namespace uidext

#include "cpp_only.hpp"
