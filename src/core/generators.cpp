// Generator steps: value layout, the monotonic ULID increment, UUIDv7 bounds and version bits.
#include "generators.hpp"

#include <cstring>  // std::memcpy, std::memset

#include "ulid_random_part.hpp"

namespace uidext {

void make_ulid(std::uint64_t unix_ms, const std::uint8_t random[ulid_random_size], std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memcpy(out + 6, random, ulid_random_size);
}

void make_ulid_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memset(out + 6, upper ? 0xFF : 0x00, ulid_random_size);
}

bool monotonic_ulid_needs_fresh(const ulid_monotonic_state& state, std::uint64_t now_ms) noexcept {
    const std::uint64_t head = load_big_endian_64(state.last);
    const bool random_part_full = (head & 0xFFFF) == 0xFFFF && load_big_endian_64(state.last + 8) == ~std::uint64_t{0};
    return !state.started || now_ms > (head >> 16) || random_part_full;
}

bool next_monotonic_ulid(ulid_monotonic_state& state, std::uint64_t now_ms, const std::uint8_t fresh[ulid_random_size],
                         std::uint8_t out[16]) noexcept {
    const std::uint64_t last_ms = load_big_endian_64(state.last) >> 16;
    if (!state.started || now_ms > last_ms) {
        if (now_ms > max_unix_ms) return false;
        make_ulid(now_ms, fresh, state.last);
    } else if (!add_to_ulid_random(state.last, 1)) {  // all 80 bits were 1: the next millisecond
        if (last_ms >= max_unix_ms) return false;
        make_ulid(last_ms + 1, fresh, state.last);
    }
    state.started = true;
    std::memcpy(out, state.last, 16);
    return true;
}

void set_uuid_version(std::uint8_t value[16], int version) noexcept {
    value[6] = static_cast<std::uint8_t>((value[6] & 0x0F) | (version << 4));
    value[8] = static_cast<std::uint8_t>((value[8] & 0x3F) | 0x80);
}

void make_uuidv7_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memset(out + 6, upper ? 0xFF : 0x00, 10);
    set_uuid_version(out, 7);
}

}  // namespace uidext
