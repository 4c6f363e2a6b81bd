// The keys of opaque ids parsed into a key ring: the key file's lines (uidext.opaque_key_file),
// or a comma-separated list (1.3's setting; tests, benchmarks and fuzzers build rings with it).
// An entry is "id:key": id is 1-16 ASCII letters or digits, key 32 or 64 hex digits (AES-128
// or AES-256). The first key encodes; decoding runs them all (see opaque_ids.hpp).
#pragma once

#include <cstddef>      // std::size_t
#include <string_view>  // std::string_view

#include "ff1.hpp"

namespace uidext {

constexpr std::size_t max_opaque_keys = 8;
constexpr std::size_t max_opaque_key_id = 16;

struct opaque_key {
    char id[max_opaque_key_id + 1];  // NUL-terminated
    aes_key ulid_key;                // ulid: AES itself on the 128 bits
    ff1_domain uuid_domain;          // uuid: FF1, radix 2, 122 digits, no tweak
};

// Plain bytes (no pointers): PostgreSQL keeps it as a setting's "extra" and frees it with free().
struct opaque_key_ring {
    std::size_t count;
    opaque_key keys[max_opaque_keys];
};

// Why a value was refused: which entry, its id when it has a valid one, and a reason (static
// text). Never any of a key's digits.
struct opaque_keys_problem {
    std::size_t entry;               // 1-based: the entry of a list, the line of a key file (0: the whole file)
    char id[max_opaque_key_id + 1];  // "" when the entry has no valid id
    const char* reason;
};

// Parses text (an empty text or only blanks: no keys). False with *problem filled when it is
// malformed; blanks around entries and around ':' are allowed.
[[nodiscard]] bool parse_opaque_keys(std::string_view text, opaque_key_ring* out, opaque_keys_problem* problem,
                                     aes_engine engine = aes_engine::automatic) noexcept;

// Parses a key file: one id:key per line, '#' starts a comment, blank lines and blanks around
// entries allowed; "\r\n" line ends too. A file without any key is refused (entry 0).
[[nodiscard]] bool parse_opaque_key_file(std::string_view content, opaque_key_ring* out, opaque_keys_problem* problem,
                                         aes_engine engine = aes_engine::automatic) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
