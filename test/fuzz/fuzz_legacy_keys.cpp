// Keys derived from the old row (core/legacy_keys.hpp) against an independent 128-bit model of
// the layout: for a run of (time, bigint) and (time, uuid) derivations from the input,
// - the time is refused outside 0 .. (2^48 - 1) * 1000 + 999 us, then a negative id, with the
//   output untouched; otherwise the bytes equal the model's;
// - legacy_bigint_of_key gives a bigint's id back, and is non-negative on any key;
// - two keys compare as their (time, legacy) pairs: the id, or for uuids the old value with its
//   version and variant bits taken out.
#include <cstring>

#include "core/legacy_keys.hpp"
#include "fuzz_input.hpp"
#include "reference.hpp"

namespace {

constexpr std::int64_t last_us = static_cast<std::int64_t>(uidext::max_unix_ms) * 1000 + 999;

// A time from 8 input bytes, steered by op into the range, near its ends, or anywhere.
std::int64_t fuzz_time(reader& in, std::uint8_t op) {
    const auto raw = static_cast<std::int64_t>(in.bytes(8));
    switch (op & 3) {
    case 0: return static_cast<std::int64_t>(static_cast<std::uint64_t>(raw) % (static_cast<std::uint64_t>(last_us) + 1));
    case 1: return (raw & 0xFFFF) - 0x8000;            // around 1970
    case 2: return last_us - 0x8000 + (raw & 0xFFFF);  // around the end of 10889-08-02
    default: return raw;                               // any 64 bits
    }
}

// The model: the key as a 128-bit number, bit 0 the most significant (big-endian positions).
u128 model_key(std::int64_t us, u128 legacy64) {
    const auto u = static_cast<std::uint64_t>(us);
    u128 key = static_cast<u128>(u / 1000) << 80;  // bits 0..47
    key |= static_cast<u128>(7) << 76;             // bits 48..51
    key |= static_cast<u128>(u % 1000) << 66;      // bits 52..61
    key |= (legacy64 >> 62) << 64;                 // bits 62..63
    key |= static_cast<u128>(2) << 62;             // bits 64..65
    key |= legacy64 & ((static_cast<u128>(1) << 62) - 1);  // bits 66..127
    return key;
}

// Old uuid bits 0..47, 52..63, 66..69 as a 64-bit number.
u128 model_uuid_field(u128 old) {
    const u128 a = old >> 80;                 // bits 0..47
    const u128 b = (old >> 64) & 0xFFF;       // bits 52..63
    const u128 c = (old >> 58) & 0xF;         // bits 66..69
    return a << 16 | b << 4 | c;
}

struct derived {
    std::int64_t us;
    u128 legacy;  // 64-bit order key: a bigint's 63 bits shifted left by one, or the uuid field
    u128 key;
};

int sign_of(int x) { return (x > 0) - (x < 0); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    reader in{data, size};
    bool have_previous = false;
    derived previous{};
    for (int step = 0; step < 64 && in.more(); ++step) {
        // op: bits 0-1 the time's range, bit 2 a uuid, bit 3 an id below 2^31.
        const std::uint8_t op = in.byte();
        const std::int64_t us = fuzz_time(in, op);
        std::uint8_t out[16];
        std::memset(out, 0xA5, sizeof out);
        derived now{us, 0, 0};
        uidext::legacy_key_status status;
        uidext::legacy_key_status expected;
        if (op & 4) {
            std::uint8_t old[16];
            in.value(old);
            status = uidext::derive_key_from_uuid(us, old, out);
            expected = us < 0 || us > last_us ? uidext::legacy_key_status::time_out_of_range : uidext::legacy_key_status::ok;
            now.legacy = model_uuid_field(to_u128(old));
        } else {
            auto id = static_cast<std::int64_t>(in.bytes(8));
            if (op & 8) id = static_cast<std::int32_t>(id);
            status = uidext::derive_key_from_bigint(us, id, out);
            expected = us < 0 || us > last_us ? uidext::legacy_key_status::time_out_of_range
                       : id < 0               ? uidext::legacy_key_status::negative_legacy
                                              : uidext::legacy_key_status::ok;
            now.legacy = static_cast<u128>(static_cast<std::uint64_t>(id)) << 1;
            if (status == uidext::legacy_key_status::ok)
                FUZZ_CHECK(uidext::legacy_bigint_of_key(out) == id, text);
        }
        FUZZ_CHECK(status == expected, text);
        if (status != uidext::legacy_key_status::ok) {
            for (std::uint8_t b : out) FUZZ_CHECK(b == 0xA5, text);
            continue;
        }
        now.key = to_u128(out);
        FUZZ_CHECK(now.key == model_key(us, now.legacy), text);
        FUZZ_CHECK(uidext::legacy_bigint_of_key(out) >= 0, text);
        if (have_previous) {
            // Keys of both kinds compare as (time, 64-bit legacy field).
            const int by_pair = previous.us != now.us ? (previous.us < now.us ? -1 : 1)
                                : previous.legacy != now.legacy ? (previous.legacy < now.legacy ? -1 : 1)
                                                                : 0;
            const int by_key = previous.key != now.key ? (previous.key < now.key ? -1 : 1) : 0;
            FUZZ_CHECK(by_pair == sign_of(by_key), text);
        }
        previous = now;
        have_previous = true;
    }
    return 0;
}
