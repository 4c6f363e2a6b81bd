// This process's pool of strong random bytes, filled from PostgreSQL's pg_strong_random.
#include "core/random_pool.hpp"

#include "glue.hpp"

namespace uidext::pg {
namespace {

random_pool pool;  // static storage: never destroyed while PostgreSQL runs

bool fill_from_postgres(void* buf, std::size_t len) {
    return pg_strong_random(buf, len);
}

}  // namespace

bool try_random_bytes(std::uint8_t* out, std::size_t n) {
    // MyProcPid differs in every backend and parallel worker, so bytes a parent filled before
    // fork are thrown away rather than handed out twice.
    return pool.take(out, n, MyProcPid, fill_from_postgres);
}

void report_random_failure() {
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("could not generate random values")));
}

void random_bytes(std::uint8_t* out, std::size_t n) {
    if (!try_random_bytes(out, n)) report_random_failure();
}

}  // namespace uidext::pg
