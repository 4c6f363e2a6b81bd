// UUIDv7 clock step and layout (core/uuidv7.hpp): strictly ascending at any rate, never ahead
// of the clock unless more than 2048 values share a 1/4096 ms tick.
#include <gtest/gtest.h>

#include <array>
#include <cstring>

#include "core/bytes16.hpp"
#include "core/time_range.hpp"
#include "core/uuidv7.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;
using random8 = std::array<std::uint8_t, uuidv7_random_bytes>;

random8 filled(std::uint8_t fill) {
    random8 r;
    r.fill(fill);
    return r;
}

// A changing random source, so that order never comes from the random bits by luck.
random8 pseudo_random(std::uint64_t i) {
    std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 31;
    random8 r;
    for (auto& b : r) {
        b = static_cast<std::uint8_t>(x);
        x = (x >> 8) | (x << 56);
    }
    return r;
}

constexpr std::int64_t start_ns = INT64_C(1700000000000000000);

std::uint64_t tick_of(const bytes& v) {
    return read_unix_ms(v.data()) * uuidv7_ticks_per_ms + (((v[6] & 0x0F) << 8) | v[7]);
}

std::uint32_t counter_of(const bytes& v) {
    return static_cast<std::uint32_t>(((v[8] & 0x3F) << 6) | (v[9] >> 2));
}

struct generator {
    uuidv7_clock state;
    bytes next(std::int64_t now_ns, const random8& random) {
        EXPECT_TRUE(next_uuidv7_clock(state, uuidv7_tick_of_ns(now_ns), random.data()));
        bytes out{};
        make_uuidv7(state.tick, state.counter, random.data(), out.data());
        return out;
    }
};

}  // namespace

TEST(uuidv7, tick_is_the_4096th_of_a_millisecond) {
    EXPECT_EQ(uuidv7_tick_of_ns(0), 0U);
    EXPECT_EQ(uuidv7_tick_of_ns(244), 0U);
    EXPECT_EQ(uuidv7_tick_of_ns(245), 1U);  // 244.140625 ns per tick
    EXPECT_EQ(uuidv7_tick_of_ns(1000000), 4096U);
    EXPECT_EQ(uuidv7_tick_of_ns(1500000), 4096U + 2048U);
    EXPECT_EQ(uuidv7_tick_of_ns(-5), 0U);  // before 1970: the first tick, as PostgreSQL 18 does
    EXPECT_EQ(uuidv7_tick_start_us(4096 + 2048), 1500);
    EXPECT_EQ(uuidv7_tick_start_us(uuidv7_max_tick), static_cast<std::int64_t>(max_unix_ms) * 1000 + 999);
}

TEST(uuidv7, layout_fields) {
    // RFC 9562 A.6's time and rand_a with a counter of 0xABC and random bits all ones.
    bytes out{};
    make_uuidv7(0x017F22E279B0ULL * uuidv7_ticks_per_ms + 0xCC3, 0xABC, filled(0xFF).data(), out.data());
    const bytes want = {0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0x7C, 0xC3, 0x80 | (0xABC >> 6), ((0xABC & 0x3F) << 2) | 0x3,
                        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    EXPECT_EQ(out, want);
    make_uuidv7(0, 0, filled(0x00).data(), out.data());
    const bytes zero = {0, 0, 0, 0, 0, 0, 0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_EQ(out, zero);
}

TEST(uuidv7, advancing_clock_gives_its_own_fraction_and_a_seeded_counter) {
    generator g;
    const bytes v = g.next(start_ns + 500000, filled(0xFF));  // half a millisecond in
    EXPECT_EQ(tick_of(v), uuidv7_tick_of_ns(start_ns) + 2048);
    EXPECT_EQ(counter_of(v), 2047U);  // the seed's guard bit is clear
    const bytes w = g.next(start_ns + 500245, filled(0x00));
    EXPECT_EQ(tick_of(w), tick_of(v) + 1);
    EXPECT_EQ(counter_of(w), 0U);
}

TEST(uuidv7, standing_clock_counts_within_the_tick) {
    generator g;
    bytes previous = g.next(start_ns, filled(0x00));
    for (int i = 1; i < 4096; ++i) {
        const bytes next = g.next(start_ns, pseudo_random(i));
        ASSERT_EQ(tick_of(next), tick_of(previous));
        ASSERT_EQ(counter_of(next), counter_of(previous) + 1);
        ASSERT_LT(previous, next);
        previous = next;
    }
    const bytes overflow = g.next(start_ns, filled(0x00));  // counter 4095 was the last
    EXPECT_EQ(tick_of(overflow), tick_of(previous) + 1);
    EXPECT_EQ(counter_of(overflow), 0U);
    EXPECT_LT(previous, overflow);
}

TEST(uuidv7, backward_clock_holds_the_tick) {
    generator g;
    const bytes first = g.next(start_ns, filled(0x10));
    const bytes back = g.next(start_ns - 5000000000, filled(0x99));  // 5 s back
    EXPECT_EQ(tick_of(back), tick_of(first));
    EXPECT_EQ(counter_of(back), counter_of(first) + 1);
    EXPECT_LT(first, back);
    const bytes caught_up = g.next(start_ns + 1000, filled(0x01));
    EXPECT_EQ(tick_of(caught_up), uuidv7_tick_of_ns(start_ns + 1000));
    EXPECT_LT(back, caught_up);
}

TEST(uuidv7, ten_million_calls_a_second_never_run_ahead_of_the_clock) {
    // 100 ns per call: at most 3 values per tick, far below the 2049 that could lead.
    generator g;
    bytes previous{};
    for (std::int64_t i = 0; i < 3000000; ++i) {
        const std::int64_t now = start_ns + i * 100;
        const bytes next = g.next(now, pseudo_random(static_cast<std::uint64_t>(i)));
        ASSERT_LT(previous, next) << i;
        ASSERT_LE(tick_of(next), uuidv7_tick_of_ns(now)) << i;
        previous = next;
    }
}

TEST(uuidv7, worst_case_lead_is_one_tick_per_2049_values) {
    // A standing clock and the largest seed (2047) every time: each tick holds exactly 2049
    // values (2047..4095), so 1 ms (4096 ticks) of lead takes 4096 * 2049 values.
    generator g;
    const std::uint64_t clock_tick = uuidv7_tick_of_ns(start_ns);
    bytes previous{};
    const std::int64_t per_tick = uuidv7_counter_limit - (uuidv7_counter_seed_limit - 1);
    EXPECT_EQ(per_tick, 2049);
    for (std::int64_t i = 0; i < per_tick * uuidv7_ticks_per_ms; ++i) {
        const bytes next = g.next(start_ns, filled(0xFF));
        ASSERT_LT(previous, next) << i;
        ASSERT_EQ(tick_of(next) - clock_tick, static_cast<std::uint64_t>(i / per_tick)) << i;
        previous = next;
    }
    EXPECT_EQ(g.state.tick - clock_tick, static_cast<std::uint64_t>(uuidv7_ticks_per_ms - 1));
    (void)g.next(start_ns, filled(0xFF));
    EXPECT_EQ(g.state.tick - clock_tick, static_cast<std::uint64_t>(uuidv7_ticks_per_ms));  // 1 ms only now
}

TEST(uuidv7, fast_standing_and_backward_clocks_stay_strictly_increasing) {
    generator g;
    bytes previous{};
    for (std::int64_t i = 0; i < 2000000; ++i) {
        // 20 ns per call, with a 5 ms step back every 100 000 calls.
        const std::int64_t now = start_ns + i * 20 - (i / 100000) * 5000000;
        const bytes next = g.next(now, pseudo_random(static_cast<std::uint64_t>(i)));
        ASSERT_LT(previous, next) << i;
        previous = next;
    }
}

TEST(uuidv7, refuses_to_pass_the_last_tick) {
    uuidv7_clock state;
    const random8 r = filled(0xFF);
    EXPECT_FALSE(next_uuidv7_clock(state, uuidv7_max_tick + 1, r.data()));
    EXPECT_EQ(state.tick, 0U);
    ASSERT_TRUE(next_uuidv7_clock(state, uuidv7_max_tick, r.data()));
    while (state.counter + 1 < uuidv7_counter_limit) ASSERT_TRUE(next_uuidv7_clock(state, uuidv7_max_tick, r.data()));
    const uuidv7_clock before = state;
    EXPECT_FALSE(next_uuidv7_clock(state, uuidv7_max_tick, r.data()));
    EXPECT_EQ(state.tick, before.tick);
    EXPECT_EQ(state.counter, before.counter);
}

TEST(uuidv7, shifted_tick_is_exact_and_keeps_the_order) {
    const std::int64_t shifts[] = {0, 1, -1, 124, 125, -125, 999, -1000, 86400000000LL, -86400000000LL,
                                   INT64_C(315569520000000)};
    const std::uint64_t base = uuidv7_tick_of_ns(start_ns);
    for (const std::int64_t shift : shifts) {
        std::int64_t previous = INT64_MIN;
        for (std::uint64_t tick = base; tick < base + 5000; ++tick) {
            // floor((tick * 1e6 / 4096 ns + shift * 1000 ns) * 4096 / 1e6), in 128 bits
            const __int128 exact_num = static_cast<__int128>(tick) * 1000000 + static_cast<__int128>(shift) * 1000 * 4096;
            __int128 want = exact_num / 1000000;
            if (exact_num % 1000000 < 0) --want;
            const std::int64_t got = uuidv7_shift_tick(tick, shift);
            ASSERT_EQ(got, static_cast<std::int64_t>(want)) << tick << " " << shift;
            ASSERT_GT(got, previous);
            // Its millisecond is that of the shifted microsecond, as PostgreSQL 18 computes it.
            const std::int64_t us = uuidv7_tick_start_us(tick) + shift;
            ASSERT_EQ(got / uuidv7_ticks_per_ms, us / 1000);
            previous = got;
        }
    }
}

TEST(uuidv7, shift_range_is_postgres_18s) {
    constexpr std::int64_t last = static_cast<std::int64_t>(max_unix_ms) * 1000 - pg_epoch_offset_us;
    EXPECT_TRUE(uuidv7_shift_in_range(-pg_epoch_offset_us));
    EXPECT_FALSE(uuidv7_shift_in_range(-pg_epoch_offset_us - 1));
    EXPECT_TRUE(uuidv7_shift_in_range(last));       // 10889-08-02 05:31:50.655 exactly
    EXPECT_FALSE(uuidv7_shift_in_range(last + 1));  // the rest of that millisecond: core rejects it
}
