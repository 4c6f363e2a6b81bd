// Opaque ids (core/aes_block, core/ff1, core/opaque_keys, core/opaque_ids): the block cipher
// and FF1 against their published vectors, the key ring's parser, and the properties the
// feature promises: exact round trips, full diffusion, forged values refused, rotation.
#include <gtest/gtest.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/aes_block.hpp"
#include "core/constant_time.hpp"
#include "core/bytes16.hpp"
#include "core/ff1.hpp"
#include "core/opaque_ids.hpp"
#include "core/opaque_keys.hpp"
#include "core/opaque_text.hpp"
#include "core/secret_file.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

std::vector<std::uint8_t> from_hex(const std::string& hex) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    return out;
}

std::string to_hex(const std::uint8_t* p, std::size_t n) {
    std::string s;
    char buf[3];
    for (std::size_t i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", p[i]);
        s += buf;
    }
    return s;
}

std::vector<aes_engine> engines() {
    std::vector<aes_engine> e{aes_engine::openssl};
    if (aes_native_available()) e.push_back(aes_engine::automatic);
    return e;
}

// splitmix64: reproducible test values.
struct generator {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    bytes value() {
        bytes v;
        store_big_endian_64(v.data(), next());
        store_big_endian_64(v.data() + 8, next());
        return v;
    }
};

constexpr std::uint64_t now_ms = 1795000000000;  // 2026-11-18

// A UUIDv7 with a time uniformly between 2000-01-01 and now_ms.
bytes random_uuidv7(generator& g) {
    bytes v = g.value();
    write_unix_ms(v.data(), opaque_earliest_ms + g.next() % (now_ms - opaque_earliest_ms));
    v[6] = static_cast<std::uint8_t>(0x70 | (v[6] & 0x0F));
    v[8] = static_cast<std::uint8_t>(0x80 | (v[8] & 0x3F));
    return v;
}

bytes random_ulid(generator& g) {
    bytes v = g.value();
    write_unix_ms(v.data(), opaque_earliest_ms + g.next() % (now_ms - opaque_earliest_ms));
    return v;
}

opaque_key_ring ring_of(const std::string& text, aes_engine engine = aes_engine::automatic) {
    opaque_key_ring ring;
    opaque_keys_problem problem;
    EXPECT_TRUE(parse_opaque_keys(text, &ring, &problem, engine)) << text << ": " << (problem.reason ? problem.reason : "");
    return ring;
}

const std::string key1 = "k1:000102030405060708090a0b0c0d0e0f";
const std::string key2 = "k2:2b7e151628aed2a6abf7158809cf4f3cef4359d8d580aa4f7f036d6f04fc6a94";

// ---- AES: FIPS-197 appendix C -----------------------------------------------------------------

TEST(Aes, Fips197AppendixC) {
    struct vector_case { const char *key, *cipher; } cases[] = {
        {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},  // C.1 AES-128
        {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},  // C.3
    };
    const auto plain = from_hex("00112233445566778899aabbccddeeff");
    for (aes_engine engine : engines())
        for (const auto& c : cases) {
            const auto raw = from_hex(c.key);
            aes_key key;
            ASSERT_TRUE(aes_expand_key(raw.data(), raw.size(), &key, engine));
            std::uint8_t out[16], back[16];
            ASSERT_TRUE(aes_encrypt_block(key, plain.data(), out));
            EXPECT_EQ(to_hex(out, 16), c.cipher) << "native=" << key.native;
            ASSERT_TRUE(aes_decrypt_block(key, out, back));
            EXPECT_EQ(to_hex(back, 16), "00112233445566778899aabbccddeeff");
        }
}

TEST(Aes, RefusesOtherKeySizes) {
    const std::uint8_t raw[32] = {};
    aes_key key;
    EXPECT_FALSE(aes_expand_key(raw, 24, &key));
    EXPECT_FALSE(aes_expand_key(raw, 15, &key));
    EXPECT_FALSE(aes_expand_key(raw, 0, &key));
}

TEST(Aes, NativeAndOpenSslAgree) {
    if (!aes_native_available()) GTEST_SKIP() << "no AES-NI on this CPU";
    generator g{1};
    for (int i = 0; i < 2000; ++i) {
        std::uint8_t raw[32];
        store_big_endian_64(raw, g.next()); store_big_endian_64(raw + 8, g.next());
        store_big_endian_64(raw + 16, g.next()); store_big_endian_64(raw + 24, g.next());
        const std::size_t size = i % 2 ? 32 : 16;
        aes_key native, openssl;
        ASSERT_TRUE(aes_expand_key(raw, size, &native));
        ASSERT_TRUE(aes_expand_key(raw, size, &openssl, aes_engine::openssl));
        ASSERT_TRUE(native.native);
        ASSERT_FALSE(openssl.native);
        const bytes in = g.value();
        std::uint8_t a[16], b[16];
        ASSERT_TRUE(aes_encrypt_block(native, in.data(), a));
        ASSERT_TRUE(aes_encrypt_block(openssl, in.data(), b));
        ASSERT_EQ(0, std::memcmp(a, b, 16));
        ASSERT_TRUE(aes_decrypt_block(native, in.data(), a));
        ASSERT_TRUE(aes_decrypt_block(openssl, in.data(), b));
        ASSERT_EQ(0, std::memcmp(a, b, 16));
    }
}

// ---- FF1: NIST SP 800-38G samples (AES-128 and AES-256; this code has no AES-192) ------------

std::uint64_t numeral_value(const std::string& digits, std::uint32_t radix) {
    std::uint64_t v = 0;
    for (char c : digits) v = v * radix + static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
    return v;
}

std::string numeral_text(std::uint64_t v, unsigned length, std::uint32_t radix) {
    std::string s(length, '0');
    for (unsigned i = length; i-- > 0; v /= radix) s[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[v % radix];
    return s;
}

TEST(Ff1, NistSamples) {
    const std::string k128 = "2B7E151628AED2A6ABF7158809CF4F3C";
    const std::string k256 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F7F036D6F04FC6A94";
    struct sample { int number; std::string key, tweak; std::uint32_t radix; std::string plain, cipher; } samples[] = {
        {1, k128, "", 10, "0123456789", "2433477484"},
        {2, k128, "39383736353433323130", 10, "0123456789", "6124200773"},
        {3, k128, "3737373770717273373737", 36, "0123456789abcdefghi", "a9tv40mll9kdu509eum"},
        {7, k256, "", 10, "0123456789", "6657667009"},
        {8, k256, "39383736353433323130", 10, "0123456789", "1001623463"},
        {9, k256, "3737373770717273373737", 36, "0123456789abcdefghi", "xs8a0azh2avyalyzuwd"},
    };
    for (aes_engine engine : engines())
        for (const auto& s : samples) {
            const auto raw = from_hex(s.key), tweak = from_hex(s.tweak);
            aes_key key;
            ff1_domain domain;
            ASSERT_TRUE(aes_expand_key(raw.data(), raw.size(), &key, engine));
            const unsigned n = static_cast<unsigned>(s.plain.size()), u = n / 2, v = n - u;
            ASSERT_TRUE(ff1_prepare(key, s.radix, n, tweak.data(), tweak.size(), &domain));
            std::uint64_t a = 0, b = 0;
            ASSERT_TRUE(ff1_encrypt(domain, numeral_value(s.plain.substr(0, u), s.radix),
                                    numeral_value(s.plain.substr(u), s.radix), &a, &b));
            EXPECT_EQ(numeral_text(a, u, s.radix) + numeral_text(b, v, s.radix), s.cipher) << "sample " << s.number;
            std::uint64_t pa = 0, pb = 0;
            ASSERT_TRUE(ff1_decrypt(domain, a, b, &pa, &pb));
            EXPECT_EQ(numeral_text(pa, u, s.radix) + numeral_text(pb, v, s.radix), s.plain) << "sample " << s.number;
        }
}

TEST(Ff1, RefusesWhatItCannotComputeExactly) {
    aes_key key;
    const std::uint8_t raw[16] = {};
    ASSERT_TRUE(aes_expand_key(raw, 16, &key));
    ff1_domain domain;
    EXPECT_TRUE(ff1_prepare(key, 2, 122, nullptr, 0, &domain));
    EXPECT_EQ(domain.b, 8u);
    EXPECT_EQ(domain.d, 12u);
    EXPECT_FALSE(ff1_prepare(key, 2, 128, nullptr, 0, &domain));   // halves of 64 bits
    EXPECT_FALSE(ff1_prepare(key, 10, 40, nullptr, 0, &domain));   // 10^20 > 2^56
    EXPECT_FALSE(ff1_prepare(key, 1, 10, nullptr, 0, &domain));
    EXPECT_FALSE(ff1_prepare(key, 10, 1, nullptr, 0, &domain));
}

// ---- the setting's parser ---------------------------------------------------------------------

TEST(OpaqueKeys, Parses) {
    opaque_key_ring ring = ring_of(" " + key2 + " , k1 : 000102030405060708090A0B0C0D0E0F ");
    ASSERT_EQ(ring.count, 2u);
    EXPECT_STREQ(ring.keys[0].id, "k2");
    EXPECT_EQ(ring.keys[0].ulid_key.rounds, 14);
    EXPECT_STREQ(ring.keys[1].id, "k1");
    EXPECT_EQ(ring.keys[1].ulid_key.rounds, 10);
    EXPECT_EQ(ring_of("").count, 0u);
    EXPECT_EQ(ring_of("  ").count, 0u);
}

TEST(OpaqueKeys, RefusesMalformedNamingTheEntryNeverTheKey) {
    const std::string k = "00112233445566778899aabbccddeeff";
    struct bad { std::string text; std::size_t entry; const char* id; const char* reason; } cases[] = {
        {"k1" + k, 1, "", "there is no \":\" between the id and the key"},
        {"k1:" + k + ",", 2, "", "the entry is empty"},
        {":" + k, 1, "", "the id must have 1 to 16 letters or digits"},
        {"k_1:" + k, 1, "", "the id must have only letters and digits"},
        {"abcdefghijklmnopq:" + k, 1, "", "the id must have 1 to 16 letters or digits"},
        {"k1:" + k.substr(1), 1, "k1", "the key must have 32 or 64 hex digits (AES-128 or AES-256)"},
        {"k1:" + k + "0011223344556677", 1, "k1", "the key must have 32 or 64 hex digits (AES-128 or AES-256)"},
        {"k1:" + k.substr(0, 31) + "g", 1, "k1", "the key has a character that is not a hex digit"},
        {"k1:" + k + ",k1:ffeeddccbbaa99887766554433221100", 2, "k1", "an earlier entry has the same id"},
        {"k1:" + k + ",k2:" + k, 2, "k2", "an earlier entry has the same key"},
        {"a:" + k + ",b:1" + k.substr(1) + ",c:2" + k.substr(1) + ",d:3" + k.substr(1) + ",e:4" + k.substr(1) +
             ",f:5" + k.substr(1) + ",g:6" + k.substr(1) + ",h:7" + k.substr(1) + ",i:8" + k.substr(1),
         9, "", "at most 8 keys may be listed"},
    };
    for (const auto& c : cases) {
        opaque_key_ring ring;
        opaque_keys_problem problem;
        EXPECT_FALSE(parse_opaque_keys(c.text, &ring, &problem)) << c.text;
        EXPECT_EQ(problem.entry, c.entry) << c.text;
        EXPECT_STREQ(problem.id, c.id) << c.text;
        EXPECT_STREQ(problem.reason, c.reason) << c.text;
        EXPECT_EQ(std::string(problem.reason).find("0011"), std::string::npos);
        EXPECT_EQ(ring.count, 0u) << "nothing of a refused value is kept";
    }
}

// ---- opaque uuid and ulid ----------------------------------------------------------------------

TEST(OpaqueIds, UuidLooksLikeVersion4AndRoundTrips) {
    const opaque_key_ring ring = ring_of(key1);
    generator g{7};
    for (int i = 0; i < 1000; ++i) {
        const bytes v7 = random_uuidv7(g);
        bytes opaque, back;
        ASSERT_EQ(opaque_encode_uuid(ring, v7.data(), now_ms, opaque.data()), opaque_status::ok);
        EXPECT_EQ(opaque[6] >> 4, 4);
        EXPECT_EQ(opaque[8] & 0xC0, 0x80);
        std::size_t index = 99;
        ASSERT_EQ(opaque_decode_uuid(ring, opaque.data(), now_ms, back.data(), &index), opaque_status::ok);
        ASSERT_EQ(back, v7);
        EXPECT_EQ(index, 0u);
    }
}

// The targets' ">= 10 000 000 values under one key, zero mismatches", for both types.
TEST(OpaqueIds, TenMillionRoundTrips) {
    const opaque_key_ring ring = ring_of(key2);
    generator g{11};
    std::size_t mismatches = 0;
    constexpr int n = 10000000;
    for (int i = 0; i < n; ++i) {
        const bytes v7 = random_uuidv7(g), ulid = random_ulid(g);
        bytes opaque, back;
        if (opaque_encode_uuid(ring, v7.data(), now_ms, opaque.data()) != opaque_status::ok ||
            opaque_decode_uuid(ring, opaque.data(), now_ms, back.data()) != opaque_status::ok || back != v7)
            ++mismatches;
        if (opaque_encode_ulid(ring, ulid.data(), now_ms, opaque.data()) != opaque_status::ok ||
            opaque_decode_ulid(ring, opaque.data(), now_ms, back.data()) != opaque_status::ok || back != ulid)
            ++mismatches;
    }
    EXPECT_EQ(mismatches, 0u);
}

TEST(OpaqueIds, EnginesGiveTheSameIds) {
    if (!aes_native_available()) GTEST_SKIP() << "no AES-NI on this CPU";
    const opaque_key_ring native = ring_of(key1 + "," + key2), openssl = ring_of(key1 + "," + key2, aes_engine::openssl);
    generator g{3};
    for (int i = 0; i < 1000; ++i) {
        const bytes v7 = random_uuidv7(g);
        bytes a, b;
        ASSERT_EQ(opaque_encode_uuid(native, v7.data(), now_ms, a.data()), opaque_status::ok);
        ASSERT_EQ(opaque_encode_uuid(openssl, v7.data(), now_ms, b.data()), opaque_status::ok);
        ASSERT_EQ(a, b);
        ASSERT_EQ(opaque_encode_ulid(native, v7.data(), now_ms, a.data()), opaque_status::ok);
        ASSERT_EQ(opaque_encode_ulid(openssl, v7.data(), now_ms, b.data()), opaque_status::ok);
        ASSERT_EQ(a, b);
    }
}

// A fixed id under a fixed key: the construction cannot change unnoticed (ids already
// published must keep decoding). The values were computed by this code and are pinned here.
TEST(OpaqueIds, PinnedValues) {
    const opaque_key_ring ring = ring_of(key1);
    const auto v7 = from_hex("01890a5d6b4c7def8123456789abcdef");
    bytes out;
    ASSERT_EQ(opaque_encode_uuid(ring, v7.data(), now_ms, out.data()), opaque_status::ok);
    EXPECT_EQ(to_hex(out.data(), 16), "feba70f07a9f4f41827032182ffdd5dc");
    ASSERT_EQ(opaque_encode_ulid(ring, v7.data(), now_ms, out.data()), opaque_status::ok);
    // AES-128 of the block under FIPS-197's C.1 key, as any AES implementation computes it.
    EXPECT_EQ(to_hex(out.data(), 16), "eea61d2708abd7cbb8fb7006305999a6");
}

TEST(OpaqueIds, RefusesWrongInputs) {
    const opaque_key_ring ring = ring_of(key1), empty = ring_of("");
    generator g{5};
    bytes v7 = random_uuidv7(g), out;
    EXPECT_EQ(opaque_encode_uuid(empty, v7.data(), now_ms, out.data()), opaque_status::no_key);
    EXPECT_EQ(opaque_decode_ulid(empty, v7.data(), now_ms, out.data()), opaque_status::no_key);
    bytes v4 = v7;
    v4[6] = static_cast<std::uint8_t>(0x40 | (v4[6] & 0x0F));
    EXPECT_EQ(opaque_encode_uuid(ring, v4.data(), now_ms, out.data()), opaque_status::not_uuidv7);
    EXPECT_EQ(opaque_decode_uuid(ring, v7.data(), now_ms, out.data()), opaque_status::not_uuidv4);
    bytes wrong_variant = v7;
    wrong_variant[8] &= 0x3F;  // NCS variant
    EXPECT_EQ(opaque_encode_uuid(ring, wrong_variant.data(), now_ms, out.data()), opaque_status::not_uuidv7);
    bytes old = v7;
    write_unix_ms(old.data(), opaque_earliest_ms - 1);
    EXPECT_EQ(opaque_encode_uuid(ring, old.data(), now_ms, out.data()), opaque_status::time_out_of_window);
    EXPECT_EQ(opaque_encode_ulid(ring, old.data(), now_ms, out.data()), opaque_status::time_out_of_window);
    bytes future = v7;
    write_unix_ms(future.data(), now_ms + opaque_future_allowance_ms + 1);
    EXPECT_EQ(opaque_encode_uuid(ring, future.data(), now_ms, out.data()), opaque_status::time_out_of_window);
    write_unix_ms(future.data(), now_ms + opaque_future_allowance_ms);
    EXPECT_EQ(opaque_encode_uuid(ring, future.data(), now_ms, out.data()), opaque_status::ok);
}

// Each output bit flips with probability ~1/2 when one input bit flips, for every pair of
// positions (122 x 122 for the uuid permutation, 128 x 128 for ulid): 4000 samples per pair,
// so 0.45..0.55 is more than 6 standard deviations wide.
template <class Permute>
void check_avalanche(unsigned bits, Permute permute, const char* what) {
    constexpr int samples = 4000;
    std::vector<int> flips(bits * bits, 0);
    generator g{17};
    for (int s = 0; s < samples; ++s) {
        const bytes x = g.value();
        const bytes y = permute(x, bits);
        for (unsigned i = 0; i < bits; ++i) {
            bytes x2 = x;
            x2[i / 8] ^= static_cast<std::uint8_t>(0x80 >> (i % 8));
            const bytes y2 = permute(x2, bits);
            for (unsigned j = 0; j < bits; ++j) flips[i * bits + j] += ((y[j / 8] ^ y2[j / 8]) >> (7 - j % 8)) & 1;
        }
    }
    double lowest = 1, highest = 0;
    for (int f : flips) {
        const double p = static_cast<double>(f) / samples;
        lowest = std::min(lowest, p);
        highest = std::max(highest, p);
    }
    std::printf("[ avalanche ] %s: every output bit flips with probability %.4f..%.4f\n", what, lowest, highest);
    EXPECT_GT(lowest, 0.45);
    EXPECT_LT(highest, 0.55);
}

TEST(OpaqueIds, Avalanche) {
    const opaque_key_ring ring = ring_of(key1);
    // The 122-bit permutation itself (the time window is not part of it): bits as FF1 sees them.
    check_avalanche(122, [&](const bytes& x, unsigned) {
        const std::uint64_t hi = load_big_endian_64(x.data()), lo = load_big_endian_64(x.data() + 8);
        std::uint64_t a = hi >> 3, b = ((hi & 7) << 58 | lo >> 6) & ((std::uint64_t{1} << 61) - 1);
        EXPECT_TRUE(ff1_encrypt(ring.keys[0].uuid_domain, a, b, &a, &b));
        bytes y{};
        store_big_endian_64(y.data(), a << 3 | b >> 58);
        store_big_endian_64(y.data() + 8, b << 6);
        return y;
    }, "uuid (FF1, 122 bits)");
    check_avalanche(128, [&](const bytes& x, unsigned) {
        bytes y;
        EXPECT_TRUE(aes_encrypt_block(ring.keys[0].ulid_key, x.data(), y.data()));
        return y;
    }, "ulid (AES, 128 bits)");
}

// 1 000 000 random values (version-4 looking for uuid): the share decode refuses.
TEST(OpaqueIds, RandomValuesAreRefused) {
    const opaque_key_ring ring = ring_of(key1);
    generator g{23};
    constexpr int n = 1000000;
    int refused_uuid = 0, refused_ulid = 0;
    for (int i = 0; i < n; ++i) {
        bytes v = g.value(), out;
        refused_ulid += opaque_decode_ulid(ring, v.data(), now_ms, out.data()) == opaque_status::no_key_matches;
        v[6] = static_cast<std::uint8_t>(0x40 | (v[6] & 0x0F));
        v[8] = static_cast<std::uint8_t>(0x80 | (v[8] & 0x3F));
        refused_uuid += opaque_decode_uuid(ring, v.data(), now_ms, out.data()) == opaque_status::no_key_matches;
    }
    const double expected = 1 - static_cast<double>(now_ms + opaque_future_allowance_ms - opaque_earliest_ms) / 281474976710656.0;
    std::printf("[ forgery   ] random values refused: uuid %d of %d (%.3f %%), ulid %d of %d (%.3f %%); expected %.3f %%\n",
                refused_uuid, n, 100.0 * refused_uuid / n, refused_ulid, n, 100.0 * refused_ulid / n, 100 * expected);
    EXPECT_GE(refused_uuid, n * 99 / 100);
    EXPECT_GE(refused_ulid, n * 99 / 100);
    EXPECT_NEAR(static_cast<double>(refused_uuid) / n, expected, 0.0005);
    EXPECT_NEAR(static_cast<double>(refused_ulid) / n, expected, 0.0005);
}

// Rotation: values encoded while k1 was the only key, decoded with "k2,k1". The first key whose
// result has a plausible time wins, so a share of old values is taken by k2: measured here.
TEST(OpaqueIds, RotationWrongKeyShare) {
    const opaque_key_ring before = ring_of(key1), after = ring_of(key2 + "," + key1);
    generator g{29};
    constexpr int n = 1000000;
    int right = 0, wrong = 0;
    for (int i = 0; i < n; ++i) {
        const bool ulid = i % 2;
        const bytes v = ulid ? random_ulid(g) : random_uuidv7(g);
        bytes opaque, back;
        std::size_t index = 99;
        ASSERT_EQ(ulid ? opaque_encode_ulid(before, v.data(), now_ms, opaque.data())
                       : opaque_encode_uuid(before, v.data(), now_ms, opaque.data()),
                  opaque_status::ok);
        ASSERT_EQ(ulid ? opaque_decode_ulid(after, opaque.data(), now_ms, back.data(), &index)
                       : opaque_decode_uuid(after, opaque.data(), now_ms, back.data(), &index),
                  opaque_status::ok);
        if (back == v) {
            ++right;
            EXPECT_EQ(index, 1u);
        } else {
            ++wrong;
            EXPECT_EQ(index, 0u);  // only the newer key can take an old value
        }
        // New values are always decoded by the first key.
        ASSERT_EQ(opaque_encode_uuid(after, random_uuidv7(g).data(), now_ms, opaque.data()), opaque_status::ok);
    }
    std::printf("[ rotation  ] old values decoded under the wrong (newer) key: %d of %d (%.3f %%)\n", wrong, n,
                100.0 * wrong / n);
    EXPECT_LT(wrong, n / 100);
    EXPECT_GT(right, n * 99 / 100);
}

}  // namespace

// ---- #30: every key's candidate, selection without an early exit, the key file --------------

namespace {

// After rotating through three keys (k1 oldest), ids made under k1 are among the candidates of
// the ring "k3,k2,k1": every time, by construction (opaque_decode alone picks the wrong key for
// ~0.3 % per extra key: RotationWrongKeyShare).
TEST(OpaqueCandidates, OldestKeyAlwaysFoundAfterTwoRotations) {
    const std::string key3 = "k3:8f1c2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
    const opaque_key_ring oldest = ring_of(key1), ring = ring_of(key3 + "," + key2 + "," + key1);
    generator g{31};
    constexpr int n = 200000;
    int missed = 0, decode_wrong = 0;
    for (int i = 0; i < n; ++i) {
        const bool ulid = i % 2;
        const bytes v = ulid ? random_ulid(g) : random_uuidv7(g);
        bytes opaque, decoded;
        ASSERT_EQ(ulid ? opaque_encode_ulid(oldest, v.data(), now_ms, opaque.data())
                       : opaque_encode_uuid(oldest, v.data(), now_ms, opaque.data()),
                  opaque_status::ok);
        opaque_candidate_set set;
        ASSERT_EQ(ulid ? opaque_candidates_ulid(ring, opaque.data(), now_ms, &set)
                       : opaque_candidates_uuid(ring, opaque.data(), now_ms, &set),
                  opaque_status::ok);
        ASSERT_EQ(set.count, 3u);  // every key ran
        ASSERT_TRUE(set.in_window[2]);
        if (std::memcmp(set.values[2], v.data(), 16) != 0) ++missed;
        ASSERT_EQ(ulid ? opaque_decode_ulid(ring, opaque.data(), now_ms, decoded.data())
                       : opaque_decode_uuid(ring, opaque.data(), now_ms, decoded.data()),
                  opaque_status::ok);
        if (decoded != v) ++decode_wrong;
    }
    std::printf("[ candidates] oldest of 3 keys: %d of %d missed by the candidates, %d decoded wrongly by decode\n",
                missed, n, decode_wrong);
    EXPECT_EQ(missed, 0);
    EXPECT_GT(decode_wrong, 0);  // what the candidates are for
}

TEST(OpaqueCandidates, ForgedValuesHaveFewOrNone) {
    const opaque_key_ring ring = ring_of(key1);
    generator g{37};
    int with_candidate = 0;
    for (int i = 0; i < 20000; ++i) {
        bytes v = g.value();
        opaque_candidate_set set;
        ASSERT_EQ(opaque_candidates_ulid(ring, v.data(), now_ms, &set), opaque_status::ok);
        EXPECT_EQ(set.count, 1u);
        with_candidate += static_cast<int>(set.in_window_count);
    }
    EXPECT_LT(with_candidate, 200);
    opaque_candidate_set set;
    const bytes v7 = random_uuidv7(g);
    EXPECT_EQ(opaque_candidates_uuid(ring, v7.data(), now_ms, &set), opaque_status::not_uuidv4);
    EXPECT_EQ(opaque_candidates_uuid(ring_of(""), v7.data(), now_ms, &set), opaque_status::no_key);
}

opaque_candidate_set set_of(std::initializer_list<bool> in_window) {
    opaque_candidate_set set;
    std::memset(&set, 0, sizeof set);
    for (bool w : in_window) {
        std::memset(set.values[set.count], static_cast<int>(0x10 + set.count), 16);
        set.in_window[set.count] = w;
        set.in_window_count += w;
        ++set.count;
    }
    return set;
}

TEST(OpaqueSelect, TakesTheFirstInWindow) {
    struct case_t {
        std::initializer_list<bool> in_window;
        bool found;
        std::size_t index;
    };
    for (const case_t& c : {case_t{{true}, true, 0}, case_t{{false}, false, 0}, case_t{{false, false, true}, true, 2},
                            case_t{{false, true, true}, true, 1}, case_t{{true, true, true}, true, 0},
                            case_t{{false, false, false, false, false, false, false, true}, true, 7},
                            case_t{{}, false, 0}}) {
        const opaque_candidate_set set = set_of(c.in_window);
        bytes out{};
        out.fill(0xEE);
        std::size_t index = 99;
        const opaque_status status = opaque_select_first(set, out.data(), &index);
        if (!c.found) {
            EXPECT_EQ(status, opaque_status::no_key_matches);
            EXPECT_EQ(out[0], 0xEE);  // untouched
            continue;
        }
        ASSERT_EQ(status, opaque_status::ok);
        EXPECT_EQ(index, c.index);
        for (std::uint8_t b : out) EXPECT_EQ(b, 0x10 + c.index);
    }
}

TEST(ConstantTime, Masks) {
    EXPECT_EQ(ct_mask_less_equal(0, 0), ~std::uint64_t{0});
    EXPECT_EQ(ct_mask_less_equal(1, 0), 0u);
    EXPECT_EQ(ct_mask_less_equal(0, 1), ~std::uint64_t{0});
    const std::uint64_t big = (std::uint64_t{1} << 62) + 5;
    EXPECT_EQ(ct_mask_less_equal(big, big + 1), ~std::uint64_t{0});
    EXPECT_EQ(ct_mask_less_equal(big + 1, big), 0u);
    EXPECT_EQ(ct_mask_of_bit(1), ~std::uint64_t{0});
    EXPECT_EQ(ct_mask_of_bit(0), 0u);
    generator g{41};
    for (int i = 0; i < 100000; ++i) {  // the mask and the plain window test agree
        const std::uint64_t t = g.next() % (now_ms * 2), now = g.next() % (now_ms * 2);
        EXPECT_EQ(opaque_time_accepted_mask(t, now) != 0, opaque_time_accepted(t, now)) << t << " " << now;
    }
    for (std::uint64_t t : {opaque_earliest_ms - 1, opaque_earliest_ms, now_ms + opaque_future_allowance_ms,
                            now_ms + opaque_future_allowance_ms + 1})
        EXPECT_EQ(opaque_time_accepted_mask(t, now_ms) != 0, opaque_time_accepted(t, now_ms)) << t;
}

// ---- the key file ----------------------------------------------------------------------------

TEST(OpaqueKeyFile, ParsesLinesCommentsAndBlanks) {
    opaque_key_ring ring;
    opaque_keys_problem problem;
    const std::string file = "# keys of the shop\n\n" + key2 + "   # newest: encodes\r\n  \t\n" +
                             " k1 : 000102030405060708090A0B0C0D0E0F\n# end";
    ASSERT_TRUE(parse_opaque_key_file(file, &ring, &problem)) << problem.reason;
    ASSERT_EQ(ring.count, 2u);
    EXPECT_STREQ(ring.keys[0].id, "k2");
    EXPECT_STREQ(ring.keys[1].id, "k1");
    EXPECT_EQ(to_hex(ring.keys[1].ulid_key.raw, ring.keys[1].ulid_key.raw_size), "000102030405060708090a0b0c0d0e0f");
    // The same ring as 1.3's list: ids made before keep their values.
    const opaque_key_ring listed = ring_of(key2 + "," + key1);
    EXPECT_EQ(std::memcmp(&listed.keys[0].ulid_key.raw, &ring.keys[0].ulid_key.raw, 32), 0);
}

TEST(OpaqueKeyFile, RefusesNamingTheLineNeverTheKey) {
    struct case_t {
        std::string text;
        std::size_t line;
        const char* id;
        const char* reason_part;
    };
    const std::string secret = "000102030405060708090a0b0c0d0e0f";
    for (const case_t& c : {
             case_t{"", 0, "", "no key"},
             case_t{"# only comments\n\n", 0, "", "no key"},
             case_t{key1 + "\nk2:" + secret.substr(0, 31) + "\n", 2, "k2", "32 or 64 hex digits"},
             case_t{"\n\n" + key1 + "," + key2 + "\n", 3, "", "one key per line"},
             case_t{key1 + "\nk1:" + secret.substr(0, 30) + "ff\n", 2, "k1", "same id"},
             case_t{key1 + "\nk5:" + secret + "\n", 2, "k5", "same key"},
             case_t{"k1 " + secret + "\n", 1, "", "no \":\""},
             case_t{"k1:" + secret.substr(0, 31) + "x\n", 1, "k1", "not a hex digit"},
         }) {
        opaque_key_ring ring;
        opaque_keys_problem problem;
        EXPECT_FALSE(parse_opaque_key_file(c.text, &ring, &problem)) << c.text;
        EXPECT_EQ(problem.entry, c.line) << c.text;
        EXPECT_STREQ(problem.id, c.id) << c.text;
        EXPECT_NE(std::string(problem.reason).find(c.reason_part), std::string::npos) << problem.reason;
        EXPECT_EQ(std::string(problem.reason).find(secret.substr(0, 8)), std::string::npos);
        EXPECT_EQ(ring.count, 0u);
    }
    std::string nine;
    for (int i = 0; i < 9; ++i) nine += "k" + std::to_string(i) + ":" + secret.substr(0, 30) + "0" + std::to_string(i) + "\n";
    opaque_key_ring ring;
    opaque_keys_problem problem;
    EXPECT_FALSE(parse_opaque_key_file(nine, &ring, &problem));
    EXPECT_EQ(problem.entry, 9u);
}

// ---- key files with sections (per database) -----------------------------------------------

// The ids of the ring a database gets from a file, "k2 k1", and where they came from.
std::string ids_for(const std::string& file, const std::string& database, opaque_key_source* source = nullptr) {
    opaque_key_ring ring;
    opaque_keys_problem problem;
    opaque_key_source from = opaque_key_source::server_wide;
    if (!parse_opaque_key_file(file, database, &ring, &from, &problem))
        return std::string("refused: ") + problem.reason;
    if (source) *source = from;
    std::string ids;
    for (std::size_t i = 0; i < ring.count; ++i) ids += (i ? " " : "") + std::string(ring.keys[i].id);
    return ids;
}

const std::string key3 = "k3:3c4b5a69788796a5b4c3d2e1f00f1e2d";
const std::string key4 = "k4:8f1c2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

TEST(OpaqueKeyFileSections, EachDatabaseGetsItsSectionOrTheServerWideKeys) {
    const std::string file = "# server-wide\n" + key1 + "\n\n  [shop]  \n" + key3 + "\n" + key1 + "   # kept: old ids\n" +
                             "[crm]\n# no key: crm gets none\n[a]b # x]\n" + key4 + "\n";
    opaque_key_source source = opaque_key_source::own_section;
    EXPECT_EQ(ids_for(file, "shop", &source), "k3 k1");
    EXPECT_EQ(source, opaque_key_source::own_section);
    EXPECT_EQ(ids_for(file, "crm", &source), "");  // an empty section: no keys, not the server-wide ones
    EXPECT_EQ(source, opaque_key_source::own_section);
    EXPECT_EQ(ids_for(file, "a]b # x", &source), "k4");  // the name runs to the line's last ']', '#' and ']' included
    EXPECT_EQ(ids_for(file, "billing", &source), "k1");  // no section: the server-wide keys
    EXPECT_EQ(source, opaque_key_source::server_wide);
    EXPECT_EQ(ids_for(file, "", &source), "k1");
    EXPECT_EQ(ids_for(file, "Shop"), "k1") << "names are exact: case matters";
    EXPECT_EQ(ids_for(file, "shop "), "k1");
    // The same key under the same id in two sections and server-wide: allowed (a database that
    // gets a section keeps the server-wide key its old ids were made with).
    opaque_key_ring shop, other;
    opaque_keys_problem problem;
    ASSERT_TRUE(parse_opaque_key_file(file, "shop", &shop, nullptr, &problem));
    ASSERT_TRUE(parse_opaque_key_file(file, "billing", &other, nullptr, &problem));
    EXPECT_EQ(std::memcmp(&shop.keys[1], &other.keys[0], sizeof shop.keys[1]), 0);
    // No server-wide keys: a database without a section gets none.
    EXPECT_EQ(ids_for("[shop]\n" + key1 + "\n", "billing", &source), "");
    EXPECT_EQ(source, opaque_key_source::server_wide);
    // 1.4's files (no section) mean what they meant.
    EXPECT_EQ(ids_for(key2 + "\n" + key1 + "\n", "shop"), "k2 k1");
}

TEST(OpaqueKeyFileSections, EveryLineIsCheckedWhateverTheDatabase) {
    struct case_t {
        std::string text;
        std::size_t line;
        const char* section;
        const char* id;
        const char* reason_part;
    };
    const std::string secret = "000102030405060708090a0b0c0d0e0f";
    const std::string name63(63, 'n');
    for (const case_t& c : {
             case_t{"[shop]\n[crm]\n", 0, "", "", "no key"},
             case_t{key1 + "\n[shop]\n" + key3 + "\n[shop]\n" + key4 + "\n", 4, "shop", "", "same section"},
             case_t{key1 + "\n[]\n", 2, "", "", "no database name"},
             case_t{key1 + "\n[" + name63 + "x]\n", 2, "", "", "at most 63 bytes"},
             case_t{key1 + "\n[ shop]\n", 2, "", "", "begin or end with a blank"},
             case_t{key1 + "\n[shop\t]\n", 2, "", "", "begin or end with a blank"},
             case_t{key1 + "\n[shop] # production\n", 2, "", "", "a comment goes on a line of its own"},
             case_t{key1 + "\n[shop\n", 2, "", "", "ends the line"},
             // A bad line in a section the database does not load is refused all the same.
             case_t{key1 + "\n[crm]\nk2:" + secret.substr(0, 31) + "\n", 3, "crm", "k2", "32 or 64 hex digits"},
             case_t{"[crm]\n" + key1 + "\nk9:" + secret + "\n", 3, "crm", "k9", "same key"},
             case_t{"[crm]\n" + key1 + "\n[shop]\n" + key3 + "\nk3:" + secret + "\n", 5, "shop", "k3", "same id"},
         }) {
        for (const char* database : {"shop", "crm", "billing", ""}) {
            opaque_key_ring ring;
            opaque_keys_problem problem;
            EXPECT_FALSE(parse_opaque_key_file(c.text, database, &ring, nullptr, &problem)) << c.text;
            EXPECT_EQ(problem.entry, c.line) << c.text;
            EXPECT_STREQ(problem.section, c.section) << c.text;
            EXPECT_STREQ(problem.id, c.id) << c.text;
            EXPECT_NE(std::string(problem.reason).find(c.reason_part), std::string::npos) << problem.reason;
            const opaque_key_ring zero{};
            EXPECT_EQ(std::memcmp(&ring, &zero, sizeof ring), 0) << "nothing of a refused file is kept: " << c.text;
        }
    }
    EXPECT_EQ(ids_for(key1 + "\n[" + name63 + "]\n" + key3 + "\n", name63), "k3");
}

TEST(OpaqueKeyFileSections, EightKeysPerSectionAndAtMost1024Sections) {
    const std::string secret = "000102030405060708090a0b0c0d0e0f";
    std::string eight, nine;
    for (int i = 0; i < 9; ++i) {
        const std::string line = "k" + std::to_string(i) + ":" + secret.substr(0, 30) + "0" + std::to_string(i) + "\n";
        if (i < 8) eight += line;
        nine += line;
    }
    // Eight server-wide and eight in each section: fine; nine in one section: refused at the ninth.
    EXPECT_EQ(ids_for(eight + "[a]\n" + eight + "[b]\n" + eight, "b"), "k0 k1 k2 k3 k4 k5 k6 k7");
    opaque_key_ring ring;
    opaque_keys_problem problem;
    EXPECT_FALSE(parse_opaque_key_file(eight + "[a]\n" + nine, "b", &ring, nullptr, &problem));
    EXPECT_EQ(problem.entry, 18u);
    EXPECT_STREQ(problem.section, "a");
    std::string many = key1 + "\n";
    for (int i = 0; i < 1024; ++i) many += "[db" + std::to_string(i) + "]\n";
    EXPECT_EQ(ids_for(many, "db1023"), "");
    EXPECT_EQ(ids_for(many, "db1024"), "k1");
    EXPECT_FALSE(parse_opaque_key_file(many + "[db1024]\n", "db1", &ring, nullptr, &problem));
    EXPECT_EQ(problem.entry, 1026u);
}

TEST(OpaqueKeyFileSections, SectionsAreWhatTheirDatabasesDecode) {
    // An id made under one database's section decodes there, not under another database's keys.
    const std::string file = key1 + "\n[a]\n" + key2 + "\n[b]\n" + key3 + "\n";
    opaque_key_ring a, b, rest;
    opaque_keys_problem problem;
    ASSERT_TRUE(parse_opaque_key_file(file, "a", &a, nullptr, &problem));
    ASSERT_TRUE(parse_opaque_key_file(file, "b", &b, nullptr, &problem));
    ASSERT_TRUE(parse_opaque_key_file(file, "c", &rest, nullptr, &problem));
    generator g{35};
    int decoded_elsewhere = 0;
    for (int i = 0; i < 2000; ++i) {
        const bytes v = random_uuidv7(g);
        bytes made, back;
        ASSERT_EQ(opaque_encode_uuid(a, v.data(), now_ms, made.data()), opaque_status::ok);
        std::size_t index = 0;
        ASSERT_EQ(opaque_decode_uuid(a, made.data(), now_ms, back.data(), &index), opaque_status::ok);
        EXPECT_EQ(back, v);
        for (const opaque_key_ring* other : {&b, &rest})
            if (opaque_decode_uuid(*other, made.data(), now_ms, back.data(), &index) == opaque_status::ok && back == v)
                ++decoded_elsewhere;
    }
    EXPECT_EQ(decoded_elsewhere, 0);
}

TEST(SecretFile, PostgresRuleForSslKeyFile) {
    const uid_t server = 1234;
    EXPECT_EQ(secret_file_permission(true, server, 0600, server), secret_file_status::ok);
    EXPECT_EQ(secret_file_permission(true, server, 0400, server), secret_file_status::ok);
    EXPECT_EQ(secret_file_permission(true, server, 0640, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, server, 0604, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, server, 0644, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, server, 0610, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, 0, 0640, server), secret_file_status::ok);
    EXPECT_EQ(secret_file_permission(true, 0, 0600, server), secret_file_status::ok);
    EXPECT_EQ(secret_file_permission(true, 0, 0660, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, 0, 0644, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, 0, 0650, server), secret_file_status::group_or_world_access);
    EXPECT_EQ(secret_file_permission(true, 999, 0600, server), secret_file_status::wrong_owner);
    EXPECT_EQ(secret_file_permission(false, server, 0600, server), secret_file_status::not_regular);
}

std::string temp_file(const std::string& content, mode_t mode) {
    char path[] = "/tmp/uidext-secret-XXXXXX";
    const int fd = mkstemp(path);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(write(fd, content.data(), content.size()), static_cast<ssize_t>(content.size()));
    fchmod(fd, mode);
    close(fd);
    return path;
}

TEST(SecretFile, ReadsOnlyWhatPassesTheRule) {
    char buffer[64];
    std::size_t size = 99;
    const std::string ok = temp_file(key1 + "\n", 0600);
    secret_file_result r = read_secret_file(ok.c_str(), buffer, sizeof buffer, &size);
    EXPECT_EQ(r.status, secret_file_status::ok);
    EXPECT_EQ(std::string(buffer, size), key1 + "\n");

    const std::string open = temp_file(key1 + "\n", 0644);
    r = read_secret_file(open.c_str(), buffer, sizeof buffer, &size);
    EXPECT_EQ(r.status, secret_file_status::group_or_world_access);
    EXPECT_EQ(size, 0u);

    const std::string large = temp_file(std::string(65, '#'), 0600);
    std::memset(buffer, 0, sizeof buffer);
    r = read_secret_file(large.c_str(), buffer, sizeof buffer, &size);
    EXPECT_EQ(r.status, secret_file_status::too_large);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(buffer[0], 0);  // wiped

    const std::string exact = temp_file(std::string(64, '#'), 0600);
    EXPECT_EQ(read_secret_file(exact.c_str(), buffer, sizeof buffer, &size).status, secret_file_status::ok);
    EXPECT_EQ(size, 64u);

    r = read_secret_file("/nonexistent/uidext.keys", buffer, sizeof buffer, &size);
    EXPECT_EQ(r.status, secret_file_status::cannot_open);
    EXPECT_EQ(r.saved_errno, ENOENT);
    EXPECT_EQ(read_secret_file("/tmp", buffer, sizeof buffer, &size).status, secret_file_status::not_regular);
    for (const std::string& p : {ok, open, large, exact}) unlink(p.c_str());
}

TEST(OpaqueText, ReadsUuidAndUlidForms) {
    std::uint8_t out[16];
    EXPECT_EQ(parse_opaque_text("111a10ae-f9d2-43d5-a880-6cd5e61f61d7", out), opaque_text_kind::uuid);
    EXPECT_EQ(to_hex(out, 16), "111a10aef9d243d5a8806cd5e61f61d7");
    EXPECT_EQ(parse_opaque_text("{111A10AEF9D243D5A8806CD5E61F61D7}", out), opaque_text_kind::uuid);
    EXPECT_EQ(parse_opaque_text("01JCP0F8DJ7CYH4Q0J3CNKRYKP", out), opaque_text_kind::ulid);
    EXPECT_EQ(parse_opaque_text("01jcp0f8dj7cyh4q0j3cnkrykp", out), opaque_text_kind::ulid);
    for (const char* bad : {"", "x", "01JCP0F8DJ7CYH4Q0J3CNKRYK", "01JCP0F8DJ7CYH4Q0J3CNKRYKPP", "01JCP0F8DJ7CYH4Q0J3CNKRYKU",
                            "81JCP0F8DJ7CYH4Q0J3CNKRYKP", " 111a10ae-f9d2-43d5-a880-6cd5e61f61d7",
                            "111a10ae-f9d2-43d5-a880-6cd5e61f61dg"})
        EXPECT_EQ(parse_opaque_text(bad, out), opaque_text_kind::invalid) << bad;
}

}  // namespace

namespace {

TEST(SecretFile, AFifoIsRefusedWithoutBlocking) {
    char path[] = "/tmp/uidext-fifo-XXXXXX";
    ASSERT_NE(mkdtemp(path), nullptr);
    const std::string fifo = std::string(path) + "/keys";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    char buffer[64];
    std::size_t size = 99;
    EXPECT_EQ(read_secret_file(fifo.c_str(), buffer, sizeof buffer, &size).status, secret_file_status::not_regular);
    unlink(fifo.c_str());
    rmdir(path);
}

}  // namespace
