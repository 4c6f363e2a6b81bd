// Shared pieces of the TypeID glue: the prefix of a per-prefix type, the general typeid value,
// and the input errors.
#pragma once

#include <string_view>

#include "core/typeid.hpp"

#include "glue.hpp"

namespace uidext::pg {

// A per-prefix type made by typeid_define and its prefix. The prefix is the name of the one
// parameter of the type's output function (typeid_out("user" user_id)), which pg_dump and
// pg_upgrade keep and nobody can change short of dropping the type.
struct fixed_typeid {
    Oid type = InvalidOid;
    std::size_t length = 0;
    char prefix[typeid_prefix_max + 1] = {};
    std::string_view view() const { return {prefix, length}; }
};

// Which type of the called SQL function is the per-prefix type: what it returns (input, cast
// to it) or its first argument (output, cast from it).
enum class fixed_role { returns, takes };

// The per-prefix type of the SQL function being called (fcinfo->flinfo->fn_oid), cached in
// the call's fn_extra and per backend; ERROR if it is not one made by typeid_define.
const fixed_typeid& fixed_typeid_of_call(FunctionCallInfo fcinfo, fixed_role role);

// The same for a type OID; false if the type is not a per-prefix TypeID type.
bool lookup_fixed_typeid(Oid type, fixed_typeid& out);

// 22P02 (softly into escontext on 16+) for text that parse_typeid rejected or whose prefix is
// not `expected` (when given), naming the type.
void report_bad_typeid(const char* type_name, const char* text, const typeid_parts& parts, Node* escontext,
                       const fixed_typeid* expected = nullptr);

// The general typeid: a varlena of the 16 bytes then the prefix (no terminator).
inline const std::uint8_t* general_uuid(const varlena* value) {
    return reinterpret_cast<const std::uint8_t*>(VARDATA_ANY(value));
}
inline std::string_view general_prefix(const varlena* value) {
    return {VARDATA_ANY(value) + value_size, VARSIZE_ANY_EXHDR(value) - value_size};
}
varlena* make_general_typeid(std::string_view prefix, const std::uint8_t uuid[16]);

// Text of a TypeID as a palloc'd C string.
char* typeid_cstring(std::string_view prefix, const std::uint8_t uuid[16]);

}  // namespace uidext::pg
