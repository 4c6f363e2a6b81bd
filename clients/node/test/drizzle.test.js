// uidext/drizzle: pgTable declares (a) a ulid key from gen_ulid(), (b) a uuid key from
// gen_uuidv7(), (c) ulid -> ulid and (d) uuid -> ulid foreign keys; drizzle-kit's pushSchema
// creates them and has nothing to do the second time; relational queries (with), joins, filters,
// counts, updates, deletes with the database cascade; no cast written here (filters included).
// uidext_migrate is installed: the pushes leave its state table (schema uidext_migrate) alone.
// The uuid -> ulid foreign key's uuid_ulid_ops index is declared in pgTable (index().using(...op())).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, count as countRows, eq, inArray, ne, notInArray, or, relations, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { pushSchema } from 'drizzle-kit/api';
import pg from 'pg';
import { ulid, ulidInUuid, ulidPrimaryKey, uuidv7PrimaryKey } from 'uidext/drizzle';
import { registerTypes } from 'uidext/pg';
import { ULID, UUIDV7, checkSchema, checkUuidToUlidIndexUsed, count, opaqueKeysConfigured } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const orders = pgTable('orders', { id: ulidPrimaryKey(), item: text('item') });
const lines = pgTable('lines', {
  id: ulidPrimaryKey(),
  product: text('product'),
  orderId: ulid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
});
const events = pgTable('events', {
  id: uuidv7PrimaryKey(),
  kind: text('kind'),
  orderId: ulidInUuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
}, (t) => [index('events_order_id_idx').using('btree', t.orderId.op('uuid_ulid_ops'))]);
const ordersRelations = relations(orders, ({ many }) => ({ lines: many(lines), events: many(events) }));
const linesRelations = relations(lines, ({ one }) => ({ order: one(orders, { fields: [lines.orderId], references: [orders.id] }) }));
const eventsRelations = relations(events, ({ one }) => ({ order: one(orders, { fields: [events.orderId], references: [orders.id] }) }));
const schema = { orders, lines, events, ordersRelations, linesRelations, eventsRelations };

let config;
let pool;
let db;
before(async () => {
  config = await freshDatabase('drizzle', { extension: false });
  pool = new pg.Pool(config);
  await drizzle(pool).execute(sql`CREATE EXTENSION IF NOT EXISTS uidext`); // the first (custom) migration
  // uidext-migrate's state (its own schema): the pushes below must not take its table for ours
  await drizzle(pool).execute(sql`CREATE EXTENSION IF NOT EXISTS uidext_migrate`);
  await registerTypes(pool);
  db = drizzle(pool, { schema });
});
after(() => pool.end());

test('pushSchema creates the tables from pgTable, then has nothing left to do', async () => {
  const first = await pushSchema(schema, db);
  await first.apply();
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  const second = await pushSchema(schema, db);
  assert.deepEqual(second.statementsToExecute, []);
});

test('keys from the database; children; relational queries and joins', async () => {
  const [order] = await db.insert(orders).values({ item: 'book' }).returning();
  assert.match(order.id, ULID);
  const [line] = await db.insert(lines).values({ product: 'paper', orderId: order.id }).returning();
  const [event] = await db.insert(events).values({ kind: 'paid', orderId: order.id }).returning();
  assert.match(line.id, ULID);
  assert.match(event.id, UUIDV7);
  assert.equal(event.orderId, order.id, 'the uuid column reads as the ULID');

  const loaded = await db.query.orders.findFirst({ where: eq(orders.id, order.id), with: { lines: true, events: true } });
  assert.equal(loaded.lines[0].orderId, order.id);
  assert.equal(loaded.events[0].id, event.id);
  assert.equal(loaded.events[0].orderId, order.id);
  const back = await db.query.events.findFirst({ where: eq(events.id, event.id), with: { order: true } });
  assert.equal(back.order.id, order.id);
  const joined = await db.select({ item: orders.item, orderId: events.orderId }).from(events)
    .innerJoin(orders, eq(events.orderId, orders.id)).where(eq(events.orderId, order.id));
  assert.deepEqual(joined, [{ item: 'book', orderId: order.id }]);
});

test('filter by the related key, count, update', async () => {
  const [a, b] = await db.insert(orders).values([{ item: 'a' }, { item: 'b' }]).returning();
  await db.insert(events).values([{ kind: 'x', orderId: a.id }, { kind: 'y', orderId: a.id }]);
  await db.insert(lines).values({ product: 'p', orderId: a.id });
  assert.equal((await db.select().from(events).where(eq(events.orderId, a.id))).length, 2);
  const [{ n }] = await db.select({ n: countRows() }).from(events).where(inArray(events.orderId, [a.id, b.id]));
  assert.equal(n, 2);
  assert.equal(await db.$count(lines, eq(lines.orderId, a.id)), 1);
  await db.update(events).set({ orderId: b.id }).where(eq(events.kind, 'y'));
  await db.update(lines).set({ orderId: b.id }).where(eq(lines.orderId, a.id));
  assert.equal(await db.$count(events, eq(events.orderId, b.id)), 1);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [b.id]), 1);
});

test('delete a parent without children, then with children (database cascade)', async () => {
  const [lonely] = await db.insert(orders).values({ item: 'nothing' }).returning();
  assert.equal((await db.delete(orders).where(eq(orders.id, lonely.id)).returning()).length, 1);
  const [order] = await db.insert(orders).values({ item: 'full' }).returning();
  await db.insert(lines).values([{ product: 'a', orderId: order.id }, { product: 'b', orderId: order.id }]);
  await db.insert(events).values({ kind: 'e', orderId: order.id });
  await db.delete(orders).where(eq(orders.id, order.id));
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [order.id]), 0);
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [order.id]), 0);
});

test('a malformed key is a TypeError naming it', async () => {
  await assert.rejects(db.select().from(events).where(eq(events.orderId, '01ARZ3NDEKTSV4RRFFQ69G5FAU')),
    { name: 'TypeError', message: 'invalid input syntax for type ulid: "01ARZ3NDEKTSV4RRFFQ69G5FAU"' });
  await assert.rejects(db.insert(lines).values({ orderId: 'nope' }), { name: 'TypeError' });
});

test('the uuid -> ulid foreign key has its uuid_ulid_ops index from pgTable; a parent delete uses it', async () => {
  const [order] = await db.insert(orders).values({ item: 'indexed' }).returning();
  await db.insert(events).values({ kind: 'e', orderId: order.id });
  await checkUuidToUlidIndexUsed(config, { child: 'events', column: 'order_id', deleteText: 'DELETE FROM orders WHERE id = $1', value: order.id });
  const [{ def }] = await db.execute(sql`SELECT pg_get_indexdef('events_order_id_idx'::regclass) AS def`).then((r) => r.rows);
  assert.match(def, /USING btree \(order_id uuid_ulid_ops\)/);
});

test('filters on the uuid column with ULID text, through the column type: eq, ne, inArray, notInArray, and/or', async () => {
  const [a, b] = await db.insert(orders).values([{ item: 'fa' }, { item: 'fb' }]).returning();
  await db.insert(events).values([{ kind: 'fx', orderId: a.id }, { kind: 'fy', orderId: b.id }]);
  const kinds = async (where) => (await db.select({ kind: events.kind }).from(events)
    .where(and(inArray(events.kind, ['fx', 'fy']), where)).orderBy(events.kind)).map((r) => r.kind);
  assert.deepEqual(await kinds(eq(events.orderId, a.id)), ['fx']);
  assert.deepEqual(await kinds(ne(events.orderId, a.id)), ['fy']);
  assert.deepEqual(await kinds(inArray(events.orderId, [a.id, b.id])), ['fx', 'fy']);
  assert.deepEqual(await kinds(notInArray(events.orderId, [a.id])), ['fy']);
  assert.deepEqual(await kinds(or(eq(events.orderId, a.id), eq(events.orderId, b.id))), ['fx', 'fy']);
  const loaded = await db.query.events.findMany({ where: inArray(events.orderId, [b.id]), with: { order: true } });
  assert.deepEqual(loaded.map((e) => e.order.id), [b.id]);
});

test('opaque ids: opaque_encode in the select, opaque_decode and opaque_candidates of a string', async (t) => {
  if (!(await opaqueKeysConfigured(config))) return t.skip('the server has no opaque id keys');
  const [order] = await db.insert(orders).values({ item: 'public' }).returning({ id: orders.id, publicId: sql`opaque_encode(${orders.id})`.mapWith(String) });
  assert.notEqual(order.publicId, order.id);
  const found = await db.query.orders.findFirst({ where: eq(orders.id, sql`opaque_decode(${order.publicId})`) });
  assert.equal(found?.id, order.id);
  const again = await db.select({ id: orders.id }).from(orders).where(sql`${orders.id} = ANY(opaque_candidates(${order.publicId}))`);
  assert.deepEqual(again, [{ id: order.id }]);
});
