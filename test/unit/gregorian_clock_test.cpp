// The clock of UUID versions 1 and 6 (core/time_based.hpp) driven by a hand-set clock and a
// scripted random source: counting in the clock sequence when the tick has not moved, the wrap
// that moves the tick, a clock that steps back, strict ascent of version 6, uniqueness of
// version 1, and the end of the 60-bit range.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <set>
#include <utility>

#include "core/time_based.hpp"

using namespace uidext;

namespace {

// The 16-bit words the clock will draw, in order; past the script the source fails.
std::deque<std::uint16_t> script;
int draws = 0;

bool scripted_draw(std::uint8_t* out, std::size_t n) {
    if (n != 2 || script.empty()) return false;
    out[0] = static_cast<std::uint8_t>(script.front() >> 8);
    out[1] = static_cast<std::uint8_t>(script.front());
    script.pop_front();
    ++draws;
    return true;
}

void reset(std::initializer_list<std::uint16_t> words) {
    script.assign(words);
    draws = 0;
}

using stamp = std::pair<std::uint64_t, std::uint32_t>;  // (tick, clock sequence)

stamp v1(gregorian_clock& clock, std::uint64_t now, gregorian_status want = gregorian_status::ok) {
    EXPECT_EQ(next_uuidv1_clock(clock, now, scripted_draw), want);
    return {clock.tick, clock.seq};
}

stamp v6(gregorian_clock& clock, std::uint64_t now, gregorian_status want = gregorian_status::ok) {
    EXPECT_EQ(next_uuidv6_clock(clock, now, scripted_draw), want);
    return {clock.tick, clock.seq};
}

}  // namespace

// --- version 1: Go's NewUUID ------------------------------------------------------------------

TEST(uuidv1_clock, takes_the_clock_and_keeps_the_sequence_when_it_moves_on) {
    gregorian_clock clock;
    reset({0xC123});  // 14 bits kept: 0x0123
    EXPECT_EQ(v1(clock, 1000), stamp(1000, 0x0123));
    EXPECT_EQ(v1(clock, 5000), stamp(5000, 0x0123));
    EXPECT_EQ(v1(clock, 5001), stamp(5001, 0x0123));
    EXPECT_EQ(draws, 1);  // once, at the start
}

TEST(uuidv1_clock, counts_in_the_sequence_while_the_tick_stands_still) {
    gregorian_clock clock;
    reset({0x3FFE});
    EXPECT_EQ(v1(clock, 1000), stamp(1000, 0x3FFE));
    EXPECT_EQ(v1(clock, 1000), stamp(1000, 0x3FFF));
    EXPECT_EQ(v1(clock, 1000), stamp(1000, 0x0000));  // 14 bits wrap around
    EXPECT_EQ(v1(clock, 1000), stamp(1000, 0x0001));
    EXPECT_EQ(v1(clock, 1001), stamp(1001, 0x0001));  // the clock moved on: the sequence stays
    EXPECT_EQ(v1(clock, 1001), stamp(1001, 0x0002));
    EXPECT_EQ(draws, 1);
}

TEST(uuidv1_clock, moves_the_tick_only_when_every_sequence_of_it_is_used) {
    gregorian_clock clock;
    reset({0x0100});
    std::set<stamp> seen;
    seen.insert(v1(clock, 1000));
    for (std::uint32_t i = 1; i < clock_seq_limit; ++i) seen.insert(v1(clock, 1000));  // 16 384 in all
    EXPECT_EQ(clock.tick, 1000U);
    EXPECT_EQ(seen.size(), clock_seq_limit);
    EXPECT_EQ(v1(clock, 1000), stamp(1001, 0x0100));  // the 16 385th: one tick ahead of the clock
    EXPECT_EQ(v1(clock, 1000), stamp(1001, 0x0101));  // and it counts there, not a step back
    EXPECT_EQ(v1(clock, 1001), stamp(1001, 0x0102));
    EXPECT_EQ(v1(clock, 1002), stamp(1002, 0x0102));  // the clock passes it: the clock again
    EXPECT_EQ(draws, 1);
}

TEST(uuidv1_clock, a_clock_step_back_follows_the_clock_with_a_new_random_sequence) {
    gregorian_clock clock;
    reset({0x0100, 0x2222});
    v1(clock, 50000);
    v1(clock, 50000);
    EXPECT_EQ(v1(clock, 10000, gregorian_status::stepped_back), stamp(10000, 0x2222));  // not 50000 + anything
    EXPECT_EQ(v1(clock, 10000), stamp(10000, 0x2223));
    EXPECT_EQ(v1(clock, 10001), stamp(10001, 0x2223));
    EXPECT_EQ(draws, 2);
}

TEST(uuidv1_clock, never_ahead_of_the_clock_at_a_few_values_per_tick) {
    // Two values per 100 ns tick (50 ns each, twice this machine's rate), for 5 M values.
    gregorian_clock clock;
    reset({0x1234});
    std::uint64_t max_lead = 0;
    for (std::uint64_t i = 0; i < 5000000; ++i) {
        const std::uint64_t now = 1000000 + i / 2;
        v1(clock, now);
        max_lead = std::max(max_lead, clock.tick - now);
    }
    EXPECT_EQ(max_lead, 0U);
}

// --- version 6 ----------------------------------------------------------------------------------

TEST(uuidv6_clock, a_new_tick_starts_a_random_sequence_below_8192) {
    gregorian_clock clock;
    reset({0xFFFF, 0x0005});
    EXPECT_EQ(v6(clock, 1000), stamp(1000, 0x1FFF));  // the guard bit (and the variant bits) cleared
    EXPECT_EQ(v6(clock, 1000), stamp(1000, 0x2000));
    EXPECT_EQ(v6(clock, 2000), stamp(2000, 0x0005));
    EXPECT_EQ(draws, 2);
}

TEST(uuidv6_clock, the_count_moves_the_tick_only_past_16383) {
    gregorian_clock clock;
    reset({0x1FFF, 0x0007});
    v6(clock, 1000);
    for (std::uint32_t seq = 0x2000; seq < clock_seq_limit; ++seq) EXPECT_EQ(v6(clock, 1000), stamp(1000, seq));
    EXPECT_EQ(v6(clock, 1000), stamp(1001, 0x0007));  // 8 193 values in one tick: the next tick
    EXPECT_EQ(v6(clock, 1000), stamp(1001, 0x0008));  // counting there, not a step back
    EXPECT_EQ(draws, 2);
}

TEST(uuidv6_clock, strictly_ascends_under_a_clock_that_stands_still_or_moves_on) {
    gregorian_clock clock;
    for (int i = 0; i < 4000; ++i) script.push_back(static_cast<std::uint16_t>(static_cast<unsigned>(i) * 7919u));
    stamp previous{0, 0};
    std::uint64_t now = 500;
    for (int i = 0; i < 200000; ++i) {
        if (i % 97 == 0) now += (i / 97) % 3;  // stands still for a while, then 0-2 ticks on
        const stamp next = v6(clock, now);
        if (i > 0) {
            ASSERT_LT(previous, next) << i;
        }
        ASSERT_LE(next.first, now + 1);  // at most the one tick a wrap takes
        previous = next;
    }
}

TEST(uuidv6_clock, a_clock_step_back_follows_the_clock_with_a_new_random_sequence) {
    gregorian_clock clock;
    reset({0x0001, 0x0300});
    v6(clock, 50000);
    v6(clock, 50000);
    EXPECT_EQ(v6(clock, 40000, gregorian_status::stepped_back), stamp(40000, 0x0300));
    EXPECT_EQ(v6(clock, 40000), stamp(40000, 0x0301));  // ascending again from there
}

TEST(uuidv6_clock, never_ahead_of_the_clock_at_a_few_values_per_tick) {
    gregorian_clock clock;
    for (int i = 0; i < 3000000; ++i) script.push_back(static_cast<std::uint16_t>(static_cast<unsigned>(i) * 40503u));
    std::uint64_t max_lead = 0;
    for (std::uint64_t i = 0; i < 5000000; ++i) {
        const std::uint64_t now = 1000000 + i / 2;
        v6(clock, now);
        max_lead = std::max(max_lead, clock.tick - now);
    }
    EXPECT_EQ(max_lead, 0U);
    script.clear();
}

// --- both ---------------------------------------------------------------------------------------

TEST(gregorian_clock, a_failed_draw_or_the_end_of_time_leaves_the_state_untouched) {
    for (const bool version6 : {false, true}) {
        const auto step = version6 ? next_uuidv6_clock : next_uuidv1_clock;
        gregorian_clock clock;
        reset({});
        EXPECT_EQ(step(clock, 1000, scripted_draw), gregorian_status::no_random);
        EXPECT_FALSE(clock.started);
        reset({0x0001});
        EXPECT_EQ(step(clock, max_gregorian_ticks + 1, scripted_draw), gregorian_status::out_of_range);  // past 5236
        EXPECT_FALSE(clock.started);
        EXPECT_EQ(step(clock, max_gregorian_ticks, scripted_draw), gregorian_status::ok);
        EXPECT_EQ(clock.tick, max_gregorian_ticks);
        // Exhaust the last tick's sequences: the next value would need tick 2^60.
        gregorian_status status = gregorian_status::ok;
        for (std::uint32_t i = 0; i < clock_seq_limit && status == gregorian_status::ok; ++i)
            status = step(clock, max_gregorian_ticks, scripted_draw);
        EXPECT_EQ(status, gregorian_status::out_of_range);
        EXPECT_EQ(clock.tick, max_gregorian_ticks);
        const gregorian_clock before = clock;
        EXPECT_EQ(step(clock, max_gregorian_ticks, scripted_draw), gregorian_status::out_of_range);
        EXPECT_EQ(clock.seq, before.seq);
        EXPECT_EQ(clock.reading, before.reading);
    }
}

TEST(gregorian_clock, the_first_tick_may_be_zero) {
    gregorian_clock clock;
    reset({0x0000});
    EXPECT_EQ(v1(clock, 0), stamp(0, 0));
    EXPECT_EQ(v1(clock, 0), stamp(0, 1));
}
