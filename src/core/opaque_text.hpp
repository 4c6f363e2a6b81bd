// The text an application has of an opaque id: a uuid's text form (an opaque uuid) or a ulid's
// 26 Crockford digits (an opaque ulid). Lets opaque_decode(text) take an untyped parameter.
#pragma once

#include <cstdint>      // std::uint8_t
#include <string_view>  // std::string_view

namespace uidext {

enum class opaque_text_kind { invalid, uuid, ulid };

// 26 characters: a ulid (Crockford, either case); otherwise every form uuid_in accepts. invalid,
// with out untouched, for anything else (whitespace included).
[[nodiscard]] opaque_text_kind parse_opaque_text(std::string_view text, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
