#include "short_lock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

namespace migrate {

// The parent first, then the referencing tables in OID order: writers take the parent first too
// (insert a parent, then its children; delete a parent, cascading), so a writer holding the
// parent never waits behind our lock on a child while we wait for the parent.
std::vector<std::string> migration_tables(const Migration &m) {
    std::vector<std::string> t;
    for (const Ref &r : m.refs)
        if (r.rel != m.relid) t.push_back(r.rel);
    std::sort(t.begin(), t.end(), [](const std::string &a, const std::string &b) { return std::stoul(a) < std::stoul(b); });
    t.erase(std::unique(t.begin(), t.end()), t.end());
    t.insert(t.begin(), m.relid);
    return t;
}

namespace {

std::string fingerprint(Db &db, const std::string &oids) {
    return db.value(
        "SELECT md5(string_agg(x, '|' ORDER BY x)) FROM ("
        " SELECT format('a%s.%s=%s.%s', attrelid, attnum, attname, atttypid) FROM pg_catalog.pg_attribute"
        "   WHERE attrelid = ANY ($1::oid[]) AND attnum > 0 AND NOT attisdropped"
        " UNION ALL SELECT format('c%s=%s.%s', oid, conname, convalidated) FROM pg_catalog.pg_constraint"
        "   WHERE conrelid = ANY ($1::oid[]) OR confrelid = ANY ($1::oid[])"
        " UNION ALL SELECT format('i%s=%s.%s', c.oid, c.relname, i.indisvalid) FROM pg_catalog.pg_index i"
        "   JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ANY ($1::oid[])"
        " UNION ALL SELECT format('d%s.%s.%s.%s', classid, objid, refobjid, refobjsubid) FROM pg_catalog.pg_depend"
        "   WHERE refclassid = 'pg_class'::regclass AND refobjid = ANY ($1::oid[]) AND refobjsubid > 0"
        " UNION ALL SELECT format('r%s=%s', r.oid, r.xmin) FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_depend d"
        "   ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid WHERE d.refobjid = ANY ($1::oid[])"
        " UNION ALL SELECT format('t%s=%s', oid, tgname) FROM pg_catalog.pg_trigger WHERE tgrelid = ANY ($1::oid[])"
        ") s(x)", {oids});
}

}  // namespace

ShortLock short_lock(Db &db, int lock_timeout_ms, const std::string &what, const std::vector<std::string> &tables,
                     const std::function<std::vector<std::string>()> &build) {
    std::string oids = "{", list;
    for (const auto &t : tables) {
        oids += (oids.size() > 1 ? "," : "") + t;
        list += (list.empty() ? "" : ", ") + rel_name(db, t);
    }
    oids += "}";
    ShortLock out;
    int sleep_ms = 50;
    for (int attempt = 1;; ++attempt) {
        out.attempts = attempt;
        bool changed = false;
        double locked_at = 0;
        try {
            db.exec("BEGIN");
            db.exec("SET LOCAL lock_timeout = " + std::to_string(lock_timeout_ms));
            std::string before = fingerprint(db, oids);
            std::vector<std::string> script = build();
            db.exec("LOCK TABLE " + list + " IN ACCESS EXCLUSIVE MODE");
            locked_at = now_s();
            if (fingerprint(db, oids) != before) {
                changed = true;
                db.exec("ROLLBACK");
            } else {
                test_stop_at(what.c_str());
                db.exec_script(script);
                db.exec("COMMIT");
                out.held_ms = (now_s() - locked_at) * 1000;
                if (attempt > 1) std::fprintf(stderr, "%s: done at attempt %d\n", what.c_str(), attempt);
                return out;
            }
        } catch (const DbError &e) {
            PQexec(db.raw(), "ROLLBACK");
            if (!lock_not_granted(e.sqlstate) || attempt >= 40) throw;
            std::fprintf(stderr, "%s: %s (attempt %d), retrying in %d ms\n", what.c_str(),
                         lock_failure(e.sqlstate, lock_timeout_ms).c_str(), attempt, sleep_ms);
        } catch (...) {
            PQexec(db.raw(), "ROLLBACK");
            throw;
        }
        if (changed) std::fprintf(stderr, "%s: the tables' catalog changed before the lock (attempt %d), building again\n", what.c_str(), attempt);
        std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
        sleep_ms = sleep_ms * 2 > 5000 ? 5000 : sleep_ms * 2;
    }
}

}  // namespace migrate
