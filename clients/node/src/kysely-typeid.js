// Kysely: TypeID column types of types made by typeid_define, and typeid_define / typeid_drop for
// migrations. Values are TypeID strings both ways; nothing to convert.
import { sql } from 'kysely';
import { typeIDDefaultSQL, typeIDDefineSQL, typeIDDropSQL, typeIDTypeSQL } from './typeid.js';

/** The data type for `addColumn(name, typeIDType('org_id'), ...)`. */
export function typeIDType(typeName) {
  return sql.raw(typeIDTypeSQL(typeName));
}

/** `createTable(...)` -> with `name user_id PRIMARY KEY DEFAULT gen_user_id()`. */
export function addTypeIDPrimaryKey(builder, typeName, name = 'id') {
  return builder.addColumn(name, typeIDType(typeName), (col) => col.primaryKey().defaultTo(sql.raw(typeIDDefaultSQL(typeName))));
}

/** In a migration's up: `await defineTypeID('user').execute(db)` (typeid_define unless the type exists). */
export function defineTypeID(prefix, typeName) {
  return sql.raw(typeIDDefineSQL(prefix, typeName));
}

/** In a migration's down: `await dropTypeID('user_id').execute(db)`, after the tables using it. */
export function dropTypeID(typeName) {
  return sql.raw(typeIDDropSQL(typeName));
}
