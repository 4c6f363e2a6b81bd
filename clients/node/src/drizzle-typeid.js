// Drizzle ORM (pg-core): TypeID columns of a type made by typeid_define (or the general typeid).
// Values are TypeID strings both ways; drizzle-kit creates the columns with the type's name and,
// reading the same name back, finds nothing to change.
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import { typeIDDefaultSQL, typeIDDefineSQL, typeIDDropSQL, typeIDTypeSQL } from './typeid.js';

const typeidColumn = customType({ dataType: (config) => typeIDTypeSQL(config.type) });

/** A column of that TypeID type: `typeid('org_id', 'org_id')`, `typeid('subject', 'typeid')`. */
export function typeid(name, typeName) {
  return typeidColumn(name, { type: typeName });
}

/** `id user_id PRIMARY KEY DEFAULT gen_user_id()`. */
export function typeidPrimaryKey(typeName, name = 'id') {
  return typeid(name, typeName).primaryKey().default(sql.raw(typeIDDefaultSQL(typeName)));
}

/** `db.execute(defineTypeID('user'))`: typeid_define unless the type exists (before `push`, or in a custom migration). */
export function defineTypeID(prefix, typeName) {
  return sql.raw(typeIDDefineSQL(prefix, typeName));
}

/** `db.execute(dropTypeID('user_id'))`: typeid_drop (after the tables using it are gone). */
export function dropTypeID(typeName) {
  return sql.raw(typeIDDropSQL(typeName));
}
