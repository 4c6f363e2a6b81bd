import type { CreateTableBuilder, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RawBuilder, RootOperationNode, UnknownRow } from 'kysely';

/** The `ulid` data type for `addColumn(name, ulidType, ...)`. */
export const ulidType: RawBuilder<unknown>;
/** Adds `name ulid PRIMARY KEY DEFAULT gen_ulid()` (default name `id`). */
export function addUlidPrimaryKey<T extends string, C extends string>(builder: CreateTableBuilder<T, C>, name?: string): CreateTableBuilder<T, any>;
/** Adds `name uuid PRIMARY KEY DEFAULT gen_uuidv7()` (default name `id`). */
export function addUuidv7PrimaryKey<T extends string, C extends string>(builder: CreateTableBuilder<T, C>, name?: string): CreateTableBuilder<T, any>;

/** Shows the named result columns (uuid columns holding ULID keys) as ULID text. */
export class UlidInUuidPlugin implements KyselyPlugin {
  constructor(columns: string[]);
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode;
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>>;
}

// TypeID columns and typeid_define / typeid_drop for migrations.
/** The data type for `addColumn(name, typeIDType('org_id'), ...)`. */
export function typeIDType(typeName: string): RawBuilder<unknown>;
/** Adds `name <typeName> PRIMARY KEY DEFAULT gen_<typeName>()` (default name `id`). */
export function addTypeIDPrimaryKey<T extends string, C extends string>(builder: CreateTableBuilder<T, C>, typeName: string, name?: string): CreateTableBuilder<T, any>;
/** typeid_define(prefix, typeName) unless the type exists: `.execute(db)` in a migration's up. */
export function defineTypeID(prefix: string, typeName?: string): RawBuilder<unknown>;
/** typeid_drop(typeName): `.execute(db)` in a migration's down, after the tables using it. */
export function dropTypeID(typeName: string): RawBuilder<unknown>;
