import type { EntitySchemaColumnOptions, TableColumnOptions, ValueTransformer } from 'typeorm';

/** Entity values are ULID text; the database gets UUID text (fits ulid and uuid columns). */
export const ulidTransformer: ValueTransformer;
/** An entity column holding a ULID key (a ulid column, or a uuid column holding ULID keys). */
export function ulidColumn(options?: Partial<EntitySchemaColumnOptions>): EntitySchemaColumnOptions;
/** The entity side of `id ulid PRIMARY KEY DEFAULT gen_ulid()` (the table comes from a migration). */
export function ulidPrimaryColumn(options?: Partial<EntitySchemaColumnOptions>): EntitySchemaColumnOptions;
/** `id uuid PRIMARY KEY DEFAULT gen_uuidv7()`, created by synchronize. */
export function uuidv7PrimaryColumn(options?: Partial<EntitySchemaColumnOptions>): EntitySchemaColumnOptions;
/** A migration's ulid column for `new Table({ columns: [...] })`. */
export function ulidTableColumn(name: string, options?: Partial<TableColumnOptions>): TableColumnOptions;
/** A migration's `id ulid PRIMARY KEY DEFAULT gen_ulid()`. */
export function ulidPrimaryTableColumn(name?: string, options?: Partial<TableColumnOptions>): TableColumnOptions;

// TypeID columns and typeid_define / typeid_drop for migrations.
import type { DataSource, QueryRunner } from 'typeorm';
/** Lets the DataSource's entities use these TypeID type names (call before `initialize()`). */
export function registerTypeIDTypes(dataSource: DataSource, typeNames: string[]): void;
/** An entity column of that TypeID type; values are TypeID text. */
export function typeIDColumn(typeName: string, options?: Partial<EntitySchemaColumnOptions>): EntitySchemaColumnOptions;
/** `id <typeName> PRIMARY KEY DEFAULT gen_<typeName>()`. */
export function typeIDPrimaryColumn(typeName: string, options?: Partial<EntitySchemaColumnOptions>): EntitySchemaColumnOptions;
/** In a migration's `up`: typeid_define(prefix, typeName) unless the type exists. */
export function defineTypeID(queryRunner: QueryRunner, prefix: string, typeName?: string): Promise<any>;
/** In a migration's `down`: typeid_drop(typeName), after the tables using it. */
export function dropTypeID(queryRunner: QueryRunner, typeName: string): Promise<any>;
