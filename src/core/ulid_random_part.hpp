// Arithmetic on a ULID's 80 random bits, shared by the generators that count within a
// millisecond (gen_monotonic_ulid's +1, gen_ulid's random step). The bits are read as two
// big-endian 64-bit words: bits 15..0 of the first (under the 48-bit millisecond) and all of
// the second, so a step is two loads, an add with carry and two stores, not a byte loop.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t

#include "bytes16.hpp"  // load_big_endian_64, store_big_endian_64

namespace uidext {

// Adds `addend` to the 80 random bits of a ULID in place, keeping its millisecond. False, with
// the value untouched, when the sum needs more than 80 bits.
[[nodiscard]] inline bool add_to_ulid_random(std::uint8_t value[16], std::uint64_t addend) noexcept {
    const std::uint64_t head = load_big_endian_64(value);
    const std::uint64_t old_low = load_big_endian_64(value + 8);
    const std::uint64_t low = old_low + addend;
    const std::uint64_t high = (head & 0xFFFF) + (low < old_low ? 1 : 0);
    if (high > 0xFFFF) return false;
    store_big_endian_64(value, (head & ~std::uint64_t{0xFFFF}) | high);
    store_big_endian_64(value + 8, low);
    return true;
}

}  // namespace uidext

#include "cpp_only.hpp"
