// OpenSSL EVP digests. The algorithm is fetched once per process and one context is reused:
// at ~20-byte names per-call setup, not hashing, dominates (see notes/uuid-family.md section 8).
// EVP, not the low-level MD5()/SHA1() calls, so that a FIPS configuration is obeyed.
#include "digest.hpp"

#include <openssl/err.h>
#include <openssl/evp.h>

namespace uidext {
namespace {

// Per process, never freed: PostgreSQL backends are single-threaded and live as long as the
// connection. A forked child inherits its own copy, which is equally valid.
EVP_MD_CTX* context = nullptr;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
EVP_MD* fetched[2] = {nullptr, nullptr};
#endif

const EVP_MD* digest_of(digest_algorithm algorithm) noexcept {
    const int index = algorithm == digest_algorithm::md5 ? 0 : 1;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    // A failed fetch is not remembered: the error is reported again, never cached as success.
    if (!fetched[index]) fetched[index] = EVP_MD_fetch(nullptr, index == 0 ? "MD5" : "SHA1", nullptr);
    return fetched[index];
#else
    return index == 0 ? EVP_md5() : EVP_sha1();
#endif
}

bool failed(const char** reason) noexcept {
    const char* text = ERR_reason_error_string(ERR_peek_last_error());
    *reason = text ? text : "unknown OpenSSL failure";
    ERR_clear_error();
    return false;
}

}  // namespace

bool compute_digest(digest_algorithm algorithm, const std::uint8_t* first, std::size_t first_size,
                    const std::uint8_t* second, std::size_t second_size, std::uint8_t out[max_digest_size],
                    const char** reason) noexcept {
    if (!context && !(context = EVP_MD_CTX_new())) return failed(reason);
    const EVP_MD* md = digest_of(algorithm);
    if (!md) return failed(reason);
    unsigned int size = 0;
    if (EVP_DigestInit_ex(context, md, nullptr) != 1 || EVP_DigestUpdate(context, first, first_size) != 1 ||
        EVP_DigestUpdate(context, second, second_size) != 1 || EVP_DigestFinal_ex(context, out, &size) != 1)
        return failed(reason);
    return true;
}

}  // namespace uidext
