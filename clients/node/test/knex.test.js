// uidext/knex: a Knex migration creates (a) a ulid key from gen_ulid(), (b) a uuid key from
// gen_uuidv7(), (c) ulid -> ulid and (d) uuid -> ulid foreign keys; joins, filters, counts,
// updates and deletes with the database cascade; ulid[] parsed on pooled connections.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import knexFactory from 'knex';
import { ulidToUUID } from 'uidext';
import { afterCreate, keyColumns, ulidResults } from 'uidext/knex';
import { ULID, UUIDV7, checkSchema, count } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

let config;
let knex;
const migrations = {
  async getMigrations() { return ['001_orders']; },
  getMigrationName: (name) => name,
  async getMigration() {
    return {
      async up(db) {
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
        });
      },
      async down(db) { await db.schema.dropTable('events').dropTable('lines').dropTable('orders'); },
    };
  },
};

before(async () => {
  config = await freshDatabase('knex');
  knex = knexFactory({
    client: 'pg', connection: config, pool: { min: 0, max: 2, afterCreate },
    migrations: { migrationSource: migrations }, postProcessResponse: ulidResults(['order_id']),
  });
  await knex.migrate.latest();
});
after(() => knex.destroy());

test('the migration creates the keys; rollback and latest again', async () => {
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  await knex.migrate.rollback();
  assert.equal(await count(config, 'pg_class', "relname IN ('orders', 'lines', 'events')"), 0);
  await knex.migrate.latest();
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
