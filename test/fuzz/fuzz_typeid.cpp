// parse_typeid (typeid_in, typeid_parse) and parse_typeid_input (the per-prefix types' input)
// against the spec's grammar as a regular expression: same accept/reject, the prefix it names, the bytes of the
// lowercase ULID suffix; accepted text formats back to itself.
#include "reference.hpp"

#include "core/typeid.hpp"
#include "core/uuid_text.hpp"

namespace {

// spec/README.md: prefix ^([a-z]([a-z_]{0,61}[a-z])?)?$, then "_" unless it is empty, then 26
// lowercase Crockford digits of which the first is at most 7.
const std::regex spec_grammar("^(([a-z]([a-z_]{0,61}[a-z])?)_)?([0-7][0-9a-hjkmnp-tv-z]{25})$");

void check_typeid_text(std::string_view text) {
    std::uint8_t out[16] = {};
    const uidext::typeid_parts got = uidext::parse_typeid(text, out);
    std::match_results<std::string_view::const_iterator> match;
    const bool want = std::regex_match(text.begin(), text.end(), match, spec_grammar);
    FUZZ_CHECK((got.status == uidext::typeid_status::ok) == want, text);
    FUZZ_CHECK(got.status != uidext::typeid_status::bad_suffix_character || got.position < text.size(), text);
    if (!want) return;
    FUZZ_CHECK(got.prefix == std::string_view(&*match[2].first, static_cast<std::size_t>(match[2].length())), text);
    // The suffix is the ULID text of the same bytes.
    const fuzzref::ref_ulid_result ulid = fuzzref::ref_decode_ulid(match[4].str());
    FUZZ_CHECK(ulid.status == uidext::decode_status::ok && std::memcmp(ulid.bytes, out, 16) == 0, text);
    char formatted[uidext::typeid_text_max];
    const std::size_t length = uidext::format_typeid(got.prefix, out, formatted);
    FUZZ_CHECK(std::string_view(formatted, length) == text, text);
}

// parse_typeid_input (the per-prefix types' input): a TypeID or a UUID text form, the two never
// both, with the bytes of whichever it is.
void check_typeid_input(std::string_view text) {
    std::uint8_t out[16] = {};
    std::uint8_t as_typeid_bytes[16] = {};
    std::uint8_t as_uuid_bytes[16] = {};
    const uidext::typeid_parts got = uidext::parse_typeid_input(text, out);
    const bool as_typeid = uidext::parse_typeid(text, as_typeid_bytes).status == uidext::typeid_status::ok;
    const bool as_uuid = uidext::decode_uuid_text(text, as_uuid_bytes);
    FUZZ_CHECK(!(as_typeid && as_uuid), text);
    FUZZ_CHECK((got.status == uidext::typeid_status::ok) == (as_typeid || as_uuid), text);
    FUZZ_CHECK(got.status != uidext::typeid_status::bad_uuid_digit || got.position < text.size(), text);
    if (got.status != uidext::typeid_status::ok) return;
    FUZZ_CHECK(got.uuid_form == as_uuid, text);
    FUZZ_CHECK(std::memcmp(out, as_uuid ? as_uuid_bytes : as_typeid_bytes, 16) == 0, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_typeid_text(text);
    check_typeid_input(text);
    // Also the input with a valid suffix appended, so prefixes are checked more often.
    std::string with_suffix(text);
    with_suffix += "_01h455vb4pex5vsknk084sn02q";
    check_typeid_text(with_suffix);
    return 0;
}
