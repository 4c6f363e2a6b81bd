// Conversions between PostgreSQL timestamps and the 48-bit Unix millisecond field.
#pragma once

#include <cstdint>  // std::int64_t, std::uint64_t

#include "bytes16.hpp"

namespace uidext {

// PostgreSQL counts microseconds from 2000-01-01 00:00:00 UTC.
constexpr std::int64_t pg_epoch_offset_us = INT64_C(946684800) * 1000000;

// Unix millisecond of a PostgreSQL timestamp (rounded down, so a bound covers its whole
// millisecond). False before 1970-01-01 or past 2^48 - 1 ms, infinities included.
[[nodiscard]] inline bool unix_ms_from_pg_timestamp(std::int64_t ts, std::uint64_t& ms) noexcept {
    constexpr std::int64_t min_ts = -pg_epoch_offset_us;
    constexpr std::int64_t max_ts = static_cast<std::int64_t>(max_unix_ms) * 1000 + 999 - pg_epoch_offset_us;
    if (ts < min_ts || ts > max_ts) return false;
    ms = static_cast<std::uint64_t>(ts + pg_epoch_offset_us) / 1000;
    return true;
}

[[nodiscard]] constexpr std::int64_t pg_timestamp_from_unix_ms(std::uint64_t ms) noexcept {
    return static_cast<std::int64_t>(ms) * 1000 - pg_epoch_offset_us;
}

// Time of an RFC 9562 version 1 UUID (60-bit count of 100 ns since 1582-10-15, stored low
// field first) as a PostgreSQL timestamp, microseconds rounded down.
[[nodiscard]] constexpr std::int64_t pg_timestamp_from_uuidv1(const std::uint8_t* value) noexcept {
    const std::uint64_t ticks = (static_cast<std::uint64_t>(value[6] & 0x0F) << 56) |
                                (static_cast<std::uint64_t>(value[7]) << 48) |
                                (static_cast<std::uint64_t>(value[4]) << 40) |
                                (static_cast<std::uint64_t>(value[5]) << 32) |
                                (static_cast<std::uint64_t>(value[0]) << 24) |
                                (static_cast<std::uint64_t>(value[1]) << 16) |
                                (static_cast<std::uint64_t>(value[2]) << 8) | value[3];
    // 1582-10-15 to 2000-01-01 is 152384 days.
    constexpr std::int64_t gregorian_to_pg_epoch_us = INT64_C(152384) * 86400 * 1000000;
    return static_cast<std::int64_t>(ticks / 10) - gregorian_to_pg_epoch_us;
}

}  // namespace uidext

#include "cpp_only.hpp"
