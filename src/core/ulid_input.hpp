// Everything ulid_in accepts: the 26-digit ULID form, or any text form of a uuid.
#pragma once

#include "crockford.hpp"

namespace uidext {

// Whitespace is never accepted (as core's uuid); when the text has any, the result names the
// first one (decode_status::whitespace) rather than the digit or length it spoils.
[[nodiscard]] decode_result parse_ulid_input(std::string_view text, std::uint8_t out[16]) noexcept;

enum class whitespace_at { leading, trailing, inner };

// Where the whitespace character at `position` stands: before every other character, after
// every other character, or between two that are not whitespace.
[[nodiscard]] whitespace_at whitespace_place(std::string_view text, std::size_t position) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
