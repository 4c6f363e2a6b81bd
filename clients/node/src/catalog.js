// The ulid type's OIDs differ per database (the extension creates the type): look them up through
// the extension's own dependency, so a schema outside search_path is found too. The same query
// finds the general typeid type and every per-prefix type made by typeid_define (not extension
// members: they are the types whose input function is uidext's typeid_fixed_in; the prefix is the
// name of their output function's parameter).
export const ULID_OIDS_QUERY = `SELECT t.typname::text AS kind, t.oid::int AS oid, t.typarray::int AS array_oid,
       pg_catalog.format_type(t.oid, NULL) AS name, NULL::text AS prefix
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
 WHERE t.typname IN ('ulid', 'typeid')
UNION ALL
SELECT 'per-prefix', t.oid::int, t.typarray::int, pg_catalog.format_type(t.oid, NULL), coalesce(o.proargnames[1], '')
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_proc i ON i.oid = t.typinput
  JOIN pg_catalog.pg_proc o ON o.oid = t.typoutput
 WHERE i.prosrc = 'typeid_fixed_in' AND i.probin LIKE '%uidext'`;

export function oidsFromRows(rows) {
  const ulid = rows.find((row) => row.kind === 'ulid');
  if (!ulid) {
    throw new Error('the uidext extension is not installed in this database (CREATE EXTENSION uidext)');
  }
  const typeids = rows.filter((row) => row.kind !== 'ulid')
    .map((row) => ({ name: row.name, prefix: row.prefix, oid: Number(row.oid), arrayOid: Number(row.array_oid) }));
  return { ulid: Number(ulid.oid), ulidArray: Number(ulid.array_oid), typeids };
}
