// The state table (uidext_migrate.migration) and names rebuilt from the catalog.
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "migration.hpp"

namespace migrate {

std::string ext_schema(Db &db) {
    static std::string cached;  // one database a process
    if (!cached.empty()) return cached;
    Result r = db.exec(
        "SELECT quote_ident(n.nspname), EXISTS (SELECT FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p ON p.oid = d.objid "
        "WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass "
        "AND d.refobjid = e.oid AND d.deptype = 'e' AND p.proname = 'ulid_from_legacy'), e.extversion "
        "FROM pg_catalog.pg_extension e "
        "JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'uidext'");
    if (r.empty()) throw UsageError("the uidext extension is not installed in this database (CREATE EXTENSION uidext)");
    if (r.at(0, 1) != "t")
        throw UsageError("uidext is older than 1.5 here (version " + r.at(0, 2) +
                         ", no ulid_from_legacy): ALTER EXTENSION uidext UPDATE");
    cached = r.at(0, 0);
    return cached;
}

// The table is found as a member of extension uidext_migrate, never by name on the search_path:
// a table of that name that another role created elsewhere is never read or written.
std::string state_table(Db &db) {
    static std::string cached;
    if (!cached.empty()) return cached;
    ext_schema(db);  // uidext first: an older uidext has its own hint
    std::string s = db.value(
        "SELECT format('%I.%I', n.nspname, c.relname) FROM pg_catalog.pg_extension e "
        "JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.refobjid = e.oid "
        "AND d.deptype = 'e' AND d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass "
        "JOIN pg_catalog.pg_class c ON c.oid = d.objid AND c.relkind = 'r' AND c.relname = 'migration' "
        "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE e.extname = 'uidext_migrate' AND n.nspname = 'uidext_migrate'");
    if (s.empty())
        throw UsageError("extension uidext_migrate is not installed in this database: it holds the migrations' state "
                         "(table uidext_migrate.migration)\n"
                         "hint: CREATE EXTENSION uidext_migrate; (trusted: a role with CREATE on the database may run it)");
    cached = s;
    return s;
}

std::string obj(const Migration &m, const std::string &suffix) { return "uidext" + m.id + "_" + suffix; }

Migration load(Db &db, const std::string &id) {
    Result r = db.exec("SELECT id, relid, key_att, time_att, into_type, from_uuid, coalesce(new_att::text, ''), phase "
                       "FROM " + state_table(db) + " WHERE id = $1::bigint", {id});
    if (r.empty())
        throw UsageError("no migration " + id + " (or not one of yours: a migration is visible to roles that have "
                         "the privileges of its table's owner)");
    Migration m;
    const Row &row = r.rows[0];
    m.id = row[0]; m.relid = row[1]; m.key_att = row[2]; m.time_att = row[3]; m.into = row[4];
    m.from_uuid = row[5] == "t"; m.new_att = row[6]; m.phase = row[7];
    Result refs = db.exec(
        "SELECT e->>'rel', e->>'att', e->>'con', coalesce(e->>'new_att', ''), coalesce(e->>'new_con', ''), "
        "e->>'del', e->>'upd', e->>'deferrable', e->>'deferred', e->>'not_null' "
        "FROM " + state_table(db) + " s, jsonb_array_elements(s.refs) WITH ORDINALITY AS a(e, n) "
        "WHERE s.id = $1::bigint ORDER BY n", {id});
    for (const Row &x : refs.rows) {
        Ref f;
        f.rel = x[0]; f.att = x[1]; f.con = x[2]; f.new_att = x[3]; f.new_con = x[4]; f.del = x[5]; f.upd = x[6];
        f.deferrable = x[7] == "true"; f.deferred = x[8] == "true"; f.not_null = x[9] == "true";
        f.self = f.rel == m.relid;
        m.refs.push_back(f);
    }
    Result idx = db.exec(
        "SELECT e->>'ref', e->>'old', coalesce(e->>'new', ''), e->>'unique' "
        "FROM " + state_table(db) + " s, jsonb_array_elements(s.detail->'indexes') WITH ORDINALITY AS a(e, n) "
        "WHERE s.id = $1::bigint ORDER BY n", {id});
    for (const Row &x : idx.rows) {
        IndexCopy c;
        c.ref = std::stoi(x[0]); c.old_idx = x[1]; c.new_idx = x[2]; c.unique = x[3] == "true";
        m.indexes.push_back(c);
    }
    return m;
}

void lock_migration(Db &db, const std::string &id) {
    if (db.value("SELECT pg_catalog.pg_try_advisory_lock(pg_catalog.hashtext('uidext-migrate'), $1::int)", {id}) == "t") return;
    std::string pid = db.value("SELECT string_agg(pid::text, ', ') FROM pg_catalog.pg_locks WHERE locktype = 'advisory' "
                               "AND classid = pg_catalog.hashtext('uidext-migrate')::oid AND objid = $1::int::oid AND objsubid = 2", {id});
    throw UsageError("migration " + id + " is being worked on by another uidext-migrate (backend pid " + pid + "); wait for it or stop it");
}

Db *connect(const Options &o) { return new Db(o.host, o.port, o.user, o.dbname); }

void save_refs(Db &db, const Migration &m) {
    std::string refs = "[", idx = "[";
    auto str = [&](const std::string &s) { return "\"" + s + "\""; };  // digits and letters only
    for (size_t i = 0; i < m.refs.size(); ++i) {
        const Ref &f = m.refs[i];
        refs += std::string(i ? "," : "") + "{\"rel\":" + str(f.rel) + ",\"att\":" + str(f.att) + ",\"con\":" + str(f.con) +
                ",\"new_att\":" + str(f.new_att) + ",\"new_con\":" + str(f.new_con) + ",\"del\":" + str(f.del) +
                ",\"upd\":" + str(f.upd) + ",\"deferrable\":" + (f.deferrable ? "true" : "false") +
                ",\"deferred\":" + (f.deferred ? "true" : "false") + ",\"not_null\":" + (f.not_null ? "true" : "false") + "}";
    }
    for (size_t i = 0; i < m.indexes.size(); ++i) {
        const IndexCopy &c = m.indexes[i];
        idx += std::string(i ? "," : "") + "{\"ref\":" + std::to_string(c.ref) + ",\"old\":" + str(c.old_idx) +
               ",\"new\":" + str(c.new_idx) + ",\"unique\":" + (c.unique ? "true" : "false") + "}";
    }
    refs += "]"; idx += "]";
    db.exec("UPDATE " + state_table(db) + " SET refs = $2::jsonb, new_att = nullif($3, '')::smallint, "
            "detail = jsonb_set(detail, '{indexes}', $4::jsonb), updated_at = clock_timestamp() WHERE id = $1::bigint",
            {m.id, refs, m.new_att, idx});
}

void check_refs_unchanged(Db &db, const Migration &m) {
    std::string planned = "{";
    for (size_t i = 0; i < m.refs.size(); ++i) planned += (i ? "," : "") + m.refs[i].con;
    planned += "}";
    const std::string into_key = "c.contype = 'f' AND c.confrelid = $1::oid AND $2::smallint = ANY (c.confkey)";
    Result r = db.exec(
        "SELECT (SELECT string_agg(format('%I on %I.%I', c.conname, n.nspname, t.relname), ', ') FROM pg_catalog.pg_constraint c "
        "        JOIN pg_catalog.pg_class t ON t.oid = c.conrelid JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace "
        "        WHERE " + into_key + " AND NOT c.oid = ANY ($3::oid[])), "
        "       (SELECT count(*) FROM unnest($3::oid[]) AS p(oid) "
        "        WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint c WHERE c.oid = p.oid AND " + into_key + "))",
        {m.relid, m.key_att, planned});
    bool added = !r.nulls[0];
    long gone = std::stol(r.at(0, 1));
    if (!added && gone == 0) return;
    std::string what = added ? "added since the plan: " + r.at(0, 0) : "";
    if (gone) what += std::string(added ? "; " : "") + std::to_string(gone) + " of the plan's dropped";
    throw UsageError("migration " + m.id + ": the foreign keys into " + rel_name(db, m.relid) + "." + att_name(db, m.relid, m.key_att) +
                     " changed (" + what + "); the migration carries the ones its plan found\n"
                     "hint: uidext-migrate abort, then plan again");
}

void set_phase(Db &db, Migration &m, const std::string &phase) {
    db.exec("UPDATE " + state_table(db) + " SET phase = $2, updated_at = clock_timestamp() WHERE id = $1::bigint",
            {m.id, phase});
    m.phase = phase;
}

void set_detail(Db &db, const Migration &m, const std::string &key, const std::string &value) {
    db.exec("UPDATE " + state_table(db) + " SET detail = detail || jsonb_build_object($2::text, $3::text), "
            "updated_at = clock_timestamp() WHERE id = $1::bigint", {m.id, key, value});
}

std::string get_detail(Db &db, const Migration &m, const std::string &key) {
    return db.value("SELECT detail->>$2 FROM " + state_table(db) + " WHERE id = $1::bigint", {m.id, key});
}

std::string rel_name(Db &db, const std::string &oid) {
    std::string s = db.value("SELECT format('%I.%I', n.nspname, c.relname) FROM pg_catalog.pg_class c "
                             "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1::oid", {oid});
    if (s.empty()) throw UsageError("relation " + oid + " no longer exists");
    return s;
}

std::string att_name(Db &db, const std::string &rel, const std::string &att) {
    std::string s = db.value("SELECT quote_ident(attname) FROM pg_catalog.pg_attribute "
                             "WHERE attrelid = $1::oid AND attnum = $2::smallint AND NOT attisdropped", {rel, att});
    if (s.empty()) throw UsageError("column " + att + " of relation " + rel + " no longer exists");
    return s;
}

std::string con_name(Db &db, const std::string &oid) {
    return db.value("SELECT quote_ident(conname) FROM pg_catalog.pg_constraint WHERE oid = $1::oid", {oid});
}

std::string rename_not_null(Db &db, const std::string &rel, const std::string &att, const std::string &from, const std::string &to,
                            const std::string &dropped_att) {
    std::string ok = db.value(
        "SELECT octet_length($4) <= 63 AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND conname = $4 "
        "   AND NOT (contype = 'n' AND conkey = ARRAY[$5::smallint])) "
        "FROM pg_catalog.pg_constraint WHERE conrelid = $1::oid AND contype = 'n' AND conkey = ARRAY[$2::smallint] AND conname = $3",
        {rel, att, from, to, dropped_att});
    if (ok != "t") return "";
    return "ALTER TABLE " + rel_name(db, rel) + " RENAME CONSTRAINT " + db.quote(from) + " TO " + db.quote(to);
}

std::string nsp_of(Db &db, const std::string &rel) {
    return db.value("SELECT quote_ident(n.nspname) FROM pg_catalog.pg_class c "
                    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1::oid", {rel});
}

std::string owner_of(Db &db, const std::string &rel) {
    return db.value("SELECT pg_catalog.pg_get_userbyid(relowner) FROM pg_catalog.pg_class WHERE oid = $1::oid", {rel});
}

void become_owner(Db &db, const std::string &rel) {
    std::string owner = owner_of(db, rel);
    if (owner.empty()) throw UsageError("relation " + rel + " no longer exists");
    if (db.value("SELECT current_user") == owner) return;
    try {
        db.exec("SET ROLE " + db.quote(owner));
    } catch (const DbError &e) {
        throw UsageError("the migration runs as the table's owner " + owner + ", and you cannot SET ROLE to it: " +
                         e.what());
    }
}

bool test_stop_armed(const char *point) {
    const char *at = std::getenv("UIDEXT_MIGRATE_TEST_STOP_AT");
    return at && std::strcmp(at, point) == 0;
}

void test_stop_at(const char *point) {
    if (test_stop_armed(point)) {
        std::fflush(stdout);
        raise(SIGSTOP);
    }
}

double now_s() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

static bool shown = false;
void progress(const std::string &label, double done, double total) {
    if (!isatty(STDERR_FILENO)) return;
    int width = 30;
    double f = total > 0 ? done / total : 1.0;
    if (f > 1) f = 1;
    int fill = static_cast<int>(f * width);
    std::fprintf(stderr, "\r%-28.28s [%s%s] %3d%%", label.c_str(), std::string(fill, '#').c_str(),
                 std::string(width - fill, ' ').c_str(), static_cast<int>(f * 100));
    std::fflush(stderr);
    shown = true;
}

void progress_end() {
    if (shown) std::fprintf(stderr, "\r%*s\r", 70, "");
    shown = false;
}

}  // namespace migrate
