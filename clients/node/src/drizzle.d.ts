import type { PgCustomColumnBuilder, PgUUIDBuilderInitial } from 'drizzle-orm/pg-core';
import type { HasDefault, IsPrimaryKey, NotNull } from 'drizzle-orm';

type UlidBuilder<TName extends string> = PgCustomColumnBuilder<{
  name: TName; dataType: 'custom'; columnType: 'PgCustomColumn'; data: string; driverParam: string; enumValues: undefined;
}>;

/** A ulid column; values are ULID text. */
export function ulid<TName extends string>(name: TName): UlidBuilder<TName>;
/** A uuid column holding ULID keys (a uuid -> ulid foreign key), read as ULID text. */
export function ulidInUuid<TName extends string>(name: TName): UlidBuilder<TName>;
/** `id ulid PRIMARY KEY DEFAULT gen_ulid()`. */
export function ulidPrimaryKey<TName extends string = 'id'>(name?: TName): HasDefault<IsPrimaryKey<NotNull<UlidBuilder<TName>>>>;
/** `id uuid PRIMARY KEY DEFAULT gen_uuidv7()`. */
export function uuidv7PrimaryKey<TName extends string = 'id'>(name?: TName): HasDefault<IsPrimaryKey<NotNull<PgUUIDBuilderInitial<TName>>>>;

// TypeID columns and typeid_define / typeid_drop for migrations.
import type { SQL } from 'drizzle-orm';
type TypeIDBuilder<TName extends string> = PgCustomColumnBuilder<{
  name: TName; dataType: 'custom'; columnType: 'PgCustomColumn'; data: string; driverParam: string; enumValues: undefined;
}>;
/** A column of a TypeID type (one made by typeid_define, or the general `typeid`); values are TypeID text. */
export function typeid<TName extends string>(name: TName, typeName: string): TypeIDBuilder<TName>;
/** `id <typeName> PRIMARY KEY DEFAULT gen_<typeName>()`. */
export function typeidPrimaryKey<TName extends string = 'id'>(typeName: string, name?: TName): HasDefault<IsPrimaryKey<NotNull<TypeIDBuilder<TName>>>>;
/** `SELECT typeid_define(prefix, typeName)` unless the type exists, for `db.execute`. */
export function defineTypeID(prefix: string, typeName?: string): SQL;
/** `SELECT typeid_drop(typeName)`, for `db.execute`. */
export function dropTypeID(typeName: string): SQL;
