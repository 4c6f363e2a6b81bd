#include "db.hpp"

namespace migrate {

Db::Db(const std::string &host, const std::string &port, const std::string &user, const std::string &dbname) {
    // expand_dbname: -d takes a connection string or URI, as every PostgreSQL client does;
    // whatever it leaves out comes from PGHOST, PGPORT, PGUSER, ... (libpq's defaults).
    auto v = [](const std::string &s) { return s.empty() ? nullptr : s.c_str(); };
    const char *keys[] = {"host", "port", "user", "dbname", "fallback_application_name", nullptr};
    const char *vals[] = {v(host), v(port), v(user), v(dbname), "uidext-migrate", nullptr};
    conn_ = PQconnectdbParams(keys, vals, 1);
    if (PQstatus(conn_) != CONNECTION_OK) {
        std::string msg = PQerrorMessage(conn_);
        PQfinish(conn_);
        conn_ = nullptr;
        throw DbError("08001", "could not connect: " + msg);
    }
    PQsetNoticeProcessor(conn_, [](void *, const char *) {}, nullptr);
}

Db::~Db() {
    if (conn_) PQfinish(conn_);
}

Result Db::exec(const std::string &sql, const std::vector<std::string> &params) {
    std::vector<const char *> values;
    values.reserve(params.size());
    for (const auto &p : params) values.push_back(p.c_str());
    PGresult *res = PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                                 values.empty() ? nullptr : values.data(), nullptr, nullptr, 0);
    ExecStatusType st = PQresultStatus(res);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
        const char *con = PQresultErrorField(res, PG_DIAG_CONSTRAINT_NAME);
        std::string msg = PQresultErrorMessage(res);
        if (msg.empty()) msg = PQerrorMessage(conn_);
        while (!msg.empty() && (msg.back() == '\n')) msg.pop_back();
        std::string code = state ? state : "", constraint = con ? con : "";
        PQclear(res);
        throw DbError(code, msg, constraint);
    }
    Result out;
    int n = PQntuples(res), m = PQnfields(res);
    for (int r = 0; r < n; ++r) {
        Row row;
        for (int c = 0; c < m; ++c) {
            row.emplace_back(PQgetvalue(res, r, c));
            out.nulls.push_back(PQgetisnull(res, r, c) != 0);
        }
        out.rows.push_back(std::move(row));
    }
    const char *tuples = PQcmdTuples(res);
    out.affected = (tuples && *tuples) ? std::stol(tuples) : 0;
    PQclear(res);
    return out;
}

std::string Db::value(const std::string &sql, const std::vector<std::string> &params) {
    Result r = exec(sql, params);
    if (r.empty() || r.rows[0].empty()) return "";
    return r.rows[0][0];
}

std::string Db::quote(const std::string &identifier) {
    char *q = PQescapeIdentifier(conn_, identifier.c_str(), identifier.size());
    if (!q) throw DbError("", PQerrorMessage(conn_));
    std::string out(q);
    PQfreemem(q);
    return out;
}

void Db::exec_script(const std::vector<std::string> &statements) {
    std::string sql;
    for (const auto &s : statements) sql += s + ";\n";
    PGresult *res = PQexec(conn_, sql.c_str());
    ExecStatusType st = PQresultStatus(res);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
        const char *con = PQresultErrorField(res, PG_DIAG_CONSTRAINT_NAME);
        std::string msg = PQresultErrorMessage(res);
        while (!msg.empty() && msg.back() == '\n') msg.pop_back();
        std::string code = state ? state : "", constraint = con ? con : "";
        PQclear(res);
        throw DbError(code, msg, constraint);
    }
    PQclear(res);
}

std::string Db::literal(const std::string &text) {
    char *q = PQescapeLiteral(conn_, text.c_str(), text.size());
    if (!q) throw DbError("", PQerrorMessage(conn_));
    std::string out(q);
    PQfreemem(q);
    return out;
}

}  // namespace migrate
