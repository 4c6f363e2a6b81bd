// status, abort (before the swap), revert (after it, until finish) and finish.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "commands.hpp"
#include "sync.hpp"
#include "short_lock.hpp"
#include "views.hpp"

namespace migrate {

namespace {

std::string lock_list(Db &db, const Migration &m) {
    std::string list;
    for (const auto &t : migration_tables(m)) list += (list.empty() ? "" : ", ") + rel_name(db, t);
    return "LOCK TABLE " + list + " IN ACCESS EXCLUSIVE MODE";
}

// Opens the migration as its table's owner, under its advisory lock.
struct Session {
    std::unique_ptr<Db> db;
    Migration m;
    Session(const Options &o, const std::string &id) : db(connect(o)) {
        m = load(*db, id);
        become_owner(*db, m.relid);
        lock_migration(*db, id);
        m = load(*db, id);
    }
};

}  // namespace

int cmd_status(const Options &o, const std::string &id) {
    std::unique_ptr<Db> db(connect(o));
    Result r = db->exec("SELECT s.id, coalesce(format('%I.%I', n.nspname, c.relname), s.relid::text || ' (dropped)'), s.phase, "
                        "coalesce(s.detail->>'progress', ''), coalesce(' swap lock ' || round((s.detail->>'swap_lock_ms')::numeric, 1) || ' ms', '') "
                        "FROM " + state_table(*db) + " s LEFT JOIN pg_catalog.pg_class c ON c.oid = s.relid "
                        "LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                        "WHERE $1 = '' OR s.id = nullif($1, '')::bigint ORDER BY s.id", {id});
    if (!id.empty() && r.empty()) throw UsageError("no migration " + id + " (or not one of yours)");
    for (const Row &x : r.rows) std::printf("%s\t%s\t%s\t%s%s\n", x[0].c_str(), x[1].c_str(), x[2].c_str(), x[3].c_str(), x[4].c_str());
    return 0;
}

int cmd_abort(const Options &o, const std::string &id) {
    Session s(o, id);
    Db &db = *s.db;
    Migration &m = s.m;
    if (m.phase == "aborted") { std::printf("migration %s: already aborted\n", id.c_str()); return 0; }
    if (m.phase == "swapped" || m.phase == "finished" || m.phase == "reverted")
        throw UsageError("migration " + id + " is " + m.phase + ": abort works before the swap (use revert after it)");
    with_lock_retries(db, o.lock_timeout_ms, "abort", [&] {
        db.exec(lock_list(db, m));
        db.exec_script(drop_sync(db, m));
        // Dropping a shadow column drops its check, foreign key and index copies with it.
        for (const Ref &r : m.refs)
            if (!r.new_att.empty() && !att_name(db, r.rel, r.new_att).empty())
                db.exec("ALTER TABLE " + rel_name(db, r.rel) + " DROP COLUMN " + att_name(db, r.rel, r.new_att));
        std::string legacy = db.value("SELECT c.oid::text FROM pg_catalog.pg_class c WHERE c.relname = $1 AND c.relnamespace = "
                                      "(SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = $2::oid)", {obj(m, "legacy_key"), m.relid});
        if (!legacy.empty()) db.exec("DROP INDEX " + rel_name(db, legacy));
        if (!m.new_att.empty()) db.exec("ALTER TABLE " + rel_name(db, m.relid) + " DROP COLUMN " + att_name(db, m.relid, m.new_att));
        set_phase(db, m, "aborted");
        set_detail(db, m, "progress", "aborted");
    });
    std::printf("migration %s: aborted; everything it added is gone\n", id.c_str());
    return 0;
}

namespace {

std::string legacy_check_name(const Migration &m, size_t i) { return obj(m, "lnn" + std::to_string(i)); }

// The swap dropped the NOT NULL of a NOT NULL reference's legacy column (so that the deferred
// fix-up can fill it at commit); revert gives it back without a scan under its lock, as validate
// did for the new column: a CHECK NOT VALID (the reference's sync turns strict in the same
// transaction: a row-time miss is a clear 23503, not the CHECK's 23514), the rows still NULL
// filled from the parent, VALIDATE with writes going on. SET NOT NULL in the short transaction
// then relies on the validated CHECK. Every reference's legacy column gets the same filling pass
// (rows written where triggers do not fire would otherwise lose their reference on revert).
void prepare_legacy_columns(Db &db, const Options &o, const Migration &m) {
    KeyNames k{rel_name(db, m.relid), att_name(db, m.relid, m.new_att), att_name(db, m.relid, m.key_att), att_name(db, m.relid, m.time_att)};
    for (size_t i = 0; i < m.refs.size(); ++i) {
        const Ref &r = m.refs[i];
        std::string name = legacy_check_name(m, i);
        auto validated = [&] {
            return db.value("SELECT convalidated::text FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND conname = $2", {r.rel, name});
        };
        bool check = r.not_null && validated() != "true" &&
                     db.value("SELECT attnotnull::text FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attnum = $2::smallint",
                              {r.rel, r.att}) != "true";
        std::string C = rel_name(db, r.rel), lfk = att_name(db, r.rel, r.att), fk = att_name(db, r.rel, r.new_att);
        if (check && validated().empty()) {
            std::vector<std::string> strict = ref_sync(db, m, i, k, RefNames{fk, lfk}, true, false, true);
            with_lock_retries(db, o.lock_timeout_ms, "revert: add " + name, [&] {
                db.exec("ALTER TABLE " + C + " ADD CONSTRAINT " + db.quote(name) + " CHECK (" + lfk + " IS NOT NULL) NOT VALID");
                db.exec_script(strict);
            });
        }
        Result done = db.exec("UPDATE " + C + " AS c SET " + lfk + " = p." + k.other + " FROM " + k.table + " AS p WHERE p." + k.key + " = c." + fk +
                              " AND c." + lfk + " IS NULL AND c." + fk + " IS NOT NULL");
        if (done.affected > 0)
            std::fprintf(stderr, "revert: %s: %ld row%s whose legacy column was still NULL, filled\n", C.c_str(), done.affected,
                         done.affected == 1 ? "" : "s");
        if (check)
            with_lock_retries(db, o.lock_timeout_ms, "revert: validate " + name, [&] {
                db.exec("ALTER TABLE " + C + " VALIDATE CONSTRAINT " + db.quote(name));
            });
    }
}

}  // namespace

int cmd_revert(const Options &o, const std::string &id) {
    Session s(o, id);
    Db &db = *s.db;
    Migration &m = s.m;
    if (m.phase != "swapped" && m.phase != "reverted")
        throw UsageError("migration " + id + " is " + m.phase + ": revert works after the swap and before finish (abort before the swap)");
    double t0 = now_s();
    if (m.phase == "swapped") {
        prepare_legacy_columns(db, o, m);
        auto build = [&] {
            std::vector<std::string> s;
            std::vector<std::pair<std::string, std::string>> cols{{m.relid, m.new_att}};
            for (const Ref &r : m.refs) cols.push_back({r.rel, r.new_att});
            std::vector<SavedView> views = capture_views(db, cols);
            for (const SavedView &v : views) s.push_back("DROP VIEW " + v.name);
            std::string P = rel_name(db, m.relid);
            std::vector<std::string> fk_names;
            for (const Ref &r : m.refs) {
                fk_names.push_back(con_name(db, r.new_con));
                s.push_back("ALTER TABLE " + rel_name(db, r.rel) + " DROP CONSTRAINT " + fk_names.back());
            }
            for (const std::string &x : drop_sync(db, m)) s.push_back(x);
            std::string pk = db.value("SELECT quote_ident(conname) FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND contype = 'p'", {m.relid});
            std::string key = att_name(db, m.relid, m.new_att), legacy = att_name(db, m.relid, m.key_att);
            s.push_back("ALTER TABLE " + P + " DROP CONSTRAINT " + pk);
            s.push_back("ALTER TABLE " + P + " ADD CONSTRAINT " + pk + " PRIMARY KEY USING INDEX " +
                        db.value("SELECT quote_ident(relname) FROM pg_catalog.pg_class WHERE oid = $1::oid", {get_detail(db, m, "legacy_index")}));
            s.push_back("ALTER TABLE " + P + " DROP COLUMN " + key);
            s.push_back("ALTER TABLE " + P + " RENAME COLUMN " + legacy + " TO " + key);
            std::string relraw = db.value("SELECT relname FROM pg_catalog.pg_class WHERE oid = $1::oid", {m.relid});
            std::string kraw = db.value("SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attnum = $2::smallint", {m.relid, m.new_att});
            std::string rename_nn = rename_not_null(db, m.relid, m.key_att, relraw + "_legacy_" + kraw + "_not_null", relraw + "_" + kraw + "_not_null",
                                                    m.new_att);
            if (!rename_nn.empty()) s.push_back(rename_nn);
            auto action = [](const std::string &c) {
                return c == "c" ? "CASCADE" : c == "n" ? "SET NULL" : c == "r" ? "RESTRICT" : "NO ACTION";
            };
            for (size_t i = 0; i < m.refs.size(); ++i) {
                const Ref &r = m.refs[i];
                std::string C = rel_name(db, r.rel), fk = att_name(db, r.rel, r.new_att), lfk = att_name(db, r.rel, r.att);
                std::vector<std::pair<std::string, std::string>> names;  // old index, the name its copy carries
                for (const IndexCopy &c : m.indexes)
                    if (c.ref == static_cast<int>(i))
                        names.push_back({rel_name(db, c.old_idx), db.value("SELECT quote_ident(relname) FROM pg_catalog.pg_class WHERE oid = $1::oid", {c.new_idx})});
                std::string check = legacy_check_name(m, i);
                s.push_back("ALTER TABLE " + C + " DROP COLUMN " + fk);
                s.push_back("ALTER TABLE " + C + " RENAME COLUMN " + lfk + " TO " + fk);
                // After the rename: from 18 the NOT NULL is a constraint named after its column.
                if (!db.value("SELECT 1 FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND conname = $2", {r.rel, check}).empty()) {
                    s.push_back("ALTER TABLE " + C + " ALTER COLUMN " + fk + " SET NOT NULL");  // the validated CHECK spares the scan
                    s.push_back("ALTER TABLE " + C + " DROP CONSTRAINT " + db.quote(check));
                }
                for (const auto &x : names) s.push_back("ALTER INDEX " + x.first + " RENAME TO " + x.second);
                s.push_back("ALTER TABLE " + C + " ADD CONSTRAINT " + fk_names[i] + " FOREIGN KEY (" + fk + ") REFERENCES " + P + " (" + key +
                            ") ON DELETE " + action(r.del) + " ON UPDATE " + action(r.upd) + (r.deferrable ? " DEFERRABLE" : "") +
                            (r.deferred ? " INITIALLY DEFERRED" : "") + " NOT VALID");
            }
            for (const SavedView &v : views)
                for (const std::string &x : v.recreate) s.push_back(x);
            s.push_back("UPDATE " + state_table(db) + " SET phase = 'reverted', updated_at = clock_timestamp(), detail = detail || "
                        "jsonb_build_object('progress', 'reverted, validating foreign keys') WHERE id = " + m.id);
            return s;
        };
        ShortLock r = short_lock(db, o.lock_timeout_ms, "revert", migration_tables(m), build);
        m.phase = "reverted";
        std::printf("revert: ACCESS EXCLUSIVE held %.1f ms (server clock; %.1f ms from sending to reply), %d attempt%s\n", r.held_ms,
                    r.message_ms, r.attempts, r.attempts == 1 ? "" : "s");
    }
    // The restored foreign keys were added NOT VALID; VALIDATE scans with writes going on.
    for (const Ref &r : m.refs) {
        Result pending = db.exec("SELECT quote_ident(conname) FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND confrelid = $2::oid "
                                 "AND contype = 'f' AND NOT convalidated", {r.rel, m.relid});
        for (const Row &x : pending.rows)
            with_lock_retries(db, o.lock_timeout_ms, "revert: validate " + x[0], [&] {
                db.exec("ALTER TABLE " + rel_name(db, r.rel) + " VALIDATE CONSTRAINT " + x[0]);
            });
    }
    set_detail(db, m, "progress", "reverted");
    std::printf("migration %s: reverted to the old keys in %.2f s\n", id.c_str(), now_s() - t0);
    return 0;
}

int cmd_finish(const Options &o, const std::string &id) {
    Session s(o, id);
    Db &db = *s.db;
    Migration &m = s.m;
    if (m.phase == "finished") { std::printf("migration %s: already finished\n", id.c_str()); return 0; }
    if (m.phase != "swapped") throw UsageError("migration " + id + " is " + m.phase + ": finish works after the swap (run it first)");
    with_lock_retries(db, o.lock_timeout_ms, "finish", [&] {
        db.exec(lock_list(db, m));
        db.exec_script(drop_sync(db, m));
        // The referencing tables' legacy columns would go stale without the sync: they go
        // (the parent's legacy key, joined, still gives every old value).
        for (const Ref &r : m.refs) db.exec("ALTER TABLE " + rel_name(db, r.rel) + " DROP COLUMN " + att_name(db, r.rel, r.att));
        std::string P = rel_name(db, m.relid), legacy = att_name(db, m.relid, m.key_att);
        if (o.drop_legacy) {
            db.exec("ALTER TABLE " + P + " DROP COLUMN " + legacy);
        } else if (db.value("SELECT a.attidentity = '' AND NOT a.atthasdef FROM pg_catalog.pg_attribute a WHERE a.attrelid = $1::oid AND a.attnum = $2::smallint",
                            {m.relid, m.key_att}) == "t") {
            // Nothing fills it for new rows any more (a uuid key the application supplied).
            db.exec("ALTER TABLE " + P + " ALTER COLUMN " + legacy + " DROP NOT NULL");
        }
        set_phase(db, m, "finished");
        set_detail(db, m, "progress", o.drop_legacy ? "finished, legacy key dropped" : "finished, legacy key kept");
    });
    std::printf("migration %s: finished%s\n", id.c_str(), o.drop_legacy ? " (legacy key dropped)" : " (legacy key kept, unique)");
    return 0;
}

}  // namespace migrate
