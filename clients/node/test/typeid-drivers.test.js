// registerTypes of uidext/pg and uidext/postgres with TypeIDs: the general typeid and every
// per-prefix type typeid_define made (also outside search_path) parse as strings and their arrays
// as arrays of strings; a type defined after registration needs registerTypes again.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import pg from 'pg';
import postgres from 'postgres';
import { isTypeID, typeIDDefineSQL, typeIDToUUID } from 'uidext';
import { registerTypes } from 'uidext/pg';
import { registerTypes as registerPostgres } from 'uidext/postgres';
import { sql } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const USER = 'user_01h455vb4pex5vsknk084sn02q';
let config;
before(async () => {
  config = await freshDatabase('typeid_drivers');
  await sql(config, `${typeIDDefineSQL('user')}; CREATE SCHEMA other; SET search_path = other;
    SELECT public.typeid_define('org', 'org_key'); SELECT public.typeid_define('', 'bare_id'); RESET search_path;
    CREATE TABLE users (id user_id PRIMARY KEY DEFAULT gen_user_id(), org other.org_key, friends user_id[], seen typeid[]);
    INSERT INTO users (org, friends, seen) SELECT other.gen_org_key(), ARRAY[gen_user_id(), NULL, gen_user_id()],
      ARRAY[gen_user_id()::typeid, other.gen_org_key()::typeid] FROM generate_series(1, 3)`);
});

const QUERY = `SELECT id, org, friends, seen, ARRAY[org] AS orgs, ARRAY[other.gen_bare_id()] AS bare,
  ARRAY[]::user_id[] AS empty, NULL::user_id[] AS none FROM users ORDER BY id LIMIT 1`;
function checkRow(row) {
  assert.ok(isTypeID(row.id, 'user') && isTypeID(row.org, 'org'));
  assert.equal(row.friends.length, 3);
  assert.ok(isTypeID(row.friends[0], 'user') && row.friends[1] === null);
  assert.ok(isTypeID(row.seen[0], 'user') && isTypeID(row.seen[1], 'org'));
  assert.ok(isTypeID(row.orgs[0], 'org') && isTypeID(row.bare[0], ''));
  assert.deepEqual(row.empty, []);
  assert.equal(row.none, null);
}

test('node-postgres without registerTypes: user_id[] is the string "{…}"', async () => {
  const client = new pg.Client(config);
  await client.connect();
  const { rows: [row] } = await client.query('SELECT friends FROM users LIMIT 1');
  assert.equal(typeof row.friends, 'string');
  await client.end();
});

test('node-postgres Client: per-prefix types, typeid and their arrays; the OIDs with names and prefixes', async () => {
  const client = new pg.Client(config);
  await client.connect();
  const oids = await registerTypes(client);
  const byName = Object.fromEntries(oids.typeids.map((t) => [t.name, t]));
  assert.deepEqual(Object.keys(byName).sort(), ['other.bare_id', 'other.org_key', 'typeid', 'user_id']);
  assert.equal(byName.user_id.prefix, 'user');
  assert.equal(byName['other.org_key'].prefix, 'org');
  assert.equal(byName['other.bare_id'].prefix, '');
  assert.equal(byName.typeid.prefix, null);
  const { rows: [types] } = await client.query("SELECT 'user_id'::regtype::oid::int AS t, 'user_id[]'::regtype::oid::int AS a");
  assert.deepEqual([byName.user_id.oid, byName.user_id.arrayOid], [types.t, types.a]);
  checkRow((await client.query(QUERY)).rows[0]);
  // Arrays as parameters: strings in, the same strings out.
  const { rows: [given] } = await client.query('SELECT $1::user_id[] AS ids', [[USER, null]]);
  assert.deepEqual(given.ids, [USER, null]);
  await client.end();
});

test('postgres.js: the same rows, arrays with NULL as null', async () => {
  const db = postgres({ ...config, username: config.user, max: 2, onnotice: () => {} });
  await registerPostgres(db);
  checkRow((await db.unsafe(QUERY))[0]);
  const [given] = await db`SELECT ${db.array([USER, USER])}::user_id[] AS ids`;
  assert.deepEqual(given.ids, [USER, USER]);
  await db.end();
});

test('a type defined after registration: its array is text until registerTypes runs again (Client, Pool, postgres.js)', async () => {
  const client = new pg.Client(config);
  await client.connect();
  await registerTypes(client);
  const pool = new pg.Pool({ ...config, max: 2 });
  await registerTypes(pool);
  const held = await Promise.all([pool.connect(), pool.connect()]); // two clients open before the new type
  held.forEach((c) => c.release());
  const db = postgres({ ...config, username: config.user, max: 1, onnotice: () => {} });
  await registerPostgres(db);

  await client.query(typeIDDefineSQL('pet'));
  const petArray = 'SELECT ARRAY[gen_pet_id(), gen_pet_id()] AS pets';
  assert.equal(typeof (await client.query(petArray)).rows[0].pets, 'string');
  assert.equal(typeof (await pool.query(petArray)).rows[0].pets, 'string');
  assert.equal(typeof (await db.unsafe(petArray))[0].pets, 'string');

  await registerTypes(client);
  await registerTypes(pool);
  await registerPostgres(db);
  assert.ok(isTypeID((await client.query(petArray)).rows[0].pets[1], 'pet'));
  const again = await Promise.all([pool.connect(), pool.connect()]);
  for (const c of again) assert.ok(isTypeID((await c.query(petArray)).rows[0].pets[0], 'pet'));
  again.forEach((c) => c.release());
  assert.equal(pool.totalCount, 2, 'the clients opened before the new type, not new ones');
  assert.ok(isTypeID((await db.unsafe(petArray))[0].pets[0], 'pet'));
  await client.end();
  await pool.end();
  await db.end();
});

test('keys as parameters: TypeID or UUID text into per-prefix columns; a wrong prefix is 22P02 naming the type', async () => {
  const client = new pg.Client(config);
  await client.connect();
  await registerTypes(client);
  const { rows: [row] } = await client.query('INSERT INTO users (id, org) VALUES ($1, $2) RETURNING id, org',
    [USER, 'org_01h455vb4pex5vsknk084sn02r']);
  assert.deepEqual(row, { id: USER, org: 'org_01h455vb4pex5vsknk084sn02r' });
  assert.equal((await client.query('SELECT count(*)::int AS n FROM users WHERE id = ANY($1)', [[USER]])).rows[0].n, 1);
  // The UUID text of a key reads into a per-prefix column too (one binding for uuid and per-prefix columns).
  assert.equal((await client.query('SELECT id FROM users WHERE id = $1', [typeIDToUUID(USER)])).rows[0].id, USER);
  await assert.rejects(client.query('SELECT 1 FROM users WHERE id = $1', ['org_01h455vb4pex5vsknk084sn02r']),
    { code: '22P02', message: 'invalid input syntax for type user_id: "org_01h455vb4pex5vsknk084sn02r"' });
  await client.end();
});
