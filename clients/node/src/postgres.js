// postgres.js: parse ulid[] into arrays of strings with NULL as null (its generic array parser
// keeps the text "NULL" for types it does not know). ulid values are strings already.
import { parseUlidArray, serializeUlidArray } from './array.js';
import { ULID_OIDS_QUERY, oidsFromRows } from './catalog.js';

/**
 * One catalog lookup for the database `sql` connects to (its connections share the OIDs and
 * the parsers); resolves with the OIDs.
 */
export async function registerTypes(sql) {
  const oids = oidsFromRows(await sql.unsafe(ULID_OIDS_QUERY));
  // Not marked `.array`: postgres.js then hands over the whole text, braces included.
  sql.options.parsers[oids.ulidArray] = parseUlidArray;
  sql.options.serializers[oids.ulidArray] = serializeUlidArray;
  return oids;
}
