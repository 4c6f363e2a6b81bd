import assert from 'node:assert/strict';
import { eq, inArray, relations, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { defineTypeID, typeid, typeidPrimaryKey } from 'uidext/drizzle';
import { registerTypes } from 'uidext/pg';

export const orgs = pgTable('orgs', { id: typeidPrimaryKey('org_id'), name: text('name') });
export const users = pgTable('users', {
  id: typeidPrimaryKey('user_id'), // id user_id PRIMARY KEY DEFAULT gen_user_id()
  orgId: typeid('org_id', 'org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
});
export const orgsRelations = relations(orgs, ({ many }) => ({ users: many(users) }));
export const usersRelations = relations(users, ({ one }) => ({ org: one(orgs, { fields: [users.orgId], references: [orgs.id] }) }));

const pool = new pg.Pool();
const db = drizzle(pool, { schema: { orgs, users, orgsRelations, usersRelations } });
// The types before the tables: run these first (or put them in a `drizzle-kit generate --custom` migration).
await db.execute(sql`CREATE EXTENSION IF NOT EXISTS uidext`); // first: typeid_define is the extension's
await db.execute(defineTypeID('org')); // typeid_define('org', 'org_id') unless it exists
await db.execute(defineTypeID('user'));
await registerTypes(pool);
const { pushSchema } = await import('drizzle-kit/api');
await (await pushSchema({ orgs, users }, /** @type {any} */ (db))).apply(); // a second push finds nothing to change

const [org] = await db.insert(orgs).values({ name: 'acme' }).returning();
await db.insert(users).values([{ orgId: org.id }, { orgId: org.id }]);
const loaded = await db.query.orgs.findFirst({ where: eq(orgs.id, org.id), with: { users: true } });
assert.ok(loaded);
assert.equal(loaded.users[0].orgId, org.id);
assert.equal(await db.$count(users, inArray(users.orgId, [org.id])), 2);
await db.delete(orgs).where(eq(orgs.id, org.id)); // ON DELETE CASCADE
await pool.end();
