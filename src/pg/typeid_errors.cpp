// The input errors of TypeID text: 22P02 with what is wrong and, for a per-prefix type, the
// prefix it expects.
#include "typeid_glue.hpp"

namespace uidext::pg {
namespace {

#if PG_VERSION_NUM >= 160000
#define UIDEXT_TYPEID_ERROR(...) errsave(escontext, __VA_ARGS__)
#else
#define UIDEXT_TYPEID_ERROR(...) ereport(ERROR, __VA_ARGS__)
#endif

// errhint() of a per-prefix type: what its values look like.
int expected_form_hint(const char* type_name, const fixed_typeid* expected) {
    if (expected == nullptr) return 0;
    if (expected->length == 0)
        return errhint("Values of type %s are 26 lowercase base32 digits with no prefix, or a UUID.", type_name);
    return errhint("Values of type %s are \"%s_\" followed by 26 lowercase base32 digits, or a UUID.", type_name,
                   expected->prefix);
}

// The sentence a per-prefix type's DETAIL ends with, naming the prefix it expects, so that
// clients that show only the message and the detail (node-postgres, str() of psycopg's
// errors) say which prefix was wanted; empty for the general typeid.
const char* expected_prefix_sentence(char* buffer, size_t size, const char* type_name, const fixed_typeid* expected) {
    if (expected == nullptr) return "";
    if (expected->length == 0)
        snprintf(buffer, size, " Type %s expects no prefix.", type_name);
    else
        snprintf(buffer, size, " Type %s expects the prefix \"%s\".", type_name, expected->prefix);
    return buffer;
}

}  // namespace

void report_bad_typeid(const char* type_name, const char* text, const typeid_parts& parts, Node* escontext,
                       const fixed_typeid* expected) {
    const int prefix_length = static_cast<int>(parts.prefix.size());
    char buffer[NAMEDATALEN + 96];  // type name, prefix (at most 63) and the words
    const char* expects = expected_prefix_sentence(buffer, sizeof buffer, type_name, expected);
    switch (parts.status) {
    case typeid_status::ok:  // the prefix is not the expected one
        if (expected == nullptr) break;
        if (parts.prefix.empty())
            UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                                 errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                                 errdetail("The value has no prefix; expected \"%s\".", expected->prefix),
                                 expected_form_hint(type_name, expected)));
        else if (expected->length == 0)
            UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                                 errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                                 errdetail("The prefix is \"%.*s\"; expected none.", prefix_length,
                                           parts.prefix.data()),
                                 expected_form_hint(type_name, expected)));
        else
            UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                                 errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                                 errdetail("The prefix is \"%.*s\"; expected \"%s\".", prefix_length,
                                           parts.prefix.data(), expected->prefix),
                                 expected_form_hint(type_name, expected)));
        break;
    case typeid_status::bad_prefix:
        UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                             errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                             errdetail("A TypeID prefix is at most 63 lowercase letters (a-z) and underscores, "
                                       "beginning and ending with a letter.%s",
                                       expects),
                             expected_form_hint(type_name, expected)));
        break;
    case typeid_status::missing_separator:
        UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                             errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                             errdetail(text[0] == '_' ? "A TypeID with an empty prefix has no \"_\".%s"
                                                      : "A TypeID is a prefix, \"_\" and 26 base32 digits.%s",
                                       expects),
                             expected_form_hint(type_name, expected)));
        break;
    case typeid_status::bad_suffix_length:
        UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                             errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                             errdetail("The suffix after the prefix has %d characters, not 26.%s",
                                       pg_mbstrlen(text + (prefix_length > 0 ? prefix_length + 1 : 0)), expects),
                             expected_form_hint(type_name, expected)));
        break;
    case typeid_status::bad_suffix_character: {
        const char* bad = text + parts.position;
        const int position = pg_mbstrlen_with_len(text, static_cast<int>(parts.position)) + 1;
        UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                             errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                             errdetail("\"%.*s\" at position %d is not a lowercase Crockford base32 digit "
                                       "(0-9, a-z without i, l, o and u).%s",
                                       pg_mblen(bad), bad, position, expects),
                             expected_form_hint(type_name, expected)));
        break;
    }
    case typeid_status::overflow:
        UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                             errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                             errdetail("The suffix must begin with a digit between 0 and 7: larger values need "
                                       "more than 128 bits.%s",
                                       expects),
                             expected_form_hint(type_name, expected)));
        break;
    case typeid_status::bad_uuid_digit: {
        const char* bad = text + parts.position;
        const int position = pg_mbstrlen_with_len(text, static_cast<int>(parts.position)) + 1;
        UIDEXT_TYPEID_ERROR((errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                             errmsg("invalid input syntax for type %s: \"%s\"", type_name, text),
                             errdetail("\"%.*s\" at position %d is not a hexadecimal digit.%s", pg_mblen(bad), bad,
                                       position, expects),
                             expected_form_hint(type_name, expected)));
        break;
    }
    }
#undef UIDEXT_TYPEID_ERROR
}

}  // namespace uidext::pg
