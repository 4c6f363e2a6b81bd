// Crockford base32 and UUID text codecs: spec vectors, every bad-input class, round trips.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>

#include "core/crockford.hpp"
#include "core/ulid_input.hpp"
#include "core/uuid_text.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

bytes from_hex(const std::string& hex) {
    bytes out{};
    EXPECT_TRUE(decode_uuid_text(hex, out.data())) << hex;
    return out;
}

std::string encode(const bytes& value) {
    char text[ulid_text_length];
    encode_ulid(value.data(), text);
    return std::string(text, ulid_text_length);
}

}  // namespace

TEST(crockford, reference_vectors_match_their_uuid_bytes) {
    const std::pair<const char*, const char*> vectors[] = {
        {"01ARYZ6S41TSV4RRFFQ69G5FAV", "01563DF3-6481-D676-4C61-EFB99302BD5B"},
        {"01JQ4T23H220KM7X0B3V1109DQ", "0195C9A1-0E22-1027-43F4-0B1EC21025B7"},
        {"01JQ4T8BHJR0A5YKX7SVTVX0YN", "0195C9A4-2E32-C014-5F4F-A7CEF5BE83D5"},
        {"01JQ4T8X6CA54VSH0AANN0SWCX", "0195C9A4-74CC-5149-BCC4-0A556A0CF19D"},
        {"01GV5PA9EQG7D82Q3Y4PKBZSYV", "0186cb65-25d7-81da-815c-7e25a6bfe7db"},
        {"01FWHE4YDGFK1SHH6W1G60EECF", "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"},
        {"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
        {"00000000000000000000000000", "00000000-0000-0000-0000-000000000000"},
    };
    for (const auto& [ulid, uuid] : vectors) {
        bytes decoded{};
        EXPECT_EQ(decode_ulid(ulid, decoded.data()).status, decode_status::ok) << ulid;
        EXPECT_EQ(decoded, from_hex(uuid)) << ulid;
        EXPECT_EQ(encode(from_hex(uuid)), ulid);
    }
}

TEST(crockford, decode_is_case_insensitive) {
    bytes upper{}, lower{};
    ASSERT_EQ(decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV", upper.data()).status, decode_status::ok);
    ASSERT_EQ(decode_ulid("01arz3ndektsv4rrffq69g5fav", lower.data()).status, decode_status::ok);
    EXPECT_EQ(upper, lower);
}

TEST(crockford, decode_rejects_first_char_above_7) {
    bytes out{};
    for (const char* text : {"80000000000000000000000000", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"}) {
        EXPECT_EQ(decode_ulid(text, out.data()).status, decode_status::overflow) << text;
    }
}

TEST(crockford, decode_reports_first_bad_character_and_its_offset) {
    const std::pair<const char*, std::size_t> cases[] = {
        {"01ARZ3NDEKTSV4RRFFQ69G5FAU", 25}, {"I1ARZ3NDEKTSV4RRFFQ69G5FAV", 0}, {"01LRZ3NDEKTSV4RRFFQ69G5FAV", 2},
        {"01ARZ3NDEKTSV4RRFFQ69G5FAo", 25}, {"01ARZ3NDEK[SV4RRFFQ69G5FAV", 10}, {"8ZZZZZZZZZZZZZZZZZZZZZZZZU", 25},
    };
    bytes out{};
    for (const auto& [text, position] : cases) {
        const decode_result result = decode_ulid(text, out.data());
        EXPECT_EQ(result.status, decode_status::bad_character) << text;
        EXPECT_EQ(result.position, position) << text;
    }
    const std::string with_nul("01ARZ3NDEKTSV4RRFF\0Q69G5FA", 26);
    EXPECT_EQ(decode_ulid(with_nul, out.data()).position, 18U);
}

TEST(crockford, decode_rejects_wrong_length) {
    bytes out{};
    for (const char* text : {"", "01ARZ3NDEKTSV4RRFFQ69G5FA", "01ARZ3NDEKTSV4RRFFQ69G5FAVV"}) {
        EXPECT_EQ(decode_ulid(text, out.data()).status, decode_status::bad_length) << text;
    }
}

TEST(crockford, random_values_round_trip_and_keep_their_order) {
    std::mt19937_64 rng(42);
    bytes previous{};
    std::string previous_text = encode(previous);
    for (int i = 0; i < 100000; ++i) {
        bytes value{};
        for (auto& b : value) b = static_cast<std::uint8_t>(rng());
        const std::string text = encode(value);
        bytes decoded{};
        ASSERT_EQ(decode_ulid(text, decoded.data()).status, decode_status::ok);
        ASSERT_EQ(decoded, value);
        ASSERT_EQ(value < previous, text < previous_text);  // text order is byte order
        previous = value;
        previous_text = text;
    }
}

TEST(uuid_text, accepts_every_form_postgres_accepts) {
    const bytes expected = from_hex("01563e3a-b5d3-d676-4c61-efb99302bd5b");
    for (const char* text : {"01563e3ab5d3d6764c61efb99302bd5b", "{01563e3a-b5d3-d676-4c61-efb99302bd5b}",
                             "0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b", "01563E3AB5D3D6764C61EFB99302BD5B"}) {
        bytes out{};
        EXPECT_TRUE(decode_uuid_text(text, out.data())) << text;
        EXPECT_EQ(out, expected) << text;
    }
}

TEST(uuid_text, rejects_what_postgres_rejects) {
    for (const char* text : {"", "{}", "01563e3a-b5d3-d676-4c61-efb99302bd5", "01563e3a-b5d3-d676-4c61-efb99302bd5b-",
                             "-01563e3ab5d3d6764c61efb99302bd5b", "01563e3a--b5d3-d676-4c61-efb99302bd5b",
                             "{01563e3a-b5d3-d676-4c61-efb99302bd5b", "01563e3a-b5d3-d676-4c61-efb99302bd5b}",
                             "01563e3a-b5d3-d676-4c61-efb99302bd5g", "015-63e3ab5d3d6764c61efb99302bd5b",
                             " 01563e3ab5d3d6764c61efb99302bd5b"}) {
        bytes out{};
        EXPECT_FALSE(decode_uuid_text(text, out.data())) << text;
    }
}

TEST(uuid_text, encode_is_canonical_lowercase) {
    const bytes value = from_hex("01563E3AB5D3D6764C61EFB99302BD5B");
    char text[uuid_text_length];
    encode_uuid_text(value.data(), text);
    EXPECT_EQ(std::string(text, uuid_text_length), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
}

TEST(ulid_input, takes_ulid_or_uuid_and_names_non_ascii) {
    bytes a{}, b{};
    EXPECT_EQ(parse_ulid_input("01ARZ3NDEKTSV4RRFFQ69G5FAV", a.data()).status, decode_status::ok);
    EXPECT_EQ(parse_ulid_input("01563e3a-b5d3-d676-4c61-efb99302bd5b", b.data()).status, decode_status::ok);
    EXPECT_EQ(a, b);
    const decode_result accented = parse_ulid_input("01ARZ3NDEKTSV4RRFFQ69G5FA\xc3\xa9", a.data());
    EXPECT_EQ(accented.status, decode_status::bad_character);
    EXPECT_EQ(accented.position, 25U);
    EXPECT_EQ(parse_ulid_input("01ARZ3NDEK", a.data()).status, decode_status::bad_length);
}

TEST(ulid_input, names_the_first_whitespace_and_where_it_is) {
    bytes a{};
    struct {
        const char* text;
        std::size_t position;
        whitespace_at place;
    } const cases[] = {
        {" 01ARZ3NDEKTSV4RRFFQ69G5FA", 0, whitespace_at::leading},    // 26 characters
        {"01ARZ3NDEKTSV4RRFFQ69G5FA ", 25, whitespace_at::trailing},
        {"01ARZ3NDEK SV4RRFFQ69G5FAV", 10, whitespace_at::inner},
        {" 01ARZ3NDEKTSV4RRFFQ69G5FAV", 0, whitespace_at::leading},   // a valid ULID padded
        {"01ARZ3NDEKTSV4RRFFQ69G5FAV\n", 26, whitespace_at::trailing},
        {"\t 01563e3a-b5d3-d676-4c61-efb99302bd5b", 0, whitespace_at::leading},
        {"01563e3a-b5d3-d676-4c61-efb99302bd5b  ", 36, whitespace_at::trailing},
        {"01563e3a b5d3-d676-4c61-efb99302bd5b", 8, whitespace_at::inner},
        {"not a ulid", 3, whitespace_at::inner},
        {"   ", 0, whitespace_at::leading},
    };
    for (const auto& c : cases) {
        const decode_result r = parse_ulid_input(c.text, a.data());
        EXPECT_EQ(r.status, decode_status::whitespace) << c.text;
        EXPECT_EQ(r.position, c.position) << c.text;
        EXPECT_EQ(whitespace_place(c.text, r.position), c.place) << c.text;
    }
}

TEST(ulid_input, names_the_bad_character_of_a_mistyped_uuid) {
    bytes a{};
    struct {
        const char* text;
        std::size_t position;
    } const cases[] = {
        {"01563e3a-b5d3-d676-4c61-efb99302bd5g", 35},    // the example
        {"01563e3ab5d3d6764c61efb99302bd5G", 31},        // no hyphens
        {"{x1563e3a-b5d3-d676-4c61-efb99302bd5b}", 1},   // braces
        {"01563e3a-b5d3-d676-4c61-efb993z2bd5q", 30},    // two: the first
        {"01563e3a-b5d3-d676-4c61-efb99302bd5\x01", 35},  // a control character
    };
    for (const auto& c : cases) {
        const decode_result r = parse_ulid_input(c.text, a.data());
        EXPECT_EQ(r.status, decode_status::bad_hex_digit) << c.text;
        EXPECT_EQ(r.position, c.position) << c.text;
    }
    // Not a UUID's shape: still a length problem.
    for (const char* text : {"01563e3a-b5d3-d676-4c61-efb99302bd5", "01563e3a-b5d3-d676-4c61-efb99302bd5bb",
                             "01563e3a--b5d3-d676-4c61-efb99302bd5g", "not-a-ulid"}) {
        EXPECT_EQ(parse_ulid_input(text, a.data()).status, decode_status::bad_length) << text;
    }
}
