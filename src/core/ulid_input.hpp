// Everything ulid_in accepts: the 26-digit ULID form, or any text form of a uuid.
#pragma once

#include "crockford.hpp"

namespace uidext {

[[nodiscard]] decode_result parse_ulid_input(std::string_view text, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
