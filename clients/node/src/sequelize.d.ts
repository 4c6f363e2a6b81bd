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
