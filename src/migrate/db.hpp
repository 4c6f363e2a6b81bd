// A thin libpq connection for uidext-migrate: statements with parameters, results as strings,
// errors as exceptions (a client program: an error ends the command; the state table says where
// to resume). Identifiers are never spliced from user text: quote() is PQescapeIdentifier.
#pragma once
#include <libpq-fe.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace migrate {

// A failed statement: the server's SQLSTATE and message, and the constraint it names (if any).
struct DbError : std::runtime_error {
    std::string sqlstate, constraint;
    DbError(const std::string &state, const std::string &msg, const std::string &con = "")
        : std::runtime_error(msg), sqlstate(state), constraint(con) {}
};
// A strong lock that was not had: lock_timeout (55P03), or a deadlock with a writer that the
// server resolved by cancelling our side (40P01). Both are retried; our transaction rolled back.
inline bool lock_not_granted(const std::string &sqlstate) { return sqlstate == "55P03" || sqlstate == "40P01"; }
inline std::string lock_failure(const std::string &sqlstate, int lock_timeout_ms) {
    return sqlstate == "40P01" ? std::string("deadlock with another session, rolled back")
                               : "lock not granted within " + std::to_string(lock_timeout_ms) + " ms";
}
// A refusal or misuse the user must fix (exit status 2).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using Row = std::vector<std::string>;

struct Result {
    std::vector<Row> rows;
    std::vector<bool> nulls;  // per cell of rows, row-major
    long affected = 0;        // PQcmdTuples
    const std::string &at(size_t r, size_t c) const { return rows.at(r).at(c); }
    bool empty() const { return rows.empty(); }
};

class Db {
public:
    // host, port, user: "" for libpq's defaults (PGHOST, ...); dbname may be a connection string.
    Db(const std::string &host, const std::string &port, const std::string &user, const std::string &dbname);
    ~Db();
    Db(const Db &) = delete;
    Db &operator=(const Db &) = delete;

    Result exec(const std::string &sql, const std::vector<std::string> &params = {});
    // The single value of a one-row, one-column result ("" when no row or NULL).
    std::string value(const std::string &sql, const std::vector<std::string> &params = {});
    std::string quote(const std::string &identifier);
    std::string literal(const std::string &text);
    // Several statements in one round trip (the simple protocol); the first error stops them.
    void exec_script(const std::vector<std::string> &statements);
    PGconn *raw() { return conn_; }

private:
    PGconn *conn_ = nullptr;
};

// Runs fn inside BEGIN ... COMMIT; rolls back and rethrows on error.
template <typename F>
void in_transaction(Db &db, F fn) {
    db.exec("BEGIN");
    try {
        fn();
        db.exec("COMMIT");
    } catch (...) {
        PQclear(PQexec(db.raw(), "ROLLBACK"));
        throw;
    }
}

}  // namespace migrate
