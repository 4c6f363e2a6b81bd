// gen_ulid()'s random-step generator driven by a scripted random source and a hand-set clock.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <deque>
#include <initializer_list>

#include "core/ulid_step.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;
using u128 = unsigned __int128;

// The bytes the generator will draw, in order, and how many it drew; past the script, or
// with `fail` set, the source reports a failure.
std::deque<std::uint8_t> script;
std::size_t drawn = 0;
bool fail = false;

bool scripted_draw(std::uint8_t* out, std::size_t n) {
    if (fail || script.size() < n) return false;
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = script.front();
        script.pop_front();
    }
    drawn += n;
    return true;
}

void reset_source() {
    script.clear();
    drawn = 0;
    fail = false;
}

void push(std::initializer_list<std::uint8_t> b) {
    script.insert(script.end(), b);
}

void push_repeated(std::uint8_t b, int n) {
    script.insert(script.end(), static_cast<std::size_t>(n), b);
}

u128 as_u128(const bytes& v) {
    u128 x = 0;
    for (std::uint8_t b : v) x = (x << 8) | b;
    return x;
}

std::uint64_t ms_of(const bytes& v) {
    return read_unix_ms(v.data());
}

u128 random_of(const bytes& v) {
    return as_u128(v) & ((u128{1} << 80) - 1);
}

bytes next(ulid_step_state& state, std::uint64_t now_ms) {
    bytes out{};
    EXPECT_EQ(next_stepped_ulid(state, now_ms, scripted_draw, out.data()), ulid_step_status::ok);
    return out;
}

// A state whose previous value is `ms` with the given 80 random bits.
ulid_step_state state_at(std::uint64_t ms, u128 random) {
    ulid_step_state state;
    const u128 value = (u128{ms} << 80) | random;
    for (int i = 0; i < 16; ++i) state.last[i] = static_cast<std::uint8_t>(value >> (8 * (15 - i)));
    state.started = true;
    return state;
}

constexpr u128 random_max = (u128{1} << 80) - 1;
constexpr std::uint64_t two_32 = std::uint64_t{1} << 32;

}  // namespace

TEST(ulid_step, first_value_of_a_millisecond_takes_80_fresh_bits) {
    reset_source();
    ulid_step_state state;
    push({0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC});
    const bytes first = next(state, 1469918176385);
    EXPECT_EQ(ms_of(first), 1469918176385U);
    const std::uint8_t want[10] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC};
    EXPECT_EQ(std::memcmp(first.data() + 6, want, 10), 0);
    EXPECT_EQ(drawn, 10U);

    push_repeated(0x99, 10);  // a later millisecond starts afresh again
    const bytes later = next(state, 1469918176390);
    EXPECT_EQ(ms_of(later), 1469918176390U);
    EXPECT_EQ(random_of(later), (u128{0x9999999999999999} << 16) | 0x9999);
    EXPECT_EQ(drawn, 20U);
}

TEST(ulid_step, same_millisecond_adds_one_plus_four_random_bytes) {
    reset_source();
    ulid_step_state state;
    push_repeated(0x00, 10);
    bytes previous = next(state, 5000);
    // step = big-endian value of 4 bytes + 1: the smallest, the largest and one in between.
    for (const auto& [b, step] : {std::pair<std::array<std::uint8_t, 4>, std::uint64_t>{{0, 0, 0, 0}, 1},
                                  {{0xFF, 0xFF, 0xFF, 0xFF}, two_32},
                                  {{0x12, 0x34, 0x56, 0x78}, 0x12345679}}) {
        push({b[0], b[1], b[2], b[3]});
        const std::size_t before = drawn;
        const bytes value = next(state, 5000);
        EXPECT_EQ(drawn - before, 4U);
        EXPECT_EQ(as_u128(value) - as_u128(previous), step);
        EXPECT_EQ(ms_of(value), 5000U);
        previous = value;
    }
}

TEST(ulid_step, a_step_carries_into_the_upper_16_random_bits) {
    reset_source();
    ulid_step_state state = state_at(7000, 0xFFFFFFFFFFFFFFFF);  // low 64 bits all ones
    push({0, 0, 0, 1});                                          // step 2
    const bytes value = next(state, 7000);
    EXPECT_EQ(random_of(value), (u128{1} << 64) + 1);
    EXPECT_EQ(ms_of(value), 7000U);
}

TEST(ulid_step, clock_that_reads_earlier_keeps_stepping_in_the_last_millisecond) {
    reset_source();
    ulid_step_state state;
    push_repeated(0x40, 10);
    const bytes first = next(state, 9000);
    push({0, 0, 0, 9});
    const bytes back = next(state, 10);  // the clock stepped back by hours
    EXPECT_EQ(ms_of(back), 9000U);
    EXPECT_EQ(as_u128(back) - as_u128(first), 10U);
    push_repeated(0x01, 10);
    const bytes forward = next(state, 9001);
    EXPECT_EQ(ms_of(forward), 9001U);
    EXPECT_GT(forward, back);
    EXPECT_EQ(drawn, 24U);
}

TEST(ulid_step, overflow_moves_to_the_next_millisecond_with_the_top_bit_clear) {
    reset_source();
    // Exactly fits: the largest step onto the largest value keeps the millisecond.
    ulid_step_state state = state_at(7000, random_max - two_32);
    push_repeated(0xFF, 4);
    bytes value = next(state, 7000);
    EXPECT_EQ(ms_of(value), 7000U);
    EXPECT_EQ(random_of(value), random_max);
    // One more step of 1 carries out of the 80 bits: 7001 with 10 fresh bytes, top bit cleared.
    push({0, 0, 0, 0});
    push_repeated(0xFF, 10);
    const std::size_t before = drawn;
    const bytes moved = next(state, 7000);
    EXPECT_EQ(drawn - before, 14U);
    EXPECT_EQ(ms_of(moved), 7001U);
    EXPECT_EQ(random_of(moved), (u128{1} << 79) - 1);
    EXPECT_GT(moved, value);
}

TEST(ulid_step, at_most_one_millisecond_ahead_of_a_standing_clock) {
    // The worst randomness there is: every start all ones, every step 2^32. The first start
    // overflows at once; the next millisecond's start is below 2^79, which leaves room for more
    // than 2^47 steps of 2^32 (checked arithmetically below), so a million stay in it.
    reset_source();
    ulid_step_state state;
    push_repeated(0xFF, 10);
    next(state, 3000);
    push_repeated(0xFF, 4 + 10);
    EXPECT_EQ(ms_of(next(state, 3000)), 3001U);
    for (int i = 0; i < 1000000; ++i) {
        push_repeated(0xFF, 4);
        bytes out{};
        ASSERT_EQ(next_stepped_ulid(state, 3000, scripted_draw, out.data()), ulid_step_status::ok);
        ASSERT_EQ(ms_of(out), 3001U) << i;
    }
    // After 2^47 - 1 largest steps from the largest restricted start, one more still fits.
    const u128 largest_start = (u128{1} << 79) - 1;
    ulid_step_state after = state_at(3001, largest_start + ((u128{1} << 47) - 1) * two_32);
    push_repeated(0xFF, 4);
    EXPECT_EQ(ms_of(next(after, 3000)), 3001U);
}

TEST(ulid_step, refuses_to_pass_the_48_bit_limit) {
    reset_source();
    bytes out{};
    out[0] = 0xAB;
    ulid_step_state fresh;
    EXPECT_EQ(next_stepped_ulid(fresh, max_unix_ms + 1, scripted_draw, out.data()), ulid_step_status::out_of_range);
    EXPECT_FALSE(fresh.started);
    EXPECT_EQ(drawn, 0U);  // refused before drawing

    ulid_step_state full = state_at(max_unix_ms, random_max);
    const ulid_step_state before = full;
    push({0, 0, 0, 0});
    push_repeated(0x00, 10);
    EXPECT_EQ(next_stepped_ulid(full, max_unix_ms, scripted_draw, out.data()), ulid_step_status::out_of_range);
    EXPECT_EQ(std::memcmp(full.last, before.last, 16), 0);
    EXPECT_EQ(out[0], 0xAB);  // untouched

    // Below the top of the last millisecond it still steps.
    reset_source();
    push({0, 0, 0, 0});
    ulid_step_state last = state_at(max_unix_ms, 5);
    EXPECT_EQ(next_stepped_ulid(last, max_unix_ms, scripted_draw, out.data()), ulid_step_status::ok);
    EXPECT_EQ(read_unix_ms(out.data()), max_unix_ms);
}

TEST(ulid_step, a_failing_source_leaves_the_state_untouched) {
    reset_source();
    bytes out{};
    ulid_step_state state;
    fail = true;
    EXPECT_EQ(next_stepped_ulid(state, 1000, scripted_draw, out.data()), ulid_step_status::no_random);
    EXPECT_FALSE(state.started);

    ulid_step_state full = state_at(1000, random_max);
    const ulid_step_state before = full;
    fail = false;
    push({0, 0, 0, 0});  // the step is drawn, the fresh bytes of the next millisecond are not
    EXPECT_EQ(next_stepped_ulid(full, 1000, scripted_draw, out.data()), ulid_step_status::no_random);
    EXPECT_EQ(std::memcmp(full.last, before.last, 16), 0);
}

TEST(ulid_step, ten_million_a_second_with_clock_steps_back_stay_strictly_increasing) {
    // A clock that advances 1 ms every 10 000 calls and steps back 5 ms every 500 000 calls,
    // with pseudo-random bytes: strictly increasing, every in-millisecond step in [1, 2^32].
    reset_source();
    ulid_step_state state;
    bytes previous{};
    std::uint32_t x = 12345;
    auto lcg_byte = [&x] {
        x = x * 1103515245 + 12345;
        return static_cast<std::uint8_t>(x >> 24);
    };
    int steps = 0;
    for (std::uint64_t i = 0; i < 2000000; ++i) {
        for (int k = 0; k < 10; ++k) script.push_back(lcg_byte());
        const std::uint64_t now = 1700000000000 + i / 10000 - (i / 500000) * 5;
        bytes value{};
        ASSERT_EQ(next_stepped_ulid(state, now, scripted_draw, value.data()), ulid_step_status::ok);
        ASSERT_LT(previous, value) << i;
        if (i > 0 && ms_of(value) == ms_of(previous)) {
            const u128 step = as_u128(value) - as_u128(previous);
            ASSERT_GE(step, 1U);
            ASSERT_LE(step, two_32);
            ++steps;
        }
        ASSERT_LE(ms_of(value), now + 5);  // ahead only by the clock's own step back
        previous = value;
        script.clear();
    }
    EXPECT_GT(steps, 1900000);
}
