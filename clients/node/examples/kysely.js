import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { UlidInUuidPlugin, addUlidPrimaryKey, addUuidv7PrimaryKey, ulidType } from 'uidext/kysely';
import { registerTypes } from 'uidext/pg';

const pool = new pg.Pool();
const db = new Kysely({ dialect: new PostgresDialect({ pool }), plugins: [new UlidInUuidPlugin(['order_id'])] });

// In a migration's up(db):
await sql`CREATE EXTENSION IF NOT EXISTS uidext`.execute(db); // first: the types and defaults below need it
await addUlidPrimaryKey(db.schema.createTable('orders')).addColumn('item', 'text').execute();
await addUlidPrimaryKey(db.schema.createTable('lines'))
  .addColumn('order_id', ulidType, (col) => col.notNull().references('orders.id').onDelete('cascade')).execute();
await addUuidv7PrimaryKey(db.schema.createTable('events'))
  .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade')).execute();
// The uuid -> ulid foreign key's checks use this index:
await db.schema.createIndex('events_order_id_idx').on('events').expression(sql`order_id uuid_ulid_ops`).execute();

await registerTypes(pool); // once uidext exists: ulid[] as arrays
const order = await db.insertInto('orders').values({ item: 'book' }).returning('id').executeTakeFirstOrThrow();
await db.insertInto('lines').values({ order_id: order.id }).execute();
await db.insertInto('events').values({ order_id: order.id }).execute(); // the plugin sends UUID text
const filtered = await db.selectFrom('events').where('order_id', 'in', [order.id]).select('order_id').execute();
assert.deepEqual(filtered, [{ order_id: order.id }]);
const rows = await db.selectFrom('events').innerJoin('orders', 'orders.id', 'events.order_id')
  .where('orders.id', '=', order.id).select('events.order_id').execute();
assert.deepEqual(rows, [{ order_id: order.id }]);
await db.deleteFrom('orders').where('id', '=', order.id).execute();
await db.destroy();
