// The clock steps and the layout of UUID versions 1 and 6 (see time_based.hpp).
#include "time_based.hpp"

#include <cstring>  // std::memcpy


namespace uidext {
namespace {

// A 14-bit random clock sequence, below `limit` (a power of two).
[[nodiscard]] bool draw_seq(random_draw draw, std::uint32_t limit, std::uint32_t& seq) noexcept {
    std::uint8_t random[2];
    if (!draw(random, sizeof random)) return false;
    seq = ((std::uint32_t{random[0]} << 8) | random[1]) & (limit - 1);
    return true;
}

// A clock that starts, or reads earlier than before: the value takes the reading and `seq`.
void restart(gregorian_clock& clock, std::uint64_t now_ticks, std::uint32_t seq) noexcept {
    clock.reading = now_ticks;
    clock.tick = now_ticks;
    clock.seq = seq;
    clock.first_seq = seq;
    clock.started = true;
}

}  // namespace

gregorian_status next_uuidv1_clock(gregorian_clock& clock, std::uint64_t now_ticks, random_draw draw) noexcept {
    if (!clock.started || now_ticks < clock.reading) {
        if (now_ticks > max_gregorian_ticks) return gregorian_status::out_of_range;
        std::uint32_t seq = 0;
        if (!draw_seq(draw, clock_seq_limit, seq)) return gregorian_status::no_random;
        const bool stepped_back = clock.started;
        restart(clock, now_ticks, seq);
        return stepped_back ? gregorian_status::stepped_back : gregorian_status::ok;
    }
    if (now_ticks > clock.tick) {  // the clock moved on: its tick, the same sequence
        if (now_ticks > max_gregorian_ticks) return gregorian_status::out_of_range;
        clock.tick = now_ticks;
        clock.first_seq = clock.seq;
    } else {  // the same tick (or one a wrap moved ahead of the clock): count
        const std::uint32_t seq = (clock.seq + 1) & (clock_seq_limit - 1);
        if (seq == clock.first_seq) {  // every sequence of this tick is used
            if (clock.tick >= max_gregorian_ticks) return gregorian_status::out_of_range;
            ++clock.tick;
        }
        clock.seq = seq;
    }
    clock.reading = now_ticks;
    return gregorian_status::ok;
}

gregorian_status next_uuidv6_clock(gregorian_clock& clock, std::uint64_t now_ticks, random_draw draw) noexcept {
    const bool stepped_back = clock.started && now_ticks < clock.reading;
    if (!clock.started || stepped_back || now_ticks > clock.tick) {
        if (now_ticks > max_gregorian_ticks) return gregorian_status::out_of_range;
        std::uint32_t seq = 0;
        if (!draw_seq(draw, v6_seq_seed_limit, seq)) return gregorian_status::no_random;
        restart(clock, now_ticks, seq);
        return stepped_back ? gregorian_status::stepped_back : gregorian_status::ok;
    }
    if (clock.seq + 1 < clock_seq_limit) {  // the same tick (or one a wrap moved ahead): count
        ++clock.seq;
    } else {  // the count is exhausted: the next tick, ahead of the clock by this one
        if (clock.tick >= max_gregorian_ticks) return gregorian_status::out_of_range;
        std::uint32_t seq = 0;
        if (!draw_seq(draw, v6_seq_seed_limit, seq)) return gregorian_status::no_random;
        ++clock.tick;
        clock.seq = seq;
    }
    clock.reading = now_ticks;
    return gregorian_status::ok;
}

void make_gregorian_time_uuid(int version, std::uint64_t tick, std::uint32_t clock_seq, const std::uint8_t node[6],
                              std::uint8_t node_bits, std::uint8_t out[16]) noexcept {
    write_gregorian_time(out, version, tick);
    out[8] = static_cast<std::uint8_t>(clock_seq >> 8);  // the variant replaces its top 2 bits
    out[9] = static_cast<std::uint8_t>(clock_seq);
    std::memcpy(out + node_offset, node, 6);
    out[node_offset] |= node_bits;
    set_uuid_version(out, version);
}

}  // namespace uidext
