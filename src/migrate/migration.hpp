// uidext-migrate: the state of one migration (a row of uidext_migrate.migration) and what every
// command shares. Objects are named by OID and attribute number only; identifiers are rebuilt
// from the catalog (format('%I')) whenever a statement needs them.
#pragma once
#include <string>
#include <vector>

#include "db.hpp"

namespace migrate {

struct Options {
    std::string host, port, user, dbname;
    std::string table, into = "ulid", time_column;
    bool from_uuid = false;
    long batch = 1000;
    double max_lag_s = 5.0;
    int lock_timeout_ms = 100;
    bool drop_legacy = false;
};

// A referencing column (a single-column foreign key into the migrated key).
struct Ref {
    std::string rel, att;          // the referencing table and column (old values)
    std::string con;               // the old foreign key's OID
    std::string new_att;           // the shadow column, once added
    std::string new_con;           // the new foreign key's OID, once added
    std::string del, upd;          // confdeltype, confupdtype
    bool deferrable = false, deferred = false, not_null = false, self = false;
};

// An index on a referencing column that the index phase copies onto the shadow column.
struct IndexCopy {
    int ref = 0;
    std::string old_idx, new_idx;  // OIDs ("" until built)
    bool unique = false;
};

struct Migration {
    std::string id, relid, key_att, time_att, into, new_att, phase;
    bool from_uuid = false;
    std::vector<Ref> refs;
    std::vector<IndexCopy> indexes;
};

// uidext's schema, quoted (the derive/generate functions and the ulid type live there); refuses a
// database without uidext or with one older than 1.5.
std::string ext_schema(Db &db);
// The state table, uidext_migrate.migration (quoted): extension uidext_migrate's member table;
// refuses a database without that extension, saying how to install it.
std::string state_table(Db &db);

Migration load(Db &db, const std::string &id);
// Takes the migration's session-level advisory lock (released if the process dies) or fails.
void lock_migration(Db &db, const std::string &id);
Db *connect(const Options &o);
void save_refs(Db &db, const Migration &m);
// Before the swap: the foreign keys into the key are still the ones plan found (else a clear
// UsageError: the swap could not carry a key it does not know).
void check_refs_unchanged(Db &db, const Migration &m);
void set_phase(Db &db, Migration &m, const std::string &phase);
// detail->key := value (a text value), in the state table.
void set_detail(Db &db, const Migration &m, const std::string &key, const std::string &value);
std::string get_detail(Db &db, const Migration &m, const std::string &key);

// Quoted names rebuilt from the catalog.
std::string rel_name(Db &db, const std::string &oid);             // schema.table
std::string att_name(Db &db, const std::string &rel, const std::string &att);
std::string con_name(Db &db, const std::string &oid);              // the constraint's name, quoted
// From 18: "ALTER TABLE rel RENAME CONSTRAINT from TO to" when att's NOT NULL constraint is named
// from and to is free, or held by the NOT NULL of dropped_att, a column the same script drops first
// (else "": older servers have no such constraint, and a user's own name stays).
std::string rename_not_null(Db &db, const std::string &rel, const std::string &att, const std::string &from, const std::string &to,
                            const std::string &dropped_att = "0");
std::string nsp_of(Db &db, const std::string &rel);                // the table's schema, quoted
std::string owner_of(Db &db, const std::string &rel);              // the table owner's name (unquoted)

// Act as the migrated table's owner: every object the migration creates is the owner's, and a
// superuser running it creates nothing of its own (no SECURITY DEFINER function of a superuser).
void become_owner(Db &db, const std::string &rel);

// Runs fn in a transaction under lock_timeout, retrying with backoff when a lock is not granted
// in time; reports each retry. Returns the number of attempts.
template <typename F>
int with_lock_retries(Db &db, int lock_timeout_ms, const std::string &what, F fn);

// Objects named after the migration (no user text in them, so no truncation to worry about).
std::string obj(const Migration &m, const std::string &suffix);  // "uidext<id>_<suffix>"

// Progress: a bar on a terminal, nothing otherwise (the phase lines are printed by the caller).
void progress(const std::string &label, double done, double total);
void progress_end();
double now_s();

// Test hook: with UIDEXT_MIGRATE_TEST_STOP_AT=<point> the program stops itself (SIGSTOP) at that
// point, so that test/cluster/101_migrate_stops.sh can kill it, crash the server or place a lock
// exactly inside a phase. Points: prepare (after the key's shadow column), backfill (after the
// first committed batch), index (before the first CREATE INDEX CONCURRENTLY), validate (after the
// first constraint), catch-up (every referencing table's CHECK added NOT VALID, before the
// catch-up pass and VALIDATE), before-swap (no lock held yet), swap-built and revert-built
// (statements built, no lock yet), swap and revert (inside the transaction, holding the locks).
bool test_stop_armed(const char *point);
void test_stop_at(const char *point);

}  // namespace migrate

#include "lock_retries.hpp"
