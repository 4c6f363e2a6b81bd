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

// One line per column, constraint, index, dependent object, view rule and trigger of the tables,
// hashed. oids: an array literal of digits ('{1,2}'), spliced as a constant.
std::string fingerprint_sql(const std::string &oids) {
    std::string a = "'" + oids + "'::oid[]";
    return "SELECT md5(string_agg(x, '|' ORDER BY x)) FROM ("
           " SELECT format('a%s.%s=%s.%s', attrelid, attnum, attname, atttypid) FROM pg_catalog.pg_attribute"
           "   WHERE attrelid = ANY (" + a + ") AND attnum > 0 AND NOT attisdropped"
           " UNION ALL SELECT format('c%s=%s.%s', oid, conname, convalidated) FROM pg_catalog.pg_constraint"
           "   WHERE conrelid = ANY (" + a + ") OR confrelid = ANY (" + a + ")"
           " UNION ALL SELECT format('i%s=%s.%s', c.oid, c.relname, i.indisvalid) FROM pg_catalog.pg_index i"
           "   JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ANY (" + a + ")"
           " UNION ALL SELECT format('d%s.%s.%s.%s', classid, objid, refobjid, refobjsubid) FROM pg_catalog.pg_depend"
           "   WHERE refclassid = 'pg_class'::regclass AND refobjid = ANY (" + a + ") AND refobjsubid > 0"
           " UNION ALL SELECT format('r%s=%s', r.oid, r.xmin) FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_depend d"
           "   ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid WHERE d.refobjid = ANY (" + a + ")"
           " UNION ALL SELECT format('t%s=%s', oid, tgname) FROM pg_catalog.pg_trigger WHERE tgrelid = ANY (" + a + ")"
           ") s(x)";
}

// Raised by the check after the lock when the fingerprint differs (a class of our own).
const char *const catalog_changed = "UXM01";

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
        try {
            db.exec("BEGIN");
            db.exec("SET LOCAL lock_timeout = " + std::to_string(lock_timeout_ms));
            std::string before = db.value(fingerprint_sql(oids));
            std::vector<std::string> script = build();
            if (attempt == 1) test_stop_at((what + "-built").c_str());
            // The lock, the check that the catalog is still what the script was built from, the
            // script and COMMIT go in one message: the hold is the server's work alone, with no
            // round trip to this client inside it. The server's clock brackets it.
            std::vector<std::string> locked{
                "LOCK TABLE " + list + " IN ACCESS EXCLUSIVE MODE",
                "SELECT pg_catalog.set_config('uidext_migrate.locked_at', pg_catalog.clock_timestamp()::text, false)",
                "DO $uidext_check$BEGIN IF (" + fingerprint_sql(oids) + ") IS DISTINCT FROM '" + before +
                    "' THEN RAISE EXCEPTION USING ERRCODE = '" + catalog_changed +
                    "', MESSAGE = 'catalog changed'; END IF; END$uidext_check$"};
            script.push_back("SELECT pg_catalog.set_config('uidext_migrate.done_at', pg_catalog.clock_timestamp()::text, false)");
            script.push_back("COMMIT");
            double sent_at = now_s();
            if (test_stop_armed(what.c_str())) {
                // The test hook stops the program inside the transaction, holding the lock.
                db.exec_script(locked);
                test_stop_at(what.c_str());
                db.exec_script(script);
            } else {
                locked.insert(locked.end(), script.begin(), script.end());
                db.exec_script(locked);
            }
            out.message_ms = (now_s() - sent_at) * 1000;
            out.held_ms = std::stod(db.value(
                "SELECT (extract(epoch FROM current_setting('uidext_migrate.done_at')::timestamptz"
                " - current_setting('uidext_migrate.locked_at')::timestamptz) * 1000)::text"));
            if (attempt > 1) std::fprintf(stderr, "%s: done at attempt %d\n", what.c_str(), attempt);
            return out;
        } catch (const DbError &e) {
            PQexec(db.raw(), "ROLLBACK");
            changed = e.sqlstate == catalog_changed;
            if (!changed && (!lock_not_granted(e.sqlstate) || attempt >= 40)) throw;
            if (changed && attempt >= 40) throw;
            if (!changed)
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
