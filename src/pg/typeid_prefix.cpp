// Finding the prefix of a per-prefix TypeID type. A type's output function receives only the
// datum, so the functions of every per-prefix type share C symbols and find their type from
// the SQL function called (fn_oid), then the prefix from the type's output function.
#include "typeid_glue.hpp"

extern "C" {
#include "access/htup_details.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/inval.h"
#include "utils/syscache.h"
}

namespace uidext::pg {
namespace {

// The last few lookups by function OID, for calls whose FmgrInfo is set up per call.
struct cached_call {
    Oid function = InvalidOid;
    fixed_typeid type;
};
constexpr int cache_size = 8;
cached_call cache[cache_size];
int next_slot = 0;
bool callbacks_registered = false;

// 19 gives a syscache callback its cache as the enum SysCacheIdentifier, older majors as int.
#if PG_VERSION_NUM >= 190000
using syscache_id = SysCacheIdentifier;
#else
using syscache_id = int;
#endif

// Any change to a type or function may be a drop and a new type under a reused OID.
void forget_all(Datum, syscache_id, uint32) {
    for (cached_call& entry : cache) entry.function = InvalidOid;
}

void register_callbacks() {
    if (callbacks_registered) return;
    CacheRegisterSyscacheCallback(TYPEOID, forget_all, 0);
    CacheRegisterSyscacheCallback(PROCOID, forget_all, 0);
    callbacks_registered = true;
}

Oid type_of_function(Oid function, fixed_role role) {
    HeapTuple tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(function));
    if (!HeapTupleIsValid(tuple)) elog(ERROR, "cache lookup failed for function %u", function);
    const Form_pg_proc proc = reinterpret_cast<Form_pg_proc>(GETSTRUCT(tuple));
    const Oid type = role == fixed_role::returns ? proc->prorettype
                                                 : (proc->pronargs > 0 ? proc->proargtypes.values[0] : InvalidOid);
    ReleaseSysCache(tuple);
    return type;
}

}  // namespace

bool lookup_fixed_typeid(Oid type, fixed_typeid& out) {
    HeapTuple type_tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
    if (!HeapTupleIsValid(type_tuple)) return false;
    const Form_pg_type form = reinterpret_cast<Form_pg_type>(GETSTRUCT(type_tuple));
    const Oid output = form->typoutput;
    const bool fixed16 = form->typlen == static_cast<int16>(value_size) && form->typtype == TYPTYPE_BASE;
    ReleaseSysCache(type_tuple);
    if (!fixed16) return false;

    HeapTuple proc_tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(output));
    if (!HeapTupleIsValid(proc_tuple)) return false;
    bool ours = reinterpret_cast<Form_pg_proc>(GETSTRUCT(proc_tuple))->prolang == ClanguageId;
    bool isnull = true;
    const Datum source = SysCacheGetAttr(PROCOID, proc_tuple, Anum_pg_proc_prosrc, &isnull);
    ours = ours && !isnull && std::strcmp(TextDatumGetCString(source), "typeid_fixed_out") == 0;
    // (Only a superuser can make a C function: typeid_define, or a dump of what it made.)
    const char* prefix = "";
    if (ours) {
        Oid* arg_types = nullptr;
        char** arg_names = nullptr;
        char* arg_modes = nullptr;
        if (get_func_arg_info(proc_tuple, &arg_types, &arg_names, &arg_modes) == 1 && arg_names != nullptr)
            prefix = arg_names[0];
    }
    ReleaseSysCache(proc_tuple);
    const std::size_t length = std::strlen(prefix);
    if (!ours || !typeid_prefix_is_valid({prefix, length})) return false;
    out.type = type;
    out.length = length;
    std::memcpy(out.prefix, prefix, length);
    out.prefix[length] = '\0';
    return true;
}

const fixed_typeid& fixed_typeid_of_call(FunctionCallInfo fcinfo, fixed_role role) {
    FmgrInfo* flinfo = fcinfo->flinfo;
    if (flinfo != nullptr && flinfo->fn_extra != nullptr) return *static_cast<const fixed_typeid*>(flinfo->fn_extra);
    const Oid function = flinfo != nullptr ? flinfo->fn_oid : InvalidOid;
    if (function == InvalidOid) elog(ERROR, "TypeID functions must be called as SQL functions");

    register_callbacks();
    const fixed_typeid* found = nullptr;
    for (const cached_call& entry : cache)
        if (entry.function == function) found = &entry.type;
    if (found == nullptr) {
        const Oid type = type_of_function(function, role);
        cached_call& slot = cache[next_slot];
        slot.function = InvalidOid;
        if (!lookup_fixed_typeid(type, slot.type))
            ereport(ERROR, (errcode(ERRCODE_DATATYPE_MISMATCH),
                            errmsg("%s is not a TypeID type made by typeid_define()", format_type_be(type))));
        slot.function = function;
        next_slot = (next_slot + 1) % cache_size;
        found = &slot.type;
    }
    // A copy for this call site: the backend cache may be cleared while it is in use.
    auto* copy = static_cast<fixed_typeid*>(MemoryContextAlloc(flinfo->fn_mcxt, sizeof(fixed_typeid)));
    *copy = *found;
    flinfo->fn_extra = copy;
    return *copy;
}

varlena* make_general_typeid(std::string_view prefix, const std::uint8_t uuid[16]) {
    const std::size_t size = VARHDRSZ + value_size + prefix.size();
    auto* value = static_cast<varlena*>(palloc(size));
    SET_VARSIZE(value, size);
    std::memcpy(VARDATA(value), uuid, value_size);
    std::memcpy(VARDATA(value) + value_size, prefix.data(), prefix.size());
    return value;
}

char* typeid_cstring(std::string_view prefix, const std::uint8_t uuid[16]) {
    char* text = static_cast<char*>(palloc(typeid_text_length(prefix.size()) + 1));
    text[format_typeid(prefix, uuid, text)] = '\0';
    return text;
}

}  // namespace uidext::pg
