// uidext/pg with node-postgres: ulid and ulid[] on a Client, a Pool, named prepared statements,
// pg-cursor; OIDs that differ per database; one catalog lookup per connection and none per query.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { ulidToUUID, uuidToULID } from 'uidext';
import { registerTypes } from 'uidext/pg';
import { freshDatabase } from './lib/db.js';

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
let config;
let shifted; // a second database where ulid has another OID
before(async () => {
  config = await freshDatabase('pg');
  const client = new pg.Client(config);
  await client.connect();
  await client.query('CREATE TABLE item (id ulid PRIMARY KEY DEFAULT gen_ulid(), tags ulid[], n int)');
  await client.query('INSERT INTO item (tags, n) SELECT ARRAY[gen_ulid(), NULL, gen_ulid()], i FROM generate_series(1, 5) i');
  await client.end();
  shifted = await freshDatabase('pg_shifted');
  const other = new pg.Client(shifted);
  await other.connect();
  await other.query('DROP EXTENSION uidext; CREATE TABLE pad (a int); CREATE SCHEMA keys; CREATE EXTENSION uidext SCHEMA keys');
  await other.end();
});

// Counts the queries a client sends, to show registerTypes adds none per query.
function countQueries(client) {
  const sent = [];
  const query = client.query.bind(client);
  client.query = (...args) => {
    sent.push(typeof args[0] === 'string' ? args[0] : args[0].text);
    return query(...args);
  };
  return sent;
}

test('without registerTypes ulid[] is the string node-postgres gives unknown types', async () => {
  const client = new pg.Client(config);
  await client.connect();
  const { rows } = await client.query('SELECT tags FROM item LIMIT 1');
  assert.equal(typeof rows[0].tags, 'string');
  await client.end();
});

test('a Client: ulid is a string, ulid[] an array with NULLs, one lookup then no extra query', async () => {
  const client = new pg.Client(config);
  await client.connect();
  const sent = countQueries(client);
  const oids = await registerTypes(client);
  assert.equal(sent.length, 1);
  const { rows: [row] } = await client.query('SELECT id, tags, ARRAY[]::ulid[] AS empty, NULL::ulid[] AS none, $1::ulid[] AS given FROM item ORDER BY n LIMIT 1',
    [['01ARZ3NDEKTSV4RRFFQ69G5FAV', ulidToUUID('01ARZ3NDEKTSV4RRFFQ69G5FAW')]]);
  assert.match(row.id, ULID);
  assert.equal(row.tags.length, 3);
  assert.match(row.tags[0], ULID);
  assert.equal(row.tags[1], null);
  assert.deepEqual(row.empty, []);
  assert.equal(row.none, null);
  assert.deepEqual(row.given, ['01ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAW']);
  const { rows: [types] } = await client.query("SELECT 'ulid'::regtype::oid::int AS ulid, 'ulid[]'::regtype::oid::int AS arr");
  assert.deepEqual(oids, { ulid: types.ulid, ulidArray: types.arr, typeids: oids.typeids });
  assert.equal(sent.length, 3, 'the two queries above and the lookup, nothing else');
  await client.end();
});

test('OIDs differ per database; each client parses its own, even with uidext outside search_path', async () => {
  const a = new pg.Client(config);
  const b = new pg.Client(shifted);
  await a.connect();
  await b.connect();
  const oidsA = await registerTypes(a);
  const oidsB = await registerTypes(b);
  assert.notEqual(oidsA.ulid, oidsB.ulid);
  const { rows: [row] } = await b.query('SELECT ARRAY[keys.gen_ulid(), keys.gen_ulid()] AS ids');
  assert.equal(row.ids.length, 2);
  assert.match(row.ids[1], ULID);
  await a.end();
  await b.end();
});

test('a Pool: one lookup, then every client it opens parses ulid[] with no query of ours', async () => {
  const pool = new pg.Pool({ ...config, max: 3 });
  const sent = [];
  pool.on('connect', (client) => sent.push(countQueries(client))); // before registerTypes: sees its lookup
  await registerTypes(pool);
  const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
  for (const client of held) {
    const { rows } = await client.query('SELECT tags FROM item ORDER BY n');
    assert.ok(Array.isArray(rows[4].tags));
    client.release();
  }
  for (let i = 0; i < 6; i += 1) {
    const { rows } = await pool.query('SELECT ARRAY[gen_ulid()] AS ids');
    assert.match(rows[0].ids[0], ULID);
  }
  assert.equal(pool.totalCount, 3);
  const all = sent.flat();
  assert.equal(all.filter((text) => text.includes('pg_extension')).length, 1, 'one lookup for the pool');
  assert.equal(all.length, 1 + 3 + 6, 'the lookup and our queries, nothing else');
  await pool.end();
});

test('a Pool whose database lacks uidext: registerTypes rejects with a clear error', async () => {
  const pool = new pg.Pool({ ...(await freshDatabase('pg_without', { extension: false })), max: 1 });
  await assert.rejects(registerTypes(pool), /uidext extension is not installed/);
  await pool.end();
});

test('named prepared statements and pg-cursor parse ulid[] too', async () => {
  const client = new pg.Client(config);
  await client.connect();
  await registerTypes(client);
  for (let i = 0; i < 3; i += 1) {
    const { rows } = await client.query({ name: 'tags_of', text: 'SELECT tags FROM item WHERE n = $1', values: [i + 1] });
    assert.match(rows[0].tags[2], ULID);
  }
  const cursor = client.query(new Cursor('SELECT id, tags FROM item ORDER BY n'));
  const first = await cursor.read(2);
  const rest = await cursor.read(10);
  await cursor.close();
  assert.equal(first.length + rest.length, 5);
  for (const row of [...first, ...rest]) {
    assert.match(row.id, ULID);
    assert.match(row.tags[0], ULID);
  }
  await client.end();
});

test('keys as parameters: ULID or UUID text into ulid; UUID text into uuid; bad text is the server\'s 22P02', async () => {
  const client = new pg.Client(config);
  await client.connect();
  await registerTypes(client);
  await client.query('CREATE TEMP TABLE ref (item_id uuid)');
  const { rows: [item] } = await client.query('SELECT id FROM item ORDER BY n LIMIT 1');
  await client.query('INSERT INTO ref VALUES ($1)', [ulidToUUID(item.id)]);
  const { rows: [joined] } = await client.query('SELECT r.item_id FROM ref r JOIN item i ON i.id = r.item_id WHERE i.id = $1', [item.id]);
  assert.equal(uuidToULID(joined.item_id), item.id);
  const byUUID = await client.query('SELECT n FROM item WHERE id = $1', [ulidToUUID(item.id)]);
  assert.equal(byUUID.rows[0].n, 1);
  await assert.rejects(client.query('INSERT INTO ref VALUES ($1)', [item.id]), { code: '22P02' });
  await assert.rejects(client.query('SELECT n FROM item WHERE id = $1', ['01ARZ3NDEKTSV4RRFFQ69G5FAU']),
    { code: '22P02', message: 'invalid input syntax for type ulid: "01ARZ3NDEKTSV4RRFFQ69G5FAU"' });
  await client.end();
});

test('opaque ids: opaque_decode($1) and opaque_candidates($1) with a string parameter (uuid and ulid keys)', async (t) => {
  const client = new pg.Client(config);
  await client.connect();
  try {
    const [{ configured }] = (await client.query("SELECT coalesce(current_setting('uidext.opaque_key_file', true), '') <> '' AS configured")).rows;
    if (!configured) return t.skip('the server has no opaque id keys');
    await registerTypes(client);
    await client.query('CREATE TEMP TABLE accounts (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), n int)');
    await client.query('INSERT INTO accounts (n) VALUES (1), (2)');
    const { rows: [account] } = await client.query('SELECT id, opaque_encode(id) AS public_id FROM accounts WHERE n = 2');
    const { rows: [item] } = await client.query('SELECT id, opaque_encode(id) AS public_id FROM item WHERE n = 2');
    for (const [table, row] of [['accounts', account], ['item', item]]) {
      assert.notEqual(row.public_id, row.id);
      const byDecode = await client.query(`SELECT n FROM ${table} WHERE id = opaque_decode($1)`, [row.public_id]);
      assert.deepEqual(byDecode.rows, [{ n: 2 }]);
      const byCandidates = await client.query(`SELECT n FROM ${table} WHERE id = ANY(opaque_candidates($1))`, [row.public_id]);
      assert.deepEqual(byCandidates.rows, [{ n: 2 }]);
      const prepared = await client.query({ name: `decode_${table}`, text: `SELECT n FROM ${table} WHERE id = opaque_decode($1)`, values: [row.public_id] });
      assert.deepEqual(prepared.rows, [{ n: 2 }]);
    }
    await assert.rejects(client.query('SELECT opaque_decode($1)', ['not an id']), { code: '22P02', message: 'invalid opaque id: "not an id"' });
  } finally {
    await client.end();
  }
});
