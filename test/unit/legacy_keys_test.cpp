// Keys derived from the old row (core/legacy_keys.hpp): the bit layout
// (doc/migrating-keys.md), order equal to (time, legacy), uniqueness, the round trip of the
// old id, determinism, and vectors worked out by hand from the layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/bytes16.hpp"
#include "core/crockford.hpp"
#include "core/legacy_keys.hpp"
#include "core/uuid_fields.hpp"
#include "core/uuid_text.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

constexpr std::int64_t us_2026_11_01 = INT64_C(1793491200000000);  // 2026-11-01 00:00:00 UTC
constexpr std::int64_t max_legacy = INT64_MAX;                       // 2^63 - 1
constexpr std::int64_t two_61 = INT64_C(1) << 61;
constexpr std::int64_t two_62 = INT64_C(1) << 62;

bytes from_bigint(std::int64_t us, std::int64_t legacy) {
    bytes out{};
    EXPECT_EQ(derive_key_from_bigint(us, legacy, out.data()), legacy_key_status::ok) << us << ", " << legacy;
    return out;
}

bytes from_uuid(std::int64_t us, const bytes& legacy) {
    bytes out{};
    EXPECT_EQ(derive_key_from_uuid(us, legacy.data(), out.data()), legacy_key_status::ok) << us;
    return out;
}

bytes parse_uuid(const char* text) {
    bytes out{};
    EXPECT_TRUE(decode_uuid_text(text, out.data())) << text;
    return out;
}

std::string uuid_text(const bytes& v) {
    char text[uuid_text_length];
    encode_uuid_text(v.data(), text);
    return std::string(text, uuid_text_length);
}

std::string ulid_text(const bytes& v) {
    char text[ulid_text_length];
    encode_ulid(v.data(), text);
    return std::string(text, ulid_text_length);
}

int sign(int x) { return (x > 0) - (x < 0); }

template <typename T>
int compare(const T& a, const T& b) {
    return (a > b) - (a < b);
}

// Times around millisecond boundaries and at both ends of the range.
std::vector<std::int64_t> boundary_times() {
    std::vector<std::int64_t> times;
    for (std::int64_t ms : {INT64_C(0), INT64_C(1), us_2026_11_01 / 1000, static_cast<std::int64_t>(max_unix_ms) - 1,
                            static_cast<std::int64_t>(max_unix_ms)})
        for (std::int64_t us : {0, 1, 2, 499, 500, 998, 999}) times.push_back(ms * 1000 + us);
    return times;
}

// Ids around the 2-bit / 61-bit split of the legacy field, its ends and the int4 range.
std::vector<std::int64_t> boundary_ids() {
    return {0,          1,           2,          41,         42,         INT32_MAX,      INT64_C(1) << 32,
            two_61 - 2, two_61 - 1,  two_61,     two_61 + 1, two_62 - 1, two_62,         two_62 + 1,
            two_62 + two_61 - 1, two_62 + two_61, max_legacy - 1, max_legacy};
}

// A version 4 UUID from a counter: a 64-bit mix in each half, version and variant set.
bytes pseudo_v4(std::uint64_t i) {
    auto mix = [](std::uint64_t x) {
        x = (x + 0x9E3779B97F4A7C15ULL) * 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 31;
        x *= 0x94D049BB133111EBULL;
        return x ^ (x >> 29);
    };
    bytes v;
    store_big_endian_64(v.data(), mix(2 * i));
    store_big_endian_64(v.data() + 8, mix(2 * i + 1));
    v[6] = static_cast<std::uint8_t>((v[6] & 0x0F) | 0x40);
    v[8] = static_cast<std::uint8_t>((v[8] & 0x3F) | 0x80);
    return v;
}

}  // namespace

// Worked by hand from the layout: 2026-11-01 00:00 UTC is millisecond 0x01A19467E800;
// .123456 adds 123 ms (0x...E87B) and 456 us (0x1C8 << 2 = 0x720 in the fourth group).
TEST(LegacyKeys, BigintVectors) {
    struct vector {
        std::int64_t us;
        std::int64_t legacy;
        const char* uuid;
        const char* ulid;
    };
    const vector vectors[] = {
        {us_2026_11_01, 1, "01a19467-e800-7000-8000-000000000002", "01M6A6FT00E008000000000002"},
        {us_2026_11_01 + 123456, 42, "01a19467-e87b-7720-8000-000000000054", "01M6A6FT3VEWG800000000002M"},
        {999, max_legacy, "00000000-0000-7f9f-bfff-fffffffffffe", "0000000000FYFVZZZZZZZZZZZY"},
        {0, 0, "00000000-0000-7000-8000-000000000000", "0000000000E008000000000000"},
        {us_2026_11_01 + 1, two_61 - 1, "01a19467-e800-7004-bfff-fffffffffffe", "01M6A6FT00E02BZZZZZZZZZZZY"},
        {us_2026_11_01 + 1, two_61, "01a19467-e800-7005-8000-000000000000", "01M6A6FT00E02R000000000000"},
        {legacy_max_unix_us, two_61, "ffffffff-ffff-7f9d-8000-000000000000", "7ZZZZZZZZZFYER000000000000"},
    };
    for (const auto& v : vectors) {
        const bytes key = from_bigint(v.us, v.legacy);
        EXPECT_EQ(uuid_text(key), v.uuid) << v.us << ", " << v.legacy;
        EXPECT_EQ(ulid_text(key), v.ulid) << v.us << ", " << v.legacy;
        EXPECT_EQ(legacy_bigint_of_key(key.data()), v.legacy);
    }
}

// RFC 9562's version 4 example (Appendix A.3): legacy field 0x919108F752D1_320_6 (bits 0..47,
// 52..63 and 66..69 of 919108f7-52d1-4320-9bac-...), top two bits 10, the rest 0x119108F752D13206.
TEST(LegacyKeys, UuidVectors) {
    const std::int64_t us = us_2026_11_01 + 123456;
    struct vector {
        const char* legacy;
        const char* uuid;
        const char* ulid;
    };
    const vector vectors[] = {
        {"919108f7-52d1-4320-9bac-f847db4148a8", "01a19467-e87b-7722-9191-08f752d13206", "01M6A6FT3VEWH93488YX9D2CG6"},
        {"00000000-0000-0000-0000-000000000000", "01a19467-e87b-7720-8000-000000000000", "01M6A6FT3VEWG8000000000000"},
        {"ffffffff-ffff-ffff-ffff-ffffffffffff", "01a19467-e87b-7723-bfff-ffffffffffff", "01M6A6FT3VEWHVZZZZZZZZZZZZ"},
    };
    for (const auto& v : vectors) {
        const bytes key = from_uuid(us, parse_uuid(v.legacy));
        EXPECT_EQ(uuid_text(key), v.uuid) << v.legacy;
        EXPECT_EQ(ulid_text(key), v.ulid) << v.legacy;
    }
}

// Every key is a version 7, variant 10 UUID whose first 48 bits are the time's millisecond.
TEST(LegacyKeys, VersionVariantAndTime) {
    for (std::int64_t us : boundary_times()) {
        for (std::int64_t id : boundary_ids()) {
            const bytes key = from_bigint(us, id);
            EXPECT_EQ(uuid_version(key.data()), 7);
            EXPECT_EQ(uuid_variant(key.data()), variant_rfc);
            EXPECT_EQ(read_unix_ms(key.data()), static_cast<std::uint64_t>(us / 1000));
        }
        for (std::uint64_t i = 0; i < 20; ++i) {
            const bytes key = from_uuid(us, pseudo_v4(i));
            EXPECT_EQ(uuid_version(key.data()), 7);
            EXPECT_EQ(uuid_variant(key.data()), variant_rfc);
            EXPECT_EQ(read_unix_ms(key.data()), static_cast<std::uint64_t>(us / 1000));
        }
    }
}

// memcmp order (ulid's and uuid's btree order) is (time to the microsecond, id), across the
// millisecond and microsecond boundaries and the 2-bit / 61-bit split, for every pair.
TEST(LegacyKeys, BigintOrderIsTimeThenId) {
    std::vector<std::tuple<std::int64_t, std::int64_t, bytes>> keys;
    for (std::int64_t us : boundary_times())
        for (std::int64_t id : boundary_ids()) keys.emplace_back(us, id, from_bigint(us, id));
    for (const auto& [us_a, id_a, key_a] : keys)
        for (const auto& [us_b, id_b, key_b] : keys) {
            const int expected = compare(std::make_pair(us_a, id_a), std::make_pair(us_b, id_b));
            ASSERT_EQ(sign(std::memcmp(key_a.data(), key_b.data(), 16)), expected)
                << us_a << "," << id_a << " vs " << us_b << "," << id_b;
        }
}

// Distinct (time, id) pairs never share a key, also many ids in one microsecond and one id at
// many times; and the old id comes back from every key.
TEST(LegacyKeys, BigintUniqueAndReversible) {
    std::set<std::pair<std::int64_t, std::int64_t>> inputs;
    std::set<bytes> keys;
    auto add = [&](std::int64_t us, std::int64_t id) {
        const bytes key = from_bigint(us, id);
        EXPECT_EQ(legacy_bigint_of_key(key.data()), id);
        inputs.emplace(us, id);
        keys.insert(key);
    };
    for (std::int64_t us : boundary_times())
        for (std::int64_t id : boundary_ids()) add(us, id);
    for (std::int64_t id = 0; id < 100000; ++id) add(us_2026_11_01 + 3, id);
    for (std::int64_t us = 0; us < 5000; ++us) add(us_2026_11_01 + us * 7, 7);
    EXPECT_EQ(keys.size(), inputs.size());
    EXPECT_GT(inputs.size(), 105000u);
}

TEST(LegacyKeys, Deterministic) {
    for (std::int64_t us : boundary_times())
        for (std::int64_t id : boundary_ids()) EXPECT_EQ(from_bigint(us, id), from_bigint(us, id));
    for (std::uint64_t i = 0; i < 100; ++i) EXPECT_EQ(from_uuid(us_2026_11_01 + i, pseudo_v4(i)), from_uuid(us_2026_11_01 + i, pseudo_v4(i)));
}

// From version 4 uuids: order (time, old uuid), and the 64 legacy bits are the old uuid's bits
// 0..47, 52..63, 66..69 in that order.
TEST(LegacyKeys, UuidOrderIsTimeThenOldUuid) {
    std::vector<std::tuple<std::int64_t, bytes, bytes>> keys;
    for (std::int64_t us : {INT64_C(0), INT64_C(999), INT64_C(1000), us_2026_11_01, us_2026_11_01 + 1, us_2026_11_01 + 999,
                            legacy_max_unix_us})
        for (std::uint64_t i = 0; i < 60; ++i) keys.emplace_back(us, pseudo_v4(i), from_uuid(us, pseudo_v4(i)));
    for (const auto& [us_a, old_a, key_a] : keys)
        for (const auto& [us_b, old_b, key_b] : keys) {
            int expected = compare(us_a, us_b);
            if (expected == 0) expected = sign(std::memcmp(old_a.data(), old_b.data(), 16));
            ASSERT_EQ(sign(std::memcmp(key_a.data(), key_b.data(), 16)), expected);
        }
    for (std::uint64_t i = 0; i < 1000; ++i) {
        const bytes old = pseudo_v4(i);
        const bytes key = from_uuid(us_2026_11_01, old);
        const std::uint64_t old_high = load_big_endian_64(old.data());
        const std::uint64_t old_low = load_big_endian_64(old.data() + 8);
        const std::uint64_t field = (old_high >> 16) << 16 | (old_high & 0xFFF) << 4 | (old_low >> 58 & 0xF);
        const std::uint64_t key_high = load_big_endian_64(key.data());
        const std::uint64_t key_low = load_big_endian_64(key.data() + 8);
        ASSERT_EQ(((key_high & 3) << 62) | (key_low & ((UINT64_C(1) << 62) - 1)), field);
    }
}

// 64 random bits: no two of 200 000 v4s in one microsecond collide (a collision here would
// have probability about 1e-9).
TEST(LegacyKeys, UuidKeysOfOneMicrosecondDiffer) {
    std::set<bytes> seen;
    for (std::uint64_t i = 0; i < 200000; ++i) seen.insert(from_uuid(us_2026_11_01, pseudo_v4(i)));
    EXPECT_EQ(seen.size(), 200000u);
}

// Out of range: the reason, and out untouched. The time is checked before the id.
TEST(LegacyKeys, Refusals) {
    const bytes untouched = parse_uuid("01234567-89ab-cdef-0123-456789abcdef");
    const bytes old = pseudo_v4(1);
    for (std::int64_t us : {INT64_MIN, INT64_C(-1000), INT64_C(-1), legacy_max_unix_us + 1, INT64_MAX}) {
        bytes out = untouched;
        EXPECT_EQ(derive_key_from_bigint(us, 1, out.data()), legacy_key_status::time_out_of_range) << us;
        EXPECT_EQ(derive_key_from_bigint(us, -1, out.data()), legacy_key_status::time_out_of_range) << us;
        EXPECT_EQ(derive_key_from_uuid(us, old.data(), out.data()), legacy_key_status::time_out_of_range) << us;
        EXPECT_EQ(out, untouched);
    }
    for (std::int64_t id : {INT64_MIN, INT64_C(-1), INT64_C(-2) - INT32_MAX}) {
        bytes out = untouched;
        EXPECT_EQ(derive_key_from_bigint(us_2026_11_01, id, out.data()), legacy_key_status::negative_legacy) << id;
        EXPECT_EQ(out, untouched);
    }
}

// legacy_bigint_of_key never fails and never goes negative, whatever the 16 bytes.
TEST(LegacyKeys, LegacyBigintOfAnyValue) {
    EXPECT_EQ(legacy_bigint_of_key(parse_uuid("ffffffff-ffff-ffff-ffff-ffffffffffff").data()), max_legacy);
    EXPECT_EQ(legacy_bigint_of_key(parse_uuid("00000000-0000-0000-0000-000000000000").data()), 0);
    for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_GE(legacy_bigint_of_key(pseudo_v4(i).data()), 0);
}
