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

namespace {

// The table's primary key as "c.a = NEW.a AND ..." (names as the catalog has them now: on the
// migrated table the key's name stays the primary key's across the swap), or "" without one.
std::string row_identity(Db &db, const std::string &rel) {
    return db.value("SELECT string_agg(format('c.%1$I = NEW.%1$I', a.attname), ' AND ' ORDER BY a.attnum) FROM pg_catalog.pg_index i "
                    "JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) "
                    "WHERE i.indrelid = $1::oid AND i.indisprimary", {rel});
}

std::string raw_name(Db &db, const std::string &rel) {
    return db.value("SELECT format('%s.%s', relnamespace::regnamespace, relname) FROM pg_catalog.pg_class WHERE oid = $1::oid", {rel});
}

// The message's first words: "uidext-migrate 3: public.orders.account_id = 42 references no row of
// public.accounts", the column being the one the application writes (r.column, quoted).
std::string miss_message(Db &db, const Migration &m, size_t i, const RefNames &r) {
    std::string column_raw = db.value("SELECT (pg_catalog.parse_ident($1))[1]", {r.column});
    return db.literal("uidext-migrate " + m.id + ": " + raw_name(db, m.refs[i].rel) + "." + column_raw + " = ") + " || coalesce(NEW." + r.column +
           "::text, 'NULL') || " + db.literal(" references no row of " + raw_name(db, m.relid));
}

// The row-time miss where a constraint needs the value now (see ref_sync).
std::string miss_error(Db &db, const Migration &m, size_t i, const RefNames &r, bool after_swap) {
    std::string when = after_swap ? "Until uidext-migrate " + m.id + " is reverted (or finished, for a key column), the legacy column of this NOT NULL reference is filled from the referenced row"
                                  : "While uidext-migrate " + m.id + " validates and swaps the new key, the new column of this reference is filled from the referenced row";
    return "RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', MESSAGE = " + miss_message(db, m, i, r) + " || " +
           db.literal(" that this statement can see") + ",\n        DETAIL = " +
           db.literal(when + " when the row is written: a row that the same statement inserts later, or that the transaction inserts later under a deferred foreign key, is not there yet.") +
           ",\n        HINT = " +
           db.literal(after_swap ? "Insert the referenced row in an earlier statement, or retry when the migration is reverted or finished."
                                 : "Insert the referenced row in an earlier statement, or retry after the migration's swap.") + ";";
}

}  // namespace

// The application writes r.column; the trigger sets r.other from the parent row it references
// (before the swap: old key -> new key; after it: new key -> legacy key). The lookup misses when
// the parent is not there yet at row time: a later row of the same statement (a multi-row INSERT
// or INSERT ... SELECT into a self-referencing table) or a parent inserted later in the transaction
// under a deferred foreign key. Then a deferred constraint trigger does the lookup again at
// commit (ref_fixup). Where a row-time constraint needs r.other (strict: the CHECK from the
// validate phase to the swap; after it, revert's CHECK on a NOT NULL legacy column, or a legacy
// column that is in the table's primary key and keeps its NOT NULL) the miss is an error instead:
// 23503, as PostgreSQL's own foreign key check would give for a parent that is not there.
std::vector<std::string> ref_sync(Db &db, const Migration &m, size_t i, const KeyNames &k, const RefNames &r, bool after_swap,
                                  bool with_trigger, bool strict) {
    const Ref &ref = m.refs[i];
    std::string lookup = "SELECT p." + k.other + " INTO NEW." + r.other + " FROM " + k.table + " p WHERE p." + k.key + " = NEW." + r.column + ";";
    if (strict) lookup += "\n    IF NOT FOUND THEN\n      " + miss_error(db, m, i, r, after_swap) + "\n    END IF;";
    if (ref.self)
        lookup = "IF NEW." + r.column + " = NEW." + k.key + " THEN\n      NEW." + r.other + " := NEW." + k.other + ";\n    ELSE\n      " +
                 lookup + "\n    END IF;";
    std::string body = "BEGIN\n  IF NEW." + r.column + " IS NULL THEN\n    NEW." + r.other + " := NULL;\n"
                       "  ELSIF TG_OP = 'INSERT' OR NEW." + r.other + " IS NULL OR NEW." + r.column + " IS DISTINCT FROM OLD." + r.column +
                       " THEN\n    " + lookup + "\n  END IF;\n  RETURN NEW;\nEND";
    std::vector<std::string> out =
        install(db, ref.rel, obj(m, "ref" + std::to_string(i)), obj(m, "1ref" + std::to_string(i)), body, with_trigger);
    for (const std::string &x : ref_fixup(db, m, i, k, r, after_swap, with_trigger)) out.push_back(x);
    return out;
}

// The deferred second look: at commit, a row whose twin is still NULL while its reference is not
// gets the parent's value, now that the statement and the transaction have written everything.
// Still missing at commit means the parent is not visible to this transaction: under READ
// COMMITTED it does not exist (23503, the foreign key check's own code); under REPEATABLE READ or
// SERIALIZABLE the snapshot predates it (40001: a retry sees it). The WHEN clause is symmetric,
// so the trigger stays as it is across the swap; only its function turns round.
std::vector<std::string> ref_fixup(Db &db, const Migration &m, size_t i, const KeyNames &k, const RefNames &r, bool after_swap,
                                   bool with_trigger) {
    const Ref &ref = m.refs[i];
    std::string C = rel_name(db, ref.rel), id = row_identity(db, ref.rel);
    std::string where = (id.empty() ? "" : id + " AND ") + "c." + r.column + " = NEW." + r.column + " AND c." + r.other + " IS NULL";
    std::string msg = miss_message(db, m, i, r) + " || " + db.literal(" that this transaction can see at commit");
    std::string body =
        "BEGIN\n  UPDATE " + C + " c SET " + r.other + " = p." + k.other + " FROM " + k.table + " p WHERE p." + k.key + " = c." + r.column +
        " AND " + where + ";\n  IF NOT FOUND AND EXISTS (SELECT 1 FROM " + C + " c WHERE " + where + ") THEN\n"
        "    IF pg_catalog.current_setting('transaction_isolation') <> 'read committed' THEN\n"
        "      RAISE EXCEPTION USING ERRCODE = 'serialization_failure', MESSAGE = " + msg + ",\n        DETAIL = " +
        db.literal("The transaction's snapshot was taken before the referenced row was committed: uidext-migrate " + m.id +
                   "'s sync cannot map the reference to the row's " + (after_swap ? "legacy" : "new") + " key.") +
        ",\n        HINT = " + db.literal("Retry the transaction.") + ";\n    END IF;\n"
        "    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', MESSAGE = " + msg + ";\n  END IF;\n  RETURN NULL;\nEND";
    std::string nsp = nsp_of(db, ref.rel), f = nsp + "." + db.quote(obj(m, "fix" + std::to_string(i))) + "()";
    std::vector<std::string> out = install(db, ref.rel, obj(m, "fix" + std::to_string(i)), "", body, false);
    std::string trigger = obj(m, "2fix" + std::to_string(i));
    if (with_trigger &&
        db.value("SELECT count(*) FROM pg_catalog.pg_trigger WHERE tgrelid = $1::oid AND tgname = $2", {ref.rel, trigger}) == "0")
        out.push_back("CREATE CONSTRAINT TRIGGER " + db.quote(trigger) + " AFTER INSERT OR UPDATE ON " + C +
                      " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((NEW." + r.column + " IS NULL) <> (NEW." + r.other +
                      " IS NULL)) EXECUTE FUNCTION " + f);
    return out;
}

std::vector<std::string> drop_sync(Db &db, const Migration &m) {
    std::vector<std::string> out;
    auto drop = [&](const std::string &rel, const std::string &fn, const std::string &trigger) {
        out.push_back("DROP TRIGGER IF EXISTS " + db.quote(trigger) + " ON " + rel_name(db, rel));
        out.push_back("DROP FUNCTION IF EXISTS " + nsp_of(db, rel) + "." + db.quote(fn) + "()");
    };
    for (size_t i = 0; i < m.refs.size(); ++i) {
        drop(m.refs[i].rel, obj(m, "fix" + std::to_string(i)), obj(m, "2fix" + std::to_string(i)));
        drop(m.refs[i].rel, obj(m, "ref" + std::to_string(i)), obj(m, "1ref" + std::to_string(i)));
    }
    drop(m.relid, obj(m, "key"), obj(m, "0key"));
    return out;
}

}  // namespace migrate
