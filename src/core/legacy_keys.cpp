#include "legacy_keys.hpp"

namespace uidext {
namespace {

constexpr std::uint64_t version_7_bits = UINT64_C(0x7) << 12;  // bits 48..51 of the high word
constexpr std::uint64_t variant_10_bits = UINT64_C(1) << 63;    // bits 64..65 of the low word
constexpr std::uint64_t low_61_bits = (UINT64_C(1) << 61) - 1;
constexpr std::uint64_t low_62_bits = (UINT64_C(1) << 62) - 1;

constexpr bool time_in_range(std::int64_t unix_us) noexcept {
    return unix_us >= 0 && unix_us <= legacy_max_unix_us;
}

// The high word: milliseconds, version, microsecond of the millisecond, then the two high bits
// of the legacy field.
constexpr std::uint64_t high_word(std::int64_t unix_us, std::uint64_t legacy_top2) noexcept {
    const auto us = static_cast<std::uint64_t>(unix_us);
    return (us / 1000) << 16 | version_7_bits | (us % 1000) << 2 | legacy_top2;
}

}  // namespace

legacy_key_status derive_key_from_bigint(std::int64_t unix_us, std::int64_t legacy,
                                         std::uint8_t out[value_size]) noexcept {
    if (!time_in_range(unix_us)) return legacy_key_status::time_out_of_range;
    if (legacy < 0) return legacy_key_status::negative_legacy;
    const auto field = static_cast<std::uint64_t>(legacy);  // 63 bits
    store_big_endian_64(out, high_word(unix_us, field >> 61));
    store_big_endian_64(out + 8, variant_10_bits | (field & low_61_bits) << 1);
    return legacy_key_status::ok;
}

legacy_key_status derive_key_from_uuid(std::int64_t unix_us, const std::uint8_t legacy[value_size],
                                       std::uint8_t out[value_size]) noexcept {
    if (!time_in_range(unix_us)) return legacy_key_status::time_out_of_range;
    const std::uint64_t old_high = load_big_endian_64(legacy);
    const std::uint64_t old_low = load_big_endian_64(legacy + 8);
    // Old bits 0..47, 52..63 and 66..69, in that order: 48 + 12 + 4 = 64 bits.
    const std::uint64_t field = (old_high & ~UINT64_C(0xFFFF)) | (old_high & 0xFFF) << 4 | (old_low >> 58 & 0xF);
    store_big_endian_64(out, high_word(unix_us, field >> 62));
    store_big_endian_64(out + 8, variant_10_bits | (field & low_62_bits));
    return legacy_key_status::ok;
}

std::int64_t legacy_bigint_of_key(const std::uint8_t key[value_size]) noexcept {
    const std::uint64_t high = load_big_endian_64(key);
    const std::uint64_t low = load_big_endian_64(key + 8);
    return static_cast<std::int64_t>((high & 0x3) << 61 | (low >> 1 & low_61_bits));
}

}  // namespace uidext
