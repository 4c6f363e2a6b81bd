// UUID hex text codec following PostgreSQL's string_to_uuid grammar.
#include "uuid_text.hpp"

namespace uidext {
namespace {

int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
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
