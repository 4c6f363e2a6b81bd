// with_lock_retries: DDL that needs a strong lock must not queue every later query on the table
// behind a long transaction. It waits at most lock_timeout (or loses a deadlock), rolls back, sleeps (50 ms doubling to
// 5 s), and tries again, saying so; after 40 attempts it gives up (run again resumes).
#pragma once
#include <chrono>
#include <cstdio>
#include <thread>

namespace migrate {

template <typename F>
int with_lock_retries(Db &db, int lock_timeout_ms, const std::string &what, F fn) {
    int sleep_ms = 50;
    for (int attempt = 1;; ++attempt) {
        try {
            in_transaction(db, [&] {
                db.exec("SET LOCAL lock_timeout = " + std::to_string(lock_timeout_ms));
                fn();
            });
            if (attempt > 1) std::fprintf(stderr, "%s: done at attempt %d\n", what.c_str(), attempt);
            return attempt;
        } catch (const DbError &e) {
            if (!lock_not_granted(e.sqlstate) || attempt >= 40) throw;
            std::fprintf(stderr, "%s: %s (attempt %d), retrying in %d ms\n", what.c_str(),
                         lock_failure(e.sqlstate, lock_timeout_ms).c_str(), attempt, sleep_ms);
            std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
            sleep_ms = sleep_ms * 2 > 5000 ? 5000 : sleep_ms * 2;
        }
    }
}

}  // namespace migrate
