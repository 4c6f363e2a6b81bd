// decode_ulid against the reference decoder: same accept/reject, same reason and position,
// same bytes; accepted text re-encodes to its uppercase self; decoding ignores case.
#include "reference.hpp"

namespace {

void check_ulid_text(std::string_view text) {
    std::uint8_t out[16] = {};
    const uidext::decode_result got = uidext::decode_ulid(text, out);
    const fuzzref::ref_ulid_result want = fuzzref::ref_decode_ulid(text);
    FUZZ_CHECK(got.status == want.status, text);
    FUZZ_CHECK(got.status != uidext::decode_status::bad_character || got.position == want.position, text);
    FUZZ_CHECK(got.status == uidext::decode_status::bad_character || got.position == 0, text);
    FUZZ_CHECK(got.status != uidext::decode_status::bad_character || got.position < text.size(), text);

    // Case-insensitive: the case-swapped text gives the same verdict and bytes.
    const std::string swapped = fuzzref::swap_case(text);
    std::uint8_t out_swapped[16] = {};
    const uidext::decode_result got_swapped = uidext::decode_ulid(swapped, out_swapped);
    FUZZ_CHECK(got_swapped.status == got.status && got_swapped.position == got.position, text);

    if (got.status != uidext::decode_status::ok) return;
    FUZZ_CHECK(std::memcmp(out, want.bytes, 16) == 0, text);
    FUZZ_CHECK(std::memcmp(out_swapped, out, 16) == 0, text);

    // The canonical form is the input in uppercase (no aliases are accepted).
    char encoded[uidext::ulid_text_length];
    uidext::encode_ulid(out, encoded);
    std::string upper(text);
    for (char& c : upper)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    FUZZ_CHECK(upper == std::string_view(encoded, sizeof encoded), text);
    fuzzref::check_value_round_trips(out, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_ulid_text(text);
    // Most mutations change the length; also try the first 26 bytes (padded with "0") so the
    // digit and overflow checks see every input.
    if (size != uidext::ulid_text_length) {
        std::string window(text.substr(0, uidext::ulid_text_length));
        window.resize(uidext::ulid_text_length, '0');
        check_ulid_text(window);
    }
    return 0;
}
