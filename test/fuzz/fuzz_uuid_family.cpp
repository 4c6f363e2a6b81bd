// The UUID family's conversions and inspectors on any 16 bytes, against models written from
// RFC 9562 with 128-bit arithmetic rather than from src/core:
// - inspectors never fail: variant is 0/2/6/7 by the top bits of octet 8, version the nibble
//   only for variant 2, a timestamp exactly for versions 1, 6 (ticks / 10) and 7 (ms);
// - v1 -> v6 -> v1 is the identity, keeps octets 8-15, and anything not an RFC v1 (or v6 for
//   the way back) is refused with the output untouched;
// - version 6 values built from fuzzed ticks sort (memcmp) exactly like their ticks;
// - the version 1 and 6 clocks driven by a fuzzed clock: never behind a clock that has not
//   stepped back, at most one tick ahead of the highest reading (and only after 8 192 values in
//   a tick), follow the clock after a step back; version 6 (tick, sequence) strictly ascends
//   between steps back, version 1 never repeats one; both stop at 2^60 - 1;
// - Java's two longs are the two big-endian halves as two's complement, and round-trip;
// - version 2 (DCE Security) puts the id in octets 0-3 and the domain in octet 9, reads them
//   back, and leaves every other bit but the version and variant alone;
// - version 3/5/8 results carry their version and the RFC variant, octet 8 bit 5 kept from
//   the input (v8) and hashing is deterministic.
#include <cstring>
#include <set>
#include <utility>

#include "core/name_based.hpp"
#include "core/time_based.hpp"
#include "core/time_range.hpp"
#include "core/uuid_dce.hpp"
#include "core/uuid_longs.hpp"
#include "core/uuid_fields.hpp"
#include "fuzz_input.hpp"
#include "reference.hpp"

namespace {

// Field extraction by bit position in the 128-bit big-endian number (bit 127 first).
std::uint64_t bits(u128 x, int first_bit_from_top, int count) {
    return static_cast<std::uint64_t>((x >> (128 - first_bit_from_top - count)) & ((u128{1} << count) - 1));
}

int ref_variant(u128 x) {
    if (bits(x, 64, 1) == 0) return 0;
    if (bits(x, 65, 1) == 0) return 2;
    return bits(x, 66, 1) == 0 ? 6 : 7;
}

// RFC 9562 section 5.1: time_low = bits 0-31, time_mid = 32-47, time_high = 52-63.
std::uint64_t ref_v1_ticks(u128 x) {
    return (bits(x, 52, 12) << 48) | (bits(x, 32, 16) << 32) | bits(x, 0, 32);
}

// Section 5.6: time_high = 0-31, time_mid = 32-47, time_low = 52-63.
std::uint64_t ref_v6_ticks(u128 x) {
    return (bits(x, 0, 48) << 12) | bits(x, 52, 12);
}

void check_inspectors(const std::uint8_t value[16], std::string_view input) {
    const u128 x = to_u128(value);
    const int variant = uidext::uuid_variant(value);
    FUZZ_CHECK(variant == ref_variant(x), input);
    const int version = uidext::uuid_version(value);
    FUZZ_CHECK(version == (variant == 2 ? static_cast<int>(bits(x, 48, 4)) : -1), input);
    FUZZ_CHECK(uidext::is_gregorian_time_uuid(value) == (version == 1 || version == 6), input);
    FUZZ_CHECK(uidext::uuid_clock_seq(value) == static_cast<int>(bits(x, 66, 14)), input);
    std::int64_t timestamp = 0;
    const bool has_time = uidext::uuid_pg_timestamp(value, timestamp);
    FUZZ_CHECK(has_time == (version == 1 || version == 6 || version == 7), input);
    constexpr std::int64_t gregorian_to_pg_us = INT64_C(13165977600000000);  // 1582-10-15 to 2000-01-01
    if (version == 1) FUZZ_CHECK(timestamp == static_cast<std::int64_t>(ref_v1_ticks(x) / 10) - gregorian_to_pg_us, input);
    if (version == 6) FUZZ_CHECK(timestamp == static_cast<std::int64_t>(ref_v6_ticks(x) / 10) - gregorian_to_pg_us, input);
    if (version == 7)
        FUZZ_CHECK(timestamp == static_cast<std::int64_t>(bits(x, 0, 48)) * 1000 - uidext::pg_epoch_offset_us, input);
}

void check_conversions(const std::uint8_t value[16], std::string_view input) {
    const int version = uidext::uuid_version(value);
    for (const int from : {1, 6}) {
        const int to = 7 - from;
        std::uint8_t out[16];
        std::memset(out, 0xA5, 16);
        const bool ok = uidext::convert_gregorian_time_uuid(value, from, to, out);
        FUZZ_CHECK(ok == (version == from), input);
        if (!ok) {
            for (std::uint8_t b : out) FUZZ_CHECK(b == 0xA5, input);
            continue;
        }
        const u128 x = to_u128(value), y = to_u128(out);
        FUZZ_CHECK(std::memcmp(value + 8, out + 8, 8) == 0, input);
        FUZZ_CHECK(uidext::uuid_version(out) == to, input);
        FUZZ_CHECK((from == 1 ? ref_v1_ticks(x) : ref_v6_ticks(x)) == (to == 1 ? ref_v1_ticks(y) : ref_v6_ticks(y)), input);
        std::uint8_t back[16];
        FUZZ_CHECK(uidext::convert_gregorian_time_uuid(out, to, from, back), input);
        FUZZ_CHECK(std::memcmp(back, value, 16) == 0, input);
        check_inspectors(out, input);
        std::int64_t t1 = 0, t2 = 0;
        FUZZ_CHECK(uidext::uuid_pg_timestamp(value, t1) && uidext::uuid_pg_timestamp(out, t2) && t1 == t2, input);
    }
}

}  // namespace

// Random clock sequences for the clock steps: from the fuzzer's input.
reader* draw_source = nullptr;
bool fuzz_draw(std::uint8_t* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = draw_source->byte();
    return true;
}

void check_clocks(reader& in, std::string_view input) {
    draw_source = &in;
    for (const int version : {1, 6}) {
        uidext::gregorian_clock clock;
        std::uint64_t now = in.byte() & 1 ? uidext::max_gregorian_ticks - in.byte() : in.bytes(7);
        std::uint64_t highest = 0;   // the highest reading since the last step back
        std::set<std::pair<std::uint64_t, std::uint32_t>> seen;  // version 1: every (tick, sequence)
        for (int step = 0; step < 96 && in.more(); ++step) {
            const std::uint8_t op = in.byte();
            if (op & 1) now += (op >> 1) & 3;  // mostly standing still or creeping on
            else if (op & 2) now -= std::min<std::uint64_t>(now, op >> 2);
            const uidext::gregorian_clock before = clock;
            const auto status = version == 1 ? uidext::next_uuidv1_clock(clock, now, fuzz_draw)
                                             : uidext::next_uuidv6_clock(clock, now, fuzz_draw);
            const bool back = before.started && now < before.reading;
            if (status == uidext::gregorian_status::out_of_range) {
                FUZZ_CHECK(clock.tick == before.tick && clock.seq == before.seq && clock.reading == before.reading, input);
                FUZZ_CHECK(now > uidext::max_gregorian_ticks || before.tick == uidext::max_gregorian_ticks, input);
                continue;
            }
            FUZZ_CHECK(status == (back ? uidext::gregorian_status::stepped_back : uidext::gregorian_status::ok), input);
            FUZZ_CHECK(clock.seq < uidext::clock_seq_limit && clock.tick <= uidext::max_gregorian_ticks, input);
            if (back) {
                FUZZ_CHECK(clock.tick == now, input);  // follows the clock, nothing of the old time
                highest = now;
                seen.clear();
            } else {
                highest = std::max(highest, now);
                FUZZ_CHECK(clock.tick >= now && clock.tick <= highest + 1, input);
                if (version == 6 && before.started)
                    FUZZ_CHECK(clock.tick > before.tick || (clock.tick == before.tick && clock.seq > before.seq), input);
            }
            if (version == 1) FUZZ_CHECK(seen.insert({clock.tick, clock.seq}).second, input);
        }
    }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    reader in{data, size};

    // Any 16 bytes, and the same bytes made RFC v1 and v6 so conversions are reached.
    std::uint8_t value[16];
    in.value(value);
    check_inspectors(value, input);
    check_conversions(value, input);
    for (const int version : {1, 6}) {
        std::uint8_t forced[16];
        std::memcpy(forced, value, 16);
        forced[6] = static_cast<std::uint8_t>((forced[6] & 0x0F) | (version << 4));
        forced[8] = static_cast<std::uint8_t>((forced[8] & 0x3F) | 0x80);
        check_inspectors(forced, input);
        check_conversions(forced, input);
    }

    // Version 6 order is time order; version 1 round-trips its ticks.
    const auto clock_seq = static_cast<std::uint32_t>(in.bytes(2) & 0x3FFF);
    std::uint8_t node[6];
    for (auto& b : node) b = in.byte();
    const std::uint64_t ticks_a = in.bytes(8) & uidext::max_gregorian_ticks;
    const std::uint64_t ticks_b = in.bytes(8) & uidext::max_gregorian_ticks;
    std::uint8_t a[16], b[16], a1[16];
    uidext::make_gregorian_time_uuid(6, ticks_a, clock_seq, node, uidext::random_node_bits, a);
    uidext::make_gregorian_time_uuid(6, ticks_b, clock_seq, node, 0, b);
    uidext::make_gregorian_time_uuid(1, ticks_a, clock_seq, node, uidext::v1mc_node_bits, a1);
    const int order = std::memcmp(a, b, 8);
    FUZZ_CHECK((order < 0) == (ticks_a < ticks_b) && (order == 0) == (ticks_a == ticks_b), input);
    FUZZ_CHECK(uidext::read_v6_ticks(a) == ticks_a && uidext::read_v1_ticks(a1) == ticks_a, input);
    FUZZ_CHECK((a[uidext::node_offset] & 1) == 1 && (a1[uidext::node_offset] & 3) == 3, input);
    FUZZ_CHECK(uidext::uuid_version(a) == 6 && uidext::uuid_version(a1) == 1, input);
    FUZZ_CHECK(uidext::uuid_clock_seq(a) == static_cast<int>(clock_seq), input);
    check_conversions(a, input);
    check_conversions(a1, input);

    // Java's longs and version 2 on the same 16 bytes.
    const u128 x = to_u128(value);
    FUZZ_CHECK(static_cast<std::uint64_t>(uidext::uuid_most_significant_bits(value)) == static_cast<std::uint64_t>(x >> 64) &&
                   static_cast<std::uint64_t>(uidext::uuid_least_significant_bits(value)) == static_cast<std::uint64_t>(x),
               input);
    std::uint8_t longs[16];
    uidext::uuid_from_longs(uidext::uuid_most_significant_bits(value), uidext::uuid_least_significant_bits(value), longs);
    FUZZ_CHECK(std::memcmp(longs, value, 16) == 0, input);
    std::uint8_t dce[16];
    std::memcpy(dce, value, 16);
    const std::uint8_t domain = in.byte();
    const auto local_id = static_cast<std::uint32_t>(in.bytes(4));
    uidext::make_dce_security(dce, domain, local_id);
    int got_domain = -1;
    std::uint32_t got_id = 0;
    FUZZ_CHECK(uidext::read_dce_security(dce, got_domain, got_id) && got_domain == domain && got_id == local_id, input);
    FUZZ_CHECK(uidext::uuid_version(dce) == 2 && to_u128(dce, 4) == local_id && dce[9] == domain, input);
    FUZZ_CHECK(std::memcmp(dce + 4, value + 4, 2) == 0 && (dce[6] & 0x0F) == (value[6] & 0x0F) && dce[7] == value[7] &&
                   (dce[8] & 0x3F) == (value[8] & 0x3F) && std::memcmp(dce + 10, value + 10, 6) == 0,
               input);
    FUZZ_CHECK(uidext::read_dce_security(value, got_domain, got_id) == (uidext::uuid_version(value) == 2), input);

    // The version 1 and 6 clocks under a fuzzed clock, near the end of its range too.
    check_clocks(in, input);

    // Name-based and version 8 from the rest of the input.
    const std::uint8_t* name = data + in.pos;
    const std::size_t name_size = size - in.pos;
    for (const int version : {3, 5}) {
        std::uint8_t out[16], again[16];
        const char* reason = nullptr;
        FUZZ_CHECK(uidext::make_name_based_uuid(version, value, name, name_size, out, &reason), input);
        FUZZ_CHECK(uidext::make_name_based_uuid(version, value, name, name_size, again, &reason), input);
        FUZZ_CHECK(std::memcmp(out, again, 16) == 0 && uidext::uuid_version(out) == version, input);
    }
    std::uint8_t v8[16];
    uidext::make_uuidv8(value, v8);
    FUZZ_CHECK(uidext::uuid_version(v8) == 8 && (v8[8] & 0x3F) == (value[8] & 0x3F) && (v8[6] & 0x0F) == (value[6] & 0x0F), input);
    FUZZ_CHECK(std::memcmp(v8, value, 6) == 0 && v8[7] == value[7] && std::memcmp(v8 + 9, value + 9, 7) == 0, input);
    return 0;
}
