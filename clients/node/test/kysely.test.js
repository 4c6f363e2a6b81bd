// uidext/kysely: a Kysely migration creates (a) a ulid key from gen_ulid(), (b) a uuid key from
// gen_uuidv7(), (c) ulid -> ulid and (d) uuid -> ulid foreign keys; joins, filters, counts,
// updates, deletes with the database cascade; the plugin binds ULID keys into the uuid column as
// UUID text and shows them as ULID text, so no conversion is written here (filters included).
// The migration creates the extension and the uuid_ulid_ops index of the uuid -> ulid foreign key.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { UlidInUuidPlugin, addUlidPrimaryKey, addUuidv7PrimaryKey, ulidType } from 'uidext/kysely';
import { registerTypes } from 'uidext/pg';
import { ULID, UUIDV7, checkSchema, checkUuidToUlidIndexUsed, count, opaqueKeysConfigured } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const migrations = {
  '001_orders': {
    async up(db) {
      await sql`CREATE EXTENSION IF NOT EXISTS uidext`.execute(db);
      await addUlidPrimaryKey(db.schema.createTable('orders')).addColumn('item', 'text').execute();
      await addUlidPrimaryKey(db.schema.createTable('lines')).addColumn('product', 'text')
        .addColumn('order_id', ulidType, (col) => col.notNull().references('orders.id').onDelete('cascade')).execute();
      await addUuidv7PrimaryKey(db.schema.createTable('events')).addColumn('kind', 'text')
        .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade')).execute();
      await db.schema.createIndex('events_order_id_idx').on('events').expression(sql`order_id uuid_ulid_ops`).execute();
    },
    async down(db) {
      for (const table of ['events', 'lines', 'orders']) await db.schema.dropTable(table).execute();
    },
  },
};

let config;
let pool;
let db;
let migrator;
before(async () => {
  config = await freshDatabase('kysely', { extension: false });
  pool = new pg.Pool(config);
  db = new Kysely({ dialect: new PostgresDialect({ pool }), plugins: [new UlidInUuidPlugin(['order_id'])] });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  await registerTypes(pool); // once the migration has created uidext
});
after(() => db.destroy());

test('the migration creates the keys; down and up again', async () => {
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  assert.equal((await migrator.migrateDown()).error, undefined);
  assert.equal(await count(config, 'pg_class', "relname IN ('orders', 'lines', 'events')"), 0);
  assert.equal((await migrator.migrateToLatest()).error, undefined);
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
});

test('keys from the database, children, joins, filters, counts, updates', async () => {
  const order = await db.insertInto('orders').values({ item: 'book' }).returningAll().executeTakeFirstOrThrow();
  const other = await db.insertInto('orders').values({ item: 'pen' }).returning('id').executeTakeFirstOrThrow();
  assert.match(order.id, ULID);
  const line = await db.insertInto('lines').values({ product: 'paper', order_id: order.id }).returningAll().executeTakeFirstOrThrow();
  const event = await db.insertInto('events').values({ kind: 'paid', order_id: order.id }).returningAll().executeTakeFirstOrThrow();
  assert.equal(line.order_id, order.id);
  assert.match(event.id, UUIDV7);
  assert.equal(event.order_id, order.id, 'shown as the ULID');

  const joined = await db.selectFrom('orders').innerJoin('events', 'events.order_id', 'orders.id')
    .where('orders.id', '=', order.id).select(['orders.item', 'events.order_id']).execute();
  assert.deepEqual(joined, [{ item: 'book', order_id: order.id }]);
  assert.equal((await db.selectFrom('events').selectAll().where('order_id', '=', order.id).execute()).length, 1);
  assert.equal((await db.selectFrom('events').selectAll().where('events.order_id', 'in', [order.id, other.id]).execute()).length, 1);
  const { n } = await db.selectFrom('lines').where('order_id', '=', order.id).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  assert.equal(Number(n), 1);
  await db.updateTable('events').set({ order_id: other.id }).where('id', '=', event.id).execute();
  await db.updateTable('lines').set({ order_id: other.id }).where('order_id', '=', order.id).execute();
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [other.id]), 1);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [other.id]), 1);
  const { ids } = await db.selectFrom('orders').select((eb) => eb.fn.agg('array_agg', ['id']).as('ids')).executeTakeFirstOrThrow();
  assert.ok(ids.every((id) => ULID.test(id)), 'ulid[] is an array');
});

test('delete a parent without children, then with children (database cascade)', async () => {
  const lonely = await db.insertInto('orders').values({ item: 'nothing' }).returning('id').executeTakeFirstOrThrow();
  assert.equal(Number((await db.deleteFrom('orders').where('id', '=', lonely.id).executeTakeFirst()).numDeletedRows), 1);
  const order = await db.insertInto('orders').values({ item: 'full' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('lines').values([{ product: 'a', order_id: order.id }, { product: 'b', order_id: order.id }]).execute();
  await db.insertInto('events').values({ kind: 'e', order_id: order.id }).execute();
  await db.deleteFrom('orders').where('id', '=', order.id).execute();
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [order.id]), 0);
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [order.id]), 0);
});

test('malformed keys: the server\'s 22P02', async () => {
  await assert.rejects(db.selectFrom('orders').selectAll().where('id', '=', 'nope').execute(), { code: '22P02' });
  await assert.rejects(db.insertInto('events').values({ kind: 'x', order_id: '01ARZ3NDEKTSV4RRFFQ69G5FAU' }).execute(),
    { code: '22P02', message: 'invalid input syntax for type uuid: "01ARZ3NDEKTSV4RRFFQ69G5FAU"' });
});

test('the uuid -> ulid foreign key has its uuid_ulid_ops index from the migration; a parent delete uses it', async () => {
  const order = await db.insertInto('orders').values({ item: 'indexed' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('events').values({ kind: 'e', order_id: order.id }).execute();
  await checkUuidToUlidIndexUsed(config, { child: 'events', column: 'order_id', deleteText: 'DELETE FROM orders WHERE id = $1', value: order.id });
});

test('filters on the uuid column with ULID text, through the plugin: =, in, not in, <>, expression builder, or', async () => {
  const [a, b] = await db.insertInto('orders').values([{ item: 'a' }, { item: 'b' }]).returning('id').execute();
  await db.insertInto('events').values([{ kind: 'x', order_id: a.id }, { kind: 'y', order_id: b.id }]).execute();
  const kinds = async (query) => (await query.select('kind').orderBy('kind').execute()).map((r) => r.kind);
  const events = () => db.selectFrom('events').where('kind', 'in', ['x', 'y']);
  assert.deepEqual(await kinds(events().where('order_id', '=', a.id)), ['x']);
  assert.deepEqual(await kinds(events().where('order_id', 'in', [a.id, b.id])), ['x', 'y']);
  assert.deepEqual(await kinds(events().where('order_id', 'not in', [a.id])), ['y']);
  assert.deepEqual(await kinds(events().where('order_id', '<>', a.id)), ['y']);
  assert.deepEqual(await kinds(events().where((eb) => eb.or([eb('order_id', '=', a.id), eb('events.order_id', '=', b.id)]))), ['x', 'y']);
  assert.equal(Number((await db.deleteFrom('events').where('order_id', '=', b.id).executeTakeFirst()).numDeletedRows), 1);
  // Without the plugin, the server refuses ULID text for a uuid: the plugin is what makes this work.
  const plain = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await assert.rejects(plain.selectFrom('events').selectAll().where('order_id', '=', a.id).execute(),
    { code: '22P02', message: `invalid input syntax for type uuid: "${a.id}"` });
});

test('opaque ids: opaque_encode in the select, opaque_decode and opaque_candidates of a string', async (t) => {
  if (!(await opaqueKeysConfigured(config))) return t.skip('the server has no opaque id keys');
  const order = await db.insertInto('orders').values({ item: 'public' }).returning(sql`opaque_encode(id)`.as('public_id')).executeTakeFirstOrThrow();
  const publicId = String(order.public_id);
  const found = await db.selectFrom('orders').where('id', '=', sql`opaque_decode(${publicId})`).select('item').execute();
  assert.deepEqual(found, [{ item: 'public' }]);
  const again = await db.selectFrom('orders').where('id', '=', sql`ANY(opaque_candidates(${publicId}))`).select('item').execute();
  assert.deepEqual(again, [{ item: 'public' }]);
  const event = await db.insertInto('events').values({ kind: 'p', order_id: sql`opaque_decode(${publicId})` }).returning('order_id').executeTakeFirstOrThrow();
  assert.match(event.order_id, ULID, 'the uuid column, through the plugin, shows the decoded key as ULID text');
});
