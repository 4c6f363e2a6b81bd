// UUIDv7 as uidext makes it: RFC 9562 section 6.2 method 3 (a 12-bit sub-millisecond fraction
// of the real clock in rand_a) while the clock advances, and a 12-bit counter at the top of
// rand_b (methods 1 and 2) for values the clock cannot tell apart, so that values stay strictly
// ascending without their time running ahead of the clock.
//
//   bits 127..80  unix_ts_ms   48  Unix time in milliseconds
//   bits  79..76  ver           4  0b0111
//   bits  75..64  rand_a       12  floor(fraction of the millisecond * 4096): the "tick"
//   bits  63..62  var           2  0b10
//   bits  61..50  counter      12  random 0..2047 (top bit, the guard, cleared) when the tick
//                                  is new; +1 for each further value of the same tick
//   bits  49..0   random       50  fresh for every value
//
// A tick is 1/4096 ms (244.140625 ns). The state holds the (tick, counter) of the previous value.
// The next value takes the clock's tick when it is later; otherwise it keeps the previous tick
// and adds 1 to the counter; only when the counter is exhausted (4095) does it move to the next
// tick, with a new random counter. So the tick runs ahead of the clock only after more than
// 2048 values within one tick: at least 2049 values per tick ahead, that is 4096 * 2049 =
// 8 392 704 values faster than the clock moves for 1 ms of lead, a sustained 8.4 values per
// nanosecond (see README, "UUIDv7 layout"). A clock that steps back is another matter: the state
// keeps its tick and counts, ahead of the clock by the step until the clock passes it.
#pragma once

#include <cstdint>  // std::int64_t, std::uint8_t, std::uint32_t, std::uint64_t

#include "bytes16.hpp"
#include "time_range.hpp"  // pg_epoch_offset_us

namespace uidext {

constexpr int uuidv7_random_bytes = 8;  // per value: 11 bits seed a new counter, 50 fill the low bits
constexpr int uuidv7_ticks_per_ms = 4096;
constexpr std::uint32_t uuidv7_counter_limit = 4096;   // 12 bits
constexpr int uuidv7_counter_seed_bits = 11;  // guard bit clear: >= 2048 increments left
constexpr std::uint32_t uuidv7_counter_seed_limit = 1u << uuidv7_counter_seed_bits;
// The last tick of the 48-bit millisecond field.
constexpr std::uint64_t uuidv7_max_tick = max_unix_ms * uuidv7_ticks_per_ms + (uuidv7_ticks_per_ms - 1);

// The (tick, counter) of the previous value; all zero before the first one.
struct uuidv7_clock {
    std::uint64_t tick = 0;
    std::uint32_t counter = 0;
};

// The tick of a Unix time in nanoseconds (0 for times before 1970).
[[nodiscard]] constexpr std::uint64_t uuidv7_tick_of_ns(std::int64_t unix_ns) noexcept {
    if (unix_ns < 0) return 0;
    const auto ns = static_cast<std::uint64_t>(unix_ns);
    return ns / 1000000 * uuidv7_ticks_per_ms + ns % 1000000 * uuidv7_ticks_per_ms / 1000000;
}

// Advances the state for one value made when the clock read now_tick; random is the value's
// 8 fresh bytes (a new counter is seeded from them). False, state untouched, only when the
// value would need a tick past uuidv7_max_tick.
[[nodiscard]] bool next_uuidv7_clock(uuidv7_clock& state, std::uint64_t now_tick,
                                     const std::uint8_t random[uuidv7_random_bytes]) noexcept;

// The value of (tick, counter) with the 50 low random bits from random (the same 8 bytes that
// were passed to next_uuidv7_clock): version 7 and the RFC variant set.
void make_uuidv7(std::uint64_t tick, std::uint32_t counter, const std::uint8_t random[uuidv7_random_bytes],
                 std::uint8_t out[16]) noexcept;

// The Unix microsecond at which a tick starts, rounded down.
[[nodiscard]] constexpr std::int64_t uuidv7_tick_start_us(std::uint64_t tick) noexcept {
    // tick * 1000 / 4096 without overflowing 64 bits: whole milliseconds, then the fraction.
    return static_cast<std::int64_t>(tick / uuidv7_ticks_per_ms * 1000 + tick % uuidv7_ticks_per_ms * 1000 / 4096);
}

// The tick of a tick's time shifted by whole microseconds: floor(tick + shift_us * 4096 / 1000),
// strictly ascending in tick, so a fixed shift keeps the order. Its millisecond is that of
// uuidv7_tick_start_us(tick) + shift_us. The caller checks that range first.
[[nodiscard]] constexpr std::int64_t uuidv7_shift_tick(std::uint64_t tick, std::int64_t shift_us) noexcept {
    // shift_us * 512 / 125 could overflow: split shift_us = q * 125 + r with 0 <= r < 125.
    std::int64_t q = shift_us / 125;
    std::int64_t r = shift_us % 125;
    if (r < 0) {
        r += 125;
        q -= 1;
    }
    return static_cast<std::int64_t>(tick) + q * 512 + r * 512 / 125;
}

// PostgreSQL 18's range for uuidv7(interval) on a PostgreSQL timestamp (microseconds since
// 2000): from 1970-01-01 up to (2^48 - 1) * 1000 us, the first microsecond of the last
// millisecond, exactly core's UUIDV7_MIN_TIMESTAMP and UUIDV7_MAX_TIMESTAMP.
[[nodiscard]] constexpr bool uuidv7_shift_in_range(std::int64_t pg_timestamp) noexcept {
    return pg_timestamp >= -pg_epoch_offset_us &&
           pg_timestamp <= static_cast<std::int64_t>(max_unix_ms) * 1000 - pg_epoch_offset_us;
}

}  // namespace uidext

#include "cpp_only.hpp"
