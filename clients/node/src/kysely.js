// Kysely (PostgresDialect): key columns for migrations and a plugin for uuid columns holding
// ULID keys (values bound as UUID text, results shown as ULID text). Register uidext/pg's
// parsers on the dialect's pg.Pool for ulid[].
import { OperationNodeTransformer, sql } from 'kysely';
import { isULID, ulidToUUID } from './ulid.js';
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

// Rewrites the values bound to the named columns (uuid columns holding ULID keys): ULID text
// becomes UUID text, which the uuid column takes. Other text is left for the server to judge.
class UlidInUuidTransformer extends OperationNodeTransformer {
  constructor(columns) {
    super();
    this.columns = columns;
  }

  isTarget(node) {
    if (!node) return false;
    if (node.kind === 'ReferenceNode') return this.isTarget(node.column);
    return node.kind === 'ColumnNode' && this.columns.has(node.column.name);
  }

  convert(node) {
    const key = (value) => (isULID(value) ? ulidToUUID(value) : value);
    switch (node.kind) {
      case 'ValueNode': return { ...node, value: key(node.value) };
      case 'PrimitiveValueListNode': return { ...node, values: node.values.map(key) };
      case 'ValueListNode': return { ...node, values: node.values.map((value) => this.convert(value)) };
      default: return node;
    }
  }

  transformBinaryOperation(node, queryId) {
    const result = super.transformBinaryOperation(node, queryId);
    return this.isTarget(result.leftOperand) ? { ...result, rightOperand: this.convert(result.rightOperand) } : result;
  }

  transformColumnUpdate(node, queryId) {
    const result = super.transformColumnUpdate(node, queryId);
    return this.isTarget(result.column) ? { ...result, value: this.convert(result.value) } : result;
  }

  transformInsertQuery(node, queryId) {
    const result = super.transformInsertQuery(node, queryId);
    const targets = (result.columns || []).map((column) => this.isTarget(column));
    if (!targets.includes(true) || result.values?.kind !== 'ValuesNode') return result;
    const row = (list) => {
      if (list.kind === 'PrimitiveValueListNode') {
        return { ...list, values: list.values.map((value, i) => (targets[i] ? this.convert({ kind: 'ValueNode', value }).value : value)) };
      }
      if (list.kind === 'ValueListNode') return { ...list, values: list.values.map((value, i) => (targets[i] ? this.convert(value) : value)) };
      return list;
    };
    return { ...result, values: { ...result.values, values: result.values.values.map(row) } };
  }
}

/**
 * A Kysely plugin for uuid columns holding ULID keys, named by column: ULID text bound to them
 * (in where, joins' values, insert and update) is sent as UUID text, and they come back as ULID text.
 */
export class UlidInUuidPlugin {
  constructor(columns) {
    this.transformer = new UlidInUuidTransformer(new Set(columns));
    this.convertRow = ulidRowConverter(columns);
  }

  transformQuery(args) {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args) {
    return { ...args.result, rows: args.result.rows.map(this.convertRow) };
  }
}

// TypeID columns and typeid_define / typeid_drop for migrations.
export { addTypeIDPrimaryKey, defineTypeID, dropTypeID, typeIDType } from './kysely-typeid.js';
