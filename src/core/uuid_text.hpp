// UUID text form, with exactly the grammar of PostgreSQL's uuid_in, so uuid values paste into ulid.
#pragma once

#include <cstddef>      // std::size_t
#include <cstdint>      // std::uint8_t
#include <string_view>  // std::string_view

namespace uidext {

constexpr std::size_t uuid_text_length = 36;

// 32 hex digits, either case, an optional '-' after any group of four digits (not after the
// last), the whole optionally in braces. False, with out untouched, on anything else.
[[nodiscard]] bool decode_uuid_text(std::string_view text, std::uint8_t out[16]) noexcept;

// True, with the offset of the first offending character, when text is a UUID text form except
// that some characters are not hex digits (typed "g" for "b"): every character that is neither a
// hex digit, '-', '{' nor '}' is read as a digit. False when the shape itself is wrong.
[[nodiscard]] bool find_bad_uuid_digit(std::string_view text, std::size_t& position) noexcept;

// Canonical lowercase 8-4-4-4-12 form, no terminator.
void encode_uuid_text(const std::uint8_t value[16], char out[uuid_text_length]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
