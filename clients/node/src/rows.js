// Result rows of query builders that know no column types (Knex, Kysely): the named columns,
// uuid columns holding ULID keys, are shown as ULID text.
import { isUUID, uuidToULID } from './ulid.js';

export function ulidRowConverter(columns) {
  const names = new Set(columns);
  return (row) => {
    if (row === null || typeof row !== 'object') return row;
    for (const key of Object.keys(row)) {
      if (names.has(key) && typeof row[key] === 'string' && isUUID(row[key])) row[key] = uuidToULID(row[key]);
    }
    return row;
  };
}
