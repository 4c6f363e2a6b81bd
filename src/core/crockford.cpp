// Crockford base32 codec for ULIDs. 128 bits = 3 bits in the first digit + 25 * 5 bits.
#include "crockford.hpp"

#include <array>  // std::array

namespace uidext {
namespace {

constexpr char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::uint8_t invalid = 0xFF;

// Digit value of every byte, 0xFF where the byte is not a Crockford digit; lowercase accepted.
constexpr std::array<std::uint8_t, 256> make_decode_table() {
    std::array<std::uint8_t, 256> table{};
    for (auto& entry : table) entry = invalid;
    for (std::uint8_t i = 0; i < 32; ++i) {
        const char c = alphabet[i];
        table[static_cast<std::uint8_t>(c)] = i;
        if (c >= 'A' && c <= 'Z') table[static_cast<std::uint8_t>(c - 'A' + 'a')] = i;
    }
    return table;
}
constexpr auto decode_table = make_decode_table();

using u128 = unsigned __int128;

// Eight digits from five bytes (40 bits), most significant first.
void encode_40_bits(const std::uint8_t* bytes, char* out) noexcept {
    std::uint64_t bits = 0;
    for (int i = 0; i < 5; ++i) bits = (bits << 8) | bytes[i];
    for (int i = 7; i >= 0; --i) {
        out[i] = alphabet[static_cast<unsigned>(bits) & 31U];
        bits >>= 5;
    }
}

}  // namespace

// 128 = 3 + 5 + 3 * 40 bits: byte 0 gives the first two digits, then three 40-bit groups,
// which fit a 64-bit register (a 128-bit shift per digit costs three times as much).
void encode_ulid(const std::uint8_t value[16], char out[ulid_text_length]) noexcept {
    out[0] = alphabet[value[0] >> 5];
    out[1] = alphabet[value[0] & 31U];
    encode_40_bits(value + 1, out + 2);
    encode_40_bits(value + 6, out + 10);
    encode_40_bits(value + 11, out + 18);
}

decode_result decode_ulid(std::string_view text, std::uint8_t out[16]) noexcept {
    if (text.size() != ulid_text_length) return {decode_status::bad_length, 0};
    u128 bits = 0;
    for (std::size_t i = 0; i < ulid_text_length; ++i) {
        const std::uint8_t digit = decode_table[static_cast<std::uint8_t>(text[i])];
        if (digit == invalid) return {decode_status::bad_character, i};
        bits = (bits << 5) | digit;
    }
    // Checked after the alphabet so that "8ZZ...U" reports the bad character first.
    if (decode_table[static_cast<std::uint8_t>(text[0])] > 7) return {decode_status::overflow, 0};
    for (int i = 15; i >= 0; --i) {
        out[i] = static_cast<std::uint8_t>(bits);
        bits >>= 8;
    }
    return {};
}

}  // namespace uidext
