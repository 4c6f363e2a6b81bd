import assert from 'node:assert/strict';
import pg from 'pg';
import { ulidToUUID, uuidToULID } from 'uidext';
import { registerTypes } from 'uidext/pg';

const pool = new pg.Pool();
// The schema migration, once per database (CREATE EXTENSION needs a role allowed to create it):
await pool.query(`CREATE EXTENSION IF NOT EXISTS uidext;
  CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text);
  CREATE TABLE events (id uuid PRIMARY KEY DEFAULT gen_uuidv7(),
                       order_id uuid NOT NULL REFERENCES orders ON DELETE CASCADE);
  CREATE INDEX ON events (order_id uuid_ulid_ops)`); // the uuid -> ulid foreign key's checks use it
await registerTypes(pool); // after CREATE EXTENSION: one lookup; every client the pool opens gets the parsers

const { rows: [order] } = await pool.query("INSERT INTO orders (item) VALUES ('book') RETURNING id");
console.log('order', order.id); // ULID text

// A uuid column takes UUID text, not ULID text: convert the value, or cast the parameter to ulid.
await pool.query('INSERT INTO events (order_id) VALUES ($1)', [ulidToUUID(order.id)]);
const { rows: [event] } = await pool.query('SELECT order_id FROM events WHERE order_id = $1::ulid', [order.id]);
assert.equal(uuidToULID(event.order_id), order.id);

// ulid[] arrives as an array of strings.
const { rows: [all] } = await pool.query('SELECT array_agg(id) AS ids FROM orders WHERE id = ANY($1)', [[order.id]]);
assert.deepEqual(all.ids, [order.id]);
await pool.end();
