#include "sync.hpp"

namespace migrate {

std::string derive_sql(Db &db, const Migration &m, const std::string &ts, const std::string &legacy) {
    std::string fn = m.into == "ulid" ? "ulid_from_legacy" : "uuidv7_from_legacy";
    return ext_schema(db) + "." + fn + "(" + ts + ", " + legacy + (m.from_uuid ? "" : "::bigint") + ")";
}

KeyNames key_names_now(Db &db, const Migration &m) {
    return {rel_name(db, m.relid), att_name(db, m.relid, m.key_att), att_name(db, m.relid, m.new_att), att_name(db, m.relid, m.time_att)};
}

RefNames ref_names_now(Db &db, const Migration &m, size_t i) {
    return {att_name(db, m.refs[i].rel, m.refs[i].att), att_name(db, m.refs[i].rel, m.refs[i].new_att)};
}

namespace {

// The function with its body as a quoted literal (no dollar quote an identifier could close).
// The extension's schema is on its path, after pg_catalog, for the key type's operators
// (ulid = ulid); every function the body calls is schema-qualified.
std::vector<std::string> install(Db &db, const std::string &rel, const std::string &fn, const std::string &trigger,
                                 const std::string &body, bool with_trigger) {
    std::string nsp = nsp_of(db, rel), f = nsp + "." + db.quote(fn) + "()";
    std::vector<std::string> out{
        "CREATE OR REPLACE FUNCTION " + f + " RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, " +
            ext_schema(db) + ", pg_temp AS " + db.literal(body),
        "REVOKE ALL ON FUNCTION " + f + " FROM PUBLIC"};
    if (with_trigger &&
        db.value("SELECT count(*) FROM pg_catalog.pg_trigger WHERE tgrelid = $1::oid AND tgname = $2", {rel, trigger}) == "0")
        out.push_back("CREATE TRIGGER " + db.quote(trigger) + " BEFORE INSERT OR UPDATE ON " + rel_name(db, rel) +
                      " FOR EACH ROW EXECUTE FUNCTION " + f);
    return out;
}

}  // namespace

// Trigger names sort the key's first: on a self-referencing table the reference's trigger reads
// the row's new key, which the key's trigger has just set.
std::vector<std::string> key_sync(Db &db, const Migration &m, const KeyNames &k, bool after_swap, bool with_trigger) {
    std::string body;
    if (!after_swap) {
        // Derived once: an UPDATE keeps the key unless the old key itself changes.
        body = "BEGIN\n  IF NEW." + k.other + " IS NULL OR (TG_OP = 'UPDATE' AND NEW." + k.key + " IS DISTINCT FROM OLD." + k.key +
               ") THEN\n    NEW." + k.other + " := " + derive_sql(db, m, "NEW." + k.time, "NEW." + k.key) + ";\n  END IF;\n  RETURN NEW;\nEND";
    } else if (m.from_uuid) {
        // A uuid key the application supplied has no default to fill the legacy column: it
        // gets the new key's bytes, so that revert finds every row with an old key.
        body = "BEGIN\n  IF NEW." + k.other + " IS NULL THEN\n    NEW." + k.other + " := NEW." + k.key + "::uuid;\n  END IF;\n  RETURN NEW;\nEND";
    } else {
        body = "BEGIN\n  RETURN NEW;  -- the legacy key comes from its own default\nEND";
    }
    return install(db, m.relid, obj(m, "key"), obj(m, "0key"), body, with_trigger);
}

// The application writes r.column; the trigger sets r.other from the parent row it references
// (before the swap: old key -> new key; after it: new key -> legacy key).
std::vector<std::string> ref_sync(Db &db, const Migration &m, size_t i, const KeyNames &k, const RefNames &r, bool after_swap,
                                  bool with_trigger) {
    (void)after_swap;
    std::string lookup = "NEW." + r.other + " := (SELECT p." + k.other + " FROM " + k.table + " p WHERE p." + k.key + " = NEW." + r.column + ");";
    if (m.refs[i].self)
        lookup = "IF NEW." + r.column + " = NEW." + k.key + " THEN\n      NEW." + r.other + " := NEW." + k.other + ";\n    ELSE\n      " +
                 lookup + "\n    END IF;";
    std::string body = "BEGIN\n  IF NEW." + r.column + " IS NULL THEN\n    NEW." + r.other + " := NULL;\n"
                       "  ELSIF TG_OP = 'INSERT' OR NEW." + r.other + " IS NULL OR NEW." + r.column + " IS DISTINCT FROM OLD." + r.column +
                       " THEN\n    " + lookup + "\n  END IF;\n  RETURN NEW;\nEND";
    return install(db, m.refs[i].rel, obj(m, "ref" + std::to_string(i)), obj(m, "1ref" + std::to_string(i)), body, with_trigger);
}

std::vector<std::string> drop_sync(Db &db, const Migration &m) {
    std::vector<std::string> out;
    auto drop = [&](const std::string &rel, const std::string &fn, const std::string &trigger) {
        out.push_back("DROP TRIGGER IF EXISTS " + db.quote(trigger) + " ON " + rel_name(db, rel));
        out.push_back("DROP FUNCTION IF EXISTS " + nsp_of(db, rel) + "." + db.quote(fn) + "()");
    };
    for (size_t i = 0; i < m.refs.size(); ++i)
        drop(m.refs[i].rel, obj(m, "ref" + std::to_string(i)), obj(m, "1ref" + std::to_string(i)));
    drop(m.relid, obj(m, "key"), obj(m, "0key"));
    return out;
}

}  // namespace migrate
