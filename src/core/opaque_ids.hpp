// Opaque public ids: a time-ordered key shown as a value that reveals nothing without the key.
// - uuid: a UUIDv7's 122 bits other than version and variant go through FF1 (radix 2, 122
//   digits) and come out with version 4 and the RFC variant; decode inverts it.
// - ulid: all 128 bits go through AES, the block cipher itself being the permutation.
// Decode accepts a result only if its time lies in the window opaque ids may have
// (opaque_time_accepted): a value no key produced fails that in about 997 cases of 1000.
// Decoding always runs every key of the ring and selects without an early exit, so its time
// does not tell which key made a value. opaque_candidates_* return every key's in-window
// result (the lookup that survives rotations); opaque_decode_* the first one (after a rotation
// it can be another key's result, ~0.3 % of ids per extra key: opaque-ids.md).
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t

#include "opaque_keys.hpp"

namespace uidext {

// The window of times (Unix ms) an opaque id may carry: from 2000-01-01 to an hour after now
// (clocks of other servers, monotonic generators running ahead).
constexpr std::uint64_t opaque_earliest_ms = 946684800000;  // 2000-01-01T00:00:00Z
constexpr std::uint64_t opaque_future_allowance_ms = std::uint64_t{3600} * 1000;

[[nodiscard]] inline bool opaque_time_accepted(std::uint64_t unix_ms, std::uint64_t now_ms) {
    return unix_ms >= opaque_earliest_ms && unix_ms <= now_ms + opaque_future_allowance_ms;
}

// The same as a mask, all ones when accepted, computed without a branch.
[[nodiscard]] std::uint64_t opaque_time_accepted_mask(std::uint64_t unix_ms, std::uint64_t now_ms) noexcept;

enum class opaque_status {
    ok,
    no_key,              // the key ring is empty
    not_uuidv7,          // encode: not version 7 with the RFC variant
    not_uuidv4,          // decode: not version 4 with the RFC variant
    time_out_of_window,  // encode: the value's time is outside the window
    no_key_matches,      // decode: under no key does it decode to a time in the window
    cipher_failure,      // OpenSSL failed (aes_failure_reason())
};

// Every key's decode of a value, in the ring's order, and which of them lie in the window.
struct opaque_candidate_set {
    std::size_t count;                       // the ring's count: every key is tried
    std::uint8_t values[max_opaque_keys][16];
    bool in_window[max_opaque_keys];
    std::size_t in_window_count;
};

// value and out are 16 bytes and may be the same. On success of decode, *key_index is the
// entry of the ring that decoded it (0 is the first); may be null.
[[nodiscard]] opaque_status opaque_encode_uuid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16]) noexcept;
[[nodiscard]] opaque_status opaque_decode_uuid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16],
                                               std::size_t* key_index = nullptr) noexcept;
// Every key's decode (no early exit). ok even when none is in the window (in_window_count 0);
// not_uuidv4 for a uuid that does not look like version 4.
[[nodiscard]] opaque_status opaque_candidates_uuid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                                   std::uint64_t now_ms, opaque_candidate_set* out) noexcept;
[[nodiscard]] opaque_status opaque_candidates_ulid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                                   std::uint64_t now_ms, opaque_candidate_set* out) noexcept;

// The first in-window candidate into out and its key's index, chosen without a branch on the
// values; no_key_matches when none is in the window.
[[nodiscard]] opaque_status opaque_select_first(const opaque_candidate_set& set, std::uint8_t out[16],
                                                std::size_t* key_index = nullptr) noexcept;

[[nodiscard]] opaque_status opaque_encode_ulid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16]) noexcept;
[[nodiscard]] opaque_status opaque_decode_ulid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16],
                                               std::size_t* key_index = nullptr) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
