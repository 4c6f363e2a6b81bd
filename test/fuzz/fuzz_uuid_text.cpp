// decode_uuid_text against PostgreSQL's uuid_in grammar written as a regex: same verdict,
// same bytes, output untouched on rejection, case ignored, canonical re-encoding.
#include "reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::uint8_t out[16];
    std::memset(out, 0xA5, sizeof out);
    const bool got = uidext::decode_uuid_text(text, out);
    const bool want = fuzzref::ref_uuid_text_ok(text);
    FUZZ_CHECK(got == want, text);

    std::uint8_t out_swapped[16];
    std::memset(out_swapped, 0xA5, sizeof out_swapped);
    FUZZ_CHECK(uidext::decode_uuid_text(fuzzref::swap_case(text), out_swapped) == got, text);

    if (!got) {
        for (std::uint8_t b : out) FUZZ_CHECK(b == 0xA5, text);  // "out untouched"
        return 0;
    }
    std::uint8_t ref[16];
    fuzzref::ref_uuid_bytes(text, ref);
    FUZZ_CHECK(std::memcmp(out, ref, 16) == 0, text);
    FUZZ_CHECK(std::memcmp(out_swapped, out, 16) == 0, text);

    // ulid_in takes every uuid text form (no uuid form is 26 characters long).
    std::uint8_t via_ulid_in[16];
    FUZZ_CHECK(uidext::parse_ulid_input(text, via_ulid_in).status == uidext::decode_status::ok, text);
    FUZZ_CHECK(std::memcmp(via_ulid_in, out, 16) == 0, text);
    fuzzref::check_value_round_trips(out, text);
    return 0;
}
