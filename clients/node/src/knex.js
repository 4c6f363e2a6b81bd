// Knex (with the pg client): key columns for migrations, ulid[] parsing on every pooled
// connection, and ULID text for uuid columns that hold ULID keys.
import { registerTypes } from './pg.js';
import { ulidRowConverter } from './rows.js';

/**
 * Column helpers for `knex.schema.createTable(name, (table) => ...)`:
 *   ulidPrimaryKey(table)        id ulid PRIMARY KEY DEFAULT gen_ulid()
 *   uuidv7PrimaryKey(table)      id uuid PRIMARY KEY DEFAULT gen_uuidv7()
 *   ulid(table, name)            a ulid column (a ColumnBuilder: chain .references(), .notNullable(), ...)
 * A uuid column holding ULID keys is Knex's own `table.uuid(name)`.
 */
export function keyColumns(knex) {
  return {
    ulid: (table, name) => table.specificType(name, 'ulid'),
    ulidPrimaryKey: (table, name = 'id') => table.specificType(name, 'ulid').primary().defaultTo(knex.raw('gen_ulid()')),
    uuidv7PrimaryKey: (table, name = 'id') => table.uuid(name).primary().defaultTo(knex.raw('gen_uuidv7()')),
  };
}

/** Knex's `pool.afterCreate`: registers uidext/pg's parsers (ulid[] as arrays) on each connection. */
export function afterCreate(connection, done) {
  registerTypes(connection).then(() => done(null, connection), (error) => done(error, connection));
}

/**
 * A `postProcessResponse` that shows the named columns (uuid columns holding ULID keys) as ULID
 * text in result rows. Values written into those columns go through `ulidToUUID` (from 'uidext'):
 * a uuid column does not take ULID text.
 */
export function ulidResults(columns) {
  const convertRow = ulidRowConverter(columns);
  return (result) => (Array.isArray(result) ? result.map(convertRow) : convertRow(result));
}

// TypeID columns and typeid_define / typeid_drop for migrations.
export { defineTypeID, dropTypeID, typeIDColumns } from './knex-typeid.js';
