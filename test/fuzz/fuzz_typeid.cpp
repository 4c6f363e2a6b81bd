// parse_typeid (typeid_in, the per-prefix types' input, typeid_parse) against the spec's
// grammar as a regular expression: same accept/reject, the prefix it names, the bytes of the
// lowercase ULID suffix; accepted text formats back to itself.
#include "reference.hpp"

#include "core/typeid.hpp"

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_typeid_text(text);
    // Also the input with a valid suffix appended, so prefixes are checked more often.
    std::string with_suffix(text);
    with_suffix += "_01h455vb4pex5vsknk084sn02q";
    check_typeid_text(with_suffix);
    return 0;
}
