import assert from 'node:assert/strict';
import postgres from 'postgres';
import { registerTypes } from 'uidext/postgres';

const sql = postgres();
await registerTypes(sql);

await sql`CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`;
const [order] = await sql`INSERT INTO orders (item) VALUES ('book') RETURNING id`;
const [row] = await sql`SELECT ARRAY[id, NULL] AS ids FROM orders WHERE id = ${order.id}`;
assert.deepEqual(row.ids, [order.id, null]);
console.log('order', order.id);
await sql.end();
