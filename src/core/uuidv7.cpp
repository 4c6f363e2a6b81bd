// UUIDv7 clock step and layout (see uuidv7.hpp).
#include "uuidv7.hpp"

#include "bytes16.hpp"     // load_big_endian_64, store_big_endian_64
#include "uuid_fields.hpp"  // set_uuid_version

namespace uidext {
namespace {

// The 8 random bytes as one big-endian number: the top uuidv7_counter_seed_bits (63..53) seed a
// counter, bits 49..0 are the value's low random bits, so the two never share a bit.
std::uint64_t random_word(const std::uint8_t random[uuidv7_random_bytes]) noexcept {
    return load_big_endian_64(random);
}

std::uint32_t counter_seed(const std::uint8_t random[uuidv7_random_bytes]) noexcept {
    return static_cast<std::uint32_t>(random_word(random) >> (64 - uuidv7_counter_seed_bits));
}

static_assert(64 - uuidv7_counter_seed_bits >= 50, "the counter seed and the 50 random bits must not overlap");

}  // namespace

bool next_uuidv7_clock(uuidv7_clock& state, std::uint64_t now_tick,
                       const std::uint8_t random[uuidv7_random_bytes]) noexcept {
    if (now_tick > state.tick) {  // the clock moved on: method 3, the clock's own fraction
        if (now_tick > uuidv7_max_tick) return false;
        state.tick = now_tick;
        state.counter = counter_seed(random);
    } else if (state.counter + 1 < uuidv7_counter_limit) {  // same tick, or the clock went back
        ++state.counter;
    } else {  // counter exhausted: the next tick, ahead of the clock by at most this one
        if (state.tick >= uuidv7_max_tick) return false;
        ++state.tick;
        state.counter = counter_seed(random);
    }
    return true;
}

void make_uuidv7(std::uint64_t tick, std::uint32_t counter, const std::uint8_t random[uuidv7_random_bytes],
                 std::uint8_t out[16]) noexcept {
    write_unix_ms(out, tick / uuidv7_ticks_per_ms);
    const auto fraction = static_cast<std::uint32_t>(tick % uuidv7_ticks_per_ms);
    out[6] = static_cast<std::uint8_t>(fraction >> 8);
    out[7] = static_cast<std::uint8_t>(fraction);
    // (variant) | counter (12 bits) | random (50), big-endian in bytes 8..15.
    const std::uint64_t low =
        (std::uint64_t{counter & 0xFFF} << 50) | (random_word(random) & ((std::uint64_t{1} << 50) - 1));
    store_big_endian_64(out + 8, low);
    set_uuid_version(out, 7);
}

}  // namespace uidext
