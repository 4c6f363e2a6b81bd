// Text accepted by type ulid: a ULID, or a UUID so that values copied from uuid columns paste in.
#include "ulid_input.hpp"

#include "uuid_text.hpp"

namespace uidext {

namespace {

// The C locale's isspace, without a locale.
constexpr bool is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// The first whitespace character, if any. Looked for only after decoding failed: valid input
// pays nothing.
bool find_whitespace(std::string_view text, std::size_t& position) noexcept {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (is_space(text[i])) {
            position = i;
            return true;
        }
    }
    return false;
}

}  // namespace

decode_result parse_ulid_input(std::string_view text, std::uint8_t out[16]) noexcept {
    std::size_t position = 0;
    if (text.size() == ulid_text_length) {
        const decode_result result = decode_ulid(text, out);
        if (result.status != decode_status::ok && find_whitespace(text, position))
            return {decode_status::whitespace, position};
        return result;
    }
    if (decode_uuid_text(text, out)) return {};
    if (find_whitespace(text, position)) return {decode_status::whitespace, position};
    // A non-ASCII character is the clearer complaint: its bytes also distort the length.
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (static_cast<unsigned char>(text[i]) >= 0x80) return {decode_status::bad_character, i};
    }
    // A mistyped UUID: name the character, not the length.
    if (find_bad_uuid_digit(text, position)) return {decode_status::bad_hex_digit, position};
    return {decode_status::bad_length, 0};
}

whitespace_at whitespace_place(std::string_view text, std::size_t position) noexcept {
    bool all_before = true;
    for (std::size_t i = 0; i < position && all_before; ++i) all_before = is_space(text[i]);
    if (all_before) return whitespace_at::leading;
    bool all_after = true;
    for (std::size_t i = position + 1; i < text.size() && all_after; ++i) all_after = is_space(text[i]);
    return all_after ? whitespace_at::trailing : whitespace_at::inner;
}

}  // namespace uidext
