import type { DataTypes, ForeignKeyOptions, ModelAttributeColumnOptions, Sequelize } from 'sequelize';

type KeyType = typeof DataTypes.ABSTRACT;

export interface UidextSequelizeTypes {
  /** A ulid column: values ULID text, bound as UUID text. */
  ULID: KeyType;
  /** A uuid column holding ULID keys (a uuid -> ulid foreign key), read as ULID text. */
  ULID_IN_UUID: KeyType;
  /**
   * Options for a uuid column holding ULID keys, with the getter that shows ULID text: an
   * attribute (`define`, `createTable`) or an association's `foreignKey` (with its `name`).
   */
  ulidInUuid(options?: Partial<ModelAttributeColumnOptions> & ForeignKeyOptions): ModelAttributeColumnOptions & ForeignKeyOptions;
  /** `ulid PRIMARY KEY DEFAULT gen_ulid()`. */
  ulidPrimaryKey(): ModelAttributeColumnOptions;
  /** `uuid PRIMARY KEY DEFAULT gen_uuidv7()`. */
  uuidv7PrimaryKey(): ModelAttributeColumnOptions;
}

/** Adds DataTypes.ULID and DataTypes.ULID_IN_UUID to Sequelize and returns them with column helpers. */
export function registerTypes(sequelize: typeof Sequelize): UidextSequelizeTypes;

// TypeID columns and typeid_define / typeid_drop for migrations.
import type { QueryInterface } from 'sequelize';
export interface UidextSequelizeTypeIDTypes {
  /** The data type of a column of that TypeID type; values are TypeID text. */
  TYPEID(typeName: string): InstanceType<KeyType>;
  /** `<typeName> PRIMARY KEY DEFAULT gen_<typeName>()`, filled by the database. */
  typeIDPrimaryKey(typeName: string): ModelAttributeColumnOptions;
}
/** TypeID data types and key attributes for that Sequelize class. */
export function typeIDTypes(sequelize: typeof Sequelize): UidextSequelizeTypeIDTypes;
/** In a migration's up: typeid_define(prefix, typeName) unless the type exists. */
export function defineTypeID(queryInterface: QueryInterface, prefix: string, typeName?: string): Promise<unknown>;
/** In a migration's down: typeid_drop(typeName), after the tables using it. */
export function dropTypeID(queryInterface: QueryInterface, typeName: string): Promise<unknown>;
