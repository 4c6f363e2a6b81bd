// Opaque ids: moving a UUID's 122 free bits in and out of FF1's two 61-bit halves, the ulid
// permutation, the time window and the search for the key that decodes a value.
#include "opaque_ids.hpp"

#include <cstring>

#include "bytes16.hpp"
#include "constant_time.hpp"

namespace uidext {
namespace {

constexpr std::uint64_t low_bits(unsigned n) { return (std::uint64_t{1} << n) - 1; }

// The version and variant a UUID has: version 'version' with the RFC 9562 variant (10xx).
bool has_version(const std::uint8_t value[16], unsigned version) {
    return (value[6] >> 4) == version && (value[8] & 0xC0) == 0x80;
}

// 48 time bits, 12 of rand_a, 62 of rand_b: the first 61 into *a, the last 61 into *b.
void split_free_bits(const std::uint8_t value[16], std::uint64_t* a, std::uint64_t* b) {
    const std::uint64_t high = load_big_endian_64(value), low = load_big_endian_64(value + 8);
    const std::uint64_t high60 = (high >> 16) << 12 | (high & low_bits(12));
    const std::uint64_t low62 = low & low_bits(62);
    *a = high60 << 1 | low62 >> 61;
    *b = low62 & low_bits(61);
}

void join_free_bits(std::uint64_t a, std::uint64_t b, unsigned version, std::uint8_t out[16]) {
    const std::uint64_t high60 = a >> 1, low62 = (a & 1) << 61 | b;
    store_big_endian_64(out, (high60 >> 12) << 16 | std::uint64_t{version} << 12 | (high60 & low_bits(12)));
    store_big_endian_64(out + 8, std::uint64_t{1} << 63 | low62);
}

}  // namespace

opaque_status opaque_encode_uuid(const opaque_key_ring& ring, const std::uint8_t value[16], std::uint64_t now_ms,
                                 std::uint8_t out[16]) noexcept {
    if (ring.count == 0) return opaque_status::no_key;
    if (!has_version(value, 7)) return opaque_status::not_uuidv7;
    if (!opaque_time_accepted(read_unix_ms(value), now_ms)) return opaque_status::time_out_of_window;
    std::uint64_t a = 0, b = 0;
    split_free_bits(value, &a, &b);
    if (!ff1_encrypt(ring.keys[0].uuid_domain, a, b, &a, &b)) return opaque_status::cipher_failure;
    join_free_bits(a, b, 4, out);
    return opaque_status::ok;
}

opaque_status opaque_candidates_uuid(const opaque_key_ring& ring, const std::uint8_t value[16], std::uint64_t now_ms,
                                     opaque_candidate_set* out) noexcept {
    std::memset(out, 0, sizeof *out);
    if (ring.count == 0) return opaque_status::no_key;
    if (!has_version(value, 4)) return opaque_status::not_uuidv4;
    std::uint64_t a = 0, b = 0;
    split_free_bits(value, &a, &b);
    out->count = ring.count;
    for (std::size_t k = 0; k < ring.count; ++k) {
        std::uint64_t plain_a = 0, plain_b = 0;
        if (!ff1_decrypt(ring.keys[k].uuid_domain, a, b, &plain_a, &plain_b)) return opaque_status::cipher_failure;
        join_free_bits(plain_a, plain_b, 7, out->values[k]);
        const std::uint64_t accepted = opaque_time_accepted_mask(plain_a >> 13, now_ms);  // a's first 48 bits
        out->in_window[k] = static_cast<bool>(accepted & 1);
        out->in_window_count += accepted & 1;
    }
    return opaque_status::ok;
}

opaque_status opaque_decode_uuid(const opaque_key_ring& ring, const std::uint8_t value[16], std::uint64_t now_ms,
                                 std::uint8_t out[16], std::size_t* key_index) noexcept {
    opaque_candidate_set set;
    const opaque_status status = opaque_candidates_uuid(ring, value, now_ms, &set);
    return status == opaque_status::ok ? opaque_select_first(set, out, key_index) : status;
}

opaque_status opaque_candidates_ulid(const opaque_key_ring& ring, const std::uint8_t value[16], std::uint64_t now_ms,
                                     opaque_candidate_set* out) noexcept {
    std::memset(out, 0, sizeof *out);
    if (ring.count == 0) return opaque_status::no_key;
    out->count = ring.count;
    for (std::size_t k = 0; k < ring.count; ++k) {
        if (!aes_decrypt_block(ring.keys[k].ulid_key, value, out->values[k])) return opaque_status::cipher_failure;
        const std::uint64_t accepted = opaque_time_accepted_mask(read_unix_ms(out->values[k]), now_ms);
        out->in_window[k] = static_cast<bool>(accepted & 1);
        out->in_window_count += accepted & 1;
    }
    return opaque_status::ok;
}

opaque_status opaque_decode_ulid(const opaque_key_ring& ring, const std::uint8_t value[16], std::uint64_t now_ms,
                                 std::uint8_t out[16], std::size_t* key_index) noexcept {
    opaque_candidate_set set;
    const opaque_status status = opaque_candidates_ulid(ring, value, now_ms, &set);
    return status == opaque_status::ok ? opaque_select_first(set, out, key_index) : status;
}

std::uint64_t opaque_time_accepted_mask(std::uint64_t unix_ms, std::uint64_t now_ms) noexcept {
    return ct_mask_less_equal(opaque_earliest_ms, unix_ms) & ct_mask_less_equal(unix_ms, now_ms + opaque_future_allowance_ms);
}

// Every candidate is read and masked in; "found" turns the later ones off once one is taken.
opaque_status opaque_select_first(const opaque_candidate_set& set, std::uint8_t out[16], std::size_t* key_index) noexcept {
    std::uint8_t chosen[16] = {};
    std::uint64_t found = 0, index = 0;
    for (std::size_t k = 0; k < set.count; ++k) {
        const std::uint64_t take = ct_mask_of_bit(static_cast<std::uint64_t>(set.in_window[k])) & ~found;
        ct_or_masked(chosen, set.values[k], sizeof chosen, take);
        index |= k & take;
        found |= take;
    }
    if (!(found & 1)) return opaque_status::no_key_matches;
    std::memcpy(out, chosen, sizeof chosen);
    if (key_index) *key_index = static_cast<std::size_t>(index);
    return opaque_status::ok;
}

opaque_status opaque_encode_ulid(const opaque_key_ring& ring, const std::uint8_t value[16], std::uint64_t now_ms,
                                 std::uint8_t out[16]) noexcept {
    if (ring.count == 0) return opaque_status::no_key;
    if (!opaque_time_accepted(read_unix_ms(value), now_ms)) return opaque_status::time_out_of_window;
    return aes_encrypt_block(ring.keys[0].ulid_key, value, out) ? opaque_status::ok : opaque_status::cipher_failure;
}

}  // namespace uidext
