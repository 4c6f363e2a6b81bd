import assert from 'node:assert/strict';
import { eq, relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
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
});
export const ordersRelations = relations(orders, ({ many }) => ({ lines: many(lines), events: many(events) }));
export const eventsRelations = relations(events, ({ one }) => ({ order: one(orders, { fields: [events.orderId], references: [orders.id] }) }));
export const linesRelations = relations(lines, ({ one }) => ({ order: one(orders, { fields: [lines.orderId], references: [orders.id] }) }));

const pool = new pg.Pool();
await registerTypes(pool);
const db = drizzle(pool, { schema: { orders, lines, events, ordersRelations, eventsRelations, linesRelations } });
// The tables: `drizzle-kit push` (or generate + migrate) with this file as the schema.
const { pushSchema } = await import('drizzle-kit/api');
await (await pushSchema({ orders, lines, events }, db)).apply();

const [order] = await db.insert(orders).values({ item: 'book' }).returning();
await db.insert(lines).values({ orderId: order.id });
await db.insert(events).values({ orderId: order.id }); // bound as UUID text: fits the uuid column
const loaded = await db.query.orders.findFirst({ where: eq(orders.id, order.id), with: { lines: true, events: true } });
assert.equal(loaded.events[0].orderId, order.id);
assert.equal(await db.$count(events, eq(events.orderId, order.id)), 1);
await db.delete(orders).where(eq(orders.id, order.id)); // ON DELETE CASCADE
await pool.end();
