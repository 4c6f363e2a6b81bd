// Text accepted by type ulid: a ULID, or a UUID so that values copied from uuid columns paste in.
#include "ulid_input.hpp"

#include "uuid_text.hpp"

namespace uidext {

decode_result parse_ulid_input(std::string_view text, std::uint8_t out[16]) noexcept {
    if (text.size() == ulid_text_length) return decode_ulid(text, out);
    if (decode_uuid_text(text, out)) return {};
    // A non-ASCII character is the clearer complaint: its bytes also distort the length.
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (static_cast<unsigned char>(text[i]) >= 0x80) return {decode_status::bad_character, i};
    }
    // A mistyped UUID: name the character, not the length.
    std::size_t position = 0;
    if (find_bad_uuid_digit(text, position)) return {decode_status::bad_hex_digit, position};
    return {decode_status::bad_length, 0};
}

}  // namespace uidext
