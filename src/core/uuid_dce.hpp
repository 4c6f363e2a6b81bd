// UUID version 2, DCE Security (DCE 1.1 Authentication and Security Services, named but not
// specified by RFC 9562 section 5.2), in the layout of Go's google/uuid NewDCESecurity,
// Domain() and ID(): a version 1 value whose time_low field (octets 0-3) is replaced by a
// 32-bit local id (a POSIX UID or GID, or an organization's) and whose clock sequence low byte
// (octet 9) by the domain.
#pragma once

#include <cstdint>  // std::uint8_t, std::uint32_t, std::int64_t

#include "uuid_fields.hpp"

namespace uidext {

// Domains named by DCE 1.1 (Go's Person, Group, Org); any byte is allowed.
constexpr int dce_domain_person = 0;
constexpr int dce_domain_group = 1;
constexpr int dce_domain_org = 2;

[[nodiscard]] constexpr bool dce_domain_in_range(std::int64_t domain) noexcept {
    return domain >= 0 && domain <= 0xFF;
}

[[nodiscard]] constexpr bool dce_local_id_in_range(std::int64_t local_id) noexcept {
    return local_id >= 0 && local_id <= INT64_C(0xFFFFFFFF);
}

// Turns a version 1 value into version 2 of that domain and local id.
void make_dce_security(std::uint8_t value[16], std::uint8_t domain, std::uint32_t local_id) noexcept;

// The domain and local id of an RFC-variant version 2 UUID; false for any other.
[[nodiscard]] bool read_dce_security(const std::uint8_t value[16], int& domain, std::uint32_t& local_id) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
