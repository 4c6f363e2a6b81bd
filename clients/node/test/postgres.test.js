// uidext/postgres with postgres.js: ulid as strings, ulid[] as arrays (NULL as null, nested),
// keys as parameters, one lookup per database, bad input is the server's 22P02.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import postgres from 'postgres';
import { ulidToUUID, uuidToULID } from 'uidext';
import { registerTypes } from 'uidext/postgres';
import { ULID, UUIDV7 } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

let config;
let sql;
const queries = [];
before(async () => {
  config = await freshDatabase('postgres');
  sql = postgres({ host: config.host, port: config.port, username: config.user, password: config.password,
    database: config.database, max: 2, debug: (connection, text) => queries.push(text) });
  await sql`CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`;
  await sql`CREATE TABLE events (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), order_id uuid NOT NULL REFERENCES orders ON DELETE CASCADE)`;
});
after(() => sql.end());

test('without registerTypes, postgres.js keeps NULL in ulid[] as the text "NULL"', async () => {
  const [row] = await sql`SELECT ARRAY[gen_ulid(), NULL] AS ids`;
  assert.equal(row.ids[1], 'NULL');
});

test('ulid[] arrays with NULL, empty and nested arrays; one lookup, none per query', async () => {
  const oids = await registerTypes(sql);
  const lookups = queries.filter((q) => q.includes('pg_extension')).length;
  const [row] = await sql`SELECT gen_ulid() AS id, ARRAY[gen_ulid(), NULL] AS ids, ARRAY[]::ulid[] AS empty,
    NULL::ulid[] AS none, ARRAY[[gen_ulid(), gen_ulid()], [NULL, gen_ulid()]] AS grid, 'ulid[]'::regtype::oid::int AS oid`;
  assert.match(row.id, ULID);
  assert.match(row.ids[0], ULID);
  assert.equal(row.ids[1], null);
  assert.deepEqual(row.empty, []);
  assert.equal(row.none, null);
  assert.equal(row.grid[1][0], null);
  assert.match(row.grid[1][1], ULID);
  assert.equal(row.oid, oids.ulidArray);
  for (let i = 0; i < 5; i += 1) await sql`SELECT ARRAY[gen_ulid()] AS ids`;
  assert.equal(queries.filter((q) => q.includes('pg_extension')).length, lookups, 'no lookup per query');
  assert.equal(lookups, 1);
});

test('keys as parameters: ULID or UUID text for ulid, UUID text for uuid; arrays as parameters', async () => {
  const [order] = await sql`INSERT INTO orders (item) VALUES ('book') RETURNING id`;
  const [event] = await sql`INSERT INTO events (order_id) VALUES (${ulidToUUID(order.id)}) RETURNING *`;
  assert.match(event.id, UUIDV7);
  assert.equal(uuidToULID(event.order_id), order.id);
  const [joined] = await sql`SELECT o.item FROM orders o JOIN events e ON e.order_id = o.id WHERE o.id = ${order.id}`;
  assert.equal(joined.item, 'book');
  assert.equal((await sql`SELECT 1 FROM orders WHERE id = ${ulidToUUID(order.id)}`).length, 1);
  const found = await sql`SELECT id FROM orders WHERE id = ANY(${[order.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV']}::ulid[])`;
  assert.deepEqual(found.map((r) => r.id), [order.id]);
  await sql`DELETE FROM orders WHERE id = ${order.id}`;
  assert.equal((await sql`SELECT 1 FROM events WHERE id = ${event.id}`).length, 0);
});

test('a malformed key is the server\'s 22P02 with the value', async () => {
  await assert.rejects(sql`SELECT 1 FROM orders WHERE id = ${'01ARZ3NDEKTSV4RRFFQ69G5FAU'}`,
    { code: '22P02', message: 'invalid input syntax for type ulid: "01ARZ3NDEKTSV4RRFFQ69G5FAU"' });
  await assert.rejects(sql`INSERT INTO events (order_id) VALUES (${'01ARZ3NDEKTSV4RRFFQ69G5FAV'})`, { code: '22P02' });
});

test('opaque ids: opaque_decode(${}) and opaque_candidates(${}) with a string parameter', async (t) => {
  const [{ configured }] = await sql`SELECT coalesce(current_setting('uidext.opaque_key_file', true), '') <> '' AS configured`;
  if (!configured) return t.skip('the server has no opaque id keys');
  const [order] = await sql`INSERT INTO orders (item) VALUES ('public') RETURNING id, opaque_encode(id) AS public_id`;
  const [event] = await sql`INSERT INTO events (order_id) VALUES (${ulidToUUID(order.id)}) RETURNING id, opaque_encode(id) AS public_id`;
  assert.deepEqual([...await sql`SELECT item FROM orders WHERE id = opaque_decode(${order.public_id})`], [{ item: 'public' }]);
  assert.deepEqual([...await sql`SELECT item FROM orders WHERE id = ANY(opaque_candidates(${order.public_id}))`], [{ item: 'public' }]);
  const [found] = await sql`SELECT id FROM events WHERE id = opaque_decode(${event.public_id})`;
  assert.equal(found.id, event.id);
  await assert.rejects(sql`SELECT opaque_decode(${'not an id'})`, { code: '22P02' });
});
