// uidext/knex with TypeID keys: a migration runs typeid_define and creates TypeID keys and a TypeID
// foreign key (down: drops them and typeid_drop); a second migration run is empty; joins, filters
// on one key and on lists, counts, bulk insert, deletes; arrays parsed on pooled connections.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import knexFactory from 'knex';
import { isTypeID } from 'uidext';
import { afterCreate, defineTypeID, dropTypeID, typeIDColumns } from 'uidext/knex';
import { count, describeTable } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const migration = {
  async up(knex) {
    await defineTypeID(knex, 'org');
    await defineTypeID(knex, 'user');
    const keys = typeIDColumns(knex);
    await knex.schema.createTable('orgs', (table) => {
      keys.typeidPrimaryKey(table, 'org_id');
      table.text('name');
    });
    await knex.schema.createTable('users', (table) => {
      keys.typeidPrimaryKey(table, 'user_id');
      table.text('email');
      keys.typeid(table, 'org_id', 'org_id').notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('users').dropTable('orgs');
    await dropTypeID(knex, 'user_id');
    await dropTypeID(knex, 'org_id');
  },
};
const migrationSource = {
  async getMigrations() { return ['001_typeid']; },
  getMigrationName: (name) => name,
  async getMigration() { return migration; },
};

let config;
let knex;
before(async () => {
  config = await freshDatabase('typeid_knex');
  const migrator = knexFactory({ client: 'pg', connection: config, migrations: { migrationSource } });
  await migrator.migrate.latest();
  await migrator.destroy();
  // The application's pool opens its connections after the types exist: afterCreate registers them.
  knex = knexFactory({ client: 'pg', connection: config, pool: { min: 0, max: 2, afterCreate }, migrations: { migrationSource } });
});
after(() => knex.destroy());

test('the migration creates TypeID keys with gen_<type>() defaults; a second run is empty; rollback drops the types', async () => {
  const u = await describeTable(config, 'users');
  assert.deepEqual([u.columns.id.type, u.columns.id.default, u.columns.org_id.type], ['user_id', 'gen_user_id()', 'org_id']);
  assert.ok(u.foreignKeys.some((d) => d.includes('REFERENCES orgs(id) ON DELETE CASCADE')), u.foreignKeys.join());
  assert.deepEqual((await knex.migrate.latest())[1], []);
  await knex.migrate.rollback();
  assert.equal(await count(config, 'pg_type', "typname IN ('user_id', 'org_id')"), 0);
  assert.deepEqual((await knex.migrate.latest())[1], ['001_typeid']);
  assert.equal((await describeTable(config, 'orgs')).columns.id.type, 'org_id');
  await knex.destroy(); // connections opened before the types were made again: open new ones
  knex = knexFactory({ client: 'pg', connection: config, pool: { min: 0, max: 2, afterCreate } });
});

test('create with the parent\'s key, joins, filters on one key and on lists, counts, bulk insert, arrays', async () => {
  const [org] = await knex('orgs').insert({ name: 'acme' }).returning('*');
  assert.ok(isTypeID(org.id, 'org'));
  const made = await knex('users').insert([0, 1, 2].map((i) => ({ email: `u${i}`, org_id: org.id }))).returning('*');
  assert.ok(made.every((u) => isTypeID(u.id, 'user') && u.org_id === org.id));
  const rows = await knex('users').join('orgs', 'orgs.id', 'users.org_id').where('orgs.id', org.id).select('users.id', 'orgs.name');
  assert.equal(rows.length, 3);
  assert.equal((await knex('users').where('org_id', org.id)).length, 3);
  assert.equal((await knex('users').whereIn('id', made.slice(0, 2).map((u) => u.id))).length, 2);
  const [{ n }] = await knex('users').whereIn('org_id', [org.id]).count('* as n');
  assert.equal(Number(n), 3);
  const [agg] = await knex('users').where('org_id', org.id).select(knex.raw('array_agg(id ORDER BY email) AS ids'));
  assert.deepEqual(agg.ids, made.map((u) => u.id));
});

test('delete a parent without children, then with children (ON DELETE CASCADE); a wrong prefix is 22P02', async () => {
  const [lonely] = await knex('orgs').insert({ name: 'none' }).returning('id');
  assert.equal(await knex('orgs').where('id', lonely.id).del(), 1);
  const [org] = await knex('orgs').insert({ name: 'full' }).returning('id');
  await knex('users').insert([{ email: 'x', org_id: org.id }, { email: 'y', org_id: org.id }]);
  await knex('orgs').where('id', org.id).del();
  assert.equal(await count(config, 'users', 'org_id = $1', [org.id]), 0);
  await assert.rejects(knex('users').where('org_id', org.id.replace('org_', 'user_')), { code: '22P02' });
});
