// plan: reads the catalog (and checks the data) for one table, prints what the migration will
// do and what it refuses, and records the migration in the state table. Changes nothing else.
#include <cstdio>
#include <set>

#include "commands.hpp"

namespace migrate {

namespace {

const char *action_name(const std::string &c) {
    if (c == "c") return "CASCADE";
    if (c == "n") return "SET NULL";
    if (c == "d") return "SET DEFAULT";
    if (c == "r") return "RESTRICT";
    return "NO ACTION";
}

struct Plan {
    Migration m;
    std::vector<std::string> report, refusals;
};

// Everything that depends on column att of rel; what the migration carries over is accepted
// (into m.indexes or views), the rest refused with pg_describe_object's words.
void check_dependents(Db &db, Plan &p, const std::string &rel, const std::string &att, int ref_index,
                      const std::set<std::string> &own_constraints, const std::string &pk_index,
                      std::set<std::string> &views) {
    Result deps = db.exec(
        "SELECT d.classid::regclass::text, d.objid::text, pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), "
        "       CASE WHEN d.classid = 'pg_class'::regclass THEN (SELECT relkind::text FROM pg_catalog.pg_class WHERE oid = d.objid) END, "
        "       CASE WHEN d.classid = 'pg_rewrite'::regclass THEN (SELECT ev_class::text FROM pg_catalog.pg_rewrite WHERE oid = d.objid) END, "
        "       CASE WHEN d.classid = 'pg_attrdef'::regclass THEN (SELECT (adrelid = $1::oid AND adnum = $2::smallint)::text FROM pg_catalog.pg_attrdef WHERE oid = d.objid) END "
        "FROM pg_catalog.pg_depend d WHERE d.refclassid = 'pg_class'::regclass AND d.refobjid = $1::oid "
        "AND d.refobjsubid = $2::int AND d.deptype IN ('n', 'a', 'i') ORDER BY 1, 2",
        {rel, att});
    for (const Row &d : deps.rows) {
        const std::string &cls = d[0], &oid = d[1], &desc = d[2];
        if (cls == "pg_constraint" && own_constraints.count(oid)) continue;
        // 18+ keeps NOT NULL as a constraint row; the column keeps it, as its attnotnull before 18.
        if (cls == "pg_constraint" &&
            db.value("SELECT contype::text FROM pg_catalog.pg_constraint WHERE oid = $1::oid", {oid}) == "n")
            continue;
        if (cls == "pg_attrdef" && d[5] == "true") continue;  // the column's own default
        if (cls == "pg_class" && d[3] == "S") continue;       // its sequence (serial, identity)
        if (cls == "pg_class" && oid == pk_index) continue;
        if (cls == "pg_class" && d[3] == "i" && ref_index >= 0) {
            // A plain btree index on exactly the referencing column is copied onto the new column.
            std::string simple = db.value(
                "SELECT i.indnatts = 1 AND i.indkey[0] = $2::smallint AND i.indpred IS NULL AND i.indexprs IS NULL "
                "AND am.amname = 'btree' AND i.indoption[0] = 0 AND NOT i.indisexclusion "
                "AND i.indclass[0] = (SELECT oc.oid FROM pg_catalog.pg_opclass oc WHERE oc.opcdefault AND oc.opcmethod = am.oid "
                "   AND oc.opcintype = (SELECT atttypid FROM pg_catalog.pg_attribute WHERE attrelid = $3::oid AND attnum = $2::smallint)) "
                "FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am am ON am.oid = c.relam "
                "WHERE i.indexrelid = $1::oid",
                {oid, att, rel});
            if (simple == "t") {
                IndexCopy c;
                c.ref = ref_index;
                c.old_idx = oid;
                c.unique = db.value("SELECT indisunique FROM pg_catalog.pg_index WHERE indexrelid = $1::oid", {oid}) == "t";
                p.m.indexes.push_back(c);
                p.report.push_back("index copied onto the new column: " + desc);
                continue;
            }
        }
        if (cls == "pg_rewrite" && !d[4].empty()) {
            std::string kind = db.value("SELECT relkind FROM pg_catalog.pg_class WHERE oid = $1::oid", {d[4]});
            if (kind == "v") { views.insert(d[4]); continue; }
            if (kind == "m") { p.refusals.push_back(desc + ": a materialized view over the key cannot be rebuilt online (drop it first)"); continue; }
            p.refusals.push_back(desc + ": rules are not carried over");
            continue;
        }
        if (cls == "pg_policy") { p.refusals.push_back(desc + ": policies over the key column are not carried over"); continue; }
        if (cls == "pg_trigger") { p.refusals.push_back(desc + ": triggers naming the key column (UPDATE OF) are not carried over"); continue; }
        p.refusals.push_back(desc + ": depends on the key column and is not carried over");
    }
}

}  // namespace

int cmd_plan(const Options &o) {
    if (o.table.empty() || o.time_column.empty()) throw UsageError("plan needs --table and --time-column");
    if (o.into != "ulid" && o.into != "uuidv7") throw UsageError("--into must be ulid or uuidv7");
    Db db(o.host, o.port, o.user, o.dbname);
    std::string ext = ext_schema(db), state = state_table(db);
    std::string rel;
    try {
        rel = db.value("SELECT $1::regclass::oid::text", {o.table});
    } catch (const DbError &e) {
        throw UsageError(e.what());
    }
    become_owner(db, rel);
    Plan p;
    std::string owner = owner_of(db, rel), relq = rel_name(db, rel);
    Result t = db.exec("SELECT relkind, relispartition, EXISTS (SELECT 1 FROM pg_catalog.pg_inherits WHERE inhrelid = c.oid OR inhparent = c.oid), "
                       "relreplident, reltuples::bigint, quote_ident(pg_catalog.pg_get_userbyid(relowner)) FROM pg_catalog.pg_class c WHERE oid = $1::oid", {rel});
    const Row &tr = t.rows.at(0);
    p.report.push_back("table: " + relq + " (owner " + tr[5] + ", about " + (tr[4] == "-1" ? "0" : tr[4]) + " rows)");
    if (tr[0] == "p") p.refusals.push_back(relq + ": partitioned tables are not handled in 1.5");
    else if (tr[0] != "r") p.refusals.push_back(relq + ": not a plain table");
    if (tr[1] == "t") p.refusals.push_back(relq + ": a partition (migrate its partitioned table: not handled in 1.5)");
    if (tr[2] == "t") p.refusals.push_back(relq + ": inheritance (parent or child tables) is not handled in 1.5");
    p.report.push_back("partitions: " + std::string(tr[0] == "p" || tr[1] == "t" ? "yes (refused)" : "none"));

    // Citus: a distributed or reference table is changed through Citus, not here.
    std::string citus = "not a Citus table";
    if (db.value("SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL") == "t") {
        std::string kind = db.value("SELECT partmethod::text FROM pg_catalog.pg_dist_partition WHERE logicalrelid = $1::oid", {rel});
        if (!kind.empty()) {
            citus = "Citus table (partmethod " + kind + ")";
            p.refusals.push_back(relq + ": Citus distributed and reference tables are not handled in 1.5");
        }
    }
    p.report.push_back("citus: " + citus);

    Result pk = db.exec("SELECT oid, quote_ident(conname), array_length(conkey, 1), conkey[1], conindid FROM pg_catalog.pg_constraint "
                        "WHERE conrelid = $1::oid AND contype = 'p'", {rel});
    if (pk.empty()) throw UsageError(relq + " has no primary key: nothing to migrate");
    std::string pk_oid = pk.at(0, 0), pk_index = pk.at(0, 4);
    if (pk.at(0, 2) != "1") {
        p.refusals.push_back(relq + ": composite primary key " + pk.at(0, 1) + " (1.5 handles single-column keys)");
        p.m.key_att = pk.at(0, 3);
    } else {
        p.m.key_att = pk.at(0, 3);
    }
    Result key = db.exec(
        "SELECT quote_ident(a.attname), pg_catalog.format_type(a.atttypid, a.atttypmod), a.atttypid::regtype::text, a.attidentity, "
        "coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), ''), octet_length('legacy_' || a.attname) <= 63 "
        "AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute b WHERE b.attrelid = a.attrelid AND b.attname = 'legacy_' || a.attname AND NOT b.attisdropped) "
        "FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
        "WHERE a.attrelid = $1::oid AND a.attnum = $2::smallint", {rel, p.m.key_att});
    const Row &k = key.rows.at(0);
    std::string keytype = k[2];
    std::string keydefault = k[3] == "a" ? "GENERATED ALWAYS AS IDENTITY" : k[3] == "d" ? "GENERATED BY DEFAULT AS IDENTITY" : k[4];
    p.report.push_back("key: " + k[0] + " " + k[1] + (keydefault.empty() ? ", no default" : ", default " + keydefault) +
                       " (identity/sequence stay on legacy_" + db.value("SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attnum = $2::smallint", {rel, p.m.key_att}) + ")");
    if (o.from_uuid) {
        if (keytype != "uuid") p.refusals.push_back("--from-uuid: the key " + k[0] + " is " + keytype + ", not uuid");
    } else {
        if (keytype != "bigint" && keytype != "integer")
            p.refusals.push_back("the key " + k[0] + " is " + keytype + ": 1.5 migrates bigint and integer keys (uuid with --from-uuid)");
        else if (keydefault.empty())
            p.refusals.push_back("the key " + k[0] + " has no default: rows inserted after the swap would have no old key, and revert needs one");
    }
    if (k[5] != "t") p.refusals.push_back("legacy_" + k[0] + ": the name is taken or longer than 63 bytes");

    Result tc = db.exec("SELECT attnum::text, atttypid = 'timestamptz'::regtype, attnotnull FROM pg_catalog.pg_attribute "
                        "WHERE attrelid = $1::oid AND attname = $2 AND attnum > 0 AND NOT attisdropped", {rel, o.time_column});
    if (tc.empty()) throw UsageError(relq + " has no column " + o.time_column);
    p.m.time_att = tc.at(0, 0);
    if (tc.at(0, 1) != "t") p.refusals.push_back("--time-column " + o.time_column + " must be timestamptz (a timestamp's meaning depends on the session's TimeZone)");
    if (tc.at(0, 2) != "t")
        p.refusals.push_back("--time-column " + o.time_column + " allows NULL: a key cannot be derived without a time (policy: SET NOT NULL first)");
    p.report.push_back("into: " + o.into + ", derived from (" + db.quote(o.time_column) + ", " + k[0] + "); new default " +
                       (o.into == "ulid" ? "gen_ulid()" : "gen_uuidv7()"));

    std::set<std::string> own{pk_oid};
    Result fks = db.exec(
        "SELECT con.oid::text, con.conrelid::text, array_length(con.conkey, 1), con.conkey[1]::text, array_length(con.confkey, 1), "
        "con.confkey[1]::text, con.confdeltype::text, con.confupdtype::text, con.condeferrable, con.condeferred, rc.relkind::text, "
        "rc.relispartition, a.attnotnull, rc.relowner = (SELECT relowner FROM pg_catalog.pg_class WHERE oid = $1::oid), "
        "format('%I.%I.%I', n.nspname, rc.relname, a.attname), quote_ident(con.conname), "
        "octet_length('legacy_' || a.attname) <= 63 AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute b WHERE b.attrelid = a.attrelid "
        "   AND b.attname = 'legacy_' || a.attname AND NOT b.attisdropped) "
        "FROM pg_catalog.pg_constraint con JOIN pg_catalog.pg_class rc ON rc.oid = con.conrelid "
        "JOIN pg_catalog.pg_namespace n ON n.oid = rc.relnamespace "
        "JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1] "
        "WHERE con.contype = 'f' AND con.confrelid = $1::oid AND $2::smallint = ANY (con.confkey) ORDER BY con.conrelid, con.conname",
        {rel, p.m.key_att});
    std::set<std::string> ref_tables{rel};
    for (const Row &f : fks.rows) {
        own.insert(f[0]);
        std::string desc = f[14] + " (" + f[15] + ", ON DELETE " + action_name(f[6]) + ", ON UPDATE " + action_name(f[7]) +
                           (f[12] == "t" ? ", NOT NULL" : ", nullable") + ")";
        p.report.push_back("foreign key: " + desc);
        if (f[2] != "1" || f[4] != "1") { p.refusals.push_back(desc + ": composite foreign keys are not handled in 1.5"); continue; }
        if (f[10] != "r" || f[11] == "t") { p.refusals.push_back(desc + ": from a partitioned table or a partition (not handled in 1.5)"); continue; }
        if (f[13] != "t") { p.refusals.push_back(desc + ": its table has another owner (the migration runs as " + owner + " and must own every table it changes)"); continue; }
        if (f[16] != "t") { p.refusals.push_back(desc + ": legacy_<column> is taken or longer than 63 bytes"); continue; }
        if (f[6] == "d" || f[7] == "d") { p.refusals.push_back(desc + ": SET DEFAULT actions are not carried over"); continue; }
        Ref r;
        r.rel = f[1]; r.att = f[3]; r.con = f[0]; r.del = f[6]; r.upd = f[7];
        r.deferrable = f[8] == "t"; r.deferred = f[9] == "t"; r.not_null = f[12] == "t"; r.self = r.rel == rel;
        p.m.refs.push_back(r);
        ref_tables.insert(r.rel);
    }
    for (size_t i = 0; i < p.m.refs.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (p.m.refs[i].rel == p.m.refs[j].rel && p.m.refs[i].att == p.m.refs[j].att)
                p.refusals.push_back(rel_name(db, p.m.refs[i].rel) + ": two foreign keys on one column into the key");

    std::set<std::string> views;
    check_dependents(db, p, rel, p.m.key_att, -1, own, pk_index, views);
    for (size_t i = 0; i < p.m.refs.size(); ++i) check_dependents(db, p, p.m.refs[i].rel, p.m.refs[i].att, static_cast<int>(i), own, "", views);
    for (const std::string &v : views) {
        Result vr = db.exec(
            "SELECT format('%I.%I', n.nspname, c.relname), c.relowner = (SELECT relowner FROM pg_catalog.pg_class WHERE oid = $2::oid), "
            "EXISTS (SELECT 1 FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_rewrite r ON d.classid = 'pg_rewrite'::regclass AND r.oid = d.objid "
            "        WHERE d.refobjid = c.oid AND r.ev_class <> c.oid), "
            "EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid = c.oid), "
            "EXISTS (SELECT 1 FROM pg_catalog.pg_rewrite WHERE ev_class = c.oid AND rulename <> '_RETURN'), "
            "EXISTS (SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid = c.oid AND attacl IS NOT NULL) "
            "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1::oid", {v, rel});
        const Row &x = vr.rows.at(0);
        std::string why;
        if (x[1] != "t") why = "owned by another role than the table";
        else if (x[2] == "t") why = "other views or rules depend on it";
        else if (x[3] == "t") why = "it has triggers";
        else if (x[4] == "t") why = "it has rules";
        else if (x[5] == "t") why = "it has column privileges";
        if (why.empty()) p.report.push_back("view: " + x[0] + " (dropped and created again on the new column at the swap, same definition, owner, grants, options)");
        else p.refusals.push_back("view " + x[0] + ": cannot be rebuilt at the swap: " + why);
    }
    if (views.empty()) p.report.push_back("views: none over the key or referencing columns");

    // Rules, policies and triggers on every table the migration changes.
    for (const std::string &r : ref_tables) {
        std::string rq = rel_name(db, r);
        Result rules = db.exec("SELECT quote_ident(rulename) FROM pg_catalog.pg_rewrite WHERE ev_class = $1::oid AND rulename <> '_RETURN'", {r});
        for (const Row &x : rules.rows) p.refusals.push_back(rq + ": rule " + x[0] + " (rules are not handled in 1.5)");
        std::string pol = db.value("SELECT string_agg(quote_ident(polname), ', ' ORDER BY polname) FROM pg_catalog.pg_policy WHERE polrelid = $1::oid", {r});
        std::string trg = db.value("SELECT string_agg(quote_ident(tgname), ', ' ORDER BY tgname) FROM pg_catalog.pg_trigger WHERE tgrelid = $1::oid AND NOT tgisinternal", {r});
        p.report.push_back(rq + ": policies " + (pol.empty() ? "none" : pol) + "; triggers " +
                           (trg.empty() ? "none" : trg + " (they fire on the backfill's updates too)") + "; rules " +
                           (rules.empty() ? "none" : "yes (refused)"));
        if (db.value("SELECT has_schema_privilege(relowner, relnamespace, 'CREATE') FROM pg_catalog.pg_class WHERE oid = $1::oid", {r}) != "t")
            p.refusals.push_back(rq + ": its owner lacks CREATE on its schema (the sync trigger functions go there)");
    }
    std::string ri = tr[3] == "d" ? "default (follows the new primary key)" : tr[3] == "f" ? "full" : tr[3] == "n" ? "nothing" : "index";
    if (tr[3] == "i") {
        std::string on_pk = db.value("SELECT indisreplident FROM pg_catalog.pg_index WHERE indexrelid = $1::oid", {pk_index});
        if (on_pk == "t") p.refusals.push_back(relq + ": replica identity USING INDEX on the primary key (use DEFAULT: it follows the new key)");
    }
    p.report.push_back("replica identity: " + ri + " (logical replication subscribers see the new key column after the swap)");

    // The data: ids 0 .. 2^63-1, and times a key can hold.
    if (!o.from_uuid && (keytype == "bigint" || keytype == "integer")) {
        std::string neg = db.value("SELECT min(" + db.quote(db.value("SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attnum = $2::smallint", {rel, p.m.key_att})) +
                                   ")::text FROM " + relq);
        if (!neg.empty() && neg[0] == '-') p.refusals.push_back(relq + ": holds negative ids (smallest " + neg + "): derived keys hold ids 0 .. 2^63-1");
    }
    if (tc.at(0, 1) == "t") {
        std::string bad = db.value("SELECT count(*) FROM " + relq + " WHERE NOT (" + db.quote(o.time_column) +
                                   " >= '1970-01-01 00:00:00+00' AND " + db.quote(o.time_column) + " < '10889-08-02 05:31:50.656+00')");
        if (bad != "0" && !bad.empty())
            p.refusals.push_back(relq + ": " + bad + " rows have a time before 1970-01-01 or past the 48-bit millisecond range (or infinity)");
    }

    p.m.relid = rel;
    if (!p.refusals.empty()) {
        std::printf("refused\n");
        for (const auto &l : p.report) std::printf("  %s\n", l.c_str());
        for (const auto &l : p.refusals) std::printf("  refused: %s\n", l.c_str());
        return 2;
    }
    // One transaction: a plan stopped between the row and its foreign keys (killed, or its commit
    // lost in a crash under synchronous_commit = off) must not leave a plan that knows no references.
    try {
        in_transaction(db, [&] {
            p.m.id = db.value("INSERT INTO " + state + " (relid, key_att, time_att, into_type, from_uuid) "
                              "VALUES ($1::oid, $2::smallint, $3::smallint, $4, $5::boolean) RETURNING id",
                              {rel, p.m.key_att, p.m.time_att, o.into, o.from_uuid ? "true" : "false"});
            save_refs(db, p.m);
        });
    } catch (const DbError &e) {
        if (e.sqlstate == "23505" && e.constraint == "migration_active") {
            std::string other = db.value("SELECT id || ' (' || phase || ')' FROM " + state +
                                         " WHERE relid = $1::oid AND phase NOT IN ('finished', 'aborted', 'reverted')", {rel});
            throw UsageError(relq + " already has an unfinished migration: " + other);
        }
        throw;
    }
    std::printf("%s\n", p.m.id.c_str());
    for (const auto &l : p.report) std::printf("  %s\n", l.c_str());
    std::printf("  refused: nothing\n");
    (void)ext;
    return 0;
}

}  // namespace migrate
