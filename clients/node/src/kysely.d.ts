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
