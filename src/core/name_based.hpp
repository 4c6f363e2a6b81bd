// Name-based UUIDs (RFC 9562 sections 5.3 and 5.5), Java's nameUUIDFromBytes, version 8 from
// raw bytes (section 5.8) and the four namespace ids of section 6.6.
#pragma once

#include <cstddef>      // std::size_t
#include <cstdint>      // std::uint8_t
#include <string_view>  // std::string_view

namespace uidext {

enum class uuid_namespace_id { dns, url, oid, x500 };

// 6ba7b81X-9dad-11d1-80b4-00c04fd430c8, X = 0 DNS, 1 URL, 2 OID, 4 X500.
void namespace_uuid(uuid_namespace_id id, std::uint8_t out[16]) noexcept;

// "dns", "url", "oid" or "x500" in any case; false for anything else.
[[nodiscard]] bool namespace_by_name(std::string_view name, uuid_namespace_id& id) noexcept;

// Version 3 (MD5) or 5 (SHA-1) of namespace_id (16 bytes, or nullptr for none, as Java's
// nameUUIDFromBytes) followed by the name's bytes: the first 16 digest bytes with the version
// and the two variant bits set; bit 5 of octet 8 stays the hash's (RFC 4122 erratum 5560).
// False when the digest library fails, with its reason (see compute_digest).
[[nodiscard]] bool make_name_based_uuid(int version, const std::uint8_t* namespace_id, const std::uint8_t* name,
                                        std::size_t name_size, std::uint8_t out[16], const char** reason) noexcept;

// Version 8: the 16 given bytes with version 8 and the RFC variant set (122 custom bits).
void make_uuidv8(const std::uint8_t bytes[16], std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
