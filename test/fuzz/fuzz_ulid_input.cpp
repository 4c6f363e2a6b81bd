// parse_ulid_input (what ulid_in accepts) against a model built from the two references:
// 26 characters -> the ULID verdict; else a uuid text form -> accepted; else the first
// non-ASCII byte is reported as a bad character; else, if reading every character that is not
// a hex digit, '-', '{' or '}' as a digit gives a uuid text form, the first such character is a
// bad hex digit; else the length is wrong; and whatever was rejected, its first whitespace
// character (if any) is the complaint, leading, trailing or inner. Also checks what the
// glue relies on: the reported position lies inside the text. ulid_in receives a C string, so
// the text up to the first NUL is checked as well.
#include <cctype>
#include <string>

#include "reference.hpp"

namespace {

void check_input(std::string_view text) {
    std::uint8_t out[16] = {};
    const uidext::decode_result got = uidext::parse_ulid_input(text, out);

    uidext::decode_status want_status;
    std::size_t want_position = 0;
    std::uint8_t want_bytes[16] = {};
    if (text.size() == 26) {
        const fuzzref::ref_ulid_result r = fuzzref::ref_decode_ulid(text);
        want_status = r.status;
        want_position = r.position;
        std::memcpy(want_bytes, r.bytes, 16);
    } else if (fuzzref::ref_uuid_text_ok(text)) {
        want_status = uidext::decode_status::ok;
        fuzzref::ref_uuid_bytes(text, want_bytes);
    } else {
        want_status = uidext::decode_status::bad_length;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (static_cast<unsigned char>(text[i]) >= 0x80) {
                want_status = uidext::decode_status::bad_character;
                want_position = i;
                break;
            }
        }
        if (want_status == uidext::decode_status::bad_length) {
            std::string patched(text);
            std::size_t first = std::string::npos;
            for (std::size_t i = 0; i < patched.size(); ++i) {
                if (!std::isxdigit(static_cast<unsigned char>(patched[i])) && patched[i] != '-' && patched[i] != '{' &&
                    patched[i] != '}') {
                    patched[i] = '0';
                    if (first == std::string::npos) first = i;
                }
            }
            if (first != std::string::npos && fuzzref::ref_uuid_text_ok(patched)) {
                want_status = uidext::decode_status::bad_hex_digit;
                want_position = first;
            }
        }
    }
    // Rejected text with whitespace: the first whitespace character is the complaint (#24).
    if (want_status != uidext::decode_status::ok) {
        const std::size_t space = text.find_first_of(" \t\n\r\v\f");
        if (space != std::string_view::npos) {
            want_status = uidext::decode_status::whitespace;
            want_position = space;
            const bool leading = text.find_first_not_of(" \t\n\r\v\f") > space;
            const std::size_t last_other = text.find_last_not_of(" \t\n\r\v\f");
            const bool trailing = !leading && last_other < space;
            const uidext::whitespace_at place = uidext::whitespace_place(text, space);
            FUZZ_CHECK(place == (leading    ? uidext::whitespace_at::leading
                                 : trailing ? uidext::whitespace_at::trailing
                                            : uidext::whitespace_at::inner),
                       text);
        }
    }
    FUZZ_CHECK(got.status == want_status, text);
    FUZZ_CHECK(got.position == want_position, text);
    // report_bad_input reads text[position] (and, for a multibyte character, pg_mblen from there).
    FUZZ_CHECK((got.status != uidext::decode_status::bad_character && got.status != uidext::decode_status::bad_hex_digit &&
                got.status != uidext::decode_status::whitespace) ||
                   got.position < text.size(),
               text);
    if (got.status != uidext::decode_status::ok) return;
    FUZZ_CHECK(std::memcmp(out, want_bytes, 16) == 0, text);

    std::uint8_t out_swapped[16] = {};
    FUZZ_CHECK(uidext::parse_ulid_input(fuzzref::swap_case(text), out_swapped).status == uidext::decode_status::ok, text);
    FUZZ_CHECK(std::memcmp(out_swapped, out, 16) == 0, text);
    fuzzref::check_value_round_trips(out, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_input(text);
    const std::size_t nul = text.find('\0');
    if (nul != std::string_view::npos) check_input(text.substr(0, nul));  // what a cstring carries
    return 0;
}
