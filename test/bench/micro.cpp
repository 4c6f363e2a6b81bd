// Core microbenchmarks: the C++ steps behind each SQL function, without PostgreSQL.
// Inputs change every iteration where a constant could be folded or branch-predicted away.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/clock.hpp"
#include "core/crockford.hpp"
#include "core/generators.hpp"
#include "core/random_pool.hpp"
#include "core/ulid_input.hpp"
#include "core/uuid_text.hpp"

using namespace uidext;

namespace {

std::uint8_t sample[16] = {0x01, 0x8f, 0x3a, 0x5b, 0x7c, 0x9d, 0xae, 0xbf,
                           0xc0, 0xd1, 0xe2, 0xf3, 0x04, 0x15, 0x26, 0x37};

void BM_encode_ulid(benchmark::State& state) {
    std::uint8_t value[16];
    std::memcpy(value, sample, 16);
    char out[ulid_text_length];
    for (auto _ : state) {
        ++value[15];
        encode_ulid(value, out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_encode_ulid);

void BM_encode_uuid_text(benchmark::State& state) {
    std::uint8_t value[16];
    std::memcpy(value, sample, 16);
    char out[uuid_text_length];
    for (auto _ : state) {
        ++value[15];
        encode_uuid_text(value, out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_encode_uuid_text);

void BM_decode_ulid(benchmark::State& state) {
    char text[] = "01HZX3M5QK8V2N4R6T8W0Y2A4C";
    std::uint8_t out[16];
    for (auto _ : state) {
        text[25] = text[25] == 'C' ? 'D' : 'C';
        benchmark::DoNotOptimize(decode_ulid(std::string_view(text, 26), out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_decode_ulid);

void BM_parse_ulid_input_ulid_form(benchmark::State& state) {
    char text[] = "01HZX3M5QK8V2N4R6T8W0Y2A4C";
    std::uint8_t out[16];
    for (auto _ : state) {
        text[25] = text[25] == 'C' ? 'D' : 'C';
        benchmark::DoNotOptimize(parse_ulid_input(std::string_view(text, 26), out));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_parse_ulid_input_ulid_form);

void BM_parse_ulid_input_uuid_form(benchmark::State& state) {
    char text[] = "018f3a5b-7c9d-7ebf-80d1-e2f304152637";
    std::uint8_t out[16];
    for (auto _ : state) {
        text[35] = text[35] == '7' ? '8' : '7';
        benchmark::DoNotOptimize(parse_ulid_input(std::string_view(text, 36), out));
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

void BM_make_uuidv7_next_ascending_ns(benchmark::State& state) {
    const std::uint8_t random[uuidv7_random_size] = {1, 2, 3, 4, 5, 6, 7, 8};
    std::uint8_t out[16];
    std::int64_t previous = 0;
    std::int64_t now = INT64_C(1700000000000000000);
    for (auto _ : state) {
        now += 100;  // a clock that moves slower than the minimum step, as in a tight loop
        previous = next_ascending_ns(previous, now);
        make_uuidv7(static_cast<std::uint64_t>(previous / 1000000), static_cast<std::uint32_t>(previous % 1000000),
                    random, out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_make_uuidv7_next_ascending_ns);

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

void BM_unix_now_ns(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(unix_now_ns());
}
BENCHMARK(BM_unix_now_ns);

}  // namespace

BENCHMARK_MAIN();
