import assert from 'node:assert/strict';
import knexFactory from 'knex';
import { keyColumns } from 'uidext/knex';

const knex = knexFactory({ client: 'pg', connection: {} });
await knex.raw('CREATE EXTENSION IF NOT EXISTS uidext'); // in a migration
await knex.schema.createTable('orders', (table) => {
  keyColumns(knex).ulidPrimaryKey(table);
  table.text('item');
});

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const [order] = await knex('orders').insert({ item: 'book' }).returning('id');
const [{ public_id: publicId }] = await knex('orders').where('id', order.id).select(knex.raw('opaque_encode(id) AS public_id'));
// The lookup, through every key of the file (ids made before a rotation too):
const found = await knex('orders').whereRaw('id = ANY(opaque_candidates(?))', [publicId]).first('item');
assert.equal(found.item, 'book');
// One value, the first key's (the same rows while the file has one key):
const same = await knex('orders').where('id', knex.raw('opaque_decode(?)', [publicId])).first('item');
assert.equal(same.item, 'book');
await knex.destroy();
