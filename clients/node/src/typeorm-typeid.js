// TypeORM: TypeID columns of types made by typeid_define. TypeORM checks every entity column's
// type against its driver's fixed list (driver.supportedDataTypes); registerTypeIDTypes adds the
// TypeID type names to that list, so entities declare the real type, synchronize creates the
// columns with it and, reading the same name back from the catalog, leaves them alone.
import { typeIDDefaultSQL, typeIDDefineSQL, typeIDDropSQL } from './typeid.js';

/** Lets `dataSource`'s entities use these TypeID types (call before `initialize()`). */
export function registerTypeIDTypes(dataSource, typeNames) {
  const supported = dataSource.driver.supportedDataTypes;
  for (const name of typeNames) if (!supported.includes(name)) supported.push(name);
}

/** An entity column of that TypeID type; values are TypeID text. */
export function typeIDColumn(typeName, options = {}) {
  return { type: typeName, ...options };
}

/** `id user_id PRIMARY KEY DEFAULT gen_user_id()` (the key comes back by RETURNING). */
export function typeIDPrimaryColumn(typeName, options = {}) {
  return typeIDColumn(typeName, { primary: true, default: () => typeIDDefaultSQL(typeName), ...options });
}

/** A migration's `up`: `await defineTypeID(queryRunner, 'user')` (typeid_define unless the type exists). */
export function defineTypeID(queryRunner, prefix, typeName) {
  return queryRunner.query(typeIDDefineSQL(prefix, typeName));
}

/** A migration's `down`: `await dropTypeID(queryRunner, 'user_id')`, after the tables using it. */
export function dropTypeID(queryRunner, typeName) {
  return queryRunner.query(typeIDDropSQL(typeName));
}
