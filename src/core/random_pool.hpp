// A per-process buffer of strong random bytes, refilled in blocks so each value costs a copy,
// not a call into the operating system's random source.
#pragma once

#include <cstddef>  // std::size_t
#include <cstdint>  // std::uint8_t

namespace uidext {

class random_pool {
public:
    // Fills buf with len strong random bytes; false when the source fails.
    using fill_function = bool (*)(void* buf, std::size_t len);

    static constexpr std::size_t block_size = 4096;

    // Copies n (at most block_size) fresh bytes to out. owner identifies the calling process:
    // bytes filled by another process (a parent before fork) are discarded, never handed out.
    // False when the source failed; out is then untouched.
    [[nodiscard]] bool take(std::uint8_t* out, std::size_t n, long owner, fill_function fill) noexcept;

private:
    std::uint8_t buffer_[block_size] = {};
    std::size_t next_ = block_size;  // first unused byte; block_size means empty
    long owner_ = 0;
};

}  // namespace uidext

#include "cpp_only.hpp"
