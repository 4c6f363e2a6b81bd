// uidext/knex: a Knex migration creates (a) a ulid key from gen_ulid(), (b) a uuid key from
// gen_uuidv7(), (c) ulid -> ulid and (d) uuid -> ulid foreign keys; joins, filters, counts,
// updates and deletes with the database cascade; ulid[] parsed on pooled connections. The
// migration creates the extension and the uuid_ulid_ops index of the uuid -> ulid foreign key;
// filters on that uuid column need UUID text (Knex has no per-column hook: the page says so).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import knexFactory from 'knex';
import { ulidToUUID } from 'uidext';
import { afterCreate, keyColumns, ulidResults } from 'uidext/knex';
import { ULID, UUIDV7, checkSchema, checkUuidToUlidIndexUsed, count, opaqueKeysConfigured } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

let config;
let migrator; // migrations run with a Knex instance of their own, as `knex migrate:latest` does
let knex;
const migrations = {
  async getMigrations() { return ['001_orders']; },
  getMigrationName: (name) => name,
  async getMigration() {
    return {
      async up(db) {
        await db.raw('CREATE EXTENSION IF NOT EXISTS uidext');
        const keys = keyColumns(db);
        await db.schema.createTable('orders', (table) => {
          keys.ulidPrimaryKey(table);
          table.text('item');
        });
        await db.schema.createTable('lines', (table) => {
          keys.ulidPrimaryKey(table);
          table.text('product');
          keys.ulid(table, 'order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
        });
        await db.schema.createTable('events', (table) => {
          keys.uuidv7PrimaryKey(table);
          table.text('kind');
          table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
          table.index([db.raw('order_id uuid_ulid_ops')], 'events_order_id_idx');
        });
      },
      async down(db) { await db.schema.dropTable('events').dropTable('lines').dropTable('orders'); },
    };
  },
};

before(async () => {
  config = await freshDatabase('knex', { extension: false });
  migrator = knexFactory({ client: 'pg', connection: config, pool: { min: 0, max: 1 }, migrations: { migrationSource: migrations } });
  await migrator.migrate.latest();
  knex = knexFactory({
    client: 'pg', connection: config, pool: { min: 0, max: 2, afterCreate }, postProcessResponse: ulidResults(['order_id']),
  });
});
after(async () => {
  await migrator.destroy();
  await knex.destroy();
});

test('the migration creates the keys; rollback and latest again', async () => {
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  await migrator.migrate.rollback();
  assert.equal(await count(config, 'pg_class', "relname IN ('orders', 'lines', 'events')"), 0);
  await migrator.migrate.latest();
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
});

test('keys from the database, children, joins, filters, counts, updates', async () => {
  const [order] = await knex('orders').insert({ item: 'book' }).returning('*');
  const [other] = await knex('orders').insert({ item: 'pen' }).returning('id');
  assert.match(order.id, ULID);
  const [line] = await knex('lines').insert({ product: 'paper', order_id: order.id }).returning('*');
  const [event] = await knex('events').insert({ kind: 'paid', order_id: ulidToUUID(order.id) }).returning('*');
  assert.match(line.id, ULID);
  assert.equal(line.order_id, order.id);
  assert.match(event.id, UUIDV7);
  assert.equal(event.order_id, order.id, 'shown as the ULID');

  const joined = await knex('orders').join('events', 'events.order_id', 'orders.id')
    .where('orders.id', order.id).select('orders.item', 'events.order_id', 'events.kind');
  assert.deepEqual(joined, [{ item: 'book', order_id: order.id, kind: 'paid' }]);
  assert.equal((await knex('events').where('order_id', ulidToUUID(order.id))).length, 1);
  assert.equal(Number((await knex('lines').where({ order_id: order.id }).count('* as n'))[0].n), 1);
  const [{ n }] = await knex('events').join('orders', 'orders.id', 'events.order_id').where('orders.item', 'book').count('* as n');
  assert.equal(Number(n), 1);

  await knex('events').where('id', event.id).update({ order_id: ulidToUUID(other.id) });
  await knex('lines').where('order_id', order.id).update({ order_id: other.id });
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [other.id]), 1);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [other.id]), 1);

  const { rows: [arrays] } = await knex.raw('SELECT array_agg(id ORDER BY id) AS ids FROM orders');
  assert.ok(Array.isArray(arrays.ids) && arrays.ids.every((id) => ULID.test(id)), 'ulid[] is an array');
});

test('delete a parent without children, then with children (database cascade)', async () => {
  const [lonely] = await knex('orders').insert({ item: 'nothing' }).returning('id');
  assert.equal(await knex('orders').where('id', lonely.id).del(), 1);
  const [order] = await knex('orders').insert({ item: 'full' }).returning('id');
  await knex('lines').insert([{ product: 'a', order_id: order.id }, { product: 'b', order_id: order.id }]);
  await knex('events').insert({ kind: 'e', order_id: ulidToUUID(order.id) });
  assert.equal(await knex('orders').where('id', order.id).del(), 1);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [order.id]), 0);
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [order.id]), 0);
});

test('malformed keys: the helper\'s TypeError or the server\'s 22P02', async () => {
  assert.throws(() => ulidToUUID('01ARZ3NDEKTSV4RRFFQ69G5FAU'), TypeError);
  await assert.rejects(knex('orders').where('id', 'nope'), { code: '22P02', message: /invalid input syntax for type ulid: "nope"/ });
  await assert.rejects(knex('events').insert({ kind: 'x', order_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }), { code: '22P02' });
});

test('the uuid -> ulid foreign key has its uuid_ulid_ops index from the migration; a parent delete uses it', async () => {
  const [order] = await knex('orders').insert({ item: 'indexed' }).returning('id');
  await knex('events').insert({ kind: 'e', order_id: ulidToUUID(order.id) });
  await checkUuidToUlidIndexUsed(config, { child: 'events', column: 'order_id', deleteText: 'DELETE FROM orders WHERE id = $1', value: order.id });
});

test('filters on the uuid column: ULID text is the server\'s 22P02 (no hook in Knex), UUID text works', async () => {
  const [order] = await knex('orders').insert({ item: 'filtered' }).returning('id');
  await knex('events').insert({ kind: 'f', order_id: ulidToUUID(order.id) });
  const refused = { code: '22P02', message: `select * from "events" where "order_id" = $1 - invalid input syntax for type uuid: "${order.id}"` };
  await assert.rejects(knex('events').where('order_id', order.id), refused);
  await assert.rejects(knex('events').whereIn('order_id', [order.id]), { code: '22P02', message: /invalid input syntax for type uuid: "/ });
  assert.equal((await knex('events').where('order_id', ulidToUUID(order.id))).length, 1);
  assert.equal((await knex('events').whereIn('order_id', [order.id].map(ulidToUUID))).length, 1);
  assert.equal((await knex('events').where('order_id', knex.raw('?::ulid', [order.id]))).length, 1, 'or a cast to ulid');
  // Through the ulid key, ULID text: filters on events by the joined orders.id.
  assert.equal((await knex('events').join('orders', 'orders.id', 'events.order_id').whereIn('orders.id', [order.id])).length, 1);
});

test('opaque ids: opaque_encode in the select, opaque_decode(?) and opaque_candidates(?) with a string', async (t) => {
  if (!(await opaqueKeysConfigured(config))) return t.skip('the server has no opaque id keys');
  const [order] = await knex('orders').insert({ item: 'public' }).returning('id');
  const [{ public_id: publicId }] = await knex('orders').where('id', order.id).select(knex.raw('opaque_encode(id) AS public_id'));
  assert.notEqual(publicId, order.id);
  const found = await knex('orders').where('id', knex.raw('opaque_decode(?)', [publicId])).select('item');
  assert.deepEqual(found, [{ item: 'public' }]);
  assert.equal((await knex('orders').whereRaw('id = ANY(opaque_candidates(?))', [publicId])).length, 1);
  await assert.rejects(knex('orders').where('id', knex.raw('opaque_decode(?)', ['00000000-0000-4000-8000-000000000000'])), { code: '22P02' });
});
