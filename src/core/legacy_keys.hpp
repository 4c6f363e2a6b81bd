// Keys derived from an old row (issue 36): the row's time and its old key (a bigint or a uuid)
// in one 16-byte value, the same bytes for ulid and uuid, a valid UUID version 7 (variant 10).
// Deterministic, so a trigger, a batched backfill and a later check all agree.
//
// Bits in big-endian order, 0 the most significant:
//
//   bits   0..47   48  Unix milliseconds of the time (rounded down), as every v7 and ULID
//   bits  48..51    4  version 7
//   bits  52..61   10  microsecond within the millisecond, 0..999
//   bits  62..63    2  legacy field, its two high bits
//   bits  64..65    2  variant 10
//   bits  66..127  62  legacy field, the rest: from a bigint its 61 low bits, then a 0 bit;
//                      from a uuid its 62 low bits
//
// The legacy field of a bigint is the id itself (0 .. 2^63 - 1, 63 bits): such keys are unique
// for distinct ids, sort as (time to the microsecond, id) and give the id back. The legacy field
// of a uuid is its 64 bits that are neither version (48..51) nor variant (64..65) in their order
// (bits 0..47, 52..63, 66..69): keys sort as (time, old uuid) among uuids of one version, and for
// version 4 inputs 64 random bits keep rows of one microsecond apart.
// RFC 9562 calls bits 52..127 of v7 random or counter bits; holding time and the old key there
// is a documented departure (doc/migrating-keys.md).
#pragma once

#include <cstdint>  // std::int64_t, std::uint8_t

#include "bytes16.hpp"

namespace uidext {

// The latest Unix microsecond a key holds: the last one of millisecond 2^48 - 1.
constexpr std::int64_t legacy_max_unix_us = static_cast<std::int64_t>(max_unix_ms) * 1000 + 999;

enum class legacy_key_status {
    ok,
    time_out_of_range,  // unix_us < 0 or > legacy_max_unix_us
    negative_legacy,    // a bigint below 0
};

// The key of (unix_us, legacy) into out, or the reason it has none (out untouched). The time
// is checked first.
[[nodiscard]] legacy_key_status derive_key_from_bigint(std::int64_t unix_us, std::int64_t legacy,
                                                       std::uint8_t out[value_size]) noexcept;
[[nodiscard]] legacy_key_status derive_key_from_uuid(std::int64_t unix_us, const std::uint8_t legacy[value_size],
                                                     std::uint8_t out[value_size]) noexcept;

// The 63-bit legacy field of a key (bits 62..63 and 66..126) as a non-negative bigint: the old
// id of a key derived from a bigint; for any other 16 bytes a number with no meaning.
[[nodiscard]] std::int64_t legacy_bigint_of_key(const std::uint8_t key[value_size]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
