// FF1 as SP 800-38G rev. 1 section 6.2 writes it (algorithms 7 and 8), on the values of the
// halves: step numbers below are the standard's.
#include "ff1.hpp"

#include <cstring>

#include "bytes16.hpp"

namespace uidext {
namespace {

constexpr int ff1_rounds = 10;
constexpr std::uint64_t largest_power_of_two_modulus = std::uint64_t{1} << 63;
constexpr std::uint64_t largest_other_modulus = std::uint64_t{1} << 56;  // r * 256 fits in 64 bits

bool is_power_of_two(std::uint64_t x) { return (x & (x - 1)) == 0; }

unsigned bit_length(std::uint64_t x) {
    unsigned bits = 0;
    for (; x; x >>= 1) ++bits;
    return bits;
}

// radix^digits, or 0 when it is too large for the arithmetic below.
std::uint64_t power_or_zero(std::uint32_t radix, unsigned digits) {
    std::uint64_t power = 1;
    for (unsigned i = 0; i < digits; ++i) {
        if (power > largest_power_of_two_modulus / radix) return 0;
        power *= radix;
    }
    if (is_power_of_two(power) ? power > largest_power_of_two_modulus : power >= largest_other_modulus) return 0;
    return power;
}

void put_big_endian(std::uint64_t value, std::uint8_t* out, unsigned bytes) {
    for (unsigned i = bytes; i-- > 0; value >>= 8) out[i] = static_cast<std::uint8_t>(value);
}

std::uint64_t reduce(std::uint64_t x, std::uint64_t modulus, bool power_of_two) {
    return power_of_two ? x & (modulus - 1) : x % modulus;
}

// Steps 6.i-6.iv: y = NUM_2(S) mod radix^m, where S is the first d bytes of
// R = PRF(P || Q) and Q = T || 0^pad || [i] || [NUM(B)]^b. Blocks are pairs of big-endian
// halves, kept in registers (bytes stored one by one and read back as a block stall the CPU).
bool round_value(const ff1_domain& domain, int round, std::uint64_t b_value, std::uint64_t modulus,
                 std::uint64_t* y) {
    std::uint64_t hi = domain.mac_after_p[0], lo = domain.mac_after_p[1];
    const std::size_t last = domain.q_block_count - 1;
    for (std::size_t k = 0; k <= last; ++k) {
        std::uint64_t q_hi = domain.q_blocks[k][0], q_lo = domain.q_blocks[k][1];
        if (k == last) {  // [i] then [NUM(B)]^b end the last block (b <= 8)
            q_lo |= b_value;
            if (domain.b == 8) q_hi |= static_cast<std::uint64_t>(round);
            else q_lo |= static_cast<std::uint64_t>(round) << (8 * domain.b);
        }
        hi ^= q_hi;
        lo ^= q_lo;
        if (!aes_encrypt_words(domain.key, hi, lo)) return false;
    }
    // NUM_2 of R's first d bytes, d being 8 or 12 (b <= 8).
    if (domain.d == 8) {
        *y = reduce(hi, modulus, domain.power_of_two);
    } else if (domain.power_of_two) {
        *y = (hi << 32 | lo >> 32) & (modulus - 1);  // the low 64 of its 96 bits suffice
    } else {
        std::uint64_t r = hi % modulus;  // then its last 4 bytes, one at a time (r < 2^56)
        for (int shift = 56; shift >= 32; shift -= 8) r = ((r << 8) | ((lo >> shift) & 0xFF)) % modulus;
        *y = r;
    }
    return true;
}

}  // namespace

bool ff1_prepare(const aes_key& key, std::uint32_t radix, unsigned n, const std::uint8_t* tweak,
                 std::size_t tweak_size, ff1_domain* out) noexcept {
    if (radix < 2 || radix > (1u << 16) || n < 2 || tweak_size > ff1_max_tweak) return false;
    std::memset(out, 0, sizeof *out);
    out->key = key;
    out->radix = radix;
    out->u = n / 2;                        // step 1
    out->v = n - out->u;                   // step 2
    out->modulus_u = power_or_zero(radix, out->u);
    out->modulus_v = power_or_zero(radix, out->v);
    if (!out->modulus_u || !out->modulus_v) return false;
    out->power_of_two = is_power_of_two(out->modulus_u) && is_power_of_two(out->modulus_v);
    out->b = (bit_length(out->modulus_v - 1) + 7) / 8;  // step 3: ceil(ceil(v log2 radix) / 8)
    out->d = 4 * ((out->b + 3) / 4) + 4;                // step 4
    if (out->b > 8 || out->d > 12) return false;         // (radix^v < 2^64 keeps them so)

    // Step 5: P = [1]^1 [2]^1 [1]^1 [radix]^3 [10]^1 [u mod 256]^1 [n]^4 [t]^4.
    std::uint8_t p[aes_block_size] = {1, 2, 1};
    put_big_endian(radix, p + 3, 3);
    p[6] = 10;
    p[7] = static_cast<std::uint8_t>(out->u % 256);
    put_big_endian(n, p + 8, 4);
    put_big_endian(tweak_size, p + 12, 4);
    if (!aes_encrypt_block(key, p, p)) return false;
    out->mac_after_p[0] = load_big_endian_64(p);
    out->mac_after_p[1] = load_big_endian_64(p + 8);

    // Q's constant part: T, then zeros so that Q fills whole blocks; [i] and B are added per round.
    const std::size_t padding = (aes_block_size - (tweak_size + out->b + 1) % aes_block_size) % aes_block_size;
    std::uint8_t q[3 * aes_block_size] = {};
    if (tweak_size) std::memcpy(q, tweak, tweak_size);
    out->q_block_count = (tweak_size + padding + 1 + out->b) / aes_block_size;
    for (std::size_t k = 0; k < out->q_block_count; ++k) {
        out->q_blocks[k][0] = load_big_endian_64(q + k * aes_block_size);
        out->q_blocks[k][1] = load_big_endian_64(q + k * aes_block_size + 8);
    }
    return true;
}

bool ff1_encrypt(const ff1_domain& domain, std::uint64_t a, std::uint64_t b, std::uint64_t* out_a,
                 std::uint64_t* out_b) noexcept {
    for (int i = 0; i < ff1_rounds; ++i) {  // step 6
        const std::uint64_t modulus = i % 2 == 0 ? domain.modulus_u : domain.modulus_v;
        std::uint64_t y = 0;
        if (!round_value(domain, i, b, modulus, &y)) return false;
        const std::uint64_t c = reduce(a + y, modulus, domain.power_of_two);  // a, y < modulus <= 2^63
        a = b;
        b = c;
    }
    *out_a = a;
    *out_b = b;
    return true;
}

bool ff1_decrypt(const ff1_domain& domain, std::uint64_t a, std::uint64_t b, std::uint64_t* out_a,
                 std::uint64_t* out_b) noexcept {
    for (int i = ff1_rounds - 1; i >= 0; --i) {
        const std::uint64_t modulus = i % 2 == 0 ? domain.modulus_u : domain.modulus_v;
        std::uint64_t y = 0;
        if (!round_value(domain, i, a, modulus, &y)) return false;
        const std::uint64_t c = b >= y ? b - y : b + (modulus - y);
        b = a;
        a = c;
    }
    *out_a = a;
    *out_b = b;
    return true;
}

}  // namespace uidext
