// Opaque public ids: a time-ordered key shown as a value that reveals nothing without the key.
// - uuid: a UUIDv7's 122 bits other than version and variant go through FF1 (radix 2, 122
//   digits) and come out with version 4 and the RFC variant; decode inverts it.
// - ulid: all 128 bits go through AES, the block cipher itself being the permutation.
// Decode accepts a result only if its time lies in the window opaque ids may have
// (opaque_time_accepted): a value no key produced fails that in about 997 cases of 1000, and
// with several keys the first key whose result passes is taken (opaque-ids.md: rates).
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

enum class opaque_status {
    ok,
    no_key,              // the key ring is empty
    not_uuidv7,          // encode: not version 7 with the RFC variant
    not_uuidv4,          // decode: not version 4 with the RFC variant
    time_out_of_window,  // encode: the value's time is outside the window
    no_key_matches,      // decode: under no key does it decode to a time in the window
    cipher_failure,      // OpenSSL failed (aes_failure_reason())
};

// value and out are 16 bytes and may be the same. On success of decode, *key_index is the
// entry of the ring that decoded it (0 is the first); may be null.
[[nodiscard]] opaque_status opaque_encode_uuid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16]) noexcept;
[[nodiscard]] opaque_status opaque_decode_uuid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16],
                                               std::size_t* key_index = nullptr) noexcept;
[[nodiscard]] opaque_status opaque_encode_ulid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16]) noexcept;
[[nodiscard]] opaque_status opaque_decode_ulid(const opaque_key_ring& ring, const std::uint8_t value[16],
                                               std::uint64_t now_ms, std::uint8_t out[16],
                                               std::size_t* key_index = nullptr) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
