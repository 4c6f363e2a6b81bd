// Reading an opaque id's text form (opaque_text.hpp).
#include "opaque_text.hpp"

#include "crockford.hpp"
#include "uuid_text.hpp"

namespace uidext {

opaque_text_kind parse_opaque_text(std::string_view text, std::uint8_t out[16]) noexcept {
    if (text.size() == ulid_text_length)  // no uuid text form has 26 characters
        return decode_ulid(text, out).status == decode_status::ok ? opaque_text_kind::ulid : opaque_text_kind::invalid;
    return decode_uuid_text(text, out) ? opaque_text_kind::uuid : opaque_text_kind::invalid;
}

}  // namespace uidext
