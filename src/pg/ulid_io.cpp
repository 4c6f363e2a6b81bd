// Text and binary input/output of type ulid.
#include "core/crockford.hpp"
#include "core/ulid_input.hpp"

#include "glue.hpp"

using namespace uidext;

namespace {

const char* whitespace_name(unsigned char c) {
    switch (c) {
    case ' ': return "A space";
    case '\t': return "A tab";
    case '\n': return "A newline";
    case '\r': return "A carriage return";
    case '\v': return "A vertical tab";
    default: return "A form feed";
    }
}

const char* whitespace_where(whitespace_at place) {
    switch (place) {
    case whitespace_at::leading: return "leading whitespace";
    case whitespace_at::trailing: return "trailing whitespace";
    case whitespace_at::inner: break;
    }
    return "whitespace inside the value";
}

// Raises (or, on 16+, records softly in escontext) 22P02 with a DETAIL naming the problem.
void report_bad_input(const char* text, decode_result result, Node* escontext) {
    const unsigned char bad = static_cast<unsigned char>(text[result.position]);
    const int position = static_cast<int>(result.position) + 1;  // all ASCII before it
    const bool lookalike = bad == 'I' || bad == 'L' || bad == 'O' || bad == 'U' || bad == 'i' || bad == 'l' ||
                           bad == 'o' || bad == 'u';
#if PG_VERSION_NUM >= 160000
#define UIDEXT_INPUT_ERROR(...) errsave(escontext, __VA_ARGS__)
#else
#define UIDEXT_INPUT_ERROR(...) ereport(ERROR, __VA_ARGS__)
#endif
    switch (result.status) {
    case decode_status::bad_length:
        UIDEXT_INPUT_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                            errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                            errdetail("A ULID has 26 Crockford base32 digits, not %d characters, "
                                      "and this is not a UUID either.",
                                      pg_mbstrlen(text))));
        break;
    case decode_status::bad_character:
    case decode_status::bad_hex_digit: {
        const char* digit = result.status == decode_status::bad_hex_digit ? "hexadecimal digit" : "Crockford base32 digit";
        if (bad >= 0x20 && bad < 0x7F)
            UIDEXT_INPUT_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                                errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                                errdetail("\"%c\" at position %d is not a %s.", bad, position, digit),
                                lookalike && result.status == decode_status::bad_character
                                    ? errhint("Crockford base32 leaves out I, L, O and U; type ulid does "
                                              "not read them as 1 or 0.")
                                    : 0));
        else if (bad < 0x20 || bad == 0x7F)
            UIDEXT_INPUT_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                                errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                                errdetail("The control character 0x%02X at position %d is not a %s.", bad, position,
                                          digit)));
        else  // a multibyte character: show it whole, count characters, not bytes
            UIDEXT_INPUT_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                                errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                                errdetail("\"%.*s\" at position %d is not a %s.",
                                          pg_mblen(text + result.position), text + result.position,
                                          pg_mbstrlen_with_len(text, static_cast<int>(result.position)) + 1, digit)));
        break;
    }
    case decode_status::whitespace: {
        const whitespace_at place = whitespace_place(text, result.position);
        UIDEXT_INPUT_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                            errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                            errdetail(place == whitespace_at::inner ? "%s at position %d is %s: a ULID or UUID has none."
                                                                    : "%s at position %d is %s: type ulid does not trim its input.",
                                      whitespace_name(bad), pg_mbstrlen_with_len(text, static_cast<int>(result.position)) + 1,
                                      whitespace_where(place)),
                            place != whitespace_at::inner ? errhint("Trim the text first, as in btrim(value)::ulid.") : 0));
        break;
    }
    case decode_status::overflow:
        UIDEXT_INPUT_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                            errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                            errdetail("The first digit must be between 0 and 7: larger values need more than "
                                      "128 bits.")));
        break;
    case decode_status::ok:
        break;
    }
#undef UIDEXT_INPUT_ERROR
}

}  // namespace

UIDEXT_INPUT_FUNCTION(ulid_in) {
    const char* text = PG_GETARG_CSTRING(0);
    std::uint8_t* value = pg::new_value();
    const decode_result result = parse_ulid_input(text, value);
    if (result.status != decode_status::ok) {
        report_bad_input(text, result, fcinfo->context);
        PG_RETURN_NULL();  // reached only for a soft error
    }
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(ulid_out) {
    char* text = static_cast<char*>(palloc(ulid_text_length + 1));
    encode_ulid(pg::arg_value(fcinfo, 0), text);
    text[ulid_text_length] = '\0';
    PG_RETURN_CSTRING(text);
}

// Binary form: the raw 16 bytes, exactly like uuid_recv/uuid_send.
UIDEXT_INPUT_FUNCTION(ulid_recv) {
    StringInfo buffer = reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0));
    std::uint8_t* value = pg::new_value();
    std::memcpy(value, pq_getmsgbytes(buffer, pg::value_size), pg::value_size);
    PG_RETURN_POINTER(value);
}

UIDEXT_FUNCTION(ulid_send) {
    StringInfoData buffer;
    pq_begintypsend(&buffer);
    pq_sendbytes(&buffer, reinterpret_cast<const char*>(pg::arg_value(fcinfo, 0)), pg::value_size);
    PG_RETURN_BYTEA_P(pq_endtypsend(&buffer));
}
