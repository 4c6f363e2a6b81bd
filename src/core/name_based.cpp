// Name-based and custom UUIDs: digest bytes in, version and variant bits set.
#include "name_based.hpp"

#include <cstring>  // std::memcpy

#include "digest.hpp"
#include "uuid_fields.hpp"  // set_uuid_version

namespace uidext {

void namespace_uuid(uuid_namespace_id id, std::uint8_t out[16]) noexcept {
    static constexpr std::uint8_t dns[16] = {0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                                             0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
    static constexpr std::uint8_t last_digit[] = {0x0, 0x1, 0x2, 0x4};  // dns, url, oid, x500
    std::memcpy(out, dns, 16);
    out[3] = static_cast<std::uint8_t>(0x10 | last_digit[static_cast<int>(id)]);
}

bool namespace_by_name(std::string_view name, uuid_namespace_id& id) noexcept {
    static constexpr std::string_view names[] = {"dns", "url", "oid", "x500"};
    for (int i = 0; i < 4; ++i) {
        if (name.size() != names[i].size()) continue;
        bool same = true;
        for (std::size_t j = 0; j < name.size() && same; ++j) {
            const char c = name[j];
            same = (c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) == names[i][j];
        }
        if (same) {
            id = static_cast<uuid_namespace_id>(i);
            return true;
        }
    }
    return false;
}

bool make_name_based_uuid(int version, const std::uint8_t* namespace_id, const std::uint8_t* name,
                          std::size_t name_size, std::uint8_t out[16], const char** reason) noexcept {
    std::uint8_t digest[max_digest_size];
    const digest_algorithm algorithm = version == 3 ? digest_algorithm::md5 : digest_algorithm::sha1;
    if (!compute_digest(algorithm, namespace_id, namespace_id ? 16 : 0, name, name_size, digest, reason))
        return false;
    std::memcpy(out, digest, 16);  // version 5 drops SHA-1's last 4 bytes
    set_uuid_version(out, version);
    return true;
}

void make_uuidv8(const std::uint8_t bytes[16], std::uint8_t out[16]) noexcept {
    std::memcpy(out, bytes, 16);
    set_uuid_version(out, 8);
}

}  // namespace uidext
