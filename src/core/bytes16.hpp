// The 16-byte value shared by ulid and uuid, and its 48-bit big-endian millisecond prefix.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t

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

}  // namespace uidext

#include "cpp_only.hpp"
