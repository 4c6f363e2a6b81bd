// run: every phase up to and including the swap, each resumable from the state table and the
// catalog (a phase checks what is already there before adding it).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <memory>
#include <thread>

#include "commands.hpp"
#include "sync.hpp"
#include "short_lock.hpp"
#include "views.hpp"

namespace migrate {

namespace {

// --max-lag: how long ago the primary's WAL was where the slowest standby's replay is now.
// Sampled each batch: (time, pg_current_wal_lsn()); the lag is the age of the oldest sample
// past the standby's replay_lsn, so it keeps growing while replay is paused (replay_lag in
// pg_stat_replication does not: it is measured on replayed WAL only).
class LagMeter {
public:
    explicit LagMeter(Db &db) : db_(db) {}
    double lag() {
        Result r = db_.exec("SELECT pg_catalog.pg_current_wal_lsn()::text, "
                            "(SELECT min(replay_lsn)::text FROM pg_catalog.pg_stat_replication), "
                            "(SELECT count(*) FROM pg_catalog.pg_stat_replication)");
        std::string cur = r.at(0, 0);
        double t = now_s();
        samples_.push_back({t, cur});
        if (r.at(0, 2) == "0") { samples_.clear(); return 0; }
        if (r.nulls[1]) {
            if (!warned_) std::fprintf(stderr, "max-lag: standbys' replay positions are hidden from this role (pg_read_all_stats): not throttled\n");
            warned_ = true;
            return 0;
        }
        std::string replay = r.at(0, 1);
        // Drop samples the standby has replayed past; the oldest left is the lag's start.
        while (!samples_.empty() && db_.value("SELECT $1::pg_lsn <= $2::pg_lsn", {samples_.front().second, replay}) == "t")
            samples_.pop_front();
        if (samples_.empty()) return 0;
        return t - samples_.front().first;
    }

private:
    Db &db_;
    std::deque<std::pair<double, std::string>> samples_;
    bool warned_ = false;
};

struct Runner {
    Db &db;
    const Options &o;
    Migration &m;
    LagMeter lag{db};
    long rows_parent = 0, rows_refs = 0;

    void throttle() {
        if (o.max_lag_s <= 0) return;
        double l = lag.lag();
        bool waited = false;
        while (l > o.max_lag_s) {
            if (!waited) std::fprintf(stderr, "max-lag: standby replay %.1f s behind (> %.1f s), waiting\n", l, o.max_lag_s);
            waited = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            l = lag.lag();
        }
        if (waited) std::fprintf(stderr, "max-lag: standby within %.1f s again, going on\n", o.max_lag_s);
    }

    std::string col_type() { return m.into == "ulid" ? ext_schema(db) + ".ulid" : "uuid"; }

    void prepare() {
        std::string P = rel_name(db, m.relid);
        if (m.new_att.empty()) {
            with_lock_retries(db, o.lock_timeout_ms, "prepare: add the new key column", [&] {
                db.exec("ALTER TABLE " + P + " ADD COLUMN " + db.quote(obj(m, "new")) + " " + col_type());
                m.new_att = db.value("SELECT attnum::text FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attname = $2",
                                     {m.relid, obj(m, "new")});
                save_refs(db, m);
            });
        }
        with_lock_retries(db, o.lock_timeout_ms, "prepare: the key's sync trigger", [&] {
            db.exec_script(key_sync(db, m, key_names_now(db, m), false, true));
        });
        test_stop_at("prepare");
        for (size_t i = 0; i < m.refs.size(); ++i) {
            Ref &r = m.refs[i];
            if (!r.new_att.empty()) continue;
            with_lock_retries(db, o.lock_timeout_ms, "prepare: add a new referencing column", [&] {
                std::string name = obj(m, "ref" + std::to_string(i));
                db.exec("ALTER TABLE " + rel_name(db, r.rel) + " ADD COLUMN " + db.quote(name) + " " + col_type());
                r.new_att = db.value("SELECT attnum::text FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attname = $2",
                                     {r.rel, name});
                save_refs(db, m);
            });
        }
    }

    // UPDATE rel in block ranges (TID range scans), committed per batch; the next block is kept
    // in the state so that a stopped run starts where it was.
    long batched(const std::string &label, const std::string &rel, const std::string &key, const std::string &update,
                 const std::string &alias) {
        long blocks = std::stol(db.value("SELECT pg_catalog.pg_relation_size($1::oid) / current_setting('block_size')::int", {rel}));
        std::string rpb = db.value("SELECT CASE WHEN relpages > 0 AND reltuples > 0 THEN ceil(reltuples / relpages)::int ELSE 100 END "
                                   "FROM pg_catalog.pg_class WHERE oid = $1::oid", {rel});
        long step = std::max(1L, o.batch / std::max(1L, std::stol(rpb)));
        std::string done = get_detail(db, m, key);
        long b = done.empty() ? 0 : std::stol(done);
        long rows = 0;
        while (b < blocks) {
            long e = b + step;
            in_transaction(db, [&] {
                Result r = db.exec(update + " AND " + alias + ".ctid >= $1::tid AND " + alias + ".ctid < $2::tid",
                                   {"(" + std::to_string(b) + ",0)", "(" + std::to_string(e) + ",0)"});
                rows += r.affected;
                set_detail(db, m, key, std::to_string(std::min(e, blocks)));
                set_detail(db, m, "progress", label + " " + std::to_string(std::min(e, blocks) * 100 / std::max(1L, blocks)) + "%");
            });
            b = e;
            test_stop_at("backfill");
            progress(label, static_cast<double>(std::min(b, blocks)), static_cast<double>(blocks));
            throttle();
        }
        progress_end();
        return rows;
    }

    void backfill() {
        std::string P = rel_name(db, m.relid);
        std::string k = att_name(db, m.relid, m.key_att), n = att_name(db, m.relid, m.new_att), t = att_name(db, m.relid, m.time_att);
        // The parent completely first: once every parent row has its new key, a referencing
        // row's lookup always finds one (a row's key is derived once, whatever its time does later).
        rows_parent = batched("backfill " + P, m.relid, "parent_block",
                              "UPDATE " + P + " AS p SET " + n + " = " + derive_sql(db, m, "p." + t, "p." + k) + " WHERE p." + n + " IS NULL", "p");
        if (get_detail(db, m, "ref_sync") != "on") {
            for (size_t i = 0; i < m.refs.size(); ++i)
                with_lock_retries(db, o.lock_timeout_ms, "backfill: a referencing column's sync trigger", [&] {
                    db.exec_script(ref_sync(db, m, i, key_names_now(db, m), ref_names_now(db, m, i), false, true, false));
                });
            set_detail(db, m, "ref_sync", "on");
        }
        for (size_t i = 0; i < m.refs.size(); ++i) {
            const Ref &r = m.refs[i];
            std::string C = rel_name(db, r.rel), fk = att_name(db, r.rel, r.att), fkn = att_name(db, r.rel, r.new_att);
            rows_refs += batched("backfill " + C, r.rel, "ref" + std::to_string(i) + "_block",
                                 "UPDATE " + C + " AS c SET " + fkn + " = p." + n + " FROM " + P + " AS p WHERE p." + k + " = c." + fk +
                                     " AND c." + fkn + " IS NULL AND c." + fk + " IS NOT NULL", "c");
        }
    }

    // CREATE [UNIQUE] INDEX CONCURRENTLY, top-level (it cannot run in a transaction block);
    // an INVALID leftover of a stopped build is dropped first. Returns the index's OID.
    std::string build_index(const std::string &rel, const std::string &att, const std::string &name, bool unique) {
        std::string nsp = nsp_of(db, rel);
        Result r = db.exec("SELECT c.oid::text, i.indisvalid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_index i ON i.indexrelid = c.oid "
                           "WHERE c.relname = $1 AND c.relnamespace = (SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = $2::oid) "
                           "AND i.indrelid = $2::oid", {name, rel});
        if (!r.empty() && r.at(0, 1) == "t") return r.at(0, 0);
        if (!r.empty()) db.exec("DROP INDEX CONCURRENTLY " + nsp + "." + db.quote(name));
        db.exec("CREATE " + std::string(unique ? "UNIQUE " : "") + "INDEX CONCURRENTLY " + db.quote(name) + " ON " + rel_name(db, rel) +
                " (" + att_name(db, rel, att) + ")");
        return db.value("SELECT c.oid::text FROM pg_catalog.pg_class c WHERE c.relname = $1 AND c.relnamespace = "
                        "(SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = $2::oid)", {name, rel});
    }

    void index() {
        db.exec("SET lock_timeout = 0");
        test_stop_at("index");
        build_index(m.relid, m.new_att, obj(m, "new_key"), true);
        set_detail(db, m, "legacy_index", build_index(m.relid, m.key_att, obj(m, "legacy_key"), true));
        for (size_t j = 0; j < m.indexes.size(); ++j) {
            IndexCopy &c = m.indexes[j];
            const Ref &r = m.refs[c.ref];
            c.new_idx = build_index(r.rel, r.new_att, obj(m, "ref" + std::to_string(c.ref) + "_" + std::to_string(j)), c.unique);
            save_refs(db, m);
        }
    }

    // ADD CONSTRAINT ... NOT VALID (brief lock, no scan) unless there, with `also` in the same
    // transaction (run again when the constraint is there: it must be idempotent).
    // A foreign key also locks the parent (SHARE ROW EXCLUSIVE on both): the parent first, as
    // writers do, or a writer holding the parent and waiting for the child would hold us up
    // until lock_timeout, every time.
    std::string add_not_valid(const std::string &rel, const std::string &name, const std::string &def, bool foreign = false,
                              const std::vector<std::string> &also = {}) {
        std::string T = rel_name(db, rel);
        auto find = [&] { return db.value("SELECT oid::text FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND conname = $2", {rel, name}); };
        std::string oid = find();
        if (oid.empty()) {
            with_lock_retries(db, o.lock_timeout_ms, "validate: add " + name, [&] {
                if (foreign) {
                    db.exec("LOCK TABLE " + rel_name(db, m.relid) + " IN SHARE ROW EXCLUSIVE MODE");
                    db.exec("LOCK TABLE " + T + " IN SHARE ROW EXCLUSIVE MODE");
                }
                db.exec("ALTER TABLE " + T + " ADD CONSTRAINT " + db.quote(name) + " " + def + " NOT VALID");
                if (!also.empty()) db.exec_script(also);
            });
            return find();
        }
        if (!also.empty()) in_transaction(db, [&] { db.exec_script(also); });
        return oid;
    }

    // VALIDATE (a scan under SHARE UPDATE EXCLUSIVE: writes go on) unless validated.
    void validate_con(const std::string &rel, const std::string &name) {
        if (db.value("SELECT convalidated FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND conname = $2", {rel, name}) == "t") return;
        with_lock_retries(db, o.lock_timeout_ms, "validate: validate " + name, [&] {
            db.exec("ALTER TABLE " + rel_name(db, rel) + " VALIDATE CONSTRAINT " + db.quote(name));
        });
    }

    std::string add_validated(const std::string &rel, const std::string &name, const std::string &def, bool foreign = false) {
        std::string oid = add_not_valid(rel, name, def, foreign);
        validate_con(rel, name);
        return oid;
    }

    // Between a CHECK's NOT VALID (from then on every written row is checked) and its VALIDATE:
    // the rows written before it whose shadow is still NULL get it now, so that VALIDATE cannot
    // fail on them. The sync triggers leave none in the usual ways (the deferred fix-up maps at
    // commit what a row-time lookup missed); this catches rows written where triggers do not fire
    // (session_replication_role = replica: a logical replication subscriber's apply, some bulk
    // loaders). With an index on the shadow column (the new key's unique index; the copy of an
    // index on a referencing column) `IS NULL` is an index condition: one UPDATE that reads only
    // those entries. Otherwise a batched, throttled block pass like the backfill's.
    void catch_up(const std::string &rel, const std::string &key, const std::string &update, const std::string &alias, bool indexed) {
        long rows = 0;
        if (indexed) {
            in_transaction(db, [&] {
                db.exec("SET LOCAL enable_seqscan = off");
                rows = db.exec(update).affected;
            });
        } else {
            rows = batched("catch-up " + rel_name(db, rel), rel, key, update, alias);
        }
        if (rows > 0)
            std::fprintf(stderr, "validate: %s: %ld row%s whose new column was still NULL, filled\n", rel_name(db, rel).c_str(), rows,
                         rows == 1 ? "" : "s");
    }

    void validate() {
        std::string P = rel_name(db, m.relid), k = att_name(db, m.relid, m.key_att), n = att_name(db, m.relid, m.new_att),
                    t = att_name(db, m.relid, m.time_att);
        add_not_valid(m.relid, obj(m, "nn"), "CHECK (" + n + " IS NOT NULL)");
        catch_up(m.relid, "parent_catchup_block",
                 "UPDATE " + P + " AS p SET " + n + " = " + derive_sql(db, m, "p." + t, "p." + k) + " WHERE p." + n + " IS NULL", "p", true);
        validate_con(m.relid, obj(m, "nn"));
        test_stop_at("validate");
        // Every referencing table's CHECK, NOT VALID; in the same transaction its sync turns
        // strict (a row-time miss would fail the CHECK: it fails with a clear 23503 instead).
        for (size_t i = 0; i < m.refs.size(); ++i) {
            const Ref &r = m.refs[i];
            std::string fk = att_name(db, r.rel, r.att), fkn = att_name(db, r.rel, r.new_att);
            // A NOT NULL column gets the check SET NOT NULL relies on to skip its scan; a nullable
            // one, that the two columns are NULL together.
            add_not_valid(r.rel, obj(m, "nn" + std::to_string(i)),
                          r.not_null ? "CHECK (" + fkn + " IS NOT NULL)" : "CHECK ((" + fk + " IS NULL) = (" + fkn + " IS NULL))", false,
                          ref_sync(db, m, i, key_names_now(db, m), ref_names_now(db, m, i), false, false, true));
        }
        test_stop_at("catch-up");
        for (size_t i = 0; i < m.refs.size(); ++i) {
            Ref &r = m.refs[i];
            std::string C = rel_name(db, r.rel), fk = att_name(db, r.rel, r.att), fkn = att_name(db, r.rel, r.new_att);
            bool indexed = std::any_of(m.indexes.begin(), m.indexes.end(),
                                       [&](const IndexCopy &c) { return c.ref == static_cast<int>(i) && !c.new_idx.empty(); });
            catch_up(r.rel, "ref" + std::to_string(i) + "_catchup_block",
                     "UPDATE " + C + " AS c SET " + fkn + " = p." + n + " FROM " + P + " AS p WHERE p." + k + " = c." + fk + " AND c." + fkn +
                         " IS NULL AND c." + fk + " IS NOT NULL", "c", indexed);
            validate_con(r.rel, obj(m, "nn" + std::to_string(i)));
            auto action = [](const std::string &c) {
                return c == "c" ? "CASCADE" : c == "n" ? "SET NULL" : c == "r" ? "RESTRICT" : "NO ACTION";
            };
            std::string def = "FOREIGN KEY (" + fkn + ") REFERENCES " + P + " (" + n + ") ON DELETE " + action(r.del) +
                              " ON UPDATE " + action(r.upd) + (r.deferrable ? " DEFERRABLE" : "") + (r.deferred ? " INITIALLY DEFERRED" : "");
            r.new_con = add_validated(r.rel, obj(m, "fk" + std::to_string(i)), def, true);
            save_refs(db, m);
        }
    }

    // ALTER INDEX ... RENAME to wanted (cut to 63 bytes by the server) if that name is free in
    // its schema, else to fallback.
    std::string rename_index(const std::string &idx, const std::string &wanted, const std::string &fallback) {
        std::string free = db.value("SELECT NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class WHERE relname = left($1, 63) "
                                    "AND relnamespace = (SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = $2::oid))", {wanted, idx});
        std::string name = free == "t" ? db.value("SELECT left($1, 63)", {wanted}) : fallback;
        return "ALTER INDEX " + rel_name(db, idx) + " RENAME TO " + db.quote(name);
    }

    bool in_primary_key(const std::string &rel, const std::string &att) {
        return db.value("SELECT count(*) FROM pg_catalog.pg_index WHERE indrelid = $1::oid AND indisprimary AND $2::smallint = ANY (indkey)",
                        {rel, att}) != "0";
    }

    // The swap's statements, built from the catalog before the lock (see short_lock.hpp).
    std::vector<std::string> swap_script() {
        check_refs_unchanged(db, m);
        std::vector<std::string> s;
        KeyNames before = key_names_now(db, m);
        const std::string &P = before.table;
        std::string kraw = db.value("SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attnum = $2::smallint", {m.relid, m.key_att});
        std::string relraw = db.value("SELECT relname FROM pg_catalog.pg_class WHERE oid = $1::oid", {m.relid});
        std::vector<std::pair<std::string, std::string>> cols{{m.relid, m.key_att}};
        for (const Ref &r : m.refs) cols.push_back({r.rel, r.att});
        std::vector<SavedView> views = capture_views(db, cols);
        for (const SavedView &v : views) s.push_back("DROP VIEW " + v.name);
        std::vector<std::string> fk_names;
        for (const Ref &r : m.refs) {
            fk_names.push_back(con_name(db, r.con));
            s.push_back("ALTER TABLE " + rel_name(db, r.rel) + " DROP CONSTRAINT " + fk_names.back());
        }
        std::string pk = db.value("SELECT quote_ident(conname) FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND contype = 'p'", {m.relid});
        std::string legacy = db.quote("legacy_" + kraw);
        s.push_back("ALTER TABLE " + P + " DROP CONSTRAINT " + pk);
        s.push_back("ALTER TABLE " + P + " RENAME COLUMN " + before.key + " TO " + legacy);
        s.push_back("ALTER TABLE " + P + " RENAME COLUMN " + before.other + " TO " + before.key);
        // From 18 a NOT NULL is a constraint named after its column: the old key's follows it to
        // the legacy column's name, and the new key's, set after the renames, gets
        // <table>_<key>_not_null (not ..._not_null1).
        std::string rename_nn = rename_not_null(db, m.relid, m.key_att, relraw + "_" + kraw + "_not_null", relraw + "_legacy_" + kraw + "_not_null");
        if (!rename_nn.empty()) s.push_back(rename_nn);
        s.push_back("ALTER TABLE " + P + " ALTER COLUMN " + before.key + " SET NOT NULL");  // the validated CHECK spares the scan
        s.push_back("ALTER TABLE " + P + " ADD CONSTRAINT " + pk + " PRIMARY KEY USING INDEX " + db.quote(obj(m, "new_key")));
        s.push_back("ALTER TABLE " + P + " DROP CONSTRAINT " + db.quote(obj(m, "nn")));
        s.push_back("ALTER TABLE " + P + " ALTER COLUMN " + before.key + " SET DEFAULT " + ext_schema(db) + "." +
                    (m.into == "ulid" ? "gen_ulid()" : "gen_uuidv7()"));
        s.push_back(rename_index(get_detail(db, m, "legacy_index"), relraw + "_legacy_" + kraw + "_key", obj(m, "legacy_key")));
        KeyNames after{P, before.key, legacy, before.time};
        std::vector<RefNames> ref_after;
        std::vector<bool> strict_after;
        for (size_t i = 0; i < m.refs.size(); ++i) {
            const Ref &r = m.refs[i];
            std::string C = rel_name(db, r.rel);
            RefNames now = ref_names_now(db, m, i);
            std::string fkraw = db.value("SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attnum = $2::smallint", {r.rel, r.att});
            // On a self-reference the key's own renames above are on the same table: the
            // reference's names are its own columns' (never the key's).
            // The legacy column of a NOT NULL reference drops its NOT NULL (catalog only), so that
            // the deferred fix-up can fill it at commit for a row written before its parent;
            // revert gives it back through a validated CHECK. Not a primary key's column.
            bool legacy_nullable = r.not_null && !in_primary_key(r.rel, r.att);
            if (legacy_nullable) s.push_back("ALTER TABLE " + C + " ALTER COLUMN " + now.column + " DROP NOT NULL");
            strict_after.push_back(r.not_null && !legacy_nullable);
            s.push_back("ALTER TABLE " + C + " RENAME COLUMN " + now.column + " TO " + db.quote("legacy_" + fkraw));
            s.push_back("ALTER TABLE " + C + " RENAME COLUMN " + now.other + " TO " + now.column);
            // After the renames (a NOT NULL constraint from 18 is named after its column).
            if (r.not_null) s.push_back("ALTER TABLE " + C + " ALTER COLUMN " + now.column + " SET NOT NULL");
            s.push_back("ALTER TABLE " + C + " DROP CONSTRAINT " + db.quote(obj(m, "nn" + std::to_string(i))));
            s.push_back("ALTER TABLE " + C + " RENAME CONSTRAINT " + db.quote(obj(m, "fk" + std::to_string(i))) + " TO " + fk_names[i]);
            for (size_t j = 0; j < m.indexes.size(); ++j) {
                const IndexCopy &c = m.indexes[j];
                if (c.ref != static_cast<int>(i)) continue;
                std::string orig = db.value("SELECT relname FROM pg_catalog.pg_class WHERE oid = $1::oid", {c.old_idx});
                s.push_back(rename_index(c.old_idx, "legacy_" + orig, obj(m, "old" + std::to_string(j))));
                s.push_back("ALTER INDEX " + rel_name(db, c.new_idx) + " RENAME TO " + db.quote(orig));
            }
            ref_after.push_back({now.column, db.quote("legacy_" + fkraw)});
        }
        // The sync runs the other way until finish: legacy columns stay filled for revert.
        for (const std::string &x : key_sync(db, m, after, true, false)) s.push_back(x);
        for (size_t i = 0; i < m.refs.size(); ++i)
            for (const std::string &x : ref_sync(db, m, i, after, ref_after[i], true, false, strict_after[i])) s.push_back(x);
        for (const SavedView &v : views)
            for (const std::string &x : v.recreate) s.push_back(x);
        s.push_back("UPDATE " + state_table(db) + " SET phase = 'swapped', updated_at = clock_timestamp(), detail = detail || "
                    "jsonb_build_object('swapped_at', clock_timestamp()::text, 'progress', 'swapped') WHERE id = " + m.id);
        return s;
    }

    double swap() {
        test_stop_at("before-swap");
        ShortLock r = short_lock(db, o.lock_timeout_ms, "swap", migration_tables(m), [&] { return swap_script(); });
        m.phase = "swapped";
        set_detail(db, m, "swap_lock_ms", std::to_string(r.held_ms));
        set_detail(db, m, "swap_message_ms", std::to_string(r.message_ms));
        set_detail(db, m, "swap_attempts", std::to_string(r.attempts));
        std::printf("swap: ACCESS EXCLUSIVE held %.1f ms (server clock; %.1f ms from sending to reply), %d attempt%s\n", r.held_ms,
                    r.message_ms, r.attempts, r.attempts == 1 ? "" : "s");
        return r.held_ms;
    }
};

const char *const phases[] = {"prepare", "backfill", "index", "validate", "swap"};

}  // namespace

int cmd_run(const Options &o, const std::string &id) {
    std::unique_ptr<Db> db(connect(o));
    Migration m = load(*db, id);
    become_owner(*db, m.relid);
    lock_migration(*db, id);
    m = load(*db, id);  // what the last holder of the lock left
    if (m.phase == "swapped" || m.phase == "finished" || m.phase == "aborted" || m.phase == "reverted") {
        std::printf("migration %s: %s, nothing to run\n", id.c_str(), m.phase.c_str());
        return 0;
    }
    check_refs_unchanged(*db, m);
    Runner run{*db, o, m};
    if (m.phase == "planned") set_phase(*db, m, "prepare");
    std::printf("migration %s: %s, phase %s\n", id.c_str(), rel_name(*db, m.relid).c_str(), m.phase.c_str());
    std::fflush(stdout);
    double total = now_s();
    for (size_t i = 0; i < 5; ++i) {
        std::string phase = phases[i];
        if (m.phase != phase) continue;
        double t0 = now_s();
        if (get_detail(*db, m, "started_" + phase).empty())
            set_detail(*db, m, "started_" + phase, db->value("SELECT clock_timestamp()::text"));
        if (phase == "prepare") run.prepare();
        else if (phase == "backfill") run.backfill();
        else if (phase == "index") run.index();
        else if (phase == "validate") run.validate();
        else run.swap();
        double s = now_s() - t0;
        set_detail(*db, m, "seconds_" + phase, std::to_string(s));
        if (phase == "backfill") {
            long rows = run.rows_parent + run.rows_refs;
            std::printf("phase backfill: %.2f s, %ld key rows, %ld referencing rows, %.0f rows/s\n", s, run.rows_parent, run.rows_refs,
                        s > 0 ? rows / s : 0.0);
        } else {
            std::printf("phase %s: %.2f s\n", phase.c_str(), s);
        }
        std::fflush(stdout);
        if (phase != "swap") set_phase(*db, m, phases[i + 1]);
    }
    std::printf("migration %s: swapped in %.2f s; the application now sees the new keys (revert or finish next)\n", id.c_str(), now_s() - total);
    return 0;
}

}  // namespace migrate
