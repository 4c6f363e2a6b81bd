// The only way glue files see PostgreSQL. Standard and core headers are included before this
// one (core/cpp_only.hpp enforces it): port.h redefines printf and friends, and PostgreSQL's
// headers are C.
#pragma once

#include <cstdint>
#include <cstring>

extern "C" {
#include "postgres.h"

#include "fmgr.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/spin.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/guc.h"
#include "utils/inet.h"
#include "utils/timestamp.h"
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#endif
}

// Declares an SQL-callable function with C linkage. Bodies hold only trivially destructible
// locals: ereport(ERROR) longjmps and would skip C++ destructors.
#define UIDEXT_FUNCTION(name)            \
    extern "C" {                         \
    PG_FUNCTION_INFO_V1(name);           \
    }                                    \
    extern "C" Datum name(PG_FUNCTION_ARGS)
