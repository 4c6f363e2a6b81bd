// Opaque ids (core/opaque_ids, core/opaque_keys, core/opaque_text, core/ff1, core/aes_block). The
// first byte picks the case: bit 7 set, the rest of the input is a key list and a key file for
// the parsers (they must accept or refuse with a reason, never crash, keep at most 8 keys, load a
// database's section or the server-wide keys, and refuse a file alike for every database) and an
// opaque id's text; else bit 0 picks
// AES-128 or AES-256 and bit 1 one key or two, whose bytes come next, then 16-byte values.
// Every value is decoded as an opaque uuid and ulid: refused unless it is version-4 looking
// (uuid), and whatever is accepted is a UUIDv7 / ulid with a time in the window that encodes
// back to the same value under the key that decoded it, and is the first in-window candidate of
// opaque_candidates_* (which runs every key). Then the value, made a UUIDv7 in the
// window, round-trips through encode and decode (under the first key, which decoding tries first).
#include <string>

#include "core/crockford.hpp"
#include "core/opaque_ids.hpp"
#include "core/opaque_text.hpp"
#include "fuzz_input.hpp"
#include "reference.hpp"

namespace {

constexpr std::uint64_t now_ms = 1795000000000;  // 2026-11-18

std::string hex_of(const std::uint8_t* p, std::size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

// The ring of one key (entry index of ring) alone, to re-encode with the key that decoded.
uidext::opaque_key_ring only(const uidext::opaque_key_ring& ring, std::size_t index) {
    uidext::opaque_key_ring one{};
    one.count = 1;
    one.keys[0] = ring.keys[index];
    return one;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace uidext;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    reader in{data, size};
    const std::uint8_t mode = in.byte();
    static opaque_key_ring ring;  // large: not on the stack
    opaque_keys_problem problem;
    if (mode & 0x80) {
        const bool ok = parse_opaque_keys(input.substr(1), &ring, &problem);
        FUZZ_CHECK(ok ? ring.count <= max_opaque_keys : (problem.reason != nullptr && ring.count == 0), input);
        // The same text as a key file (lines, maybe [sections]): the server-wide keys, and the
        // keys of the database named by the first section line, if any. Every line is checked
        // whatever the database: both parses accept or refuse alike; a refusal keeps nothing.
        const std::string_view file = input.substr(1);
        const bool file_ok = parse_opaque_key_file(file, &ring, &problem);
        FUZZ_CHECK(file_ok ? ring.count <= max_opaque_keys : (problem.reason != nullptr && ring.count == 0), input);
        std::string_view database = "no such database";
        const std::size_t open = file.find("\n[");
        if (open != std::string_view::npos) {
            const std::size_t close = file.find(']', open);
            if (close != std::string_view::npos) database = file.substr(open + 2, close - open - 2);
        }
        static opaque_key_ring own;
        opaque_key_source source;
        const bool own_ok = parse_opaque_key_file(file, database, &own, &source, &problem);
        FUZZ_CHECK(own_ok == file_ok, input);
        static const opaque_key_ring zero{};
        FUZZ_CHECK(own_ok ? own.count <= max_opaque_keys : std::memcmp(&own, &zero, sizeof own) == 0, input);
        if (own_ok && source == opaque_key_source::server_wide)  // no section of that name: the server-wide keys
            FUZZ_CHECK(own.count == ring.count && std::memcmp(&own, &ring, sizeof own) == 0, input);
        // And as an opaque id's text: a uuid or ulid form reads as 16 bytes, anything else is invalid.
        std::uint8_t bytes[16];
        const opaque_text_kind kind = parse_opaque_text(input.substr(1), bytes);
        FUZZ_CHECK(kind == opaque_text_kind::invalid || input.size() - 1 == ulid_text_length ||
                       (kind == opaque_text_kind::uuid && input.size() - 1 >= 32),
                   input);
        return 0;
    }
    const std::size_t key_size = mode & 1 ? 32 : 16;
    std::uint8_t key1[32], key2[32];
    for (std::size_t i = 0; i < key_size; ++i) key1[i] = in.byte();
    for (std::size_t i = 0; i < key_size; ++i) key2[i] = in.byte();
    std::string text = "a:" + hex_of(key1, key_size);
    if ((mode & 2) && std::memcmp(key1, key2, key_size) != 0) text += ",b:" + hex_of(key2, key_size);
    FUZZ_CHECK(parse_opaque_keys(text, &ring, &problem), input);

    while (in.more()) {
        std::uint8_t value[16], out[16], back[16];
        in.value(value);
        std::size_t index = 0;
        const opaque_status uuid = opaque_decode_uuid(ring, value, now_ms, out, &index);
        const bool v4_looking = (value[6] >> 4) == 4 && (value[8] & 0xC0) == 0x80;
        FUZZ_CHECK((uuid == opaque_status::not_uuidv4) == !v4_looking, input);
        FUZZ_CHECK(uuid == opaque_status::ok || uuid == opaque_status::not_uuidv4 || uuid == opaque_status::no_key_matches, input);
        if (uuid == opaque_status::ok) {
            FUZZ_CHECK((out[6] >> 4) == 7 && (out[8] & 0xC0) == 0x80 && opaque_time_accepted(read_unix_ms(out), now_ms), input);
            FUZZ_CHECK(opaque_encode_uuid(only(ring, index), out, now_ms, back) == opaque_status::ok, input);
            FUZZ_CHECK(std::memcmp(back, value, 16) == 0, input);
        }
        // Every key ran; decode's answer is the first in-window candidate.
        opaque_candidate_set set;
        const opaque_status candidates = opaque_candidates_uuid(ring, value, now_ms, &set);
        FUZZ_CHECK(candidates == (uuid == opaque_status::no_key_matches ? opaque_status::ok : uuid), input);
        if (candidates == opaque_status::ok) {
            FUZZ_CHECK(set.count == ring.count && (set.in_window_count == 0) == (uuid != opaque_status::ok), input);
            if (uuid == opaque_status::ok) FUZZ_CHECK(set.in_window[index] && std::memcmp(set.values[index], out, 16) == 0, input);
            for (std::size_t k = 0; uuid == opaque_status::ok && k < index; ++k) FUZZ_CHECK(!set.in_window[k], input);
        }
        const opaque_status ulid = opaque_decode_ulid(ring, value, now_ms, out, &index);
        FUZZ_CHECK(opaque_candidates_ulid(ring, value, now_ms, &set) == opaque_status::ok, input);
        FUZZ_CHECK((set.in_window_count > 0) == (ulid == opaque_status::ok), input);
        if (ulid == opaque_status::ok) FUZZ_CHECK(std::memcmp(set.values[index], out, 16) == 0, input);
        FUZZ_CHECK(ulid == opaque_status::ok || ulid == opaque_status::no_key_matches, input);
        if (ulid == opaque_status::ok) {
            FUZZ_CHECK(opaque_time_accepted(read_unix_ms(out), now_ms), input);
            FUZZ_CHECK(opaque_encode_ulid(only(ring, index), out, now_ms, back) == opaque_status::ok, input);
            FUZZ_CHECK(std::memcmp(back, value, 16) == 0, input);
        }
        // The value as a UUIDv7 in the window: encode, then decode with the whole ring.
        write_unix_ms(value, opaque_earliest_ms + read_unix_ms(value) % (now_ms - opaque_earliest_ms));
        value[6] = static_cast<std::uint8_t>(0x70 | (value[6] & 0x0F));
        value[8] = static_cast<std::uint8_t>(0x80 | (value[8] & 0x3F));
        FUZZ_CHECK(opaque_encode_uuid(ring, value, now_ms, out) == opaque_status::ok, input);
        FUZZ_CHECK(opaque_decode_uuid(ring, out, now_ms, back, &index) == opaque_status::ok, input);
        FUZZ_CHECK(index == 0 && std::memcmp(back, value, 16) == 0, input);  // key 0's own values decode under it
        FUZZ_CHECK(opaque_encode_ulid(ring, value, now_ms, out) == opaque_status::ok, input);
        FUZZ_CHECK(opaque_decode_ulid(ring, out, now_ms, back, &index) == opaque_status::ok, input);
        FUZZ_CHECK(index == 0 && std::memcmp(back, value, 16) == 0, input);
    }
    return 0;
}
