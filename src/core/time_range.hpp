// Conversions between PostgreSQL timestamps and the 48-bit Unix millisecond field.
#pragma once

#include <cstdint>  // std::int64_t, std::uint64_t

#include "bytes16.hpp"  // max_unix_ms

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

// Unix microsecond of a PostgreSQL timestamp, over the same range as unix_ms_from_pg_timestamp
// (1970-01-01 up to the last microsecond of millisecond 2^48 - 1); false outside it.
[[nodiscard]] inline bool unix_us_from_pg_timestamp(std::int64_t ts, std::int64_t& us) noexcept {
    std::uint64_t ms = 0;
    if (!unix_ms_from_pg_timestamp(ts, ms)) return false;
    us = ts + pg_epoch_offset_us;
    return true;
}

[[nodiscard]] constexpr std::int64_t pg_timestamp_from_unix_ms(std::uint64_t ms) noexcept {
    return static_cast<std::int64_t>(ms) * 1000 - pg_epoch_offset_us;
}

// A 60-bit count of 100 ns ticks since 1582-10-15 (UUID versions 1 and 6) as a PostgreSQL
// timestamp, microseconds rounded down; every 60-bit count is a valid timestamp.
[[nodiscard]] constexpr std::int64_t pg_timestamp_from_gregorian_ticks(std::uint64_t ticks) noexcept {
    // 1582-10-15 to 2000-01-01 is 152384 days.
    constexpr std::int64_t gregorian_to_pg_epoch_us = INT64_C(152384) * 86400 * 1000000;
    return static_cast<std::int64_t>(ticks / 10) - gregorian_to_pg_epoch_us;
}

}  // namespace uidext

#include "cpp_only.hpp"
