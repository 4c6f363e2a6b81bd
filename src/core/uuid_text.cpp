// UUID hex text codec following PostgreSQL's string_to_uuid grammar.
#include "uuid_text.hpp"

#include <array>  // std::array

namespace uidext {
namespace {

// Digit value of every byte, -1 where it is not a hex digit. A table, not comparisons:
// random hex digits make the digit/letter branches unpredictable (~140 ns per uuid).
constexpr std::array<std::int8_t, 256> make_hex_table() {
    std::array<std::int8_t, 256> table{};
    for (auto& entry : table) entry = -1;
    for (int i = 0; i < 10; ++i) table['0' + i] = static_cast<std::int8_t>(i);
    for (int i = 0; i < 6; ++i) {
        table['a' + i] = static_cast<std::int8_t>(10 + i);
        table['A' + i] = static_cast<std::int8_t>(10 + i);
    }
    return table;
}
constexpr auto hex_table = make_hex_table();

int hex_value(char c) noexcept {
    return hex_table[static_cast<unsigned char>(c)];
}

}  // namespace

bool decode_uuid_text(std::string_view text, std::uint8_t out[16]) noexcept {
    std::size_t pos = 0;
    const bool braces = !text.empty() && text[0] == '{';
    if (braces) ++pos;
    std::uint8_t value[16];
    for (int i = 0; i < 16; ++i) {
        if (pos + 2 > text.size()) return false;
        const int hi = hex_value(text[pos]);
        const int lo = hex_value(text[pos + 1]);
        if (hi < 0 || lo < 0) return false;
        value[i] = static_cast<std::uint8_t>((hi << 4) | lo);
        pos += 2;
        if (pos < text.size() && text[pos] == '-' && i % 2 == 1 && i < 15) ++pos;
    }
    if (braces) {
        if (pos >= text.size() || text[pos] != '}') return false;
        ++pos;
    }
    if (pos != text.size()) return false;
    for (int i = 0; i < 16; ++i) out[i] = value[i];
    return true;
}

bool find_bad_uuid_digit(std::string_view text, std::size_t& position) noexcept {
    constexpr std::size_t longest = 2 + 32 + 7;  // braces, digits, a hyphen after every 4 but the last
    if (text.size() > longest) return false;
    char patched[longest];
    std::size_t first_bad = text.size();
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool structural = hex_value(c) >= 0 || c == '-' || c == '{' || c == '}';
        patched[i] = structural ? c : '0';
        if (!structural && first_bad == text.size()) first_bad = i;
    }
    std::uint8_t ignored[16];
    if (first_bad == text.size() || !decode_uuid_text(std::string_view(patched, text.size()), ignored)) return false;
    position = first_bad;
    return true;
}

void encode_uuid_text(const std::uint8_t value[16], char out[uuid_text_length]) noexcept {
    constexpr char hex[] = "0123456789abcdef";
    std::size_t pos = 0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[pos++] = '-';
        out[pos++] = hex[value[i] >> 4];
        out[pos++] = hex[value[i] & 0x0F];
    }
}

}  // namespace uidext
