// The generator steps driven by a fuzzed clock (jumping forwards and backwards, up to the last
// representable millisecond) and fuzzed random bytes, against the spec rules:
// - next_monotonic_ulid: strictly increasing; a later millisecond starts afresh from `fresh`;
//   otherwise previous + 1, or, when the 80 random bits are all ones, the next millisecond
//   afresh; false (state untouched) only when that would pass 2^48 - 1 ms.
// - next_ascending_ns + make_uuidv7: the 48-bit ms + 12-bit fraction strictly increase, version
//   7 and variant 10 always set, random bits copied.
// - bounds: make_*_bound(ms, false) <= any value of that millisecond <= make_*_bound(ms, true).
#include <algorithm>
#include <array>

#include "core/generators.hpp"
#include "reference.hpp"

namespace {

using value = std::array<std::uint8_t, 16>;
using u128 = unsigned __int128;

u128 to_u128(const std::uint8_t* v) {
    u128 x = 0;
    for (int i = 0; i < 16; ++i) x = (x << 8) | v[i];
    return x;
}

struct reader {
    const std::uint8_t* data;
    std::size_t size;
    std::size_t pos = 0;
    bool more() const { return pos < size; }
    std::uint8_t byte() { return pos < size ? data[pos++] : 0; }
    std::uint64_t bytes(int n) {
        std::uint64_t x = 0;
        for (int i = 0; i < n; ++i) x = (x << 8) | byte();
        return x;
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    reader in{data, size};
    constexpr u128 random_mask = (u128{1} << 80) - 1;

    // Monotonic ULID.
    std::uint64_t now_ms = in.bytes(6);  // any 48-bit start, the top millisecond included
    uidext::ulid_monotonic_state state;
    bool have_previous = false;
    u128 previous = 0;
    for (int step = 0; step < 64 && in.more(); ++step) {
        const std::uint8_t op = in.byte();
        switch (op & 3) {
        case 0: break;                                                 // same millisecond
        case 1: now_ms += in.byte(); break;                            // forwards
        case 2: now_ms -= std::min<std::uint64_t>(now_ms, in.byte()); break;  // backwards
        case 3: now_ms = uidext::max_unix_ms - (in.byte() & 3); break; // near the end of time
        }
        std::uint8_t fresh[uidext::ulid_random_size];
        for (auto& b : fresh) b = (op & 4) ? 0xFF : in.byte();         // all-ones forces the carry
        const uidext::ulid_monotonic_state before = state;
        std::uint8_t out[16];
        const bool ok = uidext::next_monotonic_ulid(state, now_ms, fresh, out);

        // Independent model of the expected value.
        bool want_ok = true;
        u128 want = 0;
        const u128 fresh_bits = to_u128(std::array<std::uint8_t, 16>{0, 0, 0, 0, 0, 0, fresh[0], fresh[1], fresh[2], fresh[3],
                                                                      fresh[4], fresh[5], fresh[6], fresh[7], fresh[8], fresh[9]}.data());
        const std::uint64_t last_ms = static_cast<std::uint64_t>(previous >> 80);
        if (!have_previous || now_ms > last_ms) {
            if (now_ms > uidext::max_unix_ms) want_ok = false;
            else want = (u128{now_ms} << 80) | fresh_bits;
        } else if ((previous & random_mask) != random_mask) {
            want = previous + 1;
        } else if (last_ms >= uidext::max_unix_ms) {
            want_ok = false;
        } else {
            want = (u128{last_ms + 1} << 80) | fresh_bits;
        }
        FUZZ_CHECK(ok == want_ok, input);
        if (!ok) {
            FUZZ_CHECK(std::memcmp(before.last, state.last, 16) == 0 && before.started == state.started, input);
            continue;
        }
        const u128 got = to_u128(out);
        FUZZ_CHECK(got == want, input);
        FUZZ_CHECK(!have_previous || got > previous, input);
        FUZZ_CHECK(uidext::read_unix_ms(out) <= uidext::max_unix_ms, input);
        fuzzref::check_value_round_trips(out, input);
        previous = got;
        have_previous = true;
    }

    // UUIDv7 with the ascending clock.
    std::int64_t previous_ns = 0;
    u128 previous_prefix = 0;
    bool have_v7 = false;
    std::int64_t clock_ns = static_cast<std::int64_t>(in.bytes(7));  // < 2^56 ns: year 3111
    for (int step = 0; step < 64 && in.more(); ++step) {
        const std::uint8_t op = in.byte();
        if (op & 1) clock_ns += static_cast<std::int64_t>(in.bytes(2));
        else clock_ns -= static_cast<std::int64_t>(in.bytes(2));
        if (clock_ns < 0) clock_ns = 0;
        const std::int64_t ns = uidext::next_ascending_ns(previous_ns, clock_ns);
        FUZZ_CHECK(ns >= clock_ns && ns >= previous_ns + uidext::uuidv7_min_step_ns, input);
        previous_ns = ns;
        std::uint8_t random[uidext::uuidv7_random_size];
        for (auto& b : random) b = in.byte();
        std::uint8_t out[16];
        uidext::make_uuidv7(static_cast<std::uint64_t>(ns / 1000000), static_cast<std::uint32_t>(ns % 1000000), random, out);
        FUZZ_CHECK((out[6] >> 4) == 7 && (out[8] >> 6) == 2, input);
        FUZZ_CHECK(uidext::read_unix_ms(out) == static_cast<std::uint64_t>(ns / 1000000), input);
        FUZZ_CHECK((out[8] & 0x3F) == (random[0] & 0x3F) && std::memcmp(out + 9, random + 1, 7) == 0, input);
        // rand_a = floor(sub-ms ns * 4096 / 1e6)
        const std::uint32_t fraction = static_cast<std::uint32_t>(((out[6] & 0x0F) << 8) | out[7]);
        FUZZ_CHECK(fraction == static_cast<std::uint32_t>((static_cast<std::uint64_t>(ns % 1000000) * 4096) / 1000000), input);
        const u128 prefix = to_u128(out) >> 64;  // ms, version, fraction
        FUZZ_CHECK(!have_v7 || prefix > previous_prefix, input);
        previous_prefix = prefix;
        have_v7 = true;

        // Bounds of this millisecond enclose it, for both kinds.
        std::uint8_t lo[16], hi[16], ulid_lo[16], ulid_hi[16], ulid[16];
        const std::uint64_t ms = uidext::read_unix_ms(out);
        uidext::make_uuidv7_bound(ms, false, lo);
        uidext::make_uuidv7_bound(ms, true, hi);
        FUZZ_CHECK(std::memcmp(lo, out, 16) <= 0 && std::memcmp(out, hi, 16) <= 0, input);
        FUZZ_CHECK((lo[6] >> 4) == 7 && (hi[6] >> 4) == 7 && (lo[8] >> 6) == 2 && (hi[8] >> 6) == 2, input);
        std::uint8_t ulid_random[uidext::ulid_random_size];
        std::memcpy(ulid_random, random, 8);
        ulid_random[8] = out[6];
        ulid_random[9] = out[7];
        uidext::make_ulid(ms, ulid_random, ulid);
        uidext::make_ulid_bound(ms, false, ulid_lo);
        uidext::make_ulid_bound(ms, true, ulid_hi);
        FUZZ_CHECK(std::memcmp(ulid_lo, ulid, 16) <= 0 && std::memcmp(ulid, ulid_hi, 16) <= 0, input);
        FUZZ_CHECK(to_u128(ulid_lo) == (u128{ms} << 80) && to_u128(ulid_hi) == ((u128{ms} << 80) | random_mask), input);
    }
    return 0;
}
