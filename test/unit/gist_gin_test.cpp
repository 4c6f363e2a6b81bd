// GiST range keys (union, penalty, picksplit, consistent) and GIN partial-match verdicts, checked
// against the plain comparison of the values they stand for.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "core/gin_partial.hpp"
#include "core/gist_range.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

bytes value_of(std::uint64_t high, std::uint64_t low) {
    bytes out{};
    store_big_endian_64(out.data(), high);
    store_big_endian_64(out.data() + 8, low);
    return out;
}

gist_range range_over(const bytes& lower, const bytes& upper) {
    gist_range range = range_of_value(lower.data());
    const gist_range top = range_of_value(upper.data());
    widen_range(range, top);
    return range;
}

// A ULID-like value: 48-bit time, 80 random bits.
bytes time_ordered(std::uint64_t ms, std::mt19937_64& random) {
    return value_of((ms << 16) | (random() & 0xFFFF), random());
}

const gist_strategy all_strategies[] = {gist_strategy::less, gist_strategy::less_equal, gist_strategy::equal,
                                        gist_strategy::greater_equal, gist_strategy::greater,
                                        gist_strategy::not_equal};

bool holds(const bytes& value, const bytes& query, gist_strategy strategy) {
    const int order = compare_values(value.data(), query.data());
    switch (strategy) {
        case gist_strategy::less: return order < 0;
        case gist_strategy::less_equal: return order <= 0;
        case gist_strategy::equal: return order == 0;
        case gist_strategy::greater_equal: return order >= 0;
        case gist_strategy::greater: return order > 0;
        case gist_strategy::not_equal: return order != 0;
    }
    return false;
}

}  // namespace

TEST(gist_range, leaf_consistent_is_the_comparison_itself) {
    std::mt19937_64 random(1);
    for (int i = 0; i < 2000; ++i) {
        const bytes value = time_ordered(1000 + random() % 4, random);
        const bytes query = (i % 3 == 0) ? value : time_ordered(1000 + random() % 4, random);
        const gist_range leaf = range_of_value(value.data());
        for (gist_strategy strategy : all_strategies)
            EXPECT_EQ(range_consistent(leaf, query.data(), strategy), holds(value, query, strategy));
    }
}

TEST(gist_range, inner_consistent_never_misses_a_value_of_the_range) {
    std::mt19937_64 random(2);
    for (int round = 0; round < 300; ++round) {
        std::vector<bytes> values;
        for (int i = 0; i < 8; ++i) values.push_back(time_ordered(random() % 16, random));
        gist_range range = range_of_value(values[0].data());
        for (const bytes& v : values) widen_range(range, range_of_value(v.data()));
        for (int q = 0; q < 8; ++q) {
            const bytes query = (q < 4) ? values[q] : time_ordered(random() % 16, random);
            for (gist_strategy strategy : all_strategies) {
                const bool some = std::any_of(values.begin(), values.end(),
                                              [&](const bytes& v) { return holds(v, query, strategy); });
                if (some) {
                    EXPECT_TRUE(range_consistent(range, query.data(), strategy));
                }
            }
        }
    }
}

TEST(gist_range, not_equal_excludes_only_a_range_of_the_query_alone) {
    const bytes a = value_of(1, 1);
    const bytes b = value_of(1, 2);
    EXPECT_FALSE(range_consistent(range_of_value(a.data()), a.data(), gist_strategy::not_equal));
    EXPECT_TRUE(range_consistent(range_over(a, b), a.data(), gist_strategy::not_equal));
    EXPECT_TRUE(range_consistent(range_of_value(b.data()), a.data(), gist_strategy::not_equal));
}

TEST(gist_range, nil_and_max_are_ordinary_bounds) {
    const bytes nil{};
    bytes max;
    max.fill(0xFF);
    const gist_range everything = range_over(nil, max);
    EXPECT_TRUE(range_consistent(everything, nil.data(), gist_strategy::equal));
    EXPECT_TRUE(range_consistent(everything, max.data(), gist_strategy::equal));
    EXPECT_FALSE(range_consistent(everything, nil.data(), gist_strategy::less));
    EXPECT_FALSE(range_consistent(everything, max.data(), gist_strategy::greater));
    // The widest growth stays finite and above a growth of half of it.
    const float widest = range_penalty(range_of_value(nil.data()), range_of_value(max.data()));
    EXPECT_TRUE(std::isfinite(widest));
    EXPECT_GT(widest, range_penalty(range_of_value(nil.data()), range_of_value(value_of(1ULL << 63, 0).data())));
}

TEST(gist_range, union_is_the_smallest_covering_range) {
    const gist_range a = range_over(value_of(5, 0), value_of(7, 0));
    const gist_range b = range_over(value_of(3, 9), value_of(6, 0));
    gist_range u = a;
    widen_range(u, b);
    EXPECT_TRUE(ranges_equal(u, range_over(value_of(3, 9), value_of(7, 0))));
    gist_range again = u;
    widen_range(again, a);
    EXPECT_TRUE(ranges_equal(again, u));
    EXPECT_FALSE(ranges_equal(a, b));
}

TEST(gist_range, penalty_is_zero_inside_and_grows_with_the_distance) {
    const gist_range page = range_over(value_of(10, 0), value_of(20, 0));
    EXPECT_EQ(range_penalty(page, range_of_value(value_of(15, 5).data())), 0.0F);
    EXPECT_EQ(range_penalty(page, range_of_value(value_of(10, 0).data())), 0.0F);
    const float near = range_penalty(page, range_of_value(value_of(21, 0).data()));
    const float far = range_penalty(page, range_of_value(value_of(40, 0).data()));
    EXPECT_GT(near, 0.0F);
    EXPECT_GT(far, near);
    EXPECT_GT(range_penalty(page, range_of_value(value_of(5, 0).data())), 0.0F);
}

TEST(gist_range, penalty_sees_differences_in_the_low_bits_of_one_millisecond) {
    // Same 48-bit time, same first 8 bytes: only the last 64 bits differ. A double of the whole
    // 128-bit value would lose them; the growth computed exactly does not.
    const gist_range page = range_over(value_of(0x0190000000000000, 100), value_of(0x0190000000000000, 200));
    EXPECT_GT(range_penalty(page, range_of_value(value_of(0x0190000000000000, 201).data())), 0.0F);
    EXPECT_GT(range_penalty(page, range_of_value(value_of(0x0190000000000000, 99).data())), 0.0F);
    EXPECT_LT(range_penalty(page, range_of_value(value_of(0x0190000000000000, 300).data())),
              range_penalty(page, range_of_value(value_of(0x0190000000000001, 0).data())));
}

TEST(gist_range, appended_value_goes_to_the_page_that_ends_nearest) {
    std::mt19937_64 random(3);
    const gist_range older = range_over(time_ordered(100, random), time_ordered(200, random));
    const gist_range newest = range_over(time_ordered(201, random), time_ordered(300, random));
    const bytes next = time_ordered(301, random);
    EXPECT_LT(range_penalty(newest, range_of_value(next.data())), range_penalty(older, range_of_value(next.data())));
}

TEST(gist_range, split_gives_two_sorted_runs_that_do_not_overlap) {
    std::mt19937_64 random(4);
    for (int n : {2, 3, 10, 101, 400}) {
        std::vector<gist_range> ranges;
        for (int i = 0; i < n; ++i) ranges.push_back(range_of_value(time_ordered(random() % 50, random).data()));
        std::vector<int> order(n);
        const int left = split_ranges(ranges.data(), n, order.data());
        ASSERT_GE(left, 1);
        ASSERT_LE(left, n - 1);
        std::vector<int> seen(order);
        std::sort(seen.begin(), seen.end());
        for (int i = 0; i < n; ++i) ASSERT_EQ(seen[i], i) << "order is a permutation";
        for (int i = 1; i < n; ++i)
            ASSERT_LE(compare_values(ranges[order[i - 1]].lower, ranges[order[i]].lower), 0);
        // Leaf keys: the left page's upper bound lies below the right page's lower bound
        // (or touches it for equal values).
        EXPECT_LE(compare_values(ranges[order[left - 1]].upper, ranges[order[left]].lower), 0);
    }
}

TEST(gist_range, split_halves_every_page_also_an_appending_one) {
    // Sorted input with the newest value last is both an append to a full page and what the
    // sorted build hands over; an even split keeps recursive splits of the latter full.
    std::mt19937_64 random(5);
    std::vector<gist_range> ranges;
    for (int i = 0; i < 100; ++i) ranges.push_back(range_of_value(time_ordered(1000 + i, random).data()));
    ranges.push_back(range_of_value(time_ordered(2000, random).data()));
    std::vector<int> order(101);
    EXPECT_EQ(split_ranges(ranges.data(), 101, order.data()), 50);
    EXPECT_EQ(order[0], 0);
    EXPECT_EQ(order[100], 100);
    ranges.back() = range_of_value(time_ordered(1050, random).data());
    EXPECT_EQ(split_ranges(ranges.data(), 101, order.data()), 50);
    EXPECT_TRUE(order[50] == 100 || order[51] == 100);  // beside the other value of its millisecond
}

TEST(gin_partial, verdicts_take_exactly_the_matching_keys_in_one_upward_walk) {
    const gin_strategy strategies[] = {gin_strategy::less, gin_strategy::less_equal, gin_strategy::equal,
                                       gin_strategy::greater_equal, gin_strategy::greater};
    for (gin_strategy strategy : strategies) {
        for (int query = 0; query < 5; ++query) {
            // Keys 0..4 as the scan meets them, from where it starts.
            const int start = gin_starts_at_smallest(strategy) ? 0 : query;
            std::vector<int> taken;
            for (int key = start; key < 5; ++key) {
                const int sign = (key > query) - (key < query);
                const gin_verdict verdict = gin_partial_verdict(strategy, sign);
                if (verdict == gin_verdict::stop) break;
                if (verdict == gin_verdict::match) taken.push_back(key);
            }
            std::vector<int> expected;
            for (int key = 0; key < 5; ++key) {
                const bool match = strategy == gin_strategy::less            ? key < query
                                   : strategy == gin_strategy::less_equal    ? key <= query
                                   : strategy == gin_strategy::equal         ? key == query
                                   : strategy == gin_strategy::greater_equal ? key >= query
                                                                             : key > query;
                if (match) expected.push_back(key);
            }
            EXPECT_EQ(taken, expected) << "strategy " << static_cast<int>(strategy) << " query " << query;
        }
    }
    EXPECT_FALSE(gin_partial_match(gin_strategy::equal));
    EXPECT_TRUE(gin_partial_match(gin_strategy::greater));
}
