// AES-128 and AES-256 on one 16-byte block: the block cipher under opaque ids (FF1's round
// function for uuid, the whole permutation for ulid). AES-NI where the CPU has it, OpenSSL's
// EVP interface everywhere else (and when asked, so that tests can hold one against the other).
#pragma once

#include <cstddef>  // std::size_t
#include <cstdint>  // std::uint8_t

namespace uidext {

constexpr std::size_t aes_block_size = 16;
constexpr int aes_max_rounds = 14;  // AES-256

enum class aes_engine {
    automatic,  // AES-NI when this CPU has it, else OpenSSL
    openssl,    // OpenSSL's EVP interface (which uses the CPU's instructions itself when it can)
};

// One expanded key: plain bytes that may be copied and freed without cleanup, at any alignment
// (PostgreSQL 16+ allocates a setting's data with palloc, which aligns to 8 only).
struct aes_key {
    std::uint8_t encrypt_round_keys[aes_max_rounds + 1][aes_block_size];
    std::uint8_t decrypt_round_keys[aes_max_rounds + 1][aes_block_size];
    std::uint8_t raw[32];
    std::size_t raw_size;  // 16 or 32
    int rounds;            // 10 or 14
    bool native;           // the round keys above are filled and AES-NI is used
};

// True when this process runs AES-NI (x86 with the AES instructions).
[[nodiscard]] bool aes_native_available() noexcept;

// Expands a 16- or 32-byte key; false for any other size.
[[nodiscard]] bool aes_expand_key(const std::uint8_t* key, std::size_t size, aes_key* out,
                                  aes_engine engine = aes_engine::automatic) noexcept;

// One block; in and out may be the same. False only when OpenSSL fails (never with AES-NI).
[[nodiscard]] bool aes_encrypt_block(const aes_key& key, const std::uint8_t in[aes_block_size],
                                     std::uint8_t out[aes_block_size]) noexcept;
[[nodiscard]] bool aes_decrypt_block(const aes_key& key, const std::uint8_t in[aes_block_size],
                                     std::uint8_t out[aes_block_size]) noexcept;

// The same on a block held as two big-endian 64-bit halves (hi: bytes 0-7), which stays in
// registers with AES-NI: FF1 builds and reads its blocks as numbers.
[[nodiscard]] bool aes_encrypt_words(const aes_key& key, std::uint64_t& hi, std::uint64_t& lo) noexcept;

// OpenSSL's reason for the last failure (static text).
const char* aes_failure_reason() noexcept;

// Forgets the last key the OpenSSL engine was given (it keeps one per direction so as not to
// re-key for every block): call when keys are retired, so that no copy stays in this process.
void aes_forget_keys() noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
