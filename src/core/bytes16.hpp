// The 16-byte value shared by ulid and uuid, its 48-bit big-endian millisecond prefix, and
// big-endian 64-bit words within it.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t
#include <cstring>  // std::memcpy

namespace uidext {

constexpr int value_size = 16;
// 2^48 - 1 ms: 10889-08-02 05:31:50.655 UTC, the largest time a ULID or UUIDv7 holds.
constexpr std::uint64_t max_unix_ms = (std::uint64_t{1} << 48) - 1;

[[nodiscard]] inline std::uint64_t read_unix_ms(const std::uint8_t* value) noexcept {
    std::uint64_t ms = 0;
    for (int i = 0; i < 6; ++i) ms = (ms << 8) | value[i];
    return ms;
}

inline void write_unix_ms(std::uint8_t* value, std::uint64_t ms) noexcept {
    for (int i = 5; i >= 0; --i) {
        value[i] = static_cast<std::uint8_t>(ms);
        ms >>= 8;
    }
}

// One unaligned load or store and a byte swap (the loops GCC leaves as loops).
[[nodiscard]] inline std::uint64_t load_big_endian_64(const std::uint8_t* p) noexcept {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

inline void store_big_endian_64(std::uint8_t* p, std::uint64_t v) noexcept {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    std::memcpy(p, &v, 8);
}

}  // namespace uidext

#include "cpp_only.hpp"
