// The swap and the revert: one transaction whose ACCESS EXCLUSIVE hold is a few round trips,
// flat in table size. Every statement is built first, from the catalog, before the lock; after
// LOCK TABLE a fingerprint of the tables' catalog (columns, constraints, indexes, dependent
// objects, view rules) is compared with the one the statements were built from: if anything
// changed in between, the transaction rolls back and is built again. Then the statements go in
// one round trip, and COMMIT. Retried under lock_timeout like with_lock_retries.
#pragma once
#include <functional>

#include "migration.hpp"

namespace migrate {
struct ShortLock {
    double held_ms = 0;
    int attempts = 0;
};
ShortLock short_lock(Db &db, int lock_timeout_ms, const std::string &what, const std::vector<std::string> &tables,
                     const std::function<std::vector<std::string>()> &build);
// The tables a migration changes, each once: the parent, then the others in OID order (one lock
// order for every command).
std::vector<std::string> migration_tables(const Migration &m);
}  // namespace migrate
