// Kysely (PostgresDialect): key columns for migrations and a plugin that shows uuid columns
// holding ULID keys as ULID text. Register uidext/pg's parsers on the dialect's pg.Pool for ulid[].
import { sql } from 'kysely';
import { ulidRowConverter } from './rows.js';

/** The `ulid` data type for `addColumn(name, ulidType, ...)`. */
export const ulidType = sql`ulid`;

/** `createTable(...)` -> with `name ulid PRIMARY KEY DEFAULT gen_ulid()`. */
export function addUlidPrimaryKey(builder, name = 'id') {
  return builder.addColumn(name, ulidType, (col) => col.primaryKey().defaultTo(sql`gen_ulid()`));
}

/** `createTable(...)` -> with `name uuid PRIMARY KEY DEFAULT gen_uuidv7()`. */
export function addUuidv7PrimaryKey(builder, name = 'id') {
  return builder.addColumn(name, 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_uuidv7()`));
}

/**
 * A Kysely plugin: the named result columns (uuid columns holding ULID keys) come back as ULID
 * text. Values written into those columns go through `ulidToUUID` (from 'uidext').
 */
export class UlidResultsPlugin {
  constructor(columns) {
    this.convertRow = ulidRowConverter(columns);
  }

  transformQuery(args) {
    return args.node;
  }

  async transformResult(args) {
    return { ...args.result, rows: args.result.rows.map(this.convertRow) };
  }
}
