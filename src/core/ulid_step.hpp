// gen_ulid(): ULIDs that ascend within one process by a random step, after oklog/ulid's
// monotonic entropy. Unlike gen_monotonic_ulid()'s +1, a value does not give its neighbours
// away: the next one is 1 to 2^32 above it, so guessing it takes 32 bits of luck.
#pragma once

#include <cstddef>  // std::size_t
#include <cstdint>  // std::uint8_t, std::uint64_t

#include "generators.hpp"

namespace uidext {

// Random bytes per step: step = (their big-endian value) + 1, uniform in [1, 2^32].
constexpr int ulid_step_random_size = 4;

// Fills out with n fresh strong random bytes; false when the source failed.
using random_draw = bool (*)(std::uint8_t* out, std::size_t n);

// The previous value of one process's gen_ulid().
struct ulid_step_state {
    std::uint8_t last[16] = {};
    bool started = false;
};

enum class ulid_step_status { ok, out_of_range, no_random };

// The next ULID, strictly above the previous one:
// - a clock later than the previous value's millisecond starts that millisecond with 80 fresh
//   random bits (10 bytes drawn);
// - the same millisecond, or a clock that reads earlier, adds a fresh random step to the
//   previous value (4 bytes drawn);
// - when the step would carry out of the 80 bits, the next millisecond starts with 10 fresh
//   bytes whose top bit is cleared (79 random bits).
// That last rule bounds the drift: the value is never more than 1 ms past the highest clock
// reading the process has seen, unless it makes over 2^47 values before its clock passes that
// next millisecond. A start below 2^79 leaves more than 2^79 of room, which takes over
// 2^79 / 2^32 = 2^47 (1.4e14) steps: weeks at one process's full speed, while a working clock
// passes the millisecond within 2 ms. With 80 fresh bits, a start drawn near the top could
// overflow again at once and run 2 ms or more ahead.
// out_of_range: the value would pass 2^48 - 1 ms; no_random: `draw` failed. Either way the
// state is untouched and out unwritten.
[[nodiscard]] ulid_step_status next_stepped_ulid(ulid_step_state& state, std::uint64_t now_ms, random_draw draw,
                                                 std::uint8_t out[16]) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
