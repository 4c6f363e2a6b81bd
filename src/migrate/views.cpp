#include "views.hpp"

#include <set>

namespace migrate {

std::vector<SavedView> capture_views(Db &db, const std::vector<std::pair<std::string, std::string>> &columns) {
    // Definitions print every name qualified that the search_path does not show (pg_get_viewdef),
    // so they mean the same objects when run again; the extension's schema is on the path for the
    // operators of the new key's type (ulid = ulid), which the old type's did not need.
    db.exec("SELECT pg_catalog.set_config('search_path', 'pg_catalog, ' || $1 || ', pg_temp', true)", {ext_schema(db)});
    std::set<std::string> oids;
    for (const auto &c : columns) {
        Result r = db.exec("SELECT DISTINCT rw.ev_class::text FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_rewrite rw "
                           "ON d.classid = 'pg_rewrite'::regclass AND rw.oid = d.objid "
                           "JOIN pg_catalog.pg_class v ON v.oid = rw.ev_class AND v.relkind = 'v' "
                           "WHERE d.refclassid = 'pg_class'::regclass AND d.refobjid = $1::oid AND d.refobjsubid = $2::int",
                           {c.first, c.second});
        for (const Row &x : r.rows) oids.insert(x[0]);
    }
    std::vector<SavedView> out;
    for (const std::string &v : oids) {
        SavedView s;
        Result r = db.exec(
            "SELECT format('%I.%I', n.nspname, c.relname), "
            "       format('CREATE VIEW %I.%I%s AS %s', n.nspname, c.relname, "
            "              coalesce(' WITH (' || (SELECT string_agg(format('%I = %L', split_part(o, '=', 1), substr(o, strpos(o, '=') + 1)), ', ') "
            "                                     FROM unnest(c.reloptions) o) || ')', ''), "
            "              rtrim(pg_catalog.pg_get_viewdef(c.oid), ';')), "
            "       c.relacl IS NOT NULL, quote_ident(pg_catalog.pg_get_userbyid(c.relowner)), "
            "       pg_catalog.obj_description(c.oid, 'pg_class') "
            "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1::oid", {v});
        s.name = r.at(0, 0);
        s.recreate.push_back(r.at(0, 1));
        if (r.at(0, 2) == "t") {
            s.recreate.push_back("REVOKE ALL ON " + s.name + " FROM " + r.at(0, 3));
            Result g = db.exec(
                "SELECT format('GRANT %s ON %s TO %s%s', a.privilege_type, $2::text, "
                "       CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE quote_ident(pg_catalog.pg_get_userbyid(a.grantee)) END, "
                "       CASE WHEN a.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END) "
                "FROM pg_catalog.pg_class c, pg_catalog.aclexplode(c.relacl) a WHERE c.oid = $1::oid", {v, s.name});
            for (const Row &x : g.rows) s.recreate.push_back(x[0]);
        }
        if (!r.nulls[4]) s.recreate.push_back("COMMENT ON VIEW " + s.name + " IS " + db.literal(r.at(0, 4)));
        Result cc = db.exec("SELECT format('COMMENT ON COLUMN %s.%I IS %L', $2::text, a.attname, d.description) "
                            "FROM pg_catalog.pg_description d JOIN pg_catalog.pg_attribute a ON a.attrelid = d.objoid AND a.attnum = d.objsubid "
                            "WHERE d.classoid = 'pg_class'::regclass AND d.objoid = $1::oid AND d.objsubid > 0", {v, s.name});
        for (const Row &x : cc.rows) s.recreate.push_back(x[0]);
        out.push_back(s);
    }
    return out;
}

}  // namespace migrate
