// Block-refilled random bytes, never shared across fork and never handed out twice.
#include "random_pool.hpp"

#include <cstring>  // std::memcpy, std::memset

namespace uidext {

bool random_pool::take(std::uint8_t* out, std::size_t n, long owner, fill_function fill) noexcept {
    if (owner != owner_ || block_size - next_ < n) {
        next_ = block_size;  // an inherited or short remainder is dropped, not reused
        if (!fill(buffer_, block_size)) return false;
        owner_ = owner;
        next_ = 0;
    }
    std::memcpy(out, buffer_ + next_, n);
    // Wipe what was handed out: memory of this process then holds no past value's randomness.
    std::memset(buffer_ + next_, 0, n);
    next_ += n;
    return true;
}

}  // namespace uidext
