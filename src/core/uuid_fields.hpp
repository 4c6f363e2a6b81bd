// RFC 9562 fields of a UUID: variant, version, the 60-bit Gregorian time of versions 1 and 6,
// clock sequence and node, and the lossless reordering between versions 1 and 6.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint64_t, std::int64_t

#include "time_range.hpp"  // pg_timestamp_from_gregorian_ticks

namespace uidext {

// Variant numbers as Java's UUID.variant(): the top bits of octet 8.
constexpr int variant_ncs = 0;        // 0xxx, nil included
constexpr int variant_rfc = 2;        // 10xx, the only variant with versions
constexpr int variant_microsoft = 6;  // 110x
constexpr int variant_future = 7;     // 111x, max included

[[nodiscard]] constexpr int uuid_variant(const std::uint8_t* value) noexcept {
    const int top = value[8] >> 5;  // three bits
    return top < 4 ? variant_ncs : top < 6 ? variant_rfc : top == 6 ? variant_microsoft : variant_future;
}

// The version nibble, or -1 when the value is not of the RFC variant (as PostgreSQL's
// uuid_extract_version, which returns NULL there).
[[nodiscard]] constexpr int uuid_version(const std::uint8_t* value) noexcept {
    return uuid_variant(value) == variant_rfc ? value[6] >> 4 : -1;
}

// Versions 1 and 6 count 100 ns ticks since 1582-10-15 00:00 UTC in 60 bits: the last tick
// is 5236-03-31 21:21:00.6846975 UTC.
constexpr std::uint64_t max_gregorian_ticks = (std::uint64_t{1} << 60) - 1;
// Ticks from 1582-10-15 to 1970-01-01 (141427 days).
constexpr std::uint64_t gregorian_unix_offset_ticks = UINT64_C(0x01B21DD213814000);

// Version 1 stores the time low field first: time_low (32 bits), time_mid (16), time_hi (12).
[[nodiscard]] constexpr std::uint64_t read_v1_ticks(const std::uint8_t* value) noexcept {
    return (static_cast<std::uint64_t>(value[6] & 0x0F) << 56) | (static_cast<std::uint64_t>(value[7]) << 48) |
           (static_cast<std::uint64_t>(value[4]) << 40) | (static_cast<std::uint64_t>(value[5]) << 32) |
           (static_cast<std::uint64_t>(value[0]) << 24) | (static_cast<std::uint64_t>(value[1]) << 16) |
           (static_cast<std::uint64_t>(value[2]) << 8) | value[3];
}

// Version 6 stores it most significant first, the version nibble between bits 12 and 11.
[[nodiscard]] constexpr std::uint64_t read_v6_ticks(const std::uint8_t* value) noexcept {
    std::uint64_t high = 0;  // the first 48 bits: ticks 59..12
    for (int i = 0; i < 6; ++i) high = (high << 8) | value[i];
    return (high << 12) | (static_cast<std::uint64_t>(value[6] & 0x0F) << 8) | value[7];
}

// Sets the RFC 9562 version nibble and the 2 variant bits (10), keeping bit 5 of octet 8
// (RFC 4122 erratum 5560).
void set_uuid_version(std::uint8_t value[16], int version) noexcept;

// Writes the time fields of octets 0-7 in the layout of version 1 or 6 (the version nibble
// left 0: set_uuid_version sets it); octets 8-15 untouched.
void write_gregorian_time(std::uint8_t value[16], int version, std::uint64_t ticks) noexcept;

// Time of a version 1 UUID (time low field first), whatever its version nibble says.
[[nodiscard]] constexpr std::int64_t pg_timestamp_from_uuidv1(const std::uint8_t* value) noexcept {
    return pg_timestamp_from_gregorian_ticks(read_v1_ticks(value));
}

// True for an RFC-variant version 1 or 6 UUID: the ones with a clock sequence and a node.
[[nodiscard]] constexpr bool is_gregorian_time_uuid(const std::uint8_t* value) noexcept {
    const int version = uuid_version(value);
    return version == 1 || version == 6;
}

// The 14-bit clock sequence (after the two variant bits of octet 8).
[[nodiscard]] constexpr int uuid_clock_seq(const std::uint8_t* value) noexcept {
    return ((value[8] & 0x3F) << 8) | value[9];
}

// The node is octets 10-15.
constexpr int node_offset = 10;

// PostgreSQL timestamp (microseconds since 2000-01-01 UTC) of a UUID with PostgreSQL 20's
// uuid_extract_timestamp semantics: versions 1 and 6 truncated to microseconds, version 7 in
// milliseconds (its sub-millisecond bits are not time for every generator); false (NULL) for
// any other version or variant.
[[nodiscard]] bool uuid_pg_timestamp(const std::uint8_t value[16], std::int64_t& timestamp) noexcept;

// Version 1 -> 6 or 6 -> 1 (RFC 9562 section 5.6): the time fields of octets 0-7 reordered,
// clock sequence and node copied. False, out untouched, unless `in` is an RFC-variant UUID of
// version `from`.
[[nodiscard]] bool convert_gregorian_time_uuid(const std::uint8_t in[16], int from, int to, std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
