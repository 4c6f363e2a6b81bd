// TypeID: the spec's prefix rules around the ULID codec (lowercase only).
#include "typeid.hpp"

#include <cstring>  // std::memcpy

#include "uuid_text.hpp"

namespace uidext {
namespace {

constexpr bool is_lower(char c) noexcept {
    return c >= 'a' && c <= 'z';
}

}  // namespace

bool typeid_prefix_is_valid(std::string_view prefix) noexcept {
    if (prefix.empty()) return true;
    if (prefix.size() > typeid_prefix_max) return false;
    if (!is_lower(prefix.front()) || !is_lower(prefix.back())) return false;
    for (const char c : prefix)
        if (!is_lower(c) && c != '_') return false;
    return true;
}

typeid_parts parse_typeid(std::string_view text, std::uint8_t out[16]) noexcept {
    const std::size_t separator = text.rfind('_');
    typeid_parts parts;
    std::string_view suffix = text;
    std::size_t suffix_start = 0;
    if (separator != std::string_view::npos) {
        // (Not substr: its range check would throw, and the library has no C++ runtime.)
        parts.prefix = std::string_view(text.data(), separator);
        suffix_start = separator + 1;
        suffix = std::string_view(text.data() + suffix_start, text.size() - suffix_start);
        // "_suffix": the spec omits the separator with an empty prefix.
        if (parts.prefix.empty()) return {typeid_status::missing_separator, 0, parts.prefix};
        if (!typeid_prefix_is_valid(parts.prefix)) return {typeid_status::bad_prefix, 0, parts.prefix};
    }
    // A non-ASCII character is the complaint, not the length its bytes distort ("has 26
    // characters, not 26" in 1.3 for 25 digits and an "é").
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (static_cast<unsigned char>(suffix[i]) >= 0x80)
            return {typeid_status::bad_suffix_character, suffix_start + i, parts.prefix};
    if (separator == std::string_view::npos && text.size() > ulid_text_length) {
        // Letters and digits with no "_": a prefix without its separator, or a long suffix.
        return {typeid_status::missing_separator, 0, parts.prefix};
    }
    if (suffix.size() != ulid_text_length) return {typeid_status::bad_suffix_length, 0, parts.prefix};
    // Lowercase only: the ULID decoder also reads uppercase.
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (suffix[i] >= 'A' && suffix[i] <= 'Z') return {typeid_status::bad_suffix_character, suffix_start + i, parts.prefix};
    const decode_result decoded = decode_ulid(suffix, out);
    switch (decoded.status) {
    case decode_status::ok:
        return parts;
    case decode_status::overflow:
        return {typeid_status::overflow, suffix_start, parts.prefix};
    default:
        return {typeid_status::bad_suffix_character, suffix_start + decoded.position, parts.prefix};
    }
}

typeid_parts parse_typeid_input(std::string_view text, std::uint8_t out[16]) noexcept {
    const typeid_parts parts = parse_typeid(text, out);
    if (parts.status == typeid_status::ok || text.find('_') != std::string_view::npos) return parts;
    typeid_parts uuid;
    if (decode_uuid_text(text, out)) {
        uuid.uuid_form = true;
        return uuid;
    }
    // A mistyped UUID ("-" or braces say it was meant as one): name the character.
    const bool uuid_shaped = text.find('-') != std::string_view::npos || (!text.empty() && text.front() == '{');
    if (uuid_shaped && find_bad_uuid_digit(text, uuid.position)) {
        uuid.status = typeid_status::bad_uuid_digit;
        return uuid;
    }
    return parts;
}

std::size_t format_typeid(std::string_view prefix, const std::uint8_t value[16], char* out) noexcept {
    std::size_t length = 0;
    if (!prefix.empty()) {
        std::memcpy(out, prefix.data(), prefix.size());
        out[prefix.size()] = '_';
        length = prefix.size() + 1;
    }
    encode_ulid(value, out + length);
    for (std::size_t i = length; i < length + ulid_text_length; ++i)
        if (out[i] >= 'A' && out[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'A' + 'a');
    return length + ulid_text_length;
}

}  // namespace uidext
