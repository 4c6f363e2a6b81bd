// Version 2 (DCE Security) layout: see uuid_dce.hpp.
#include "uuid_dce.hpp"

namespace uidext {

void make_dce_security(std::uint8_t value[16], std::uint8_t domain, std::uint32_t local_id) noexcept {
    for (int i = 0; i < 4; ++i) value[i] = static_cast<std::uint8_t>(local_id >> (8 * (3 - i)));
    value[9] = domain;
    set_uuid_version(value, 2);
}

bool read_dce_security(const std::uint8_t value[16], int& domain, std::uint32_t& local_id) noexcept {
    if (uuid_version(value) != 2) return false;
    domain = value[9];
    local_id = (std::uint32_t{value[0]} << 24) | (std::uint32_t{value[1]} << 16) | (std::uint32_t{value[2]} << 8) |
               value[3];
    return true;
}

}  // namespace uidext
