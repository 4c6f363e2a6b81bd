import assert from 'node:assert/strict';
import knexFactory from 'knex';
import { afterCreate, defineTypeID, dropTypeID, typeIDColumns } from 'uidext/knex';

// A migration (knex/migrations/20260101000000_typeid.js):
const migration = {
  /** @param {import('knex').Knex} knex */
  async up(knex) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS uidext'); // first: typeid_define is the extension's
    await defineTypeID(knex, 'org'); // typeid_define('org', 'org_id') unless it exists
    await defineTypeID(knex, 'user');
    const keys = typeIDColumns(knex);
    await knex.schema.createTable('orgs', (table) => {
      keys.typeidPrimaryKey(table, 'org_id'); // id org_id PRIMARY KEY DEFAULT gen_org_id()
      table.text('name');
    });
    await knex.schema.createTable('users', (table) => {
      keys.typeidPrimaryKey(table, 'user_id');
      keys.typeid(table, 'org_id', 'org_id').notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    });
  },
  /** @param {import('knex').Knex} knex */
  async down(knex) {
    await knex.schema.dropTable('users').dropTable('orgs');
    await dropTypeID(knex, 'user_id');
    await dropTypeID(knex, 'org_id');
  },
};
const migrator = knexFactory({ client: 'pg', connection: {} });
await migration.up(migrator);
await migrator.destroy();

// The application: its connections open after the types exist, afterCreate registers them.
const knex = knexFactory({ client: 'pg', connection: {}, pool: { afterCreate } });
const [org] = await knex('orgs').insert({ name: 'acme' }).returning('id');
await knex('users').insert([{ org_id: org.id }, { org_id: org.id }]); // TypeID text, no conversion
const users = await knex('users').join('orgs', 'orgs.id', 'users.org_id').whereIn('orgs.id', [org.id]).select('users.id');
assert.equal(users.length, 2);
await knex('orgs').where('id', org.id).del(); // the users go too (ON DELETE CASCADE)
await migration.down(knex);
await knex.destroy();
