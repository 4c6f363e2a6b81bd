// uidext/kysely with TypeID keys: a Kysely migration runs typeid_define and creates TypeID keys and
// a TypeID foreign key (down: drops them and typeid_drop); nested loads (jsonArrayFrom,
// jsonObjectFrom), filters on one key and on lists, counts, bulk insert, deletes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import pg from 'pg';
import { isTypeID } from 'uidext';
import { addTypeIDPrimaryKey, defineTypeID, dropTypeID, typeIDType } from 'uidext/kysely';
import { registerTypes } from 'uidext/pg';
import { count, describeTable } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const migrations = {
  '001_typeid': {
    async up(db) {
      await defineTypeID('org').execute(db);
      await defineTypeID('user').execute(db);
      await addTypeIDPrimaryKey(db.schema.createTable('orgs'), 'org_id').addColumn('name', 'text').execute();
      await addTypeIDPrimaryKey(db.schema.createTable('users'), 'user_id').addColumn('email', 'text')
        .addColumn('org_id', typeIDType('org_id'), (col) => col.notNull().references('orgs.id').onDelete('cascade')).execute();
    },
    async down(db) {
      await db.schema.dropTable('users').execute();
      await db.schema.dropTable('orgs').execute();
      await dropTypeID('user_id').execute(db);
      await dropTypeID('org_id').execute(db);
    },
  },
};

let config;
let pool;
let db;
let migrator;
before(async () => {
  config = await freshDatabase('typeid_kysely');
  pool = new pg.Pool(config);
  db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  await registerTypes(pool); // after the migration made the types: their arrays parse too
});
after(() => db.destroy());

test('the migration creates TypeID keys with gen_<type>() defaults; a second run is empty; down drops the types', async () => {
  const u = await describeTable(config, 'users');
  assert.deepEqual([u.columns.id.type, u.columns.id.default, u.columns.org_id.type], ['user_id', 'gen_user_id()', 'org_id']);
  assert.deepEqual((await migrator.migrateToLatest()).results, []);
  assert.equal((await migrator.migrateDown()).error, undefined);
  assert.equal(await count(config, 'pg_type', "typname IN ('user_id', 'org_id')"), 0);
  assert.equal((await migrator.migrateToLatest()).error, undefined);
  await registerTypes(pool); // the types were made again: new OIDs
});

test('create with the parent\'s key, nested loads both ways, filters on one key and on lists, counts, bulk, arrays', async () => {
  const org = await db.insertInto('orgs').values({ name: 'acme' }).returning('id').executeTakeFirstOrThrow();
  assert.ok(isTypeID(org.id, 'org'));
  const made = await db.insertInto('users').values([0, 1, 2].map((i) => ({ email: `u${i}`, org_id: org.id }))).returning('id').execute();
  assert.ok(made.every((u) => isTypeID(u.id, 'user')));
  const loaded = await db.selectFrom('orgs').where('orgs.id', '=', org.id).select((eb) => ['id',
    jsonArrayFrom(eb.selectFrom('users').select(['users.id', 'users.org_id']).whereRef('users.org_id', '=', 'orgs.id').orderBy('email')).as('users')])
    .executeTakeFirstOrThrow();
  assert.deepEqual(loaded.users.map((u) => u.id), made.map((u) => u.id));
  assert.equal(loaded.users[0].org_id, org.id);
  const back = await db.selectFrom('users').where('users.id', '=', made[0].id).select((eb) => ['id',
    jsonObjectFrom(eb.selectFrom('orgs').select(['orgs.id', 'orgs.name']).whereRef('orgs.id', '=', 'users.org_id')).as('org')])
    .executeTakeFirstOrThrow();
  assert.deepEqual(back.org, { id: org.id, name: 'acme' });
  assert.equal((await db.selectFrom('users').where('org_id', '=', org.id).selectAll().execute()).length, 3);
  assert.equal((await db.selectFrom('users').where('id', 'in', made.slice(0, 2).map((u) => u.id)).selectAll().execute()).length, 2);
  const { n } = await db.selectFrom('users').where('org_id', 'in', [org.id]).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  assert.equal(Number(n), 3);
  const { ids } = await db.selectFrom('users').where('org_id', '=', org.id)
    .select((eb) => eb.fn.agg('array_agg', ['id']).as('ids')).executeTakeFirstOrThrow();
  assert.deepEqual([...ids].sort(), made.map((u) => u.id).sort());
});

test('delete a parent without children, then with children (ON DELETE CASCADE); a wrong prefix is 22P02', async () => {
  const lonely = await db.insertInto('orgs').values({ name: 'none' }).returning('id').executeTakeFirstOrThrow();
  assert.equal(Number((await db.deleteFrom('orgs').where('id', '=', lonely.id).executeTakeFirst()).numDeletedRows), 1);
  const org = await db.insertInto('orgs').values({ name: 'full' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values([{ email: 'x', org_id: org.id }, { email: 'y', org_id: org.id }]).execute();
  await db.deleteFrom('orgs').where('id', '=', org.id).execute();
  assert.equal(await count(config, 'users', 'org_id = $1', [org.id]), 0);
  await assert.rejects(db.selectFrom('users').where('org_id', '=', org.id.replace('org_', 'user_')).selectAll().execute(), { code: '22P02' });
});
