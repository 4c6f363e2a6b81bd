// The sync triggers: plpgsql functions generated per migration with every identifier quoted from
// the catalog, owned by the table's owner, SECURITY DEFINER (a writer of a referencing table
// may not read the parent; the lookup runs as the owner) with a fixed search_path.
#pragma once
#include "migration.hpp"

namespace migrate {

// The quoted names a sync function's body uses. Before the swap `key` is the old key and `other`
// the new one; after it `key` is the new key and `other` the legacy one (the sync runs back).
struct KeyNames {
    std::string table, key, other, time;
};
struct RefNames {
    std::string column, other;  // the referencing column the application writes, its twin
};

// CREATE OR REPLACE FUNCTION, REVOKE and (when not there yet) CREATE TRIGGER statements.
std::vector<std::string> key_sync(Db &db, const Migration &m, const KeyNames &k, bool after_swap, bool with_trigger);
// strict: a row-time miss is an error (a constraint needs the value at once); otherwise the
// deferred ref_fixup looks again at commit. Both functions come with it.
std::vector<std::string> ref_sync(Db &db, const Migration &m, size_t i, const KeyNames &k, const RefNames &r, bool after_swap,
                                  bool with_trigger, bool strict);
// The deferred constraint trigger that maps, at commit, what the row-time lookup missed.
std::vector<std::string> ref_fixup(Db &db, const Migration &m, size_t i, const KeyNames &k, const RefNames &r, bool after_swap,
                                   bool with_trigger);
// The names as the catalog has them now (before the swap: old key, shadow column).
KeyNames key_names_now(Db &db, const Migration &m);
RefNames ref_names_now(Db &db, const Migration &m, size_t i);
std::vector<std::string> drop_sync(Db &db, const Migration &m);
// The derivation, as SQL over two expressions (time, old key).
std::string derive_sql(Db &db, const Migration &m, const std::string &ts, const std::string &legacy);
}  // namespace migrate
