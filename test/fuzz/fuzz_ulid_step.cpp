// gen_ulid()'s random-step generator (next_stepped_ulid) driven by a fuzzed clock (jumping
// forwards, backwards and to the last milliseconds of 2^48), fuzzed random bytes and injected
// random-source failures, against an independent 128-bit model of the rules in ulid_step.hpp:
// - a later millisecond (or the first value) draws 10 bytes: ms << 80 | those 80 bits;
// - otherwise it draws 4 bytes and adds step = their big-endian value + 1 (1 to 2^32);
// - if that passes the 80 bits, it draws 10 more: (ms + 1) << 80 | those bits with the top bit
//   cleared; out_of_range when ms + 1 would pass 2^48 - 1 (and before any draw when the clock
//   itself is past it);
// - a failed draw gives no_random; any failure leaves the state untouched.
// Also: the bytes drawn are exactly the ones the model needs, values strictly increase, and a
// value is never more than 1 ms past the highest clock reading of a successful call.
#include <algorithm>
#include <vector>

#include "core/ulid_step.hpp"
#include "fuzz_input.hpp"
#include "reference.hpp"

namespace {

// The random source of one call: bytes from the input (or all ones), failing at draw number
// fail_at (-1: never), and a log of every draw.
reader* input = nullptr;
bool all_ones = false;
int fail_at = -1;
std::vector<std::vector<std::uint8_t>> draws;

bool fuzz_draw(std::uint8_t* out, std::size_t n) {
    if (static_cast<int>(draws.size()) == fail_at) return false;
    for (std::size_t i = 0; i < n; ++i) out[i] = all_ones ? 0xFF : input->byte();
    draws.emplace_back(out, out + n);
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    reader in{data, size};
    input = &in;
    constexpr u128 random_mask = (u128{1} << 80) - 1;

    std::uint64_t now_ms = in.bytes(6);  // any 48-bit start, the top millisecond included
    uidext::ulid_step_state state;
    bool have_previous = false;
    u128 previous = 0;
    std::uint64_t highest_clock = 0;
    for (int call = 0; call < 128 && in.more(); ++call) {
        // op: bits 0-1 the clock, bit 2 all-ones randomness, bit 3 a failing source (at the
        // draw number in bit 4).
        const std::uint8_t op = in.byte();
        now_ms = next_clock_ms(in, now_ms, op);
        all_ones = (op & 4) != 0;
        fail_at = (op & 8) ? (op >> 4) & 1 : -1;
        draws.clear();

        const uidext::ulid_step_state before = state;
        std::uint8_t out[16] = {};
        const uidext::ulid_step_status status = uidext::next_stepped_ulid(state, now_ms, fuzz_draw, out);

        // The model: which draws it needs, and from the bytes drawn, the expected value.
        using uidext::ulid_step_status;
        ulid_step_status want_status = ulid_step_status::ok;
        std::vector<std::size_t> want_sizes;
        u128 want = 0;
        const std::uint64_t last_ms = static_cast<std::uint64_t>(previous >> 80);
        auto drawn = [&](std::size_t k) { return k < draws.size() ? to_u128(draws[k].data(), draws[k].size()) : 0; };
        if (!have_previous || now_ms > last_ms) {
            if (now_ms > uidext::max_unix_ms) {
                want_status = ulid_step_status::out_of_range;
            } else {
                want_sizes = {10};
                if (fail_at == 0) want_status = ulid_step_status::no_random;
                else want = (u128{now_ms} << 80) | drawn(0);
            }
        } else {
            want_sizes = {4};
            if (fail_at == 0) {
                want_status = ulid_step_status::no_random;
            } else {
                const u128 step = drawn(0) + 1;
                if ((previous & random_mask) + step <= random_mask) {
                    want = previous + step;
                } else if (last_ms >= uidext::max_unix_ms) {
                    want_status = ulid_step_status::out_of_range;
                } else {
                    want_sizes.push_back(10);
                    if (fail_at == 1) want_status = ulid_step_status::no_random;
                    else want = (u128{last_ms + 1} << 80) | (drawn(1) & (random_mask >> 1));
                }
            }
        }

        FUZZ_CHECK(status == want_status, text);
        // Exactly the draws the model needs (a failed draw is not logged).
        FUZZ_CHECK(draws.size() + (want_status == ulid_step_status::no_random ? 1 : 0) == want_sizes.size(), text);
        for (std::size_t k = 0; k < draws.size(); ++k) FUZZ_CHECK(draws[k].size() == want_sizes[k], text);
        if (status != ulid_step_status::ok) {
            FUZZ_CHECK(std::memcmp(before.last, state.last, 16) == 0 && before.started == state.started, text);
            FUZZ_CHECK(std::all_of(out, out + 16, [](std::uint8_t b) { return b == 0; }), text);
            continue;
        }
        const u128 got = to_u128(out, 16);
        FUZZ_CHECK(got == want, text);
        FUZZ_CHECK(std::memcmp(state.last, out, 16) == 0 && state.started, text);
        FUZZ_CHECK(!have_previous || got > previous, text);
        if (have_previous && (got >> 80) == (previous >> 80))
            FUZZ_CHECK(got - previous >= 1 && got - previous <= (u128{1} << 32), text);
        highest_clock = std::max(highest_clock, now_ms);
        FUZZ_CHECK(static_cast<std::uint64_t>(got >> 80) <= highest_clock + 1, text);
        FUZZ_CHECK(uidext::read_unix_ms(out) <= uidext::max_unix_ms, text);
        previous = got;
        have_previous = true;
    }
    return 0;
}
