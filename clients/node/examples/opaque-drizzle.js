import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ulidPrimaryKey } from 'uidext/drizzle';

export const orders = pgTable('orders', { id: ulidPrimaryKey(), item: text('item') });
const pool = new pg.Pool();
const db = drizzle(pool);
await db.execute(sql`CREATE EXTENSION IF NOT EXISTS uidext`); // the first migration
const { pushSchema } = await import('drizzle-kit/api');
await (await pushSchema({ orders }, db)).apply();

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const [{ publicId }] = await db.insert(orders).values({ item: 'book' })
  .returning({ publicId: sql`opaque_encode(${orders.id})`.mapWith(String) });
// The lookup, through every key of the file (ids made before a rotation too):
const [found] = await db.select().from(orders).where(sql`${orders.id} = ANY(opaque_candidates(${publicId}))`);
assert.equal(found.item, 'book');
// One value, the first key's (the same rows while the file has one key):
const [same] = await db.select().from(orders).where(eq(orders.id, sql`opaque_decode(${publicId})`));
assert.equal(same.item, 'book');
await pool.end();
