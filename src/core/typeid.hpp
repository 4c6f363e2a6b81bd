// TypeID text form (jetify-com/typeid spec 0.3): "prefix_suffix", or the bare suffix when the
// prefix is empty. The prefix is 0-63 of [a-z_], starting and ending with a letter; the suffix
// is the 128 bits in 26 lowercase Crockford base32 digits, which is the ULID text of the same
// 16 bytes in lowercase.
#pragma once

#include <cstddef>      // std::size_t
#include <cstdint>      // std::uint8_t
#include <string_view>  // std::string_view

#include "crockford.hpp"

namespace uidext {

constexpr std::size_t typeid_prefix_max = 63;
constexpr std::size_t typeid_text_max = typeid_prefix_max + 1 + ulid_text_length;  // 90

enum class typeid_status {
    ok,
    bad_prefix,         // not [a-z_], starts or ends with "_", or longer than 63
    missing_separator,  // a "_" with nothing before it, or longer than a suffix with no "_"
    bad_suffix_length,  // the suffix is not 26 characters
    bad_suffix_character,  // not a lowercase Crockford digit: see position (in the whole text)
    overflow,           // first suffix digit above 7
    bad_uuid_digit,     // parse_typeid_input only: a UUID text form but for the character at position
};

struct typeid_parts {
    typeid_status status = typeid_status::ok;
    std::size_t position = 0;  // 0-based offset of the bad character, for bad_suffix_character
    std::string_view prefix;   // a view into the text (valid for ok and most errors)
    bool uuid_form = false;    // ok from parse_typeid_input: the text was a UUID, it has no prefix
};

// True for a prefix the spec allows (the empty prefix included).
[[nodiscard]] bool typeid_prefix_is_valid(std::string_view prefix) noexcept;

// Splits at the last "_", checks both parts and decodes the suffix into out.
[[nodiscard]] typeid_parts parse_typeid(std::string_view text, std::uint8_t out[16]) noexcept;

// What a per-prefix type's input reads: its TypeID text, or any UUID text form core's uuid_in
// reads (as ulid's input does), so that one untyped parameter fits uuid and per-prefix columns
// alike. The two forms cannot overlap: a UUID text has no "_" and 32 to 38 characters. A UUID
// gives ok with uuid_form set; the caller checks the prefix only of the TypeID form.
[[nodiscard]] typeid_parts parse_typeid_input(std::string_view text, std::uint8_t out[16]) noexcept;

// Writes prefix, "_" (unless the prefix is empty) and 26 lowercase digits; returns the length
// (prefix.size() + 27, or 26). out must hold typeid_text_length(prefix.size()) characters.
std::size_t format_typeid(std::string_view prefix, const std::uint8_t value[16], char* out) noexcept;

constexpr std::size_t typeid_text_length(std::size_t prefix_length) noexcept {
    return prefix_length == 0 ? ulid_text_length : prefix_length + 1 + ulid_text_length;
}

}  // namespace uidext

#include "cpp_only.hpp"
