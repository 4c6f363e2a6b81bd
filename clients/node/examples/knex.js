import assert from 'node:assert/strict';
import knexFactory from 'knex';
import { ulidToUUID } from 'uidext';
import { afterCreate, keyColumns, ulidResults } from 'uidext/knex';

// A migration (knex migrate:latest runs its up(knex) with a Knex instance of its own):
/** @param {import('knex').Knex} knex */
async function up(knex) {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS uidext'); // first: the types and defaults below need it
  const keys = keyColumns(knex);
  await knex.schema.createTable('orders', (table) => {
    keys.ulidPrimaryKey(table); // id ulid PRIMARY KEY DEFAULT gen_ulid()
    table.text('item');
  });
  await knex.schema.createTable('lines', (table) => {
    keys.ulidPrimaryKey(table);
    keys.ulid(table, 'order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
  });
  await knex.schema.createTable('events', (table) => {
    keys.uuidv7PrimaryKey(table); // id uuid PRIMARY KEY DEFAULT gen_uuidv7()
    table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    table.index([knex.raw('order_id uuid_ulid_ops')], 'events_order_id_idx'); // for the foreign key's checks
  });
}
const migrator = knexFactory({ client: 'pg', connection: {} });
await up(migrator);
await migrator.destroy();

// The application:
const knex = knexFactory({
  client: 'pg',
  connection: {}, // PGHOST, PGDATABASE, ... from the environment
  pool: { afterCreate }, // ulid[] as arrays
  postProcessResponse: ulidResults(['order_id']), // uuid columns holding ULID keys, shown as ULIDs
});

const [order] = await knex('orders').insert({ item: 'book' }).returning('id');
await knex('lines').insert({ order_id: order.id }); // ulid column: ULID text
await knex('events').insert({ order_id: ulidToUUID(order.id) }); // uuid column: UUID text
// Filters on the uuid column take UUID text too: Knex binds values as they are.
assert.equal((await knex('events').where('order_id', ulidToUUID(order.id))).length, 1);
assert.equal((await knex('events').whereIn('order_id', [order.id].map(ulidToUUID))).length, 1);
const rows = await knex('events').join('orders', 'orders.id', 'events.order_id')
  .where('orders.id', order.id).select('events.order_id');
assert.deepEqual(rows, [{ order_id: order.id }]);
await knex('orders').where('id', order.id).del(); // lines and events go too (ON DELETE CASCADE)
await knex.destroy();
