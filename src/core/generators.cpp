// Generator steps: value layout, the monotonic ULID increment, UUIDv7 bounds and version bits.
#include "generators.hpp"

#include <cstring>  // std::memcpy, std::memset

namespace uidext {

void make_ulid(std::uint64_t unix_ms, const std::uint8_t random[ulid_random_size], std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memcpy(out + 6, random, ulid_random_size);
}

void make_ulid_bound(std::uint64_t unix_ms, bool upper, std::uint8_t out[16]) noexcept {
    write_unix_ms(out, unix_ms);
    std::memset(out + 6, upper ? 0xFF : 0x00, ulid_random_size);
}

namespace {

// One unaligned load or store and a byte swap (the loops GCC leaves as loops).
std::uint64_t load_big_endian_64(const std::uint8_t* p) noexcept {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

void store_big_endian_64(std::uint8_t* p, std::uint64_t v) noexcept {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    std::memcpy(p, &v, 8);
}

}  // namespace

bool monotonic_ulid_needs_fresh(const ulid_monotonic_state& state, std::uint64_t now_ms) noexcept {
    const std::uint64_t head = load_big_endian_64(state.last);
    const bool random_part_full = (head & 0xFFFF) == 0xFFFF && load_big_endian_64(state.last + 8) == ~std::uint64_t{0};
    return !state.started || now_ms > (head >> 16) || random_part_full;
}

// The 80 random bits are bits 15..0 of the first 8 bytes (after the 48-bit ms) and all of
// the last 8: incremented as two 64-bit words, not byte by byte.
bool next_monotonic_ulid(ulid_monotonic_state& state, std::uint64_t now_ms, const std::uint8_t fresh[ulid_random_size],
                         std::uint8_t out[16]) noexcept {
    const std::uint64_t head = load_big_endian_64(state.last);
    const std::uint64_t last_ms = head >> 16;
    if (!state.started || now_ms > last_ms) {
        if (now_ms > max_unix_ms) return false;
        make_ulid(now_ms, fresh, state.last);
    } else {
        const std::uint64_t low = load_big_endian_64(state.last + 8) + 1;
        const std::uint64_t high = (head & 0xFFFF) + (low == 0 ? 1 : 0);
        if (high > 0xFFFF) {  // all 80 bits were 1: move on to the next millisecond
            if (last_ms >= max_unix_ms) return false;
            make_ulid(last_ms + 1, fresh, state.last);
        } else {
            store_big_endian_64(state.last, (last_ms << 16) | high);
            store_big_endian_64(state.last + 8, low);
        }
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
