// TypeORM: keys as ULID strings through a ValueTransformer that binds them as UUID text, which a
// ulid column and a uuid column both accept.
//
// TypeORM validates every entity column's type against a fixed list (driver.supportedDataTypes)
// and `synchronize` compares it with the column's type in the catalog. `ulid` is not in the list,
// so the tables with ulid columns are created by a TypeORM migration (`ulidTableColumn` below)
// and their entities say `synchronize: false`; in the entity, a ulid column is declared as TypeORM's
// `uuid` type, which is only what TypeORM uses to bind values. Tables whose keys are uuid (a uuid
// -> ulid foreign key included) are left to `synchronize`.
import { normalizeULID, ulidToUUID } from './ulid.js';

/** Entity values are ULID text; the database gets UUID text (fits ulid and uuid columns). */
export const ulidTransformer = {
  to: (value) => (value === null || value === undefined ? value : ulidToUUID(value)),
  from: (value) => (typeof value === 'string' ? normalizeULID(value) : value), // ULID or UUID text
};

/** An entity column holding a ULID key: a ulid column, or a uuid column holding ULID keys. */
export function ulidColumn(options = {}) {
  return { type: 'uuid', transformer: ulidTransformer, ...options };
}

/** The entity side of `id ulid PRIMARY KEY DEFAULT gen_ulid()` (the key comes back by RETURNING). */
export function ulidPrimaryColumn(options = {}) {
  return ulidColumn({ primary: true, default: () => 'gen_ulid()', ...options });
}

/** `id uuid PRIMARY KEY DEFAULT gen_uuidv7()`, created by synchronize; values are UUID text. */
export function uuidv7PrimaryColumn(options = {}) {
  return { type: 'uuid', primary: true, default: () => 'gen_uuidv7()', ...options };
}

/** A migration's column (`new Table({ columns: [...] })`) of type ulid. */
export function ulidTableColumn(name, options = {}) {
  return { name, type: 'ulid', ...options };
}

/** A migration's `id ulid PRIMARY KEY DEFAULT gen_ulid()`. */
export function ulidPrimaryTableColumn(name = 'id', options = {}) {
  return ulidTableColumn(name, { isPrimary: true, default: 'gen_ulid()', ...options });
}

// TypeID columns and typeid_define / typeid_drop for migrations.
export { defineTypeID, dropTypeID, registerTypeIDTypes, typeIDColumn, typeIDPrimaryColumn } from './typeorm-typeid.js';
