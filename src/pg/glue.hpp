// Shared helpers of the glue layer: value access and the errors every file raises.
#pragma once

#include "core/bytes16.hpp"  // value_size

#include "pg_includes.hpp"

namespace uidext {
struct opaque_key_ring;  // core/opaque_keys.hpp
}

namespace uidext::pg {

using uidext::value_size;  // one definition, core's: the glue writes pg::value_size

inline const std::uint8_t* arg_value(FunctionCallInfo fcinfo, int n) {
    return reinterpret_cast<const std::uint8_t*>(PG_GETARG_POINTER(n));
}

// A palloc'd 16-byte datum ready to be filled.
inline std::uint8_t* new_value() {
    return static_cast<std::uint8_t*>(palloc(value_size));
}

// What a time is converted for, to name it in errors.
enum class time_target { ulid, uuidv7 };

// Unix ms of a timestamptz, or ERROR 22008 naming the value and the range.
std::uint64_t unix_ms_or_error(TimestampTz ts, time_target target);

// Unix ms of a timestamp without time zone read as UTC, or ERROR 22008 showing it as given.
std::uint64_t unix_ms_or_error_utc(Timestamp ts, time_target target);

// 22008 for a time outside what 48 bits of milliseconds hold, naming it when there is one
// (a generator's clock or shifted time has none).
[[noreturn]] void report_time_out_of_range(TimestampTz ts, time_target target);
[[noreturn]] void report_time_out_of_range(time_target target);

// Fills out with n strong random bytes from this process's pool, or ERROR.
void random_bytes(std::uint8_t* out, std::size_t n);

// The same without the ERROR, for core steps that take a random_draw: false when the source
// failed; the caller then calls report_random_failure() once the core has returned.
bool try_random_bytes(std::uint8_t* out, std::size_t n);
[[noreturn]] void report_random_failure();

// Defines uidext.opaque_key_file and 1.3's uidext.opaque_keys, which is never kept, and with
// the preload reads the key file (src/pg/opaque_key_file.cpp).
void define_opaque_keys(bool preloaded);

// This database's keys from uidext.opaque_key_file, or ERROR 55000 saying why there are none
// (the library is not preloaded, no file, a bad file, no key for this database).
const uidext::opaque_key_ring& opaque_ring_or_error(const char* function);

}  // namespace uidext::pg
