// Parsing opaque id keys: the key file (sections per database) and 1.3's comma-separated list.
// Errors name the line (entry), its section and its id, never the key's digits: the messages
// reach clients and the server log.
#include "opaque_keys.hpp"

#include <cstring>

#include "secret_file.hpp"  // wipe_secret

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
    bool digits = true;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int high = hex_value(hex[i]), low = hex_value(hex[i + 1]);
        digits = digits && high >= 0 && low >= 0;
        raw[i / 2] = static_cast<std::uint8_t>((high & 15) << 4 | (low & 15));
    }
    const bool ok = digits && aes_expand_key(raw, hex.size() / 2, &key->ulid_key, engine) &&
                    ff1_prepare(key->ulid_key, 2, 122, nullptr, 0, &key->uuid_domain);
    wipe_secret(raw, sizeof raw);  // also when refused: part of a key may be in it
    if (!digits) return refuse(problem, number, "the key has a character that is not a hex digit");
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

// 1.3's list: entries separated by ','; an empty text (or only blanks) has no keys.
bool parse_list(std::string_view text, opaque_key_ring* out, opaque_keys_problem* problem, aes_engine engine) noexcept {
    std::memset(out, 0, sizeof *out);
    std::memset(problem, 0, sizeof *problem);
    if (trim(text).empty()) return true;
    std::size_t number = 0;
    for (;;) {
        const std::size_t end = text.find(',');
        const std::string_view entry = trim(before(text, end));
        ++number;
        problem->id[0] = '\0';
        if (out->count == max_opaque_keys) {
            std::memset(out, 0, sizeof *out);
            return refuse(problem, number, "at most 8 keys may be listed");
        }
        opaque_key& key = out->keys[out->count];
        if (!parse_entry(entry, number, &key, problem, engine) || !distinct_from_earlier(*out, key, number, problem)) {
            std::memset(out, 0, sizeof *out);  // no key material of a refused value stays behind
            return false;
        }
        ++out->count;
        if (end == std::string_view::npos) break;
        text = after(text, end);
    }
    return true;
}

// A key file's line, without its line end ('\r' is trimmed with the blanks).
struct line_reader {
    std::string_view rest;
    bool done = false;
    bool next(std::string_view* line) {
        if (done) return false;
        const std::size_t end = rest.find('\n');
        *line = before(rest, end);
        if (end == std::string_view::npos) done = true;
        else rest = after(rest, end);
        return true;
    }
};

bool is_section_line(std::string_view trimmed) { return !trimmed.empty() && trimmed.front() == '['; }

// The name of a section line (trimmed, starting with '['): everything between the '[' and the
// last character, which must be ']'. Empty when the line is malformed (the caller says why).
std::string_view section_name(std::string_view trimmed) {
    if (trimmed.size() < 2 || trimmed.back() != ']') return {};
    return {trimmed.data() + 1, trimmed.size() - 2};
}

bool has_section(std::string_view content, std::string_view database) {
    line_reader lines{content};
    std::string_view line;
    while (lines.next(&line)) {
        const std::string_view t = trim(line);
        if (is_section_line(t) && section_name(t) == database) return true;
    }
    return false;
}

// Checks a section line and returns its name, or refuses.
bool read_section(std::string_view trimmed, std::size_t number, std::string_view* name, opaque_keys_problem* problem) {
    problem->section[0] = '\0';
    if (trimmed.back() != ']')
        return refuse(problem, number,
                      "a section line holds only [database name], which ends the line (a comment goes on a line of "
                      "its own)");
    *name = section_name(trimmed);
    if (name->empty()) return refuse(problem, number, "the section has no database name: write [name]");
    if (name->size() > max_opaque_section_name)
        return refuse(problem, number, "a section's database name has at most 63 bytes, as database names have");
    if (is_blank(name->front()) || is_blank(name->back()))
        return refuse(problem, number,
                      "a section's database name may not begin or end with a blank (the name is taken exactly as "
                      "written between [ and ])");
    std::memcpy(problem->section, name->data(), name->size());
    problem->section[name->size()] = '\0';
    return true;
}

struct file_parse {
    // The sections seen so far, to refuse a second [name] (they point into the content).
    std::string_view sections[max_opaque_key_sections];
    std::size_t section_count = 0;
    opaque_key_ring other{};  // a section that is not the one loaded: checked, then wiped
    ~file_parse() { wipe(&other); }
    static void wipe(opaque_key_ring* ring) { wipe_secret(ring, sizeof *ring); }
};

bool parse_file(std::string_view content, std::string_view database, opaque_key_ring* out, opaque_key_source* source,
                opaque_keys_problem* problem, aes_engine engine, file_parse& state) noexcept {
    const bool own = !database.empty() && has_section(content, database);
    if (source) *source = own ? opaque_key_source::own_section : opaque_key_source::server_wide;
    bool loading = !own;  // the server-wide lines come first
    opaque_key_ring* ring = loading ? out : &state.other;
    std::size_t keys_in_file = 0;
    line_reader lines{content};
    std::string_view line;
    std::size_t number = 0;
    while (lines.next(&line)) {
        ++number;
        const std::string_view trimmed = trim(line);
        problem->id[0] = '\0';
        if (is_section_line(trimmed)) {
            std::string_view name;
            if (!read_section(trimmed, number, &name, problem)) return false;
            for (std::size_t i = 0; i < state.section_count; ++i)
                if (state.sections[i] == name) return refuse(problem, number, "an earlier line starts the same section");
            if (state.section_count == max_opaque_key_sections)
                return refuse(problem, number, "a key file has at most 1024 sections");
            state.sections[state.section_count++] = name;
            file_parse::wipe(&state.other);
            loading = own && name == database;
            ring = loading ? out : &state.other;
            continue;
        }
        const std::string_view entry = trim(before(trimmed, trimmed.find('#')));
        if (entry.empty()) continue;
        if (ring->count == max_opaque_keys)
            return refuse(problem, number,
                          state.section_count ? "at most 8 keys may be listed in a section" : "at most 8 keys may be listed");
        if (entry.find(',') != std::string_view::npos)
            return refuse(problem, number, "a line holds one id:key (the file has one key per line, not a comma-separated list)");
        opaque_key& key = ring->keys[ring->count];
        if (!parse_entry(entry, number, &key, problem, engine) || !distinct_from_earlier(*ring, key, number, problem))
            return false;
        ++ring->count;
        ++keys_in_file;
    }
    if (keys_in_file == 0) {
        problem->section[0] = '\0';
        return refuse(problem, 0, "the file lists no key");
    }
    return true;
}

}  // namespace

bool parse_opaque_keys(std::string_view text, opaque_key_ring* out, opaque_keys_problem* problem,
                       aes_engine engine) noexcept {
    return parse_list(text, out, problem, engine);
}

bool parse_opaque_key_file(std::string_view content, std::string_view database, opaque_key_ring* out,
                           opaque_key_source* source, opaque_keys_problem* problem, aes_engine engine) noexcept {
    std::memset(out, 0, sizeof *out);
    std::memset(problem, 0, sizeof *problem);
    file_parse state;  // (about 25 KiB: the caller's stack has room; nothing here allocates)
    if (parse_file(content, database, out, source, problem, engine, state)) return true;
    file_parse::wipe(out);  // no key material of a refused file stays behind
    return false;
}

}  // namespace uidext
