// postgres.js: parse ulid[], typeid[] and the arrays of per-prefix TypeID types into arrays of
// strings with NULL as null (its generic array parser keeps the text "NULL" for types it does not
// know). Scalar values of these types are strings already.
import { parseUlidArray, serializeUlidArray } from './array.js';
import { ULID_OIDS_QUERY, oidsFromRows } from './catalog.js';

/**
 * One catalog lookup for the database `sql` connects to (its connections share the OIDs and
 * the parsers); resolves with the OIDs. A type made by typeid_define afterwards: call it again.
 */
export async function registerTypes(sql) {
  const oids = oidsFromRows(await sql.unsafe(ULID_OIDS_QUERY));
  // Not marked `.array`: postgres.js then hands over the whole text, braces included.
  for (const arrayOid of [oids.ulidArray, ...oids.typeids.map((type) => type.arrayOid)]) {
    sql.options.parsers[arrayOid] = parseUlidArray;
    sql.options.serializers[arrayOid] = serializeUlidArray;
  }
  return oids;
}
