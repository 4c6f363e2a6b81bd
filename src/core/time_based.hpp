// UUID versions 1 and 6 (RFC 9562 sections 5.1 and 5.6) as pure steps: the (tick, clock
// sequence) of each value from clock readings, and the value layout from a tick, a clock
// sequence and a node. The PostgreSQL glue supplies the clock and the random bytes.
//
// As Go's google/uuid NewUUID: a value takes the clock's 100 ns tick; when the clock has not
// moved on since the previous value, it keeps the tick and counts in the 14-bit clock sequence,
// and moves to the next tick only when that count wraps (over 8 192 values in 100 ns, beyond any
// machine). So the time never runs ahead of the clock because of the rate. When the clock steps
// back, the values follow it (the old, later time is not carried on) with a new random clock
// sequence, as RFC 9562 section 5.1 prescribes for a clock that may have gone backwards.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint32_t, std::uint64_t, std::int64_t

#include "ulid_step.hpp"  // random_draw
#include "uuid_fields.hpp"

namespace uidext {

// Clock sequence (2 bytes, the top 2 bits are replaced by the variant) then node (6 bytes).
constexpr int seq_and_node_size = 8;
constexpr std::uint32_t clock_seq_limit = 1u << 14;  // 14 bits
// A version 6 tick's first clock sequence is random with the top bit clear, so at least 8 192
// values fit in a tick before the count wraps.
constexpr std::uint32_t v6_seq_seed_limit = clock_seq_limit / 2;

// Bits OR-ed into the first node octet. A random node carries the multicast bit, which no
// network card's address has (RFC 9562 section 6.10); uuid-ossp's v1mc also sets the
// locally-administered bit.
constexpr std::uint8_t random_node_bits = 0x01;
constexpr std::uint8_t v1mc_node_bits = 0x03;

// Ticks of a Unix-epoch nanosecond reading, rounded down. Every int64 nanosecond (1677 to
// 2262) is after 1582-10-15, so the result is never negative.
[[nodiscard]] constexpr std::uint64_t gregorian_ticks_from_unix_ns(std::int64_t unix_ns) noexcept {
    return static_cast<std::uint64_t>(unix_ns / 100 + static_cast<std::int64_t>(gregorian_unix_offset_ticks));
}

// One process's version 1 or version 6 generator.
struct gregorian_clock {
    std::uint64_t reading = 0;    // the latest clock reading (ticks): a lower one is a step back
    std::uint64_t tick = 0;       // the previous value's tick
    std::uint32_t seq = 0;        // its 14-bit clock sequence
    std::uint32_t first_seq = 0;  // version 1: the sequence the tick started with (wrap check)
    bool started = false;
};

enum class gregorian_status {
    ok,            // same clock sequence lineage as the previous value
    stepped_back,  // the clock went back: a new random clock sequence (uuidv1() also takes a new node)
    out_of_range,  // the tick would pass 2^60 - 1 (5236-03-31); state untouched
    no_random,     // `draw` failed; state untouched
};

// Version 1, as Go's NewUUID: the clock sequence is random at the start (and after a step
// back) and otherwise only counts: a later tick keeps it, a value in the same tick adds 1 to it
// (mod 2^14); when that comes back to the sequence the tick began with, the tick moves on by 1.
// Values of one process are unique while its clock does not step back; after a step back the
// new random sequence (and node) make them as unlikely to repeat as two processes' values.
[[nodiscard]] gregorian_status next_uuidv1_clock(gregorian_clock& clock, std::uint64_t now_ticks,
                                                 random_draw draw) noexcept;

// Version 6: a later tick starts with a random clock sequence below 8 192; a value in the same
// tick adds 1; past 16 383 the tick moves on by 1 with a new random sequence. Values of one
// process strictly ascend while its clock does not step back; after a step back they follow
// the clock with a new random sequence (so they sort below the values made before the step).
[[nodiscard]] gregorian_status next_uuidv6_clock(gregorian_clock& clock, std::uint64_t now_ticks,
                                                 random_draw draw) noexcept;

// A version 1 or 6 UUID: the tick, the 14-bit clock sequence, the node (6 bytes) with
// node_bits OR-ed into its first octet, variant set.
void make_gregorian_time_uuid(int version, std::uint64_t tick, std::uint32_t clock_seq, const std::uint8_t node[6],
                              std::uint8_t node_bits, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
