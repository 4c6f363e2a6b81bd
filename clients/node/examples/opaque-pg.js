import assert from 'node:assert/strict';
import pg from 'pg';

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const pool = new pg.Pool();
await pool.query(`CREATE EXTENSION IF NOT EXISTS uidext;
  CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`);
const { rows: [created] } = await pool.query("INSERT INTO orders (item) VALUES ('book') RETURNING opaque_encode(id) AS public_id");

// The lookup, a string parameter: through every key of the file (ids made before a rotation too), by index.
const { rows: [found] } = await pool.query('SELECT item FROM orders WHERE id = ANY(opaque_candidates($1))', [created.public_id]);
assert.equal(found.item, 'book');
// One value, the first key's (the same rows while the file has one key):
const { rows: [same] } = await pool.query('SELECT item FROM orders WHERE id = opaque_decode($1)', [created.public_id]);
assert.equal(same.item, 'book');
// An id no key made finds nothing; text that is no id is the server's 22P02.
const forged = await pool.query('SELECT item FROM orders WHERE id = ANY(opaque_candidates($1))', ['00000000-0000-4000-8000-000000000000']);
assert.equal(forged.rowCount, 0);
await assert.rejects(pool.query('SELECT item FROM orders WHERE id = ANY(opaque_candidates($1))', ['not-an-id']), { code: '22P02' });
await pool.end();
