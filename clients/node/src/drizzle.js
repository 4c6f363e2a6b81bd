// Drizzle ORM (pg-core): column types for keys. Values are ULID text in the application and UUID
// text on the wire, which a ulid column and a uuid column both accept.
import { sql } from 'drizzle-orm';
import { customType, uuid } from 'drizzle-orm/pg-core';
import { normalizeULID, ulidToUUID } from './ulid.js';

/** A ulid column: `ulid('order_id')`. */
export const ulid = customType({
  dataType: () => 'ulid',
  toDriver: (value) => ulidToUUID(value),
  fromDriver: normalizeULID, // ULID text from a ulid column, UUID text from a uuid one
});

/** A uuid column holding ULID keys (a uuid -> ulid foreign key), read as ULID text. */
export const ulidInUuid = customType({
  dataType: () => 'uuid',
  toDriver: (value) => ulidToUUID(value),
  fromDriver: normalizeULID, // ULID text from a ulid column, UUID text from a uuid one
});

/** `id ulid PRIMARY KEY DEFAULT gen_ulid()`. */
export function ulidPrimaryKey(name = 'id') {
  return ulid(name).primaryKey().default(sql`gen_ulid()`);
}

/** `id uuid PRIMARY KEY DEFAULT gen_uuidv7()` (values are UUID text). */
export function uuidv7PrimaryKey(name = 'id') {
  return uuid(name).primaryKey().default(sql`gen_uuidv7()`);
}

// TypeID columns and typeid_define / typeid_drop for migrations.
export { defineTypeID, dropTypeID, typeid, typeidPrimaryKey } from './drizzle-typeid.js';
