// The keys of opaque ids parsed into a key ring: the key file's lines (uidext.opaque_key_file),
// or a comma-separated list (1.3's setting; tests, benchmarks and fuzzers build rings with it).
// An entry is "id:key": id is 1-16 ASCII letters or digits, key 32 or 64 hex digits (AES-128
// or AES-256). The first key encodes; decoding runs them all (see opaque_ids.hpp).
//
// A key file may have sections: a line "[name]" starts the keys of the database of that exact
// name; the lines before the first section are the server-wide keys, for every database without
// a section of its own (doc/opaque-ids.md, "Keys per database").
#pragma once

#include <cstddef>      // std::size_t
#include <string_view>  // std::string_view

#include "ff1.hpp"

namespace uidext {

constexpr std::size_t max_opaque_keys = 8;
constexpr std::size_t max_opaque_key_id = 16;
constexpr std::size_t max_opaque_section_name = 63;  // a database name: NAMEDATALEN - 1 bytes
constexpr std::size_t max_opaque_key_sections = 1024;

struct opaque_key {
    char id[max_opaque_key_id + 1];  // NUL-terminated
    aes_key ulid_key;                // ulid: AES itself on the 128 bits
    ff1_domain uuid_domain;          // uuid: FF1, radix 2, 122 digits, no tweak
};

// Plain bytes (no pointers): copied and wiped whole (src/pg/opaque_key_file.cpp keeps it in static
// memory, never in a setting's "extra", which PostgreSQL frees without wiping).
struct opaque_key_ring {
    std::size_t count;
    opaque_key keys[max_opaque_keys];
};

// Why a value was refused: which entry, its id when it has a valid one, and a reason (static
// text). Never any of a key's digits.
struct opaque_keys_problem {
    std::size_t entry;               // 1-based: the entry of a list, the line of a key file (0: the whole file)
    char id[max_opaque_key_id + 1];  // "" when the entry has no valid id
    char section[max_opaque_section_name + 1];  // the line's section in a key file; "" for server-wide lines
    const char* reason;
};

// Where a database's keys came from.
enum class opaque_key_source {
    server_wide,  // the file has no section for the database: the lines before the first section
    own_section,  // the database's own section
};

// Parses text (an empty text or only blanks: no keys). False with *problem filled when it is
// malformed; blanks around entries and around ':' are allowed.
[[nodiscard]] bool parse_opaque_keys(std::string_view text, opaque_key_ring* out, opaque_keys_problem* problem,
                                     aes_engine engine = aes_engine::automatic) noexcept;

// Parses a key file: one id:key per line, '#' starts a comment, blank lines and blanks around
// entries allowed; "\r\n" line ends too; a line "[name]" (blanks around it allowed, nothing
// else on it) starts a section. Every line is checked, whatever the database; *out gets the
// keys of `database`: its section's when the file has one (possibly none), else the server-wide
// ones (possibly none; an empty `database` always gets these). A file without any key at all is
// refused (entry 0); so are a section named twice, an empty name, a name longer than 63 bytes or
// one that begins or ends with a blank, and more than 8 keys in one section. source may be null.
[[nodiscard]] bool parse_opaque_key_file(std::string_view content, std::string_view database, opaque_key_ring* out,
                                         opaque_key_source* source, opaque_keys_problem* problem,
                                         aes_engine engine = aes_engine::automatic) noexcept;

// The server-wide keys of a key file (the lines before any section).
[[nodiscard]] inline bool parse_opaque_key_file(std::string_view content, opaque_key_ring* out,
                                                opaque_keys_problem* problem,
                                                aes_engine engine = aes_engine::automatic) noexcept {
    return parse_opaque_key_file(content, std::string_view(), out, nullptr, problem, engine);
}

}  // namespace uidext

#include "cpp_only.hpp"
