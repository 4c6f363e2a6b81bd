// Knex (with the pg client): TypeID columns of types made by typeid_define, and typeid_define /
// typeid_drop for migrations. Values are TypeID strings both ways; nothing to convert.
import { typeIDDefaultSQL, typeIDDefineSQL, typeIDDropSQL, typeIDTypeSQL } from './typeid.js';

/**
 * Column helpers for `knex.schema.createTable(name, (table) => ...)`:
 *   typeidPrimaryKey(table, 'user_id')       id user_id PRIMARY KEY DEFAULT gen_user_id()
 *   typeid(table, 'org_id', 'org_id')        an org_id column (a ColumnBuilder: chain .references(), ...)
 */
export function typeIDColumns(knex) {
  return {
    typeid: (table, name, typeName) => table.specificType(name, typeIDTypeSQL(typeName)),
    typeidPrimaryKey: (table, typeName, name = 'id') => table.specificType(name, typeIDTypeSQL(typeName)).primary()
      .defaultTo(knex.raw(typeIDDefaultSQL(typeName))),
  };
}

/** In a migration's up: `await defineTypeID(knex, 'user')` (typeid_define unless the type exists). */
export function defineTypeID(knex, prefix, typeName) {
  return knex.raw(typeIDDefineSQL(prefix, typeName));
}

/** In a migration's down: `await dropTypeID(knex, 'user_id')`, after the tables using it. */
export function dropTypeID(knex, typeName) {
  return knex.raw(typeIDDropSQL(typeName));
}
