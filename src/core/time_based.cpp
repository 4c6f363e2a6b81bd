// The tick counter and the layout of UUID versions 1 and 6.
#include "time_based.hpp"

#include <cstring>  // std::memcpy

namespace uidext {

bool next_gregorian_tick(gregorian_clock& clock, std::uint64_t now_ticks, std::uint64_t& tick) noexcept {
    std::uint64_t next = now_ticks;
    if (clock.started && next <= clock.last) next = clock.last + 1;
    if (next > max_gregorian_ticks) return false;
    clock.last = next;
    clock.started = true;
    tick = next;
    return true;
}

void make_gregorian_time_uuid(int version, std::uint64_t tick, const std::uint8_t seq_and_node[seq_and_node_size],
                              std::uint8_t node_bits, std::uint8_t out[16]) noexcept {
    write_gregorian_time(out, version, tick);
    std::memcpy(out + 8, seq_and_node, seq_and_node_size);
    out[8] = static_cast<std::uint8_t>((out[8] & 0x3F) | 0x80);  // RFC variant over the clock sequence's top bits
    out[node_offset] |= node_bits;
}

}  // namespace uidext
