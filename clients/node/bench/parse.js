// Parsing 100 000 ulid values, and 100 000 TypeID values of a per-prefix type, against the same
// values as uuid, in one run (a benchmark, not a test). Needs a server with uidext:
// PGHOST/PGPORT/PGUSER/PGDATABASE; the TypeID type (uidext_bench_user_id, prefix "user") is made
// and dropped here. Usage: node bench/parse.js
// The rounds of the two types alternate (the machine's load hits both alike); figures are medians
// of 9 rounds each, ratios ulid / uuid and typeid / uuid measured in this run.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import postgres from 'postgres';
import { typeIDDefineSQL, typeIDDropSQL, uuidToULID } from 'uidext';
import { registerTypes } from 'uidext/pg';
import { registerTypes as registerPostgres } from 'uidext/postgres';

const N = 100_000;
const ROUNDS = 9;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function elapsed(f) {
  const start = performance.now();
  await f();
  return performance.now() - start;
}
async function report(label, ulidRound, uuidRound, name = 'ulid') {
  const ulidRuns = [];
  const uuidRuns = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    ulidRuns.push(await elapsed(ulidRound));
    uuidRuns.push(await elapsed(uuidRound));
  }
  const ulid = median(ulidRuns);
  const uuid = median(uuidRuns);
  console.log(`${label.padEnd(58)} ${name.padEnd(6)} ${ulid.toFixed(1).padStart(7)} ms   uuid ${uuid.toFixed(1).padStart(7)} ms   ratio ${(ulid / uuid).toFixed(2)}`);
}

const client = new pg.Client();
await client.connect();
await client.query(typeIDDefineSQL('user', 'uidext_bench_user_id'));
const oids = await registerTypes(client); // after typeid_define: the TypeID type is registered too
await client.query(`CREATE TEMP TABLE bench AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, ${N})) s`);
const { rows: [texts] } = await client.query('SELECT array_agg(id)::text AS ulids, array_agg(u)::text AS uuids FROM bench');
const ulidArray = client.getTypeParser(oids.ulidArray, 'text');
const uuidArray = client.getTypeParser(2951, 'text');
// Read from node_modules directly: postgres's exports map hides its package.json.
const version = (name) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url))).version;
console.log(`node ${process.version}, pg ${version('pg')}, postgres ${version('postgres')}, ${N} values, median of ${ROUNDS}`);
await report('node-postgres: ulid[] text parsed (parser only)', () => ulidArray(texts.ulids), () => uuidArray(texts.uuids));
await report('node-postgres: SELECT 100 000 rows, one key column', () => client.query('SELECT id FROM bench'), () => client.query('SELECT u FROM bench'));
await report('node-postgres: SELECT one array of 100 000 keys', () => client.query('SELECT array_agg(id) FROM bench'), () => client.query('SELECT array_agg(u) FROM bench'));
// TypeID: a per-prefix column (31 characters a value) against the same 16 bytes as uuid.
await client.query(`CREATE TEMP TABLE tbench AS SELECT id, id::uuid AS u FROM (SELECT gen_uidext_bench_user_id() AS id FROM generate_series(1, ${N})) s`);
const { rows: [ttexts] } = await client.query('SELECT array_agg(id)::text AS ids, array_agg(u)::text AS uuids FROM tbench');
const typeidArray = client.getTypeParser(oids.typeids.find((t) => t.prefix === 'user').arrayOid, 'text');
await report('node-postgres: user_id[] text parsed (parser only)', () => typeidArray(ttexts.ids), () => uuidArray(ttexts.uuids), 'typeid');
await report('node-postgres: SELECT 100 000 rows, one key column', () => client.query('SELECT id FROM tbench'), () => client.query('SELECT u FROM tbench'), 'typeid');
await report('node-postgres: SELECT one array of 100 000 keys', () => client.query('SELECT array_agg(id) FROM tbench'), () => client.query('SELECT array_agg(u) FROM tbench'), 'typeid');
const { rows: uuidRows } = await client.query('SELECT u FROM bench');
await report('uuid column shown as ULID (uuidToULID) vs left as is', () => uuidRows.map((r) => uuidToULID(r.u)), () => uuidRows.map((r) => r.u));
await client.end();

const sql = postgres({ max: 1 });
await registerPostgres(sql);
await sql`CREATE TEMP TABLE bench AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, ${N})) s`;
await report('postgres.js: SELECT 100 000 rows, one key column', () => sql`SELECT id FROM bench`, () => sql`SELECT u FROM bench`);
await report('postgres.js: SELECT one array of 100 000 keys', () => sql`SELECT array_agg(id) FROM bench`, () => sql`SELECT array_agg(u) FROM bench`);
await sql`CREATE TEMP TABLE tbench AS SELECT id, id::uuid AS u FROM (SELECT gen_uidext_bench_user_id() AS id FROM generate_series(1, ${N})) s`;
await report('postgres.js: SELECT 100 000 rows, one key column', () => sql`SELECT id FROM tbench`, () => sql`SELECT u FROM tbench`, 'typeid');
await report('postgres.js: SELECT one array of 100 000 keys', () => sql`SELECT array_agg(id) FROM tbench`, () => sql`SELECT array_agg(u) FROM tbench`, 'typeid');
await sql`DROP TABLE tbench`;
await sql.end();
const dropper = new pg.Client();
await dropper.connect();
await dropper.query(typeIDDropSQL('uidext_bench_user_id'));
await dropper.end();
