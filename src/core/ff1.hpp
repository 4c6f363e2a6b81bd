// FF1 (NIST SP 800-38G rev. 1): format-preserving encryption, a 10-round Feistel network with
// AES-CBC-MAC as its round function, over numerals of n digits in a radix. Here a numeral's
// halves are passed as their values (NUM_radix of each half), which works for every (radix, n)
// whose larger half fits in 64 bits as FF1's arithmetic needs: radix^v a power of two up to
// 2^63, or below 2^56. Opaque uuids use radix 2, n = 122 (two halves of 61 bits); the NIST
// samples (radix 10 and 36) run through the same code in the unit tests.
#pragma once

#include <cstddef>  // std::size_t
#include <cstdint>  // std::uint64_t

#include "aes_block.hpp"

namespace uidext {

constexpr std::size_t ff1_max_tweak = 16;

// A key with its FF1 parameters and what depends on them only (the CBC-MAC state after the
// block P): plain bytes, copyable.
struct ff1_domain {
    aes_key key;
    std::uint64_t mac_after_p[2];   // CBC-MAC state after P, as big-endian halves
    std::uint64_t q_blocks[3][2];   // Q = T || 0^pad || [i] || [NUM(B)]^b with i and B zero
    std::size_t q_block_count;      // 1 to 3
    std::uint64_t modulus_u, modulus_v;  // radix^u and radix^v
    std::uint32_t radix;
    unsigned u, v, b, d;            // FF1's u, v, b and d
    bool power_of_two;              // radix^u and radix^v are: reductions are masks
};

// False when the parameters are outside what this implementation (or FF1) accepts, or when
// the cipher fails (see aes_failure_reason()).
[[nodiscard]] bool ff1_prepare(const aes_key& key, std::uint32_t radix, unsigned n, const std::uint8_t* tweak,
                               std::size_t tweak_size, ff1_domain* out) noexcept;

// Encrypts the numeral whose first u digits have the value a and last v digits the value b
// (a < radix^u, b < radix^v) into *out_a, *out_b; decrypt inverts it. False only when the
// cipher fails.
[[nodiscard]] bool ff1_encrypt(const ff1_domain& domain, std::uint64_t a, std::uint64_t b, std::uint64_t* out_a,
                               std::uint64_t* out_b) noexcept;
[[nodiscard]] bool ff1_decrypt(const ff1_domain& domain, std::uint64_t a, std::uint64_t b, std::uint64_t* out_a,
                               std::uint64_t* out_b) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
