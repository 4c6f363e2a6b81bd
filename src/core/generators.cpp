// Generator steps: value layout, the monotonic ULID increment, UUIDv7 bounds and version bits.
#include "generators.hpp"

#include <cstring>  // std::memcpy, std::memset

#include "ulid_random_part.hpp"
#include "uuid_fields.hpp"  // set_uuid_version

namespace uidext {

void make_ulid(std::uint64_t unix_ms, const std::uint8_t random[ulid_random_size], std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memcpy(out + 6, random, ulid_random_size);
}

void make_ulid_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memset(out + 6, upper ? 0xFF : 0x00, ulid_random_size);
}

monotonic_ulid_move next_monotonic_ulid_move(const ulid_monotonic_state& state, std::uint64_t now_ms) noexcept {
    const std::uint64_t head = load_big_endian_64(state.last);
    if (!state.started || now_ms > (head >> 16)) return monotonic_ulid_move::start_now;
    const bool random_part_full = (head & 0xFFFF) == 0xFFFF && load_big_endian_64(state.last + 8) == ~std::uint64_t{0};
    return random_part_full ? monotonic_ulid_move::start_next_ms : monotonic_ulid_move::increment;
}

bool next_monotonic_ulid(ulid_monotonic_state& state, std::uint64_t now_ms, const std::uint8_t fresh[ulid_random_size],
                         std::uint8_t out[16]) noexcept {
    const std::uint64_t last_ms = load_big_endian_64(state.last) >> 16;
    switch (next_monotonic_ulid_move(state, now_ms)) {
    case monotonic_ulid_move::start_now:
        if (now_ms > max_unix_ms) return false;
        make_ulid(now_ms, fresh, state.last);
        break;
    case monotonic_ulid_move::increment:
        static_cast<void>(add_to_ulid_random(state.last, 1));  // cannot carry out: the bits are not all 1
        break;
    case monotonic_ulid_move::start_next_ms:
        if (last_ms >= max_unix_ms) return false;
        make_ulid(last_ms + 1, fresh, state.last);
        break;
    }
    state.started = true;
    std::memcpy(out, state.last, 16);
    return true;
}

void make_uuidv7_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memset(out + 6, upper ? 0xFF : 0x00, 10);
    set_uuid_version(out, 7);
}

}  // namespace uidext
