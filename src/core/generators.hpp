// ULID and UUIDv7 generation steps as pure functions of state, a clock reading and fresh
// random bytes. The PostgreSQL glue supplies the clock, the randomness and, for the
// server-wide mode, the shared memory and its lock.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t

#include "bytes16.hpp"

namespace uidext {

constexpr int ulid_random_size = 10;   // 80 bits after the 48-bit time

// ULID: 48-bit ms then 80 random bits.
void make_ulid(std::uint64_t unix_ms, const std::uint8_t random[ulid_random_size], std::uint8_t out[16]) noexcept;

// Smallest (random part all 0) or largest (all 1) ULID of a millisecond.
void make_ulid_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept;

// The previous value handed out by a monotonic ULID generator.
struct ulid_monotonic_state {
    std::uint8_t last[16] = {};
    bool started = false;
};

// ULID spec monotonic mode. A later millisecond starts afresh from `fresh`; the same
// millisecond, or a clock that reads earlier, yields the previous value + 1 in its
// millisecond; if the 80 random bits would overflow, the next millisecond starts afresh.
// False (state untouched) only if that would pass 2^48 - 1 ms.
[[nodiscard]] bool next_monotonic_ulid(ulid_monotonic_state& state, std::uint64_t now_ms,
                                       const std::uint8_t fresh[ulid_random_size], std::uint8_t out[16]) noexcept;

// What the next monotonic step at now_ms does: start now_ms afresh, add 1 in the previous
// value's millisecond, or (the 80 bits are all 1) start the next millisecond afresh.
enum class monotonic_ulid_move { start_now, increment, start_next_ms };
[[nodiscard]] monotonic_ulid_move next_monotonic_ulid_move(const ulid_monotonic_state& state,
                                                           std::uint64_t now_ms) noexcept;

// True when the next monotonic step at now_ms reads `fresh`; otherwise it only increments, and
// callers may skip drawing random bytes.
[[nodiscard]] inline bool monotonic_ulid_needs_fresh(const ulid_monotonic_state& state, std::uint64_t now_ms) noexcept {
    return next_monotonic_ulid_move(state, now_ms) != monotonic_ulid_move::increment;
}

// Smallest or largest valid UUIDv7 (version and variant set) of a millisecond.
void make_uuidv7_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
