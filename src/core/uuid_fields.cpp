// Field layouts of RFC 9562 versions 1, 6 and 7 (sections 5.1, 5.6 and 5.7).
#include "uuid_fields.hpp"

#include <cstring>  // std::memcpy

#include "bytes16.hpp"  // load_big_endian_64 and friends

namespace uidext {

void set_uuid_version(std::uint8_t value[16], int version) noexcept {
    value[6] = static_cast<std::uint8_t>((value[6] & 0x0F) | (version << 4));
    value[8] = static_cast<std::uint8_t>((value[8] & 0x3F) | 0x80);
}

void write_gregorian_time(std::uint8_t value[16], int version, std::uint64_t ticks) noexcept {
    // Octets 0-7 as one big-endian word; the version nibble is bits 15..12.
    const std::uint64_t layout = version == 1
        ? ((ticks & 0xFFFFFFFF) << 32) | (((ticks >> 32) & 0xFFFF) << 16) | ((ticks >> 48) & 0x0FFF)  // low, mid, high
        : ((ticks >> 12) << 16) | (ticks & 0x0FFF);                                        // high 48, low 12
    store_big_endian_64(value, layout);
}

bool uuid_pg_timestamp(const std::uint8_t value[16], std::int64_t& timestamp) noexcept {
    switch (uuid_version(value)) {
    case 1: timestamp = pg_timestamp_from_gregorian_ticks(read_v1_ticks(value)); return true;
    case 6: timestamp = pg_timestamp_from_gregorian_ticks(read_v6_ticks(value)); return true;
    case 7: timestamp = pg_timestamp_from_unix_ms(read_unix_ms(value)); return true;
    default: return false;
    }
}

bool convert_gregorian_time_uuid(const std::uint8_t in[16], int from, int to, std::uint8_t out[16]) noexcept {
    if (uuid_version(in) != from) return false;
    const std::uint64_t ticks = from == 1 ? read_v1_ticks(in) : read_v6_ticks(in);
    std::uint8_t value[16];
    std::memcpy(value, in, 16);
    write_gregorian_time(value, to, ticks);
    set_uuid_version(value, to);  // the variant is RFC's already: only the nibble changes
    std::memcpy(out, value, 16);
    return true;
}

}  // namespace uidext
