// The swap and the revert: one transaction whose ACCESS EXCLUSIVE hold is the server's catalog
// work alone, flat in table size. Every statement is built first, from the catalog, before the
// lock; then LOCK TABLE, a check that a fingerprint of the tables' catalog (columns, constraints,
// indexes, dependent objects, view rules, triggers) is the one the statements were built from,
// the statements and COMMIT go in one message. If anything changed in between, the transaction
// rolls back and is built again. Retried under lock_timeout like with_lock_retries.
#pragma once
#include <functional>

#include "migration.hpp"

namespace migrate {
struct ShortLock {
    double held_ms = 0;     // the server's clock: lock granted to just before COMMIT
    double message_ms = 0;  // this client's: the whole message sent to its reply (waits included)
    int attempts = 0;
};
ShortLock short_lock(Db &db, int lock_timeout_ms, const std::string &what, const std::vector<std::string> &tables,
                     const std::function<std::vector<std::string>()> &build);
// The tables a migration changes, each once: the parent, then the others in OID order (one lock
// order for every command).
std::vector<std::string> migration_tables(const Migration &m);
}  // namespace migrate
