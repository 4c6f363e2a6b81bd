// The random-step ULID generator: see ulid_step.hpp for the rules and the drift bound.
#include "ulid_step.hpp"

#include <cstring>  // std::memcpy

#include "ulid_random_part.hpp"

namespace uidext {

namespace {

// Starts `ms` in the state with fresh random bits; top_bit_clear keeps it in the lower half of
// the millisecond. False, with the state untouched, when the draw failed.
[[nodiscard]] bool start_millisecond(ulid_step_state& state, std::uint64_t ms, bool top_bit_clear,
                                     random_draw draw) noexcept {
    std::uint8_t fresh[ulid_random_size];
    if (!draw(fresh, sizeof fresh)) return false;
    if (top_bit_clear) fresh[0] &= 0x7F;
    make_ulid(ms, fresh, state.last);
    return true;
}

}  // namespace

ulid_step_status next_stepped_ulid(ulid_step_state& state, std::uint64_t now_ms, random_draw draw,
                                   std::uint8_t out[16]) noexcept {
    const std::uint64_t last_ms = load_big_endian_64(state.last) >> 16;
    if (!state.started || now_ms > last_ms) {
        if (now_ms > max_unix_ms) return ulid_step_status::out_of_range;
        if (!start_millisecond(state, now_ms, false, draw)) return ulid_step_status::no_random;
    } else {
        std::uint8_t random[ulid_step_random_size];
        if (!draw(random, sizeof random)) return ulid_step_status::no_random;
        const std::uint64_t step = ((std::uint64_t{random[0]} << 24) | (std::uint64_t{random[1]} << 16) |
                                    (std::uint64_t{random[2]} << 8) | random[3]) + 1;
        // On overflow the value is left as it was and the next millisecond starts instead.
        if (!add_to_ulid_random(state.last, step)) {
            if (last_ms >= max_unix_ms) return ulid_step_status::out_of_range;
            if (!start_millisecond(state, last_ms + 1, true, draw)) return ulid_step_status::no_random;
        }
    }
    state.started = true;
    std::memcpy(out, state.last, 16);
    return ulid_step_status::ok;
}

}  // namespace uidext
