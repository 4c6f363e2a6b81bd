// uidext/drizzle with TypeID keys: typeid_define through db.execute, pgTable with typeidPrimaryKey
// and a typeid foreign key; drizzle-kit's pushSchema creates the columns with their types and has
// nothing to do the second time; relations: create, with, filters, counts, bulk, deletes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { count as countRows, eq, inArray, relations, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { pushSchema } from 'drizzle-kit/api';
import pg from 'pg';
import { isTypeID } from 'uidext';
import { defineTypeID, dropTypeID, typeid, typeidPrimaryKey } from 'uidext/drizzle';
import { registerTypes } from 'uidext/pg';
import { count, describeTable } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const orgs = pgTable('orgs', { id: typeidPrimaryKey('org_id'), name: text('name') });
const users = pgTable('users', {
  id: typeidPrimaryKey('user_id'),
  email: text('email'),
  orgId: typeid('org_id', 'org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
  subject: typeid('subject', 'typeid'),
});
const orgsRelations = relations(orgs, ({ many }) => ({ users: many(users) }));
const usersRelations = relations(users, ({ one }) => ({ org: one(orgs, { fields: [users.orgId], references: [orgs.id] }) }));
const schema = { orgs, users, orgsRelations, usersRelations };

let config;
let pool;
let db;
before(async () => {
  config = await freshDatabase('typeid_drizzle');
  pool = new pg.Pool(config);
  db = drizzle(pool, { schema });
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS uidext_migrate`); // the pushes must leave its table alone
  await db.execute(defineTypeID('org'));
  await db.execute(defineTypeID('user'));
  await db.execute(defineTypeID('user')); // a rerun does nothing
  await registerTypes(pool); // after typeid_define: the new types' arrays parse too
});
after(() => pool.end());

test('pushSchema creates TypeID columns with their types and gen_<type>() defaults, then has nothing to do', async () => {
  await (await pushSchema(schema, db)).apply();
  const o = await describeTable(config, 'orgs');
  assert.deepEqual([o.columns.id.type, o.columns.id.default], ['org_id', 'gen_org_id()']);
  const u = await describeTable(config, 'users');
  assert.deepEqual([u.columns.id.type, u.columns.id.default], ['user_id', 'gen_user_id()']);
  assert.equal(u.columns.org_id.type, 'org_id');
  assert.equal(u.columns.subject.type, 'typeid');
  assert.ok(u.foreignKeys.some((d) => d.includes('REFERENCES orgs(id) ON DELETE CASCADE')), u.foreignKeys.join());
  const second = await pushSchema(schema, db);
  assert.deepEqual(second.statementsToExecute, []);
});

test('create through the relation, eager loads both ways, the general typeid column', async () => {
  const [org] = await db.insert(orgs).values({ name: 'acme' }).returning();
  assert.ok(isTypeID(org.id, 'org'));
  const [user] = await db.insert(users).values({ email: 'ada@example.com', orgId: org.id, subject: org.id }).returning();
  assert.ok(isTypeID(user.id, 'user'));
  const loaded = await db.query.orgs.findFirst({ where: eq(orgs.id, org.id), with: { users: true } });
  assert.deepEqual(loaded.users.map((u) => [u.id, u.orgId, u.subject]), [[user.id, org.id, org.id]]);
  const back = await db.query.users.findFirst({ where: eq(users.id, user.id), with: { org: true } });
  assert.equal(back.org.name, 'acme');
  const joined = await db.select({ name: orgs.name, userId: users.id }).from(users).innerJoin(orgs, eq(users.orgId, orgs.id))
    .where(eq(users.orgId, org.id));
  assert.deepEqual(joined, [{ name: 'acme', userId: user.id }]);
});

test('bulk insert, filters on one key and on lists, counts, arrays of keys', async () => {
  const [a, b] = await db.insert(orgs).values([{ name: 'a' }, { name: 'b' }]).returning();
  const made = await db.insert(users).values(Array.from({ length: 5 }, (_, i) => ({ email: `u${i}`, orgId: i < 3 ? a.id : b.id }))).returning();
  assert.equal(made.length, 5);
  assert.equal((await db.select().from(users).where(eq(users.orgId, a.id))).length, 3);
  const [{ n }] = await db.select({ n: countRows() }).from(users).where(inArray(users.orgId, [a.id, b.id]));
  assert.equal(n, 5);
  assert.equal(await db.$count(users, inArray(users.id, made.slice(0, 2).map((u) => u.id))), 2);
  const { rows: [row] } = await pool.query('SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE org_id = $1', [b.id]);
  assert.deepEqual(row.ids, made.slice(3).map((u) => u.id));
});

test('delete a parent without children, then with children (database cascade); a wrong prefix is 22P02', async () => {
  const [lonely] = await db.insert(orgs).values({ name: 'none' }).returning();
  assert.equal((await db.delete(orgs).where(eq(orgs.id, lonely.id)).returning()).length, 1);
  const [org] = await db.insert(orgs).values({ name: 'full' }).returning();
  await db.insert(users).values([{ email: 'x', orgId: org.id }, { email: 'y', orgId: org.id }]);
  await db.delete(orgs).where(eq(orgs.id, org.id));
  assert.equal(await count(config, 'users', 'org_id = $1', [org.id]), 0);
  const wrong = org.id.replace('org_', 'user_');
  await assert.rejects(db.select().from(users).where(eq(users.orgId, wrong)), (error) => {
    const cause = error.cause ?? error;
    return cause.code === '22P02' && cause.message === `invalid input syntax for type org_id: "${wrong}"`;
  });
});

test('dropTypeID: refused while a column uses the type, done once the tables are gone', async () => {
  await assert.rejects(db.execute(dropTypeID('user_id')), (error) => (error.cause ?? error).code === '2BP01');
  await db.execute('DROP TABLE users, orgs');
  await db.execute(dropTypeID('user_id'));
  await db.execute(dropTypeID('org_id'));
  assert.equal(await count(config, 'pg_type', "typname IN ('user_id', 'org_id')"), 0);
});
