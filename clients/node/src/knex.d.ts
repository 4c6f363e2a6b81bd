import type { Knex } from 'knex';

export interface KeyColumns {
  /** A ulid column; chain `.references()`, `.notNullable()`, ... */
  ulid(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder;
  /** `name ulid PRIMARY KEY DEFAULT gen_ulid()` (default name `id`). */
  ulidPrimaryKey(table: Knex.CreateTableBuilder, name?: string): Knex.ColumnBuilder;
  /** `name uuid PRIMARY KEY DEFAULT gen_uuidv7()` (default name `id`). */
  uuidv7PrimaryKey(table: Knex.CreateTableBuilder, name?: string): Knex.ColumnBuilder;
}

/** Column helpers for migrations. */
export function keyColumns(knex: Knex): KeyColumns;

/** Knex's `pool.afterCreate`: registers uidext/pg's parsers (ulid[] as arrays) on each connection. */
export function afterCreate(connection: any, done: (error: Error | null, connection: any) => void): void;

/** A `postProcessResponse` showing the named uuid columns (holding ULID keys) as ULID text. */
export function ulidResults(columns: string[]): (result: any) => any;
