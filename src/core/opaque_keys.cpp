// Parsing uidext.opaque_keys. Errors name the entry and its id, never the key's digits: the
// messages reach clients and the server log.
#include "opaque_keys.hpp"

#include <cstring>

namespace uidext {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_id_char(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// substr without its bounds check, which would throw (the library has no C++ runtime).
std::string_view before(std::string_view s, std::size_t n) { return {s.data(), n < s.size() ? n : s.size()}; }
std::string_view after(std::string_view s, std::size_t n) { return {s.data() + n + 1, s.size() - n - 1}; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

bool refuse(opaque_keys_problem* problem, std::size_t entry, const char* reason) {
    problem->entry = entry;
    problem->reason = reason;
    return false;
}

// One "id:key" entry into *key (problem->id is filled as soon as the id is valid).
bool parse_entry(std::string_view entry, std::size_t number, opaque_key* key, opaque_keys_problem* problem,
                 aes_engine engine) {
    const std::size_t colon = entry.find(':');
    if (entry.empty()) return refuse(problem, number, "the entry is empty");
    if (colon == std::string_view::npos) return refuse(problem, number, "there is no \":\" between the id and the key");
    const std::string_view id = trim(before(entry, colon));
    const std::string_view hex = trim(after(entry, colon));
    if (id.empty() || id.size() > max_opaque_key_id)
        return refuse(problem, number, "the id must have 1 to 16 letters or digits");
    for (char c : id)
        if (!is_id_char(c)) return refuse(problem, number, "the id must have only letters and digits");
    std::memcpy(problem->id, id.data(), id.size());
    problem->id[id.size()] = '\0';
    std::memcpy(key->id, problem->id, sizeof key->id);

    if (hex.size() != 32 && hex.size() != 64)
        return refuse(problem, number, "the key must have 32 or 64 hex digits (AES-128 or AES-256)");
    std::uint8_t raw[32];
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int high = hex_value(hex[i]), low = hex_value(hex[i + 1]);
        if (high < 0 || low < 0) return refuse(problem, number, "the key has a character that is not a hex digit");
        raw[i / 2] = static_cast<std::uint8_t>(high << 4 | low);
    }
    const bool ok = aes_expand_key(raw, hex.size() / 2, &key->ulid_key, engine) &&
                    ff1_prepare(key->ulid_key, 2, 122, nullptr, 0, &key->uuid_domain);
    std::memset(raw, 0, sizeof raw);
    if (!ok) return refuse(problem, number, "the cipher could not be set up with this key");
    return true;
}

bool distinct_from_earlier(const opaque_key_ring& ring, const opaque_key& key, std::size_t number,
                           opaque_keys_problem* problem) {
    for (std::size_t i = 0; i < ring.count; ++i) {
        if (std::strcmp(ring.keys[i].id, key.id) == 0) return refuse(problem, number, "an earlier entry has the same id");
        const aes_key& other = ring.keys[i].ulid_key;
        if (other.raw_size == key.ulid_key.raw_size && std::memcmp(other.raw, key.ulid_key.raw, other.raw_size) == 0)
            return refuse(problem, number, "an earlier entry has the same key");
    }
    return true;
}

// Entries separated by `separator`; in a key file (lines) a '#' starts a comment and blank
// lines are skipped, and `number` counts lines rather than entries.
bool parse_entries(std::string_view text, char separator, bool lines, opaque_key_ring* out,
                   opaque_keys_problem* problem, aes_engine engine) noexcept {
    std::memset(out, 0, sizeof *out);
    std::memset(problem, 0, sizeof *problem);
    if (!lines && trim(text).empty()) return true;
    std::size_t number = 0;
    for (;;) {
        const std::size_t end = text.find(separator);
        std::string_view entry = before(text, end);
        ++number;
        if (lines) entry = before(entry, entry.find('#'));
        entry = trim(entry);
        problem->id[0] = '\0';
        if (!(lines && entry.empty())) {
            if (out->count == max_opaque_keys) {
                std::memset(out, 0, sizeof *out);
                return refuse(problem, number, "at most 8 keys may be listed");
            }
            opaque_key& key = out->keys[out->count];
            if (lines && entry.find(',') != std::string_view::npos) {
                std::memset(out, 0, sizeof *out);
                return refuse(problem, number, "a line holds one id:key (the file has one key per line, not a comma-separated list)");
            }
            if (!parse_entry(entry, number, &key, problem, engine) || !distinct_from_earlier(*out, key, number, problem)) {
                std::memset(out, 0, sizeof *out);  // no key material of a refused value stays behind
                return false;
            }
            ++out->count;
        }
        if (end == std::string_view::npos) break;
        text = after(text, end);
    }
    if (lines && out->count == 0) return refuse(problem, 0, "the file lists no key");
    return true;
}

}  // namespace

bool parse_opaque_keys(std::string_view text, opaque_key_ring* out, opaque_keys_problem* problem,
                       aes_engine engine) noexcept {
    return parse_entries(text, ',', false, out, problem, engine);
}

bool parse_opaque_key_file(std::string_view content, opaque_key_ring* out, opaque_keys_problem* problem,
                           aes_engine engine) noexcept {
    return parse_entries(content, '\n', true, out, problem, engine);
}

}  // namespace uidext
