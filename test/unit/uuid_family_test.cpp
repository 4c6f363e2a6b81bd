// The UUID family in src/core: layouts of versions 1 and 6 (their clock is in
// gregorian_clock_test.cpp), name-based versions 3 and 5 (OpenSSL), version 8, namespaces and the
// inspectors, against every vector of notes/uuid-family.md section 6.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>

#include "core/name_based.hpp"
#include "core/time_based.hpp"
#include "core/time_range.hpp"
#include "core/uuid_dce.hpp"
#include "core/uuid_longs.hpp"
#include "core/uuid_fields.hpp"
#include "core/uuid_text.hpp"

using namespace uidext;

namespace {

using bytes = std::array<std::uint8_t, 16>;

bytes uuid(const char* text) {
    bytes out{};
    EXPECT_TRUE(decode_uuid_text(text, out.data())) << text;
    return out;
}

std::string text(const bytes& value) {
    char out[uuid_text_length];
    encode_uuid_text(value.data(), out);
    return std::string(out, uuid_text_length);
}

// A 48-bit node as the 6 bytes make_gregorian_time_uuid takes.
std::array<std::uint8_t, 6> node_bytes(std::uint64_t node) {
    std::array<std::uint8_t, 6> out{};
    for (int i = 0; i < 6; ++i) out[i] = static_cast<std::uint8_t>(node >> (8 * (5 - i)));
    return out;
}

std::string time_based(int version, std::uint64_t ticks, std::uint16_t clock_seq, std::uint64_t node,
                       std::uint8_t node_bits = 0) {
    bytes out{};
    make_gregorian_time_uuid(version, ticks, clock_seq, node_bytes(node).data(), node_bits, out.data());
    return text(out);
}

std::string name_based(int version, const bytes* namespace_id, const std::string& name) {
    bytes out{};
    const char* reason = nullptr;
    EXPECT_TRUE(make_name_based_uuid(version, namespace_id ? namespace_id->data() : nullptr,
                                     reinterpret_cast<const std::uint8_t*>(name.data()), name.size(), out.data(), &reason))
        << (reason ? reason : "");
    return text(out);
}

bytes ns(uuid_namespace_id id) {
    bytes out{};
    namespace_uuid(id, out.data());
    return out;
}

constexpr std::uint64_t rfc_ticks = 0x1EC9414C232AB00;  // 2022-02-22 19:22:22 UTC
constexpr std::int64_t rfc_pg_timestamp = INT64_C(698872942000000);

}  // namespace

// --- versions 1 and 6 --------------------------------------------------------------------------

TEST(time_based, rfc_appendix_a1_and_a5) {
    EXPECT_EQ(time_based(1, rfc_ticks, 0x33C8, 0x9F6BDECED846), "c232ab00-9414-11ec-b3c8-9f6bdeced846");
    EXPECT_EQ(time_based(6, rfc_ticks, 0x33C8, 0x9F6BDECED846), "1ec9414c-232a-6b00-b3c8-9f6bdeced846");
}

TEST(time_based, cpython_vectors_from_a_nanosecond_clock) {
    const std::uint64_t ticks = gregorian_ticks_from_unix_ns(INT64_C(1545052026752910643));
    EXPECT_EQ(ticks, UINT64_C(0x1e901fca7a55b92));
    EXPECT_EQ(time_based(1, ticks, 0x14c5, 0x54e1acf6da7f), "a7a55b92-01fc-11e9-94c5-54e1acf6da7f");
    EXPECT_EQ(time_based(6, ticks, 0x14c5, 0x54e1acf6da7f), "1e901fca-7a55-6b92-94c5-54e1acf6da7f");
}

TEST(time_based, random_node_gets_the_multicast_bit_and_v1mc_the_local_bit) {
    EXPECT_EQ(time_based(1, rfc_ticks, 0x33C8, 0x9E6BDECED846, random_node_bits), "c232ab00-9414-11ec-b3c8-9f6bdeced846");
    EXPECT_EQ(time_based(1, rfc_ticks, 0x33C8, 0x006BDECED846, v1mc_node_bits), "c232ab00-9414-11ec-b3c8-036bdeced846");
}

TEST(time_based, clock_sequence_top_bits_become_the_variant) {
    EXPECT_EQ(time_based(1, 0, 0xFFFF, 0), "00000000-0000-1000-bfff-000000000000");
    EXPECT_EQ(time_based(6, max_gregorian_ticks, 0x0000, 0xFFFFFFFFFFFF), "ffffffff-ffff-6fff-8000-ffffffffffff");
}

TEST(time_based, layout_round_trips_every_tick_bit) {
    for (int bit = 0; bit < 60; ++bit) {
        const std::uint64_t ticks = std::uint64_t{1} << bit;
        for (int version : {1, 6}) {
            bytes out{};
            make_gregorian_time_uuid(version, ticks, 1, node_bytes(2).data(), 0, out.data());
            EXPECT_EQ(version == 1 ? read_v1_ticks(out.data()) : read_v6_ticks(out.data()), ticks) << bit;
            EXPECT_EQ(uuid_version(out.data()), version);
        }
    }
}

TEST(tick_clock, unix_nanoseconds_to_ticks) {
    EXPECT_EQ(gregorian_ticks_from_unix_ns(0), gregorian_unix_offset_ticks);
    EXPECT_EQ(gregorian_ticks_from_unix_ns(199), gregorian_unix_offset_ticks + 1);  // rounded down
    EXPECT_EQ(gregorian_ticks_from_unix_ns(-100), gregorian_unix_offset_ticks - 1);
    EXPECT_EQ(gregorian_ticks_from_unix_ns(INT64_MIN), UINT64_C(29959207631452242));  // 1677-09-21
}

// --- conversions and inspectors ---------------------------------------------------------------

TEST(convert, v1_to_v6_and_back_is_lossless) {
    bytes out{};
    ASSERT_TRUE(convert_gregorian_time_uuid(uuid("C232AB00-9414-11EC-B3C8-9F6BDECED846").data(), 1, 6, out.data()));
    EXPECT_EQ(text(out), "1ec9414c-232a-6b00-b3c8-9f6bdeced846");
    ASSERT_TRUE(convert_gregorian_time_uuid(out.data(), 6, 1, out.data()));  // in place
    EXPECT_EQ(text(out), "c232ab00-9414-11ec-b3c8-9f6bdeced846");
    ASSERT_TRUE(convert_gregorian_time_uuid(uuid("1e901fca-7a55-6b92-94c5-54e1acf6da7f").data(), 6, 1, out.data()));
    EXPECT_EQ(text(out), "a7a55b92-01fc-11e9-94c5-54e1acf6da7f");
}

TEST(convert, rejects_other_versions_and_variants) {
    for (const char* bad : {"1ec9414c-232a-6b00-b3c8-9f6bdeced846", "919108f7-52d1-4320-9bac-f847db4148a8",
                            "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
                            "c232ab00-9414-11ec-33c8-9f6bdeced846", "c232ab00-9414-11ec-d3c8-9f6bdeced846",
                            "c232ab00-9414-11ec-f3c8-9f6bdeced846"}) {
        bytes out = uuid("01234567-89ab-cdef-0123-456789abcdef");
        const bytes before = out;
        EXPECT_FALSE(convert_gregorian_time_uuid(uuid(bad).data(), 1, 6, out.data())) << bad;
        EXPECT_EQ(out, before);
    }
    bytes out{};
    EXPECT_FALSE(convert_gregorian_time_uuid(uuid("c232ab00-9414-11ec-b3c8-9f6bdeced846").data(), 6, 1, out.data()));
}

TEST(inspect, variant_numbers_as_java) {
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-0000-000000000000").data()), 0);
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-7fff-000000000000").data()), 0);
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-8000-000000000000").data()), 2);
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-bfff-000000000000").data()), 2);
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-c000-000000000000").data()), 6);
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-dfff-000000000000").data()), 6);
    EXPECT_EQ(uuid_variant(uuid("00000000-0000-0000-e000-000000000000").data()), 7);
    EXPECT_EQ(uuid_variant(uuid("ffffffff-ffff-ffff-ffff-ffffffffffff").data()), 7);
}

TEST(inspect, version_only_for_the_rfc_variant) {
    EXPECT_EQ(uuid_version(uuid("c232ab00-9414-11ec-b3c8-9f6bdeced846").data()), 1);
    EXPECT_EQ(uuid_version(uuid("00000000-0000-f000-8000-000000000000").data()), 15);
    EXPECT_EQ(uuid_version(uuid("00000000-0000-0000-8000-000000000000").data()), 0);
    EXPECT_EQ(uuid_version(uuid("00000000-0000-0000-0000-000000000000").data()), -1);
    EXPECT_EQ(uuid_version(uuid("ffffffff-ffff-ffff-ffff-ffffffffffff").data()), -1);
    EXPECT_EQ(uuid_version(uuid("c232ab00-9414-11ec-33c8-9f6bdeced846").data()), -1);
    EXPECT_EQ(uuid_version(uuid("c232ab00-9414-11ec-d3c8-9f6bdeced846").data()), -1);
}

TEST(inspect, clock_sequence_and_node_of_versions_1_and_6) {
    for (const char* v : {"c232ab00-9414-11ec-b3c8-9f6bdeced846", "1ec9414c-232a-6b00-b3c8-9f6bdeced846"}) {
        const bytes value = uuid(v);
        EXPECT_TRUE(is_gregorian_time_uuid(value.data()));
        EXPECT_EQ(uuid_clock_seq(value.data()), 0x33C8);
        EXPECT_EQ(value[node_offset], 0x9F);
        EXPECT_EQ(value[15], 0x46);
    }
    for (const char* v : {"919108f7-52d1-4320-9bac-f847db4148a8", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
                          "c232ab00-9414-11ec-33c8-9f6bdeced846", "00000000-0000-0000-0000-000000000000"})
        EXPECT_FALSE(is_gregorian_time_uuid(uuid(v).data())) << v;
}

TEST(inspect, timestamps_as_the_newest_core) {
    struct vector {
        const char* value;
        bool has_time;
        std::int64_t pg_timestamp;
    };
    const vector vectors[] = {
        {"c232ab00-9414-11ec-b3c8-9f6bdeced846", true, rfc_pg_timestamp},
        {"1ec9414c-232a-6b00-b3c8-9f6bdeced846", true, rfc_pg_timestamp},
        {"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", true, rfc_pg_timestamp},
        {"a7a55b92-01fc-11e9-94c5-54e1acf6da7f", true, INT64_C(598367226752910)},  // last 100 ns dropped
        {"1e901fca-7a55-6b92-94c5-54e1acf6da7f", true, INT64_C(598367226752910)},
        {"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", true, INT64_C(-91693007783125)},
        {"00000000-0000-1000-8000-000000000000", true, INT64_C(-13165977600000000)},
        {"ffffffff-ffff-1fff-bfff-ffffffffffff", true, INT64_C(102126172860684697)},
        {"ffffffff-ffff-6fff-bfff-ffffffffffff", true, INT64_C(102126172860684697)},
        {"ffffffff-ffff-7fff-bfff-ffffffffffff", true, INT64_C(280528291910655000)},
        {"5df41881-3aed-3515-88a7-2f4a814cf09e", false, 0},
        {"919108f7-52d1-4320-9bac-f847db4148a8", false, 0},
        {"2489e9ad-2ee2-8e00-8ec9-32d5f69181c0", false, 0},
        {"00000000-0000-f000-8000-000000000000", false, 0},
        {"00000000-0000-0000-0000-000000000000", false, 0},
        {"ffffffff-ffff-ffff-ffff-ffffffffffff", false, 0},
        {"c232ab00-9414-11ec-33c8-9f6bdeced846", false, 0},
        {"c232ab00-9414-11ec-d3c8-9f6bdeced846", false, 0},
    };
    for (const vector& v : vectors) {
        std::int64_t timestamp = -1;
        EXPECT_EQ(uuid_pg_timestamp(uuid(v.value).data(), timestamp), v.has_time) << v.value;
        if (v.has_time) {
            EXPECT_EQ(timestamp, v.pg_timestamp) << v.value;
        }
    }
}

// --- name-based, version 8, namespaces -------------------------------------------------------------

TEST(name_based, every_vector_of_the_note) {
    struct vector {
        int version;
        uuid_namespace_id ns;
        const char* name;
        const char* expected;
    };
    const vector vectors[] = {
        {3, uuid_namespace_id::dns, "www.example.com", "5df41881-3aed-3515-88a7-2f4a814cf09e"},
        {5, uuid_namespace_id::dns, "www.example.com", "2ed6657d-e927-568b-95e1-2665a8aea6a2"},
        {3, uuid_namespace_id::dns, "www.widgets.com", "3d813cbb-47fb-32ba-91df-831e1593ac29"},
        {5, uuid_namespace_id::dns, "www.widgets.com", "21f7f8de-8051-5b89-8680-0195ef798b6a"},
        {3, uuid_namespace_id::dns, "python.org", "6fa459ea-ee8a-3ca4-894e-db77e160355e"},
        {5, uuid_namespace_id::dns, "python.org", "886313e1-3b8a-5372-9b90-0c9aee199e5d"},
        {3, uuid_namespace_id::url, "http://python.org/", "9fe8e8c4-aaa8-32a9-a55c-4535a88b748d"},
        {5, uuid_namespace_id::url, "http://python.org/", "4c565f0d-3f5a-5890-b41b-20cf47701c5e"},
        {3, uuid_namespace_id::oid, "1.3.6.1", "dd1a1cef-13d5-368a-ad82-eca71acd4cd1"},
        {5, uuid_namespace_id::oid, "1.3.6.1", "1447fa61-5277-5fef-a9b3-fbc6e44f4af3"},
        {3, uuid_namespace_id::x500, "c=ca", "658d3002-db6b-3040-a1d1-8ddd7d189a4d"},
        {5, uuid_namespace_id::x500, "c=ca", "cc957dd1-a972-5349-98cd-874190002798"},
        {3, uuid_namespace_id::url, "http://www.postgresql.org", "cf16fe52-3365-3a1f-8572-288d8d2aaa46"},
        {3, uuid_namespace_id::dns, "", "c87ee674-4ddc-3efe-a74e-dfe25da5d7b3"},
        {5, uuid_namespace_id::dns, "caf\xc3\xa9", "5e2e2331-a683-5e18-b56d-666e31574b41"},  // UTF-8
        {5, uuid_namespace_id::dns, "caf\xe9", "35458c3d-2495-59d1-a8be-24be6f13ee69"},      // LATIN1
    };
    for (const vector& v : vectors) {
        const bytes namespace_id = ns(v.ns);
        EXPECT_EQ(name_based(v.version, &namespace_id, v.name), v.expected) << v.name;
    }
}

TEST(name_based, keeps_bit_5_of_octet_8) {
    const bytes nil{};
    EXPECT_EQ(name_based(3, &nil, "D"), "57e30c8f-1e14-3114-a0ed-bd76e4f49aba");
    EXPECT_EQ(name_based(5, &nil, "D"), "0bbecd2a-c3aa-52d5-b2ae-fd1832e84cf0");
}

TEST(name_based, java_name_uuid_from_bytes_has_no_namespace) {
    EXPECT_EQ(name_based(3, nullptr, "www.example.com"), "7c1767b3-0512-3600-bfd3-c2e618a86522");
    EXPECT_EQ(name_based(3, nullptr, ""), "d41d8cd9-8f00-3204-a980-0998ecf8427e");
}

TEST(name_based, reused_digest_context_gives_the_same_results_interleaved) {
    const bytes dns = ns(uuid_namespace_id::dns);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(name_based(5, &dns, "www.example.com"), "2ed6657d-e927-568b-95e1-2665a8aea6a2");
        EXPECT_EQ(name_based(3, &dns, "www.example.com"), "5df41881-3aed-3515-88a7-2f4a814cf09e");
    }
}

TEST(uuidv8, rfc_appendix_b_and_cpython) {
    bytes out{};
    make_uuidv8(uuid("2489e9ad-2ee2-0e00-0ec9-32d5f69181c0").data(), out.data());
    EXPECT_EQ(text(out), "2489e9ad-2ee2-8e00-8ec9-32d5f69181c0");
    make_uuidv8(uuid("00001234-5678-0ef0-0000-000011223344").data(), out.data());
    EXPECT_EQ(text(out), "00001234-5678-8ef0-8000-000011223344");
    make_uuidv8(uuid("ffffffff-ffff-ffff-ffff-ffffffffffff").data(), out.data());
    EXPECT_EQ(text(out), "ffffffff-ffff-8fff-bfff-ffffffffffff");
}

TEST(namespaces, the_four_ids) {
    EXPECT_EQ(text(ns(uuid_namespace_id::dns)), "6ba7b810-9dad-11d1-80b4-00c04fd430c8");
    EXPECT_EQ(text(ns(uuid_namespace_id::url)), "6ba7b811-9dad-11d1-80b4-00c04fd430c8");
    EXPECT_EQ(text(ns(uuid_namespace_id::oid)), "6ba7b812-9dad-11d1-80b4-00c04fd430c8");
    EXPECT_EQ(text(ns(uuid_namespace_id::x500)), "6ba7b814-9dad-11d1-80b4-00c04fd430c8");
}

TEST(namespaces, names_in_any_case_and_nothing_else) {
    uuid_namespace_id id = uuid_namespace_id::dns;
    ASSERT_TRUE(namespace_by_name("X500", id));
    EXPECT_EQ(id, uuid_namespace_id::x500);
    ASSERT_TRUE(namespace_by_name("uRl", id));
    EXPECT_EQ(id, uuid_namespace_id::url);
    ASSERT_TRUE(namespace_by_name("oid", id));
    EXPECT_EQ(id, uuid_namespace_id::oid);
    ASSERT_TRUE(namespace_by_name("DNS", id));
    EXPECT_EQ(id, uuid_namespace_id::dns);
    for (const char* bad : {"", "dns ", " dns", "dn", "dnss", "x.500", "x50", "DNS\t", "\xc4\x91ns"})
        EXPECT_FALSE(namespace_by_name(bad, id)) << bad;
    EXPECT_FALSE(namespace_by_name(std::string_view("dns\0", 4), id));
}

// --- Java's two longs (java.util.UUID: getMostSignificantBits, getLeastSignificantBits) -------

TEST(uuid_longs, signed_halves_as_java) {
    // Python's struct.unpack('>qq', bytes): the same two's complement halves as Java.
    const struct {
        const char* text;
        std::int64_t msb, lsb;
    } cases[] = {
        {"c232ab00-9414-11ec-b3c8-9f6bdeced846", INT64_C(-4453309062543306260), INT64_C(-5491964459929905082)},
        {"00000000-0000-0000-0000-000000000000", 0, 0},
        {"ffffffff-ffff-ffff-ffff-ffffffffffff", -1, -1},
        {"7fffffff-ffff-ffff-8000-000000000000", INT64_MAX, INT64_MIN},
    };
    for (const auto& c : cases) {
        const bytes value = uuid(c.text);
        EXPECT_EQ(uuid_most_significant_bits(value.data()), c.msb) << c.text;
        EXPECT_EQ(uuid_least_significant_bits(value.data()), c.lsb) << c.text;
        bytes back{};
        uuid_from_longs(c.msb, c.lsb, back.data());
        EXPECT_EQ(text(back), c.text);
    }
}

// --- version 2 (DCE Security, Go's layout) ------------------------------------------------------

TEST(dce_security, replaces_time_low_by_the_id_and_the_low_clock_sequence_byte_by_the_domain) {
    bytes value = uuid("c232ab00-9414-11ec-b3c8-9f6bdeced846");  // RFC A.1, a version 1 value
    make_dce_security(value.data(), dce_domain_group, 0x000003E8);  // gid 1000
    EXPECT_EQ(text(value), "000003e8-9414-21ec-b301-9f6bdeced846");
    int domain = -1;
    std::uint32_t id = 0;
    ASSERT_TRUE(read_dce_security(value.data(), domain, id));
    EXPECT_EQ(domain, 1);
    EXPECT_EQ(id, 1000U);
    make_dce_security(value.data(), 0xFF, 0xFFFFFFFF);
    EXPECT_EQ(text(value), "ffffffff-9414-21ec-b3ff-9f6bdeced846");
}

TEST(dce_security, other_versions_and_variants_have_no_domain) {
    int domain = -1;
    std::uint32_t id = 7;
    for (const char* other : {"c232ab00-9414-11ec-b3c8-9f6bdeced846", "000003e8-9414-21ec-3301-9f6bdeced846",
                              "000003e8-9414-21ec-d301-9f6bdeced846", "00000000-0000-0000-0000-000000000000"})
        EXPECT_FALSE(read_dce_security(uuid(other).data(), domain, id)) << other;
    EXPECT_EQ(domain, -1);
    EXPECT_EQ(id, 7U);
}

TEST(dce_security, ranges) {
    EXPECT_TRUE(dce_domain_in_range(0) && dce_domain_in_range(255));
    EXPECT_FALSE(dce_domain_in_range(-1) || dce_domain_in_range(256));
    EXPECT_TRUE(dce_local_id_in_range(0) && dce_local_id_in_range(INT64_C(4294967295)));
    EXPECT_FALSE(dce_local_id_in_range(-1) || dce_local_id_in_range(INT64_C(4294967296)));
}
