// TypeID codec: every vector of the spec (jetify-com/typeid 0.3 spec/valid.yml and
// spec/invalid.yml), a 63-character prefix, the reason for each rejection, round trips.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>

#include "core/typeid.hpp"
#include "core/uuid_text.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

bytes from_hex(const std::string& hex) {
    bytes out{};
    EXPECT_TRUE(decode_uuid_text(hex, out.data())) << hex;
    return out;
}

std::string format(std::string_view prefix, const bytes& value) {
    char text[typeid_text_max];
    return std::string(text, format_typeid(prefix, value.data(), text));
}

typeid_status status_of(std::string_view text) {
    bytes out{};
    return parse_typeid(text, out.data()).status;
}

const std::string prefix63 = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk";

}  // namespace

TEST(typeid, spec_valid_vectors_decode_and_encode) {
    struct vector {
        const char* text;
        const char* prefix;
        const char* uuid;
    };
    const vector vectors[] = {
        {"00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
        {"00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
        {"0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
        {"0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
        {"00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
        {"7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
        {"prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
        {"prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
        {"pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
    };
    for (const auto& v : vectors) {
        bytes decoded{};
        const typeid_parts parts = parse_typeid(v.text, decoded.data());
        EXPECT_EQ(parts.status, typeid_status::ok) << v.text;
        EXPECT_EQ(parts.prefix, v.prefix) << v.text;
        EXPECT_EQ(decoded, from_hex(v.uuid)) << v.text;
        EXPECT_EQ(format(v.prefix, from_hex(v.uuid)), v.text);
    }
}

TEST(typeid, spec_invalid_vectors_are_rejected_for_their_reason) {
    const std::pair<std::string, typeid_status> vectors[] = {
        {"PREFIX_00000000000000000000000000", typeid_status::bad_prefix},
        {"12345_00000000000000000000000000", typeid_status::bad_prefix},
        {"pre.fix_00000000000000000000000000", typeid_status::bad_prefix},
        {"pr\xc3\xa9" "fix_00000000000000000000000000", typeid_status::bad_prefix},
        {"  prefix_00000000000000000000000000", typeid_status::bad_prefix},
        {prefix63 + "l_00000000000000000000000000", typeid_status::bad_prefix},
        {"_00000000000000000000000000", typeid_status::missing_separator},
        {"_", typeid_status::missing_separator},
        {"prefix_1234567890123456789012345", typeid_status::bad_suffix_length},
        {"prefix_123456789012345678901234567", typeid_status::bad_suffix_length},
        {"prefix_1234567890123456789012345 ", typeid_status::bad_suffix_character},
        {"prefix_0123456789ABCDEFGHJKMNPQRS", typeid_status::bad_suffix_character},
        {"prefix_123456789-123456789-123456", typeid_status::bad_suffix_character},
        {"prefix_ooooooiiiiiiuuuuuuulllllll", typeid_status::bad_suffix_character},
        {"prefix_i23456789ol23456789oi23456", typeid_status::bad_suffix_character},
        {"prefix_123456789-0123456789-0123456", typeid_status::bad_suffix_length},
        {"prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", typeid_status::overflow},
        {"_prefix_00000000000000000000000000", typeid_status::bad_prefix},
        {"prefix__00000000000000000000000000", typeid_status::bad_prefix},
        {"", typeid_status::bad_suffix_length},
        {"prefix_", typeid_status::bad_suffix_length},
    };
    for (const auto& [text, status] : vectors) EXPECT_EQ(status_of(text), status) << text;
}

TEST(typeid, prefix_of_63_characters_makes_90) {
    const bytes value = from_hex("01890a5d-ac96-774b-bcce-b302099a8057");
    const std::string text = format(prefix63, value);
    EXPECT_EQ(text.size(), typeid_text_max);
    EXPECT_EQ(text, prefix63 + "_01h455vb4pex5vsknk084sn02q");
    bytes decoded{};
    const typeid_parts parts = parse_typeid(text, decoded.data());
    EXPECT_EQ(parts.status, typeid_status::ok);
    EXPECT_EQ(parts.prefix, prefix63);
    EXPECT_EQ(decoded, value);
}

TEST(typeid, bad_character_position_is_in_the_whole_text) {
    bytes out{};
    const typeid_parts parts = parse_typeid("user_01h455vb4pex5vsknk084sn0Uq", out.data());
    EXPECT_EQ(parts.status, typeid_status::bad_suffix_character);
    EXPECT_EQ(parts.position, 29U);
    EXPECT_EQ(parts.prefix, "user");
    EXPECT_EQ(parse_typeid("user_01h455vb4pex5vsknk084sn0lq", out.data()).position, 29U);
}

TEST(typeid, prefix_rules) {
    EXPECT_TRUE(typeid_prefix_is_valid(""));
    EXPECT_TRUE(typeid_prefix_is_valid("a"));
    EXPECT_TRUE(typeid_prefix_is_valid("a_b"));
    EXPECT_TRUE(typeid_prefix_is_valid(prefix63));
    EXPECT_FALSE(typeid_prefix_is_valid(prefix63 + "a"));
    EXPECT_FALSE(typeid_prefix_is_valid("_a"));
    EXPECT_FALSE(typeid_prefix_is_valid("a_"));
    EXPECT_FALSE(typeid_prefix_is_valid("A"));
    EXPECT_FALSE(typeid_prefix_is_valid("a1"));
    EXPECT_FALSE(typeid_prefix_is_valid(std::string_view("a\0b", 3)));
}

TEST(typeid, random_values_round_trip) {
    std::mt19937_64 random(26);
    for (int i = 0; i < 10000; ++i) {
        bytes value{};
        for (auto& b : value) b = static_cast<std::uint8_t>(random());
        const std::string text = format("user", value);
        bytes decoded{};
        ASSERT_EQ(parse_typeid(text, decoded.data()).status, typeid_status::ok) << text;
        ASSERT_EQ(decoded, value) << text;
    }
}

// A per-prefix type's input also reads the UUID text form, exactly as uuid_in does (#32).
TEST(typeid, input_reads_every_uuid_text_form) {
    const bytes expected = from_hex("01890a5d-ac96-774b-bcce-b302099a8057");
    for (const char* text : {"01890a5d-ac96-774b-bcce-b302099a8057", "01890A5DAC96774BBCCEB302099A8057",
                             "{01890a5d-ac96-774b-bcce-b302099a8057}", "0189-0a5d-ac96-774b-bcce-b302-099a-8057"}) {
        bytes out{};
        const typeid_parts parts = parse_typeid_input(text, out.data());
        EXPECT_EQ(parts.status, typeid_status::ok) << text;
        EXPECT_TRUE(parts.uuid_form) << text;
        EXPECT_TRUE(parts.prefix.empty()) << text;
        EXPECT_EQ(out, expected) << text;
    }
}

TEST(typeid, input_reads_the_typeid_form_as_parse_typeid) {
    bytes out{};
    const typeid_parts parts = parse_typeid_input("user_01h455vb4pex5vsknk084sn02q", out.data());
    EXPECT_EQ(parts.status, typeid_status::ok);
    EXPECT_FALSE(parts.uuid_form);
    EXPECT_EQ(parts.prefix, "user");
    EXPECT_EQ(out, from_hex("01890a5d-ac96-774b-bcce-b302099a8057"));
    // The bare suffix is a TypeID with the empty prefix, not a UUID.
    EXPECT_FALSE(parse_typeid_input("01h455vb4pex5vsknk084sn02q", out.data()).uuid_form);
}

TEST(typeid, input_refuses_what_uuid_in_refuses) {
    for (const char* text : {" 01890a5d-ac96-774b-bcce-b302099a8057", "01890a5d-ac96-774b-bcce-b302099a8057-",
                             "-01890a5d-ac96-774b-bcce-b302099a8057", "01890a5-dac96-774b-bcce-b302099a8057",
                             "{01890a5d-ac96-774b-bcce-b302099a8057", "01890a5d--ac96-774b-bcce-b302099a8057",
                             "01890a5d-ac96-774b-bcce-b302099a805", "01890a5d-ac96-774b-bcce-b302099a80577",
                             "user_01890a5d-ac96-774b-bcce-b302099a8057"}) {
        bytes out{};
        EXPECT_NE(parse_typeid_input(text, out.data()).status, typeid_status::ok) << text;
        EXPECT_EQ(out, bytes{}) << text;
    }
}

TEST(typeid, input_names_the_bad_digit_of_a_mistyped_uuid) {
    bytes out{};
    const typeid_parts parts = parse_typeid_input("01890a5d-ac96-774b-bcce-b302099a805g", out.data());
    EXPECT_EQ(parts.status, typeid_status::bad_uuid_digit);
    EXPECT_EQ(parts.position, 35U);
    // Without "-" or braces, 32 letters are more likely a TypeID missing its "_".
    EXPECT_EQ(parse_typeid_input("userabcdefghjkmnpqrstvwxyz012345", out.data()).status,
              typeid_status::missing_separator);
}

// 1.3 said "The suffix after the prefix has 26 characters, not 26" for 25 digits and an "é"
// (27 bytes): the non-ASCII character is named instead, wherever it is in the suffix.
TEST(typeid, non_ascii_suffix_character_is_named_not_the_length) {
    bytes out{};
    const typeid_parts last = parse_typeid("user_01h455vb4pex5vsknk084sn02\xc3\xa9", out.data());
    EXPECT_EQ(last.status, typeid_status::bad_suffix_character);
    EXPECT_EQ(last.position, 30U);
    const typeid_parts first = parse_typeid("user_\xc3\xa9" "1h455vb4pex5vsknk084sn02q", out.data());
    EXPECT_EQ(first.status, typeid_status::bad_suffix_character);
    EXPECT_EQ(first.position, 5U);
    // With no prefix, too: not "missing separator" for 27 bytes.
    EXPECT_EQ(status_of("01h455vb4pex5vsknk084sn02\xc3\xa9"), typeid_status::bad_suffix_character);
}
