// Core microbenchmarks: the C++ steps behind each SQL function, without PostgreSQL.
// Inputs change every iteration where a constant could be folded or branch-predicted away.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "core/crockford.hpp"
#include "core/generators.hpp"
#include "core/opaque_ids.hpp"
#include "core/random_pool.hpp"
#include "core/ulid_input.hpp"
#include "core/ulid_step.hpp"
#include "core/uuid_text.hpp"
#include "core/uuidv7.hpp"

using namespace uidext;

namespace {

// 4096 random values and their text forms, cycled through: a codec timed on one repeated or
// slowly changing input lets the branch predictor learn it and reads far too fast.
constexpr std::size_t sample_count = 4096;

struct samples {
    std::uint8_t value[sample_count][16];
    char ulid_text[sample_count][ulid_text_length];
    char uuid_text[sample_count][uuid_text_length];
    samples() {
        std::uint64_t x = 0x9E3779B97F4A7C15u;  // xorshift64: fixed, reproducible values
        for (std::size_t i = 0; i < sample_count; ++i) {
            for (auto& b : value[i]) {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                b = static_cast<std::uint8_t>(x >> 24);
            }
            value[i][0] &= 0x7F;  // keep the ULID first digit valid
            encode_ulid(value[i], ulid_text[i]);
            encode_uuid_text(value[i], uuid_text[i]);
        }
    }
};
const samples& sample_set() {
    static const samples s;
    return s;
}

void BM_encode_ulid(benchmark::State& state) {
    const samples& s = sample_set();
    char out[ulid_text_length];
    std::size_t i = 0;
    for (auto _ : state) {
        encode_ulid(s.value[i++ % sample_count], out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_encode_ulid);

void BM_encode_uuid_text(benchmark::State& state) {
    const samples& s = sample_set();
    char out[uuid_text_length];
    std::size_t i = 0;
    for (auto _ : state) {
        encode_uuid_text(s.value[i++ % sample_count], out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_encode_uuid_text);

void BM_decode_ulid(benchmark::State& state) {
    const samples& s = sample_set();
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(decode_ulid(std::string_view(s.ulid_text[i++ % sample_count], ulid_text_length), out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_decode_ulid);

void BM_parse_ulid_input_ulid_form(benchmark::State& state) {
    const samples& s = sample_set();
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            parse_ulid_input(std::string_view(s.ulid_text[i++ % sample_count], ulid_text_length), out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_parse_ulid_input_ulid_form);

void BM_parse_ulid_input_uuid_form(benchmark::State& state) {
    const samples& s = sample_set();
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            parse_ulid_input(std::string_view(s.uuid_text[i++ % sample_count], uuid_text_length), out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_parse_ulid_input_uuid_form);

// Same millisecond every call: the increment path, as under a burst of inserts.
void BM_next_monotonic_ulid(benchmark::State& state) {
    ulid_monotonic_state s;
    const std::uint8_t fresh[ulid_random_size] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    std::uint8_t out[16];
    const std::uint64_t ms = 1700000000000;
    for (auto _ : state) {
        benchmark::DoNotOptimize(next_monotonic_ulid(s, ms, fresh, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_next_monotonic_ulid);

// A later millisecond every call: the fresh-random path.
void BM_next_monotonic_ulid_new_ms(benchmark::State& state) {
    ulid_monotonic_state s;
    const std::uint8_t fresh[ulid_random_size] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    std::uint8_t out[16];
    std::uint64_t ms = 1700000000000;
    for (auto _ : state) {
        benchmark::DoNotOptimize(next_monotonic_ulid(s, ++ms, fresh, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_next_monotonic_ulid_new_ms);

void BM_next_uuidv7_clock_make_uuidv7(benchmark::State& state) {
    const std::uint8_t random[uuidv7_random_bytes] = {1, 2, 3, 4, 5, 6, 7, 8};
    std::uint8_t out[16];
    uuidv7_clock clock;
    std::int64_t now = INT64_C(1700000000000000000);
    for (auto _ : state) {
        now += 100;  // a tight loop: the tick moves every 2-3 values, the counter in between
        benchmark::DoNotOptimize(next_uuidv7_clock(clock, uuidv7_tick_of_ns(now), random));
        make_uuidv7(clock.tick, clock.counter, random, out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_next_uuidv7_clock_make_uuidv7);

void BM_make_ulid(benchmark::State& state) {
    const std::uint8_t random[ulid_random_size] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    std::uint8_t out[16];
    std::uint64_t ms = 1700000000000;
    for (auto _ : state) {
        make_ulid(++ms, random, out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_make_ulid);

// A trivial fill (no entropy source) isolates the pool's own copy, wipe and refill logic.
bool trivial_fill(void* buf, std::size_t len) {
    std::memset(buf, 0x5A, len);
    return true;
}

void BM_random_pool_take_10(benchmark::State& state) {
    static random_pool pool;
    std::uint8_t out[10];
    for (auto _ : state) {
        benchmark::DoNotOptimize(pool.take(out, sizeof out, 1, trivial_fill));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_random_pool_take_10);

void BM_random_pool_take_16(benchmark::State& state) {
    static random_pool pool;
    std::uint8_t out[16];
    for (auto _ : state) {
        benchmark::DoNotOptimize(pool.take(out, sizeof out, 1, trivial_fill));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_random_pool_take_16);

// gen_ulid()'s step with its random bytes from a pool, as in the server (4 bytes per step,
// 10 per new millisecond); compare with random_pool_take_10 + make_ulid, its 1.0 equivalent.
bool pooled_draw(std::uint8_t* out, std::size_t n) {
    static random_pool pool;
    return pool.take(out, n, 1, trivial_fill);
}

void BM_next_stepped_ulid(benchmark::State& state) {  // same millisecond: the step path
    ulid_step_state s;
    std::uint8_t out[16];
    const std::uint64_t ms = 1700000000000;
    for (auto _ : state) {
        benchmark::DoNotOptimize(next_stepped_ulid(s, ms, pooled_draw, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_next_stepped_ulid);

void BM_next_stepped_ulid_new_ms(benchmark::State& state) {
    ulid_step_state s;
    std::uint8_t out[16];
    std::uint64_t ms = 1700000000000;
    for (auto _ : state) {
        benchmark::DoNotOptimize(next_stepped_ulid(s, ++ms, pooled_draw, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_next_stepped_ulid_new_ms);

void BM_unix_now_ns(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(unix_now_ns());
}
BENCHMARK(BM_unix_now_ns);

// Opaque ids (core/opaque_ids): one value per call, as opaque_encode()/opaque_decode() run.
// The uuid path is FF1's 10 rounds, each one AES block after the other (the latency of a
// dependent chain, see BM_aes_block_chain); the ulid path one AES block.
struct opaque_samples {
    std::uint8_t uuidv7[sample_count][16], opaque_uuid[sample_count][16], opaque_ulid[sample_count][16];
    opaque_key_ring ring;
    static constexpr std::uint64_t now_ms = 1795000000000;
    explicit opaque_samples(const char* keys) {
        opaque_keys_problem problem;
        if (!parse_opaque_keys(keys, &ring, &problem)) std::abort();
        const samples& s = sample_set();
        for (std::size_t i = 0; i < sample_count; ++i) {
            std::memcpy(uuidv7[i], s.value[i], 16);
            write_unix_ms(uuidv7[i], opaque_earliest_ms + read_unix_ms(uuidv7[i]) % (now_ms - opaque_earliest_ms));
            uuidv7[i][6] = static_cast<std::uint8_t>(0x70 | (uuidv7[i][6] & 0x0F));
            uuidv7[i][8] = static_cast<std::uint8_t>(0x80 | (uuidv7[i][8] & 0x3F));
            if (opaque_encode_uuid(ring, uuidv7[i], now_ms, opaque_uuid[i]) != opaque_status::ok ||
                opaque_encode_ulid(ring, uuidv7[i], now_ms, opaque_ulid[i]) != opaque_status::ok)
                std::abort();
        }
    }
};
const opaque_samples& opaque_set(int key_bits) {
    static const opaque_samples aes128("k1:000102030405060708090a0b0c0d0e0f");
    static const opaque_samples aes256("k1:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    return key_bits == 128 ? aes128 : aes256;
}

void BM_opaque_encode_uuid(benchmark::State& state) {
    const opaque_samples& s = opaque_set(static_cast<int>(state.range(0)));
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_encode_uuid(s.ring, s.uuidv7[i++ % sample_count], s.now_ms, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_opaque_encode_uuid)->Arg(128)->Arg(256);

void BM_opaque_decode_uuid(benchmark::State& state) {
    const opaque_samples& s = opaque_set(static_cast<int>(state.range(0)));
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_decode_uuid(s.ring, s.opaque_uuid[i++ % sample_count], s.now_ms, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_opaque_decode_uuid)->Arg(128)->Arg(256);

void BM_opaque_encode_ulid(benchmark::State& state) {
    const opaque_samples& s = opaque_set(static_cast<int>(state.range(0)));
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_encode_ulid(s.ring, s.uuidv7[i++ % sample_count], s.now_ms, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_opaque_encode_ulid)->Arg(128)->Arg(256);

void BM_opaque_decode_ulid(benchmark::State& state) {
    const opaque_samples& s = opaque_set(static_cast<int>(state.range(0)));
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_decode_ulid(s.ring, s.opaque_ulid[i++ % sample_count], s.now_ms, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_opaque_decode_ulid)->Arg(128)->Arg(256);

// Decode time must not tell which key made an id (#30): a ring of three keys, ids made under
// the first (arg 0) or the last (arg 2) key. Both run every key; first / last should be 1.0.
struct opaque_ring_samples {
    std::uint8_t opaque_uuid[3][sample_count][16], opaque_ulid[3][sample_count][16];
    opaque_key_ring ring;
    static constexpr std::uint64_t now_ms = 1795000000000;
    opaque_ring_samples() {
        static const char* const keys[3] = {"k3:8f1c2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
                                            "k2:2b7e151628aed2a6abf7158809cf4f3c",
                                            "k1:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"};
        opaque_keys_problem problem;
        if (!parse_opaque_keys(std::string(keys[0]) + "," + keys[1] + "," + keys[2], &ring, &problem)) std::abort();
        const opaque_samples& plain = opaque_set(128);
        for (int k = 0; k < 3; ++k) {
            opaque_key_ring alone;
            if (!parse_opaque_keys(keys[k], &alone, &problem)) std::abort();
            for (std::size_t i = 0; i < sample_count; ++i)
                if (opaque_encode_uuid(alone, plain.uuidv7[i], now_ms, opaque_uuid[k][i]) != opaque_status::ok ||
                    opaque_encode_ulid(alone, plain.uuidv7[i], now_ms, opaque_ulid[k][i]) != opaque_status::ok)
                    std::abort();
        }
    }
};
const opaque_ring_samples& ring_samples() {
    static const opaque_ring_samples s;
    return s;
}

void BM_opaque_decode_uuid_made_by_key(benchmark::State& state) {
    const opaque_ring_samples& s = ring_samples();
    const auto k = static_cast<std::size_t>(state.range(0));
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_decode_uuid(s.ring, s.opaque_uuid[k][i++ % sample_count], s.now_ms, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_opaque_decode_uuid_made_by_key)->Arg(0)->Arg(2);

void BM_opaque_decode_ulid_made_by_key(benchmark::State& state) {
    const opaque_ring_samples& s = ring_samples();
    const auto k = static_cast<std::size_t>(state.range(0));
    std::uint8_t out[16];
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_decode_ulid(s.ring, s.opaque_ulid[k][i++ % sample_count], s.now_ms, out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_opaque_decode_ulid_made_by_key)->Arg(0)->Arg(2);

void BM_opaque_candidates_uuid_made_by_key(benchmark::State& state) {
    const opaque_ring_samples& s = ring_samples();
    const auto k = static_cast<std::size_t>(state.range(0));
    opaque_candidate_set set;
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(opaque_candidates_uuid(s.ring, s.opaque_uuid[k][i++ % sample_count], s.now_ms, &set));
        benchmark::DoNotOptimize(set);
    }
}
BENCHMARK(BM_opaque_candidates_uuid_made_by_key)->Arg(0)->Arg(2);

// The floor under FF1: one AES block whose input is the previous output (its latency).
void BM_aes_block_chain(benchmark::State& state) {
    const opaque_samples& s = opaque_set(static_cast<int>(state.range(0)));
    std::uint8_t block[16] = {};
    for (auto _ : state) {
        benchmark::DoNotOptimize(aes_encrypt_block(s.ring.keys[0].ulid_key, block, block));
    }
    benchmark::DoNotOptimize(block);
}
BENCHMARK(BM_aes_block_chain)->Arg(128)->Arg(256);

}  // namespace

BENCHMARK_MAIN();
