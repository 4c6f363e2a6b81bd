import assert from 'node:assert/strict';
import postgres from 'postgres';
import { registerTypes } from 'uidext/postgres';

const sql = postgres();
// The schema migration, once per database (CREATE EXTENSION needs a role allowed to create it):
await sql`CREATE EXTENSION IF NOT EXISTS uidext`;
await sql`CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`;
await registerTypes(sql); // after CREATE EXTENSION

const [order] = await sql`INSERT INTO orders (item) VALUES ('book') RETURNING id`;
const [row] = await sql`SELECT ARRAY[id, NULL] AS ids FROM orders WHERE id = ${order.id}`;
assert.deepEqual(row.ids, [order.id, null]);
console.log('order', order.id);
await sql.end();
