// AES on one block. The AES-NI code follows Intel's AES-NI white paper (key expansion with
// AESKEYGENASSIST, decryption round keys with AESIMC): no tables, so no cache-timing channel.
// Elsewhere OpenSSL, whose own code is constant-time (vector permutation or the CPU's
// instructions); its contexts are per process and re-keyed when another key comes
// (PostgreSQL backends are single-threaded).
#include "aes_block.hpp"

#include <cstring>
#include <initializer_list>

#include "bytes16.hpp"

#include <openssl/err.h>
#include <openssl/evp.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define UIDEXT_AES_NI 1
#include <immintrin.h>
#endif

namespace uidext {
namespace {

const char* last_failure = "no failure";

#ifdef UIDEXT_AES_NI
#define UIDEXT_AES_TARGET __attribute__((target("aes,sse2")))

UIDEXT_AES_TARGET inline __m128i spread_words(__m128i key) {
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
    return _mm_xor_si128(key, _mm_slli_si128(key, 4));
}

// Next round key from the previous one and AESKEYGENASSIST's output (RotWord, SubWord, Rcon).
UIDEXT_AES_TARGET inline __m128i next_key(__m128i key, __m128i assist) {
    return _mm_xor_si128(spread_words(key), _mm_shuffle_epi32(assist, 0xff));
}

// AES-256's odd round keys: SubWord without RotWord or Rcon.
UIDEXT_AES_TARGET inline __m128i next_key_256_odd(__m128i key, __m128i previous) {
    return _mm_xor_si128(spread_words(key), _mm_shuffle_epi32(_mm_aeskeygenassist_si128(previous, 0x00), 0xaa));
}

UIDEXT_AES_TARGET void expand_128(const std::uint8_t* raw, __m128i rk[11]) {
    rk[0] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(raw));
    rk[1] = next_key(rk[0], _mm_aeskeygenassist_si128(rk[0], 0x01));
    rk[2] = next_key(rk[1], _mm_aeskeygenassist_si128(rk[1], 0x02));
    rk[3] = next_key(rk[2], _mm_aeskeygenassist_si128(rk[2], 0x04));
    rk[4] = next_key(rk[3], _mm_aeskeygenassist_si128(rk[3], 0x08));
    rk[5] = next_key(rk[4], _mm_aeskeygenassist_si128(rk[4], 0x10));
    rk[6] = next_key(rk[5], _mm_aeskeygenassist_si128(rk[5], 0x20));
    rk[7] = next_key(rk[6], _mm_aeskeygenassist_si128(rk[6], 0x40));
    rk[8] = next_key(rk[7], _mm_aeskeygenassist_si128(rk[7], 0x80));
    rk[9] = next_key(rk[8], _mm_aeskeygenassist_si128(rk[8], 0x1b));
    rk[10] = next_key(rk[9], _mm_aeskeygenassist_si128(rk[9], 0x36));
}

UIDEXT_AES_TARGET void expand_256(const std::uint8_t* raw, __m128i rk[15]) {
    rk[0] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(raw));
    rk[1] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(raw + 16));
    rk[2] = next_key(rk[0], _mm_aeskeygenassist_si128(rk[1], 0x01));
    rk[3] = next_key_256_odd(rk[1], rk[2]);
    rk[4] = next_key(rk[2], _mm_aeskeygenassist_si128(rk[3], 0x02));
    rk[5] = next_key_256_odd(rk[3], rk[4]);
    rk[6] = next_key(rk[4], _mm_aeskeygenassist_si128(rk[5], 0x04));
    rk[7] = next_key_256_odd(rk[5], rk[6]);
    rk[8] = next_key(rk[6], _mm_aeskeygenassist_si128(rk[7], 0x08));
    rk[9] = next_key_256_odd(rk[7], rk[8]);
    rk[10] = next_key(rk[8], _mm_aeskeygenassist_si128(rk[9], 0x10));
    rk[11] = next_key_256_odd(rk[9], rk[10]);
    rk[12] = next_key(rk[10], _mm_aeskeygenassist_si128(rk[11], 0x20));
    rk[13] = next_key_256_odd(rk[11], rk[12]);
    rk[14] = next_key(rk[12], _mm_aeskeygenassist_si128(rk[13], 0x40));
}

UIDEXT_AES_TARGET void expand_native(aes_key* key) {
    __m128i rk[aes_max_rounds + 1];
    if (key->rounds == 10) expand_128(key->raw, rk);
    else expand_256(key->raw, rk);
    const int n = key->rounds;
    for (int i = 0; i <= n; ++i) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(key->encrypt_round_keys[i]), rk[i]);
        // The equivalent inverse cipher: round keys in reverse, InvMixColumns on the inner ones.
        const __m128i inverse = (i == 0 || i == n) ? rk[n - i] : _mm_aesimc_si128(rk[n - i]);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(key->decrypt_round_keys[i]), inverse);
    }
}

UIDEXT_AES_TARGET void encrypt_native(const aes_key& key, const std::uint8_t* in, std::uint8_t* out) {
    const auto* rk = reinterpret_cast<const __m128i*>(key.encrypt_round_keys);
    __m128i x = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in)), _mm_loadu_si128(rk));
    for (int i = 1; i < key.rounds; ++i) x = _mm_aesenc_si128(x, _mm_loadu_si128(rk + i));
    x = _mm_aesenclast_si128(x, _mm_loadu_si128(rk + key.rounds));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), x);
}

// Big-endian halves to the register (memory order: bytes 0-7 in the low lane) and back.
UIDEXT_AES_TARGET void encrypt_words_native(const aes_key& key, std::uint64_t& hi, std::uint64_t& lo) {
    const auto* rk = reinterpret_cast<const __m128i*>(key.encrypt_round_keys);
    __m128i x = _mm_set_epi64x(static_cast<long long>(__builtin_bswap64(lo)), static_cast<long long>(__builtin_bswap64(hi)));
    x = _mm_xor_si128(x, _mm_loadu_si128(rk));
    for (int i = 1; i < key.rounds; ++i) x = _mm_aesenc_si128(x, _mm_loadu_si128(rk + i));
    x = _mm_aesenclast_si128(x, _mm_loadu_si128(rk + key.rounds));
    hi = __builtin_bswap64(static_cast<std::uint64_t>(_mm_cvtsi128_si64(x)));
    lo = __builtin_bswap64(static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x))));
}

UIDEXT_AES_TARGET void decrypt_native(const aes_key& key, const std::uint8_t* in, std::uint8_t* out) {
    const auto* rk = reinterpret_cast<const __m128i*>(key.decrypt_round_keys);
    __m128i x = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in)), _mm_loadu_si128(rk));
    for (int i = 1; i < key.rounds; ++i) x = _mm_aesdec_si128(x, _mm_loadu_si128(rk + i));
    x = _mm_aesdeclast_si128(x, _mm_loadu_si128(rk + key.rounds));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), x);
}
#endif

// OpenSSL: one context per direction, keyed with the last key used.
struct openssl_state {
    EVP_CIPHER_CTX* context = nullptr;
    std::uint8_t raw[32] = {};
    std::size_t raw_size = 0;
};
openssl_state encrypt_state, decrypt_state;

bool fail() noexcept {
    const char* text = ERR_reason_error_string(ERR_peek_last_error());
    last_failure = text ? text : "unknown OpenSSL failure";
    ERR_clear_error();
    return false;
}

bool openssl_block(openssl_state& state, bool encrypt, const aes_key& key, const std::uint8_t* in,
                   std::uint8_t* out) noexcept {
    if (!state.context && !(state.context = EVP_CIPHER_CTX_new())) return fail();
    if (state.raw_size != key.raw_size || std::memcmp(state.raw, key.raw, key.raw_size) != 0) {
        state.raw_size = 0;  // nothing valid is loaded until the init succeeds
        const EVP_CIPHER* cipher = key.raw_size == 16 ? EVP_aes_128_ecb() : EVP_aes_256_ecb();
        if (EVP_CipherInit_ex(state.context, cipher, nullptr, key.raw, nullptr, encrypt ? 1 : 0) != 1 ||
            EVP_CIPHER_CTX_set_padding(state.context, 0) != 1)
            return fail();
        std::memcpy(state.raw, key.raw, key.raw_size);
        state.raw_size = key.raw_size;
    }
    int written = 0;
    if (EVP_CipherUpdate(state.context, out, &written, in, static_cast<int>(aes_block_size)) != 1 ||
        written != static_cast<int>(aes_block_size))
        return fail();
    return true;
}

}  // namespace

bool aes_native_available() noexcept {
#ifdef UIDEXT_AES_NI
    __builtin_cpu_init();  // (idempotent; needed if called before constructors ran)
    return __builtin_cpu_supports("aes") && __builtin_cpu_supports("sse2");
#else
    return false;
#endif
}

bool aes_expand_key(const std::uint8_t* raw, std::size_t size, aes_key* out, aes_engine engine) noexcept {
    if (size != 16 && size != 32) return false;
    std::memset(out, 0, sizeof *out);
    std::memcpy(out->raw, raw, size);
    out->raw_size = size;
    out->rounds = size == 16 ? 10 : 14;
    out->native = engine == aes_engine::automatic && aes_native_available();
#ifdef UIDEXT_AES_NI
    if (out->native) expand_native(out);
#endif
    return true;
}

bool aes_encrypt_block(const aes_key& key, const std::uint8_t in[aes_block_size],
                       std::uint8_t out[aes_block_size]) noexcept {
#ifdef UIDEXT_AES_NI
    if (key.native) {
        encrypt_native(key, in, out);
        return true;
    }
#endif
    return openssl_block(encrypt_state, true, key, in, out);
}

bool aes_decrypt_block(const aes_key& key, const std::uint8_t in[aes_block_size],
                       std::uint8_t out[aes_block_size]) noexcept {
#ifdef UIDEXT_AES_NI
    if (key.native) {
        decrypt_native(key, in, out);
        return true;
    }
#endif
    return openssl_block(decrypt_state, false, key, in, out);
}

bool aes_encrypt_words(const aes_key& key, std::uint64_t& hi, std::uint64_t& lo) noexcept {
#ifdef UIDEXT_AES_NI
    if (key.native) {
        encrypt_words_native(key, hi, lo);
        return true;
    }
#endif
    std::uint8_t block[aes_block_size];
    store_big_endian_64(block, hi);
    store_big_endian_64(block + 8, lo);
    if (!openssl_block(encrypt_state, true, key, block, block)) return false;
    hi = load_big_endian_64(block);
    lo = load_big_endian_64(block + 8);
    return true;
}

const char* aes_failure_reason() noexcept { return last_failure; }

void aes_forget_keys() noexcept {
    for (openssl_state* state : {&encrypt_state, &decrypt_state}) {
        // Freeing the context cleanses OpenSSL's key schedule (OPENSSL_clear_free).
        if (state->context) EVP_CIPHER_CTX_free(state->context);
        state->context = nullptr;
        volatile std::uint8_t* raw = state->raw;
        for (std::size_t i = 0; i < sizeof state->raw; ++i) raw[i] = 0;
        state->raw_size = 0;
    }
}

}  // namespace uidext
