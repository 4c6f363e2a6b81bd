// Slow, independent reference models for the fuzz targets, written from the specifications
// rather than from src/core, plus the property checks the targets share.
//
// - ULID (https://github.com/ulid/spec): 26 Crockford base32 digits, any case, I L O U are not
//   digits (no aliasing), the value must fit in 128 bits.
// - UUID text: PostgreSQL's uuid_in (string_to_uuid) grammar, as a std::regex.
// - Binary: ulid_recv and bytea_to_ulid take exactly 16 bytes, anything else is an error.
//
// A failed property calls check_failed(), which prints and aborts: libFuzzer then saves the
// input as a crash-* file, and the replay driver exits non-zero.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <string>
#include <string_view>

#include "core/crockford.hpp"
#include "core/ulid_input.hpp"
#include "core/uuid_text.hpp"

namespace fuzzref {

using uidext::decode_result;
using uidext::decode_status;

[[noreturn]] inline void check_failed(const char* what, std::string_view input) {
    std::fprintf(stderr, "PROPERTY FAILED: %s\ninput (%zu bytes):", what, input.size());
    for (unsigned char c : input) std::fprintf(stderr, " %02x", c);
    std::fprintf(stderr, "\n");
    std::abort();
}

#define FUZZ_CHECK(cond, input)                                  \
    do {                                                         \
        if (!(cond)) ::fuzzref::check_failed(#cond, (input));    \
    } while (0)

// --- ULID reference ----------------------------------------------------------------------------

// Digit value by searching the spec's alphabet string, after ASCII upper-casing; -1 if absent.
inline int ref_crockford_digit(unsigned char c) {
    static const char spec_alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";  // 32 symbols
    if (c >= 'a' && c <= 'z') c = static_cast<unsigned char>(c - 'a' + 'A');
    if (c == 0) return -1;  // strchr would find the terminator
    const char* p = std::strchr(spec_alphabet, c);
    return p ? static_cast<int>(p - spec_alphabet) : -1;
}

struct ref_ulid_result {
    decode_status status = decode_status::ok;
    std::size_t position = 0;
    std::uint8_t bytes[16] = {};
};

// Big-number decoding: value = value * 32 + digit over 16 bytes, one byte at a time with a
// carry; a carry out of the top byte at any step means the value needs more than 128 bits.
inline ref_ulid_result ref_decode_ulid(std::string_view text) {
    ref_ulid_result r;
    if (text.size() != 26) {
        r.status = decode_status::bad_length;
        return r;
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (ref_crockford_digit(static_cast<unsigned char>(text[i])) < 0) {
            r.status = decode_status::bad_character;
            r.position = i;
            return r;
        }
    }
    bool overflow = false;
    for (char ch : text) {
        unsigned carry = static_cast<unsigned>(ref_crockford_digit(static_cast<unsigned char>(ch)));
        for (int b = 15; b >= 0; --b) {
            const unsigned v = r.bytes[b] * 32U + carry;
            r.bytes[b] = static_cast<std::uint8_t>(v & 0xFF);
            carry = v >> 8;
        }
        if (carry != 0) overflow = true;
    }
    if (overflow) {
        r.status = decode_status::overflow;
        r.position = 0;
        std::memset(r.bytes, 0, sizeof r.bytes);
    }
    return r;
}

// Canonical ULID text: 26 characters of the uppercase alphabet, the first one 0-7.
inline bool is_canonical_ulid(std::string_view text) {
    if (text.size() != 26 || text[0] < '0' || text[0] > '7') return false;
    for (char c : text) {
        if (c >= 'a' && c <= 'z') return false;
        if (ref_crockford_digit(static_cast<unsigned char>(c)) < 0) return false;
    }
    return true;
}

// --- UUID text reference -----------------------------------------------------------------------

// PostgreSQL's string_to_uuid: optional '{' ... '}' around 32 hex digits, with at most one '-'
// after each group of four digits except the last. At most 32 + 7 + 2 = 41 characters; longer
// input is rejected before the regex so the backtracking matcher stays cheap.
inline bool ref_uuid_text_ok(std::string_view text) {
    if (text.size() > 41) return false;
    static const std::regex grammar("(\\{([0-9a-fA-F]{4}-?){7}[0-9a-fA-F]{4}\\})|(([0-9a-fA-F]{4}-?){7}[0-9a-fA-F]{4})",
                                    std::regex::ECMAScript | std::regex::optimize);
    return std::regex_match(text.begin(), text.end(), grammar);
}

inline int ref_hex(char c) {
    static const char digits[] = "0123456789abcdef";
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
    if (c == 0) return -1;
    const char* p = std::strchr(digits, c);
    return p ? static_cast<int>(p - digits) : -1;
}

// Bytes of a text that ref_uuid_text_ok accepted: the hex digits in order, two per byte.
inline void ref_uuid_bytes(std::string_view text, std::uint8_t out[16]) {
    int n = 0;
    for (char c : text) {
        const int v = ref_hex(c);
        if (v < 0) continue;
        if (n % 2 == 0) out[n / 2] = static_cast<std::uint8_t>(v << 4);
        else out[n / 2] = static_cast<std::uint8_t>(out[n / 2] | v);
        ++n;
    }
}

// Canonical uuid text: lowercase 8-4-4-4-12.
inline bool is_canonical_uuid(std::string_view text) {
    if (text.size() != 36) return false;
    for (std::size_t i = 0; i < 36; ++i) {
        const bool hyphen_place = i == 8 || i == 13 || i == 18 || i == 23;
        if (hyphen_place != (text[i] == '-')) return false;
        if (!hyphen_place && !((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f'))) return false;
    }
    return true;
}

// --- round-trip properties of any 16-byte value ------------------------------------------------

// encode_ulid gives the canonical form, which decodes (also lowercased, and through ulid_in's
// parser) to the same bytes; the same for the uuid text form.
inline void check_value_round_trips(const std::uint8_t value[16], std::string_view input) {
    char text[uidext::ulid_text_length];
    uidext::encode_ulid(value, text);
    const std::string_view encoded(text, sizeof text);
    FUZZ_CHECK(is_canonical_ulid(encoded), input);

    std::uint8_t back[16];
    FUZZ_CHECK(uidext::decode_ulid(encoded, back).status == decode_status::ok, input);
    FUZZ_CHECK(std::memcmp(back, value, 16) == 0, input);

    const ref_ulid_result ref = ref_decode_ulid(encoded);
    FUZZ_CHECK(ref.status == decode_status::ok && std::memcmp(ref.bytes, value, 16) == 0, input);

    std::string lower(encoded);
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    std::uint8_t back_lower[16];
    FUZZ_CHECK(uidext::decode_ulid(lower, back_lower).status == decode_status::ok, input);
    FUZZ_CHECK(std::memcmp(back_lower, value, 16) == 0, input);

    std::uint8_t back_input[16];
    FUZZ_CHECK(uidext::parse_ulid_input(encoded, back_input).status == decode_status::ok, input);
    FUZZ_CHECK(std::memcmp(back_input, value, 16) == 0, input);

    char uuid_text[uidext::uuid_text_length];
    uidext::encode_uuid_text(value, uuid_text);
    const std::string_view uuid_encoded(uuid_text, sizeof uuid_text);
    FUZZ_CHECK(is_canonical_uuid(uuid_encoded), input);
    std::uint8_t back_uuid[16];
    FUZZ_CHECK(uidext::decode_uuid_text(uuid_encoded, back_uuid), input);
    FUZZ_CHECK(std::memcmp(back_uuid, value, 16) == 0, input);
    std::uint8_t back_uuid_input[16];
    FUZZ_CHECK(uidext::parse_ulid_input(uuid_encoded, back_uuid_input).status == decode_status::ok, input);
    FUZZ_CHECK(std::memcmp(back_uuid_input, value, 16) == 0, input);
}

// Toggles the case of every ASCII letter.
inline std::string swap_case(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        else if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

}  // namespace fuzzref
