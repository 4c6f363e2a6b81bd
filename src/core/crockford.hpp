// ULID text form: 26 Crockford base32 digits, 5 bits each, most significant first.
#pragma once

#include <cstddef>      // std::size_t
#include <cstdint>      // std::uint8_t
#include <string_view>  // std::string_view

namespace uidext {

constexpr std::size_t ulid_text_length = 26;

enum class decode_status {
    ok,
    bad_length,     // neither 26 base32 digits nor a UUID text form
    bad_character,  // not a Crockford digit (I, L, O, U included): see position
    overflow,       // first digit above 7: the value would need more than 128 bits
    bad_hex_digit,  // a UUID text form but for this character, which is not a hex digit
    whitespace,     // a space, tab, newline, ... (the first one): see position and whitespace_place
};

struct decode_result {
    decode_status status = decode_status::ok;
    std::size_t position = 0;  // 0-based offset of the bad character
};

// Writes exactly 26 uppercase characters, no terminator.
void encode_ulid(const std::uint8_t value[16], char out[ulid_text_length]) noexcept;

// Case-insensitive; rejects I, L, O and U rather than aliasing them (the ULID spec does not
// alias), and rejects anything above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ instead of wrapping.
[[nodiscard]] decode_result decode_ulid(std::string_view text, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
