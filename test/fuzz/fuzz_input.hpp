// Shared by the fuzz targets: reading the fuzzer's bytes as a sequence of fields, and values as
// 128-bit big-endian numbers for the reference models.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "core/bytes16.hpp"  // max_unix_ms

using u128 = unsigned __int128;

// The first n (default 16) bytes of v as a big-endian number.
inline u128 to_u128(const std::uint8_t* v, std::size_t n = 16) {
    u128 x = 0;
    for (std::size_t i = 0; i < n; ++i) x = (x << 8) | v[i];
    return x;
}

// Reads the input front to back; past its end every byte reads as 0.
struct reader {
    const std::uint8_t* data;
    std::size_t size;
    std::size_t pos = 0;
    bool more() const { return pos < size; }
    std::uint8_t byte() { return pos < size ? data[pos++] : 0; }
    std::uint64_t bytes(int n) {
        std::uint64_t x = 0;
        for (int i = 0; i < n; ++i) x = (x << 8) | byte();
        return x;
    }
    void value(std::uint8_t out[16]) {
        for (int i = 0; i < 16; ++i) out[i] = byte();
    }
};

// A millisecond clock driven by the input: op's low 2 bits keep it, move it forwards or
// backwards by the next byte, or jump to within 3 ms of the end of ULID / UUIDv7 time.
inline std::uint64_t next_clock_ms(reader& in, std::uint64_t now_ms, std::uint8_t op) {
    switch (op & 3) {
    case 0: return now_ms;                                                      // same millisecond
    case 1: return now_ms + in.byte();                                          // forwards
    case 2: return now_ms - std::min<std::uint64_t>(now_ms, in.byte());         // backwards
    default: return uidext::max_unix_ms - (in.byte() & 3);                      // near the end of time
    }
}
