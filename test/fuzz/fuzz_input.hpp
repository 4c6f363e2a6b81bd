// Shared by the fuzz targets: reading the fuzzer's bytes as a sequence of fields, and values as
// 128-bit big-endian numbers for the reference models.
#pragma once

#include <cstddef>
#include <cstdint>

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
