// The only way glue files see PostgreSQL. Standard and core headers are included before this
// one (core/cpp_only.hpp enforces it): port.h redefines printf and friends, and PostgreSQL's
// headers are C.
#pragma once

#include <cstdint>
#include <cstring>

extern "C" {
#include "postgres.h"

#include "access/xact.h"
#include "commands/dbcommands.h"
#include "fmgr.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/spin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/guc.h"
#include "utils/inet.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#endif
}

// The library is built with -fvisibility=hidden: only what PostgreSQL looks up by name is
// exported (the SQL-callable functions, their pg_finfo_* records, Pg_magic_func and _PG_init).
// From 16 on, PGDLLEXPORT says so on ELF; before, it is empty there, so it is defined here
// before PG_FUNCTION_INFO_V1 and PG_MODULE_MAGIC expand.
#if PG_VERSION_NUM < 160000 && defined(__GNUC__)
#undef PGDLLEXPORT
#define PGDLLEXPORT __attribute__((visibility("default")))
#endif

// Declares an SQL-callable function with C linkage, exported (13-15's PG_FUNCTION_INFO_V1 does
// not mark the function itself). Bodies hold only trivially destructible locals: ereport(ERROR)
// longjmps and would skip C++ destructors.
#define UIDEXT_NONSTRICT_FUNCTION(name)         \
    extern "C" {                                \
    PGDLLEXPORT Datum name(PG_FUNCTION_ARGS);   \
    PG_FUNCTION_INFO_V1(name);                  \
    }                                           \
    extern "C" Datum name(PG_FUNCTION_ARGS)

namespace uidext::pg {
inline bool has_null_argument(FunctionCallInfo fcinfo) {
    // A function that is STRICT in this call's lookup gets no NULL: its callers check that
    // same flag (the executor, aggregates, InputFunctionCall); only a non-strict one looks.
    if (likely(fcinfo->flinfo != nullptr && fcinfo->flinfo->fn_strict)) return false;
    for (int i = 0; i < fcinfo->nargs; ++i)
        if (fcinfo->args[i].isnull) return true;
    return false;
}
}  // namespace uidext::pg

// The same for a function declared STRICT, whose body reads its arguments without checking
// them: a NULL argument returns NULL before the body runs. The owner of a function may ALTER
// it CALLED ON NULL INPUT, and a restore beside a user's function of the same signature could
// make a non-superuser that owner (#30); core's C functions trust STRICT only because
// superusers own them. A strict call costs two loads and two branches (test/bench/null_guard.sh).
#define UIDEXT_GUARDED_FUNCTION(name, returns_null)                    \
    static Datum name##_body(FunctionCallInfo fcinfo);                \
    UIDEXT_NONSTRICT_FUNCTION(name) {                                  \
        if (returns_null) PG_RETURN_NULL();                            \
        return name##_body(fcinfo);                                    \
    }                                                                  \
    static Datum name##_body(FunctionCallInfo fcinfo)
#define UIDEXT_FUNCTION(name) UIDEXT_GUARDED_FUNCTION(name, uidext::pg::has_null_argument(fcinfo))
// A type's input or receive function: for a function that is not strict, InputFunctionCall and
// ReceiveFunctionCall pass a SQL NULL as a null string or buffer marked not null.
#define UIDEXT_INPUT_FUNCTION(name) \
    UIDEXT_GUARDED_FUNCTION(name, uidext::pg::has_null_argument(fcinfo) || PG_GETARG_POINTER(0) == nullptr)
