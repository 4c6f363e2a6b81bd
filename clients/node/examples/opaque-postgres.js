import assert from 'node:assert/strict';
import postgres from 'postgres';

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const sql = postgres();
await sql`CREATE EXTENSION IF NOT EXISTS uidext`;
await sql`CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`;
const [created] = await sql`INSERT INTO orders (item) VALUES ('book') RETURNING opaque_encode(id) AS public_id`;

// The lookup, through every key of the file; opaque_decode gives the first key's one value.
const [found] = await sql`SELECT item FROM orders WHERE id = ANY(opaque_candidates(${created.public_id}))`;
assert.equal(found.item, 'book');
const [same] = await sql`SELECT item FROM orders WHERE id = opaque_decode(${created.public_id})`;
assert.equal(same.item, 'book');
await sql.end();
