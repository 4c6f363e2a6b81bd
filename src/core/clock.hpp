// The real-time clock the generators read; the generator steps themselves take the reading as
// an argument so tests can drive them with any clock.
#pragma once

#include <cstdint>  // std::int64_t
#include <ctime>    // clock_gettime

namespace uidext {

// Nanoseconds since the Unix epoch. CLOCK_REALTIME is served by the vDSO: no system call.
[[nodiscard]] inline std::int64_t unix_now_ns() noexcept {
    timespec now{};
    clock_gettime(CLOCK_REALTIME, &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1000000000 + now.tv_nsec;
}

}  // namespace uidext

#include "cpp_only.hpp"
