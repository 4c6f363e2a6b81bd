// Generator steps driven by clocks that stand still, jump back, jump forward and run fast.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>

#include "core/crockford.hpp"
#include "core/generators.hpp"
#include "core/random_pool.hpp"
#include "core/time_range.hpp"
#include "core/uuid_fields.hpp"  // pg_timestamp_from_uuidv1
#include "core/uuidv7.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

struct fixed_random {
    std::uint8_t bytes[ulid_random_size];
    explicit fixed_random(std::uint8_t fill) { std::memset(bytes, fill, sizeof bytes); }
};

bytes monotonic(ulid_monotonic_state& state, std::uint64_t ms, std::uint8_t fill) {
    bytes out{};
    const fixed_random random(fill);
    EXPECT_TRUE(next_monotonic_ulid(state, ms, random.bytes, out.data()));
    return out;
}

}  // namespace

TEST(monotonic_ulid, new_millisecond_takes_fresh_randomness) {
    ulid_monotonic_state state;
    const bytes first = monotonic(state, 1469918176385, 0x11);
    EXPECT_EQ(read_unix_ms(first.data()), 1469918176385U);
    EXPECT_EQ(first[6], 0x11);
    const bytes later = monotonic(state, 1469918176386, 0x22);
    EXPECT_EQ(read_unix_ms(later.data()), 1469918176386U);
    EXPECT_EQ(later[15], 0x22);
}

TEST(monotonic_ulid, same_millisecond_adds_one) {
    ulid_monotonic_state state;
    bytes previous = monotonic(state, 1000, 0x00);
    for (int i = 0; i < 1000; ++i) {
        const bytes next = monotonic(state, 1000, 0x77);  // a clock that stands still
        EXPECT_EQ(read_unix_ms(next.data()), 1000U);
        bytes expected = previous;
        for (int j = 15; j >= 6 && ++expected[j] == 0; --j) {
        }
        ASSERT_EQ(next, expected);
        previous = next;
    }
}

TEST(monotonic_ulid, holds_ms_when_clock_goes_back) {
    ulid_monotonic_state state;
    const bytes first = monotonic(state, 5000, 0x40);
    const bytes back = monotonic(state, 10, 0x99);
    EXPECT_EQ(read_unix_ms(back.data()), 5000U);
    EXPECT_GT(back, first);
    const bytes forward = monotonic(state, 9000, 0x01);
    EXPECT_EQ(read_unix_ms(forward.data()), 9000U);
    EXPECT_GT(forward, back);
}

TEST(monotonic_ulid, overflow_moves_to_next_millisecond) {
    ulid_monotonic_state state;
    const bytes full = monotonic(state, 7000, 0xFF);  // random part all ones
    const bytes next = monotonic(state, 7000, 0x05);
    EXPECT_EQ(read_unix_ms(next.data()), 7001U);
    EXPECT_EQ(next[6], 0x05);
    EXPECT_GT(next, full);
}

TEST(monotonic_ulid, refuses_to_pass_the_48_bit_limit) {
    ulid_monotonic_state state;
    monotonic(state, max_unix_ms, 0xFF);
    bytes out{};
    const fixed_random random(0);
    EXPECT_FALSE(next_monotonic_ulid(state, max_unix_ms, random.bytes, out.data()));
    ulid_monotonic_state fresh;
    EXPECT_FALSE(next_monotonic_ulid(fresh, max_unix_ms + 1, random.bytes, out.data()));
}

TEST(monotonic_ulid, reference_implementation_sequence) {
    // ulid/javascript monotonicFactory: seeded at 1469918176385, then called with earlier clocks.
    std::uint8_t start[16];
    ASSERT_EQ(decode_ulid("01ARYZ6S41YYYYYYYYYYYYYYYY", start).status, decode_status::ok);
    ulid_monotonic_state state;
    bytes out{};
    ASSERT_TRUE(next_monotonic_ulid(state, 1469918176385, start + 6, out.data()));
    for (const char* expected : {"01ARYZ6S41YYYYYYYYYYYYYYYZ", "01ARYZ6S41YYYYYYYYYYYYYYZ0", "01ARYZ6S41YYYYYYYYYYYYYYZ1"}) {
        ASSERT_TRUE(next_monotonic_ulid(state, 100000000, start + 6, out.data()));
        char text[ulid_text_length];
        encode_ulid(out.data(), text);
        EXPECT_EQ(std::string(text, ulid_text_length), expected);
    }
}

TEST(monotonic_ulid, ten_million_calls_a_second_stay_strictly_increasing) {
    // A clock that advances 1 ms every 10 000 calls: 10 million calls per second.
    ulid_monotonic_state state;
    bytes previous{};
    std::uint8_t random[ulid_random_size] = {};
    for (std::uint64_t i = 0; i < 2000000; ++i) {
        random[0] = static_cast<std::uint8_t>(i * 131);
        random[9] = static_cast<std::uint8_t>(i);
        bytes next{};
        ASSERT_TRUE(next_monotonic_ulid(state, 1700000000000 + i / 10000, random, next.data()));
        ASSERT_LT(previous, next) << i;
        previous = next;
    }
}

TEST(uuidv7, bounds_enclose_their_millisecond) {
    bytes lower{}, upper{}, value{};
    make_uuidv7_bound(1645557742000, false, lower.data());
    make_uuidv7_bound(1645557742000, true, upper.data());
    const std::uint8_t random[uuidv7_random_bytes] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    make_uuidv7(1645557742000 * uuidv7_ticks_per_ms + 4095, 4095, random, value.data());  // the last of the ms
    EXPECT_LT(lower, value);
    EXPECT_EQ(value, upper);  // the upper bound is a value the generators can make
    const std::uint8_t zero[uuidv7_random_bytes] = {};
    make_uuidv7(1645557742000 * uuidv7_ticks_per_ms, 0, zero, value.data());  // the first
    EXPECT_EQ(value, lower);
    EXPECT_EQ(lower[6], 0x70);
    EXPECT_EQ(lower[8], 0x80);
    EXPECT_EQ(upper[6], 0x7F);
    EXPECT_EQ(upper[8], 0xBF);
}

TEST(time_range, converts_and_rejects_out_of_range) {
    std::uint64_t ms = 0;
    EXPECT_TRUE(unix_ms_from_pg_timestamp(-pg_epoch_offset_us, ms));
    EXPECT_EQ(ms, 0U);
    EXPECT_FALSE(unix_ms_from_pg_timestamp(-pg_epoch_offset_us - 1, ms));
    EXPECT_TRUE(unix_ms_from_pg_timestamp(pg_timestamp_from_unix_ms(max_unix_ms) + 999, ms));
    EXPECT_EQ(ms, max_unix_ms);
    EXPECT_FALSE(unix_ms_from_pg_timestamp(pg_timestamp_from_unix_ms(max_unix_ms) + 1000, ms));
    EXPECT_FALSE(unix_ms_from_pg_timestamp(INT64_MAX, ms));  // 'infinity'
    EXPECT_FALSE(unix_ms_from_pg_timestamp(INT64_MIN, ms));  // '-infinity'
    EXPECT_TRUE(unix_ms_from_pg_timestamp(pg_timestamp_from_unix_ms(1645557742000) + 999, ms));
    EXPECT_EQ(ms, 1645557742000U);
}

TEST(time_range, uuidv1_time_of_rfc_vector) {
    bytes v1{};
    // RFC 9562 A.1: C232AB00-9414-11EC-B3C8-9F6BDECED846 = 2022-02-22 19:22:22 UTC.
    const std::uint8_t raw[16] = {0xC2, 0x32, 0xAB, 0x00, 0x94, 0x14, 0x11, 0xEC,
                                  0xB3, 0xC8, 0x9F, 0x6B, 0xDE, 0xCE, 0xD8, 0x46};
    std::memcpy(v1.data(), raw, 16);
    EXPECT_EQ(pg_timestamp_from_uuidv1(v1.data()), pg_timestamp_from_unix_ms(1645557742000));
}

namespace {
int fills = 0;
bool counting_fill(void* buf, std::size_t len) {
    ++fills;
    auto* p = static_cast<std::uint8_t*>(buf);
    for (std::size_t i = 0; i < len; ++i) p[i] = static_cast<std::uint8_t>(fills * 7 + i);
    return true;
}
bool failing_fill(void*, std::size_t) { return false; }
}  // namespace

TEST(random_pool, refills_in_blocks_and_hands_out_each_byte_once) {
    static random_pool pool;
    fills = 0;
    std::uint8_t first[10], second[10];
    ASSERT_TRUE(pool.take(first, sizeof first, 1, counting_fill));
    ASSERT_TRUE(pool.take(second, sizeof second, 1, counting_fill));
    EXPECT_EQ(second[0], static_cast<std::uint8_t>(first[0] + 10));  // the next bytes, not the same
    for (int i = 2; i < 1000; ++i) {
        std::uint8_t out[10];
        ASSERT_TRUE(pool.take(out, sizeof out, 1, counting_fill));
    }
    EXPECT_EQ(fills, 3);  // 10 000 bytes from 4096-byte blocks
}

TEST(random_pool, discards_bytes_filled_by_another_process) {
    static random_pool pool;
    fills = 0;
    std::uint8_t parent[10], child[10];
    ASSERT_TRUE(pool.take(parent, sizeof parent, 100, counting_fill));
    ASSERT_TRUE(pool.take(child, sizeof child, 200, counting_fill));  // as after fork: new pid
    EXPECT_EQ(fills, 2);
    EXPECT_NE(std::memcmp(parent, child, 10), 0);
}

TEST(random_pool, reports_a_failing_source) {
    static random_pool pool;
    std::uint8_t out[10] = {1};
    EXPECT_FALSE(pool.take(out, sizeof out, 1, failing_fill));
    EXPECT_EQ(out[0], 1);
}

TEST(monotonic_ulid, needs_fresh_exactly_when_a_millisecond_starts_afresh) {
    ulid_monotonic_state state;
    EXPECT_TRUE(monotonic_ulid_needs_fresh(state, 1000));  // first value
    monotonic(state, 1000, 0x10);
    EXPECT_FALSE(monotonic_ulid_needs_fresh(state, 1000));  // same ms: increment
    EXPECT_FALSE(monotonic_ulid_needs_fresh(state, 999));   // clock back: increment
    EXPECT_TRUE(monotonic_ulid_needs_fresh(state, 1001));   // new ms
    ulid_monotonic_state full;
    monotonic(full, 2000, 0xFF);
    EXPECT_TRUE(monotonic_ulid_needs_fresh(full, 2000));    // overflow moves to 2001 afresh
}
