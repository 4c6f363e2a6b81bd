// The generator steps driven by a fuzzed clock (jumping forwards and backwards, up to the last
// representable millisecond) and fuzzed random bytes, against the spec rules:
// - next_monotonic_ulid: strictly increasing; a later millisecond starts afresh from `fresh`;
//   otherwise previous + 1, or, when the 80 random bits are all ones, the next millisecond
//   afresh; false (state untouched) only when that would pass 2^48 - 1 ms.
// - next_uuidv7_clock + make_uuidv7 (core/uuidv7.hpp): the clock's tick when it moved on, else
//   the counter + 1, else the next tick; exact value layout; strictly increasing; the tick leads
//   the clock only by counter exhaustions; uuidv7_shift_tick exact for uuidv7(interval).
// - bounds: make_*_bound(ms, false) <= any value of that millisecond <= make_*_bound(ms, true).
#include <algorithm>
#include <array>

#include "core/generators.hpp"
#include "core/uuidv7.hpp"
#include "fuzz_input.hpp"
#include "reference.hpp"

namespace {

using value = std::array<std::uint8_t, 16>;

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
        now_ms = next_clock_ms(in, now_ms, op);
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

    // UUIDv7: the clock step from a fuzzed state (any tick, any counter, so that counter
    // exhaustion is reachable) under a clock jumping both ways, against an independent model.
    uidext::uuidv7_clock v7;
    v7.tick = in.bytes(8) % (uidext::uuidv7_max_tick + 1);
    v7.counter = static_cast<std::uint32_t>(in.bytes(2) % uidext::uuidv7_counter_limit);
    u128 model_tick = v7.tick;
    std::uint32_t model_counter = v7.counter;
    std::uint64_t max_clock_tick = v7.tick;  // the clock, or where the state started
    std::uint64_t overflows = 0, values = 0;
    u128 previous_v7 = 0;
    bool have_v7 = false;
    std::int64_t clock_ns = static_cast<std::int64_t>(in.bytes(7)) - (std::int64_t{1} << 40);  // some before 1970
    for (int step = 0; step < 64 && in.more(); ++step) {
        const std::uint8_t op = in.byte();
        switch (op & 3) {
        case 0: break;                                                   // standing
        case 1: clock_ns += static_cast<std::int64_t>(in.bytes(2)); break;  // forwards
        case 2: clock_ns -= static_cast<std::int64_t>(in.bytes(3)); break;  // backwards
        case 3: clock_ns = static_cast<std::int64_t>(in.bytes(8) >> 2); break;  // anywhere, past 10889 too
        }
        std::uint8_t random[uidext::uuidv7_random_bytes];
        for (auto& b : random) b = in.byte();
        std::uint64_t word = 0;
        for (const std::uint8_t b : random) word = (word << 8) | b;

        // Model: floor(ns * 4096 / 1e6), 0 before 1970.
        const u128 now_tick = clock_ns < 0 ? 0 : static_cast<u128>(clock_ns) * 4096 / 1000000;
        FUZZ_CHECK(uidext::uuidv7_tick_of_ns(clock_ns) == static_cast<std::uint64_t>(now_tick), input);
        bool want_ok = true;
        u128 want_tick = model_tick;
        std::uint32_t want_counter = model_counter;
        const auto seed = static_cast<std::uint32_t>(word >> 53);
        if (now_tick > model_tick) {
            want_ok = now_tick <= uidext::uuidv7_max_tick;
            want_tick = now_tick;
            want_counter = seed;
        } else if (model_counter < 4095) {
            want_counter = model_counter + 1;
        } else {
            want_ok = model_tick < uidext::uuidv7_max_tick;
            want_tick = model_tick + 1;
            want_counter = seed;
        }
        const uidext::uuidv7_clock before = v7;
        const bool ok = uidext::next_uuidv7_clock(v7, static_cast<std::uint64_t>(now_tick), random);
        FUZZ_CHECK(ok == want_ok, input);
        if (!ok) {
            FUZZ_CHECK(v7.tick == before.tick && v7.counter == before.counter, input);
            continue;
        }
        if (now_tick <= model_tick && model_counter == 4095) ++overflows;
        model_tick = want_tick;
        model_counter = want_counter;
        ++values;
        if (now_tick > max_clock_tick) max_clock_tick = static_cast<std::uint64_t>(now_tick);
        FUZZ_CHECK(v7.tick == model_tick && v7.counter == model_counter && v7.counter < 4096, input);
        // The tick leads the clock only by counter exhaustions, each after >= 2049 values (or the
        // first, from a fuzzed counter).
        FUZZ_CHECK(v7.tick <= max_clock_tick + overflows && overflows <= 1 + values / 2049, input);

        std::uint8_t out[16];
        uidext::make_uuidv7(v7.tick, v7.counter, random, out);
        const u128 want_value = (model_tick / 4096) << 80 | u128{7} << 76 | (model_tick % 4096) << 64 |
                                u128{2} << 62 | u128{model_counter} << 50 | (word & ((std::uint64_t{1} << 50) - 1));
        const u128 got = to_u128(out);
        FUZZ_CHECK(got == want_value, input);
        FUZZ_CHECK(!have_v7 || got > previous_v7, input);
        previous_v7 = got;
        have_v7 = true;

        // Bounds of this millisecond enclose it, for both kinds.
        std::uint8_t lo[16], hi[16], ulid_lo[16], ulid_hi[16], ulid[16];
        const std::uint64_t ms = uidext::read_unix_ms(out);
        uidext::make_uuidv7_bound(ms, false, lo);
        uidext::make_uuidv7_bound(ms, true, hi);
        FUZZ_CHECK(std::memcmp(lo, out, 16) <= 0 && std::memcmp(out, hi, 16) <= 0, input);
        FUZZ_CHECK((lo[6] >> 4) == 7 && (hi[6] >> 4) == 7 && (lo[8] >> 6) == 2 && (hi[8] >> 6) == 2, input);
        std::uint8_t ulid_random[uidext::ulid_random_size];
        std::memcpy(ulid_random, out + 6, uidext::ulid_random_size);
        uidext::make_ulid(ms, ulid_random, ulid);
        uidext::make_ulid_bound(ms, false, ulid_lo);
        uidext::make_ulid_bound(ms, true, ulid_hi);
        FUZZ_CHECK(std::memcmp(ulid_lo, ulid, 16) <= 0 && std::memcmp(ulid, ulid_hi, 16) <= 0, input);
        FUZZ_CHECK(to_u128(ulid_lo) == (u128{ms} << 80) && to_u128(ulid_hi) == ((u128{ms} << 80) | random_mask), input);

        // uuidv7(interval): the shifted tick is exact and its millisecond is the shifted microsecond's.
        const std::int64_t shift = static_cast<std::int64_t>(in.bytes(8) % (std::uint64_t{1} << 59)) - (std::int64_t{1} << 58);
        const std::int64_t us = uidext::uuidv7_tick_start_us(v7.tick);
        FUZZ_CHECK(static_cast<__int128>(us) * 4096 <= static_cast<__int128>(v7.tick) * 1000 &&
                       static_cast<__int128>(v7.tick) * 1000 < static_cast<__int128>(us + 1) * 4096,
                   input);
        if (us + shift >= 0 && us + shift <= static_cast<std::int64_t>(uidext::max_unix_ms) * 1000) {
            const __int128 num = static_cast<__int128>(v7.tick) * 1000000 + static_cast<__int128>(shift) * 4096000;
            const std::int64_t shifted = uidext::uuidv7_shift_tick(v7.tick, shift);
            FUZZ_CHECK(shifted == static_cast<std::int64_t>(num / 1000000), input);
            FUZZ_CHECK(shifted / 4096 == (us + shift) / 1000, input);
            FUZZ_CHECK(uidext::uuidv7_shift_in_range(us + shift - uidext::pg_epoch_offset_us), input);
        }
    }
    return 0;
}
