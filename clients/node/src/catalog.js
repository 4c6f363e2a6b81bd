// The ulid type's OIDs differ per database (the extension creates the type): look them up through
// the extension's own dependency, so a schema outside search_path is found too.
export const ULID_OIDS_QUERY = `SELECT t.oid::int AS ulid, t.typarray::int AS ulid_array
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
 WHERE t.typname = 'ulid'`;

export function oidsFromRows(rows) {
  if (rows.length !== 1) {
    throw new Error('the uidext extension is not installed in this database (CREATE EXTENSION uidext)');
  }
  return { ulid: Number(rows[0].ulid), ulidArray: Number(rows[0].ulid_array) };
}
