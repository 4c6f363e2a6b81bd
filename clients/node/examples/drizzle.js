import assert from 'node:assert/strict';
import { eq, inArray, relations, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ulid, ulidInUuid, ulidPrimaryKey, uuidv7PrimaryKey } from 'uidext/drizzle';
import { registerTypes } from 'uidext/pg';

export const orders = pgTable('orders', { id: ulidPrimaryKey(), item: text('item') });
export const lines = pgTable('lines', {
  id: ulidPrimaryKey(),
  orderId: ulid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
});
export const events = pgTable('events', {
  id: uuidv7PrimaryKey(),
  orderId: ulidInUuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
}, (t) => [index('events_order_id_idx').using('btree', t.orderId.op('uuid_ulid_ops'))]); // for the foreign key's checks
export const ordersRelations = relations(orders, ({ many }) => ({ lines: many(lines), events: many(events) }));
export const eventsRelations = relations(events, ({ one }) => ({ order: one(orders, { fields: [events.orderId], references: [orders.id] }) }));
export const linesRelations = relations(lines, ({ one }) => ({ order: one(orders, { fields: [lines.orderId], references: [orders.id] }) }));

const pool = new pg.Pool();
// The first migration (`drizzle-kit generate --custom`, run by `drizzle-kit migrate`) holds this line:
await drizzle(pool).execute(sql`CREATE EXTENSION IF NOT EXISTS uidext`);
// The tables: `drizzle-kit push` (or generate + migrate) with this file as the schema; here its API.
const { pushSchema } = await import('drizzle-kit/api');
await (await pushSchema({ orders, lines, events }, drizzle(pool))).apply();

await registerTypes(pool); // once uidext exists: ulid[] as arrays
const db = drizzle(pool, { schema: { orders, lines, events, ordersRelations, eventsRelations, linesRelations } });
const [order] = await db.insert(orders).values({ item: 'book' }).returning();
await db.insert(lines).values({ orderId: order.id });
await db.insert(events).values({ orderId: order.id }); // bound as UUID text: fits the uuid column
const loaded = await db.query.orders.findFirst({ where: eq(orders.id, order.id), with: { lines: true, events: true } });
assert.equal(loaded?.events[0].orderId, order.id);
assert.equal(await db.$count(events, inArray(events.orderId, [order.id])), 1);
await db.delete(orders).where(eq(orders.id, order.id)); // ON DELETE CASCADE
await pool.end();
