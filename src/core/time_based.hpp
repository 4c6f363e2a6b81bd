// UUID versions 1 and 6 (RFC 9562 sections 5.1 and 5.6) as pure steps: a strictly increasing
// 60-bit tick counter fed with clock readings, and the value layout from a tick, a clock
// sequence and a node. The PostgreSQL glue supplies the clock and the random bytes.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t, std::int64_t

#include "uuid_fields.hpp"

namespace uidext {

// Clock sequence (2 bytes, the top 2 bits are replaced by the variant) then node (6 bytes).
constexpr int seq_and_node_size = 8;

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

// The last tick handed out by one process.
struct gregorian_clock {
    std::uint64_t last = 0;
    bool started = false;
};

// The clock reading, or the previous tick + 1 when the reading is not later (same tick, or the
// clock stepped back): ticks strictly increase and run ahead of the clock only by as many
// ticks as calls outpaced it. False, state untouched, when the result would pass 2^60 - 1.
[[nodiscard]] bool next_gregorian_tick(gregorian_clock& clock, std::uint64_t now_ticks, std::uint64_t& tick) noexcept;

// A version 1 or 6 UUID: the tick, the 14 low bits of the clock sequence in seq_and_node[0..1],
// the node in seq_and_node[2..7] with node_bits OR-ed into its first octet, variant set.
void make_gregorian_time_uuid(int version, std::uint64_t tick, const std::uint8_t seq_and_node[seq_and_node_size],
                              std::uint8_t node_bits, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
