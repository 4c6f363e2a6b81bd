// MD5 and SHA-1 from OpenSSL's libcrypto, for name-based UUIDs. The only file that calls a
// digest library: everything else works on the resulting bytes.
#pragma once

#include <cstddef>  // std::size_t
#include <cstdint>  // std::uint8_t

namespace uidext {

enum class digest_algorithm { md5, sha1 };

constexpr std::size_t max_digest_size = 20;  // SHA-1; MD5 has 16

// The digest of `first` followed by `second` (either may be empty) into out. False when the
// library refuses or fails, with its reason in *reason (static text; MD5 is refused when
// OpenSSL runs in FIPS mode).
[[nodiscard]] bool compute_digest(digest_algorithm algorithm, const std::uint8_t* first, std::size_t first_size,
                                  const std::uint8_t* second, std::size_t second_size,
                                  std::uint8_t out[max_digest_size], const char** reason) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
