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

// Canonical lowercase 8-4-4-4-12 form, no terminator.
void encode_uuid_text(const std::uint8_t value[16], char out[uuid_text_length]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
