import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { addUlidPrimaryKey } from 'uidext/kysely';

const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
await sql`CREATE EXTENSION IF NOT EXISTS uidext`.execute(db); // in a migration
await addUlidPrimaryKey(db.schema.createTable('orders')).addColumn('item', 'text').execute();

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const { publicId } = await db.insertInto('orders').values({ item: 'book' })
  .returning(sql`opaque_encode(id)`.as('publicId')).executeTakeFirstOrThrow();
// The lookup, through every key of the file (ids made before a rotation too):
const found = await db.selectFrom('orders').where('id', '=', sql`ANY(opaque_candidates(${publicId}))`).select('item').executeTakeFirstOrThrow();
assert.equal(found.item, 'book');
// One value, the first key's (the same rows while the file has one key):
const same = await db.selectFrom('orders').where('id', '=', sql`opaque_decode(${publicId})`).select('item').executeTakeFirstOrThrow();
assert.equal(same.item, 'book');
await db.destroy();
