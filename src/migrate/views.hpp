// Views over the columns the swap renames follow the column they were built on (by attribute
// number): the swap drops them and creates them again with the same definition, options, owner
// (the migration runs as the table's owner, who owns them: plan refuses others), grants and
// comments. The statements are made from the live catalog in the swap's own transaction.
#pragma once
#include <utility>

#include "migration.hpp"

namespace migrate {
struct SavedView {
    std::string name;                  // schema.view, quoted
    std::vector<std::string> recreate; // CREATE VIEW, then GRANT/COMMENT statements
};
// Views depending on any of the (table OID, attribute number) columns, with what makes them
// again; sets the transaction's search_path the statements must run under.
std::vector<SavedView> capture_views(Db &db, const std::vector<std::pair<std::string, std::string>> &columns);
}  // namespace migrate
