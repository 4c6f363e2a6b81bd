// A UUID as Java's two signed 64-bit halves: java.util.UUID(long mostSigBits, long
// leastSigBits), getMostSignificantBits() and getLeastSignificantBits(), the form in which
// many Java stores keep a UUID (two BIGINT columns). Octets 0-7 and 8-15, big-endian, read as
// two's complement.
#pragma once

#include <cstdint>  // std::uint8_t, std::int64_t, std::uint64_t

#include "bytes16.hpp"  // load_big_endian_64, store_big_endian_64

namespace uidext {

[[nodiscard]] inline std::int64_t uuid_most_significant_bits(const std::uint8_t value[16]) noexcept {
    return static_cast<std::int64_t>(load_big_endian_64(value));
}

[[nodiscard]] inline std::int64_t uuid_least_significant_bits(const std::uint8_t value[16]) noexcept {
    return static_cast<std::int64_t>(load_big_endian_64(value + 8));
}

inline void uuid_from_longs(std::int64_t msb, std::int64_t lsb, std::uint8_t out[16]) noexcept {
    store_big_endian_64(out, static_cast<std::uint64_t>(msb));
    store_big_endian_64(out + 8, static_cast<std::uint64_t>(lsb));
}

}  // namespace uidext

#include "cpp_only.hpp"
