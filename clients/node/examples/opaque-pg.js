import assert from 'node:assert/strict';
import pg from 'pg';

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const pool = new pg.Pool();
await pool.query(`CREATE EXTENSION IF NOT EXISTS uidext;
  CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`);
const { rows: [created] } = await pool.query("INSERT INTO orders (item) VALUES ('book') RETURNING opaque_encode(id) AS public_id");

// A string parameter: opaque_decode(text) reads the public id, the key's index finds the row.
const { rows: [found] } = await pool.query('SELECT item FROM orders WHERE id = opaque_decode($1)', [created.public_id]);
assert.equal(found.item, 'book');
// Through every key of the file, for ids made before a key rotation:
const { rows: [again] } = await pool.query('SELECT item FROM orders WHERE id = ANY(opaque_candidates($1))', [created.public_id]);
assert.equal(again.item, 'book');
await assert.rejects(pool.query('SELECT item FROM orders WHERE id = opaque_decode($1)', ['not-an-id']), { code: '22P02' });
await pool.end();
