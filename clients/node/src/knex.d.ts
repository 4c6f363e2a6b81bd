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

// TypeID columns and typeid_define / typeid_drop for migrations.
export interface TypeIDColumns {
  /** A column of that TypeID type; chain `.references()`, `.notNullable()`, ... */
  typeid(table: Knex.CreateTableBuilder, name: string, typeName: string): Knex.ColumnBuilder;
  /** `name <typeName> PRIMARY KEY DEFAULT gen_<typeName>()` (default name `id`). */
  typeidPrimaryKey(table: Knex.CreateTableBuilder, typeName: string, name?: string): Knex.ColumnBuilder;
}
/** TypeID column helpers for migrations. */
export function typeIDColumns(knex: Knex): TypeIDColumns;
/** In a migration's up: typeid_define(prefix, typeName) unless the type exists. */
export function defineTypeID(knex: Knex, prefix: string, typeName?: string): Knex.Raw;
/** In a migration's down: typeid_drop(typeName), after the tables using it. */
export function dropTypeID(knex: Knex, typeName: string): Knex.Raw;
