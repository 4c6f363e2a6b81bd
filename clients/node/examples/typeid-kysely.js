import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import pg from 'pg';
import { addTypeIDPrimaryKey, defineTypeID, dropTypeID, typeIDType } from 'uidext/kysely';
import { registerTypes } from 'uidext/pg';

const pool = new pg.Pool();
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });

// A migration's up(db):
await sql`CREATE EXTENSION IF NOT EXISTS uidext`.execute(db); // first: typeid_define is the extension's
await defineTypeID('org').execute(db); // typeid_define('org', 'org_id') unless it exists
await defineTypeID('user').execute(db);
await addTypeIDPrimaryKey(db.schema.createTable('orgs'), 'org_id').addColumn('name', 'text').execute();
await addTypeIDPrimaryKey(db.schema.createTable('users'), 'user_id')
  .addColumn('org_id', typeIDType('org_id'), (col) => col.notNull().references('orgs.id').onDelete('cascade')).execute();
await registerTypes(pool); // after typeid_define: user_id[] and org_id[] as arrays

const org = await db.insertInto('orgs').values({ name: 'acme' }).returning('id').executeTakeFirstOrThrow();
await db.insertInto('users').values([{ org_id: org.id }, { org_id: org.id }]).execute();
const loaded = await db.selectFrom('orgs').where('orgs.id', 'in', [org.id]).select((eb) => ['id',
  jsonArrayFrom(eb.selectFrom('users').select('users.id').whereRef('users.org_id', '=', 'orgs.id')).as('users')])
  .executeTakeFirstOrThrow();
assert.equal(loaded.users.length, 2);
await db.deleteFrom('orgs').where('id', '=', org.id).execute(); // ON DELETE CASCADE

// The migration's down(db):
await db.schema.dropTable('users').execute();
await db.schema.dropTable('orgs').execute();
await dropTypeID('user_id').execute(db);
await dropTypeID('org_id').execute(db);
await db.destroy();
