// Parsing 100 000 ulid values against the same values as uuid, in one run (a benchmark, not a
// test). Needs a server with uidext: PGHOST/PGPORT/PGUSER/PGDATABASE. Usage: node bench/parse.js
// Figures are medians of 7 rounds; ratios are ulid / uuid measured here.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import postgres from 'postgres';
import { uuidToULID } from 'uidext';
import { registerTypes } from 'uidext/pg';
import { registerTypes as registerPostgres } from 'uidext/postgres';

const N = 100_000;
const ROUNDS = 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(f) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    await f();
    runs.push(performance.now() - start);
  }
  return median(runs);
}
function report(label, ulid, uuid) {
  console.log(`${label.padEnd(58)} ulid ${ulid.toFixed(1).padStart(7)} ms   uuid ${uuid.toFixed(1).padStart(7)} ms   ratio ${(ulid / uuid).toFixed(2)}`);
}

const client = new pg.Client();
await client.connect();
const oids = await registerTypes(client);
await client.query(`CREATE TEMP TABLE bench AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, ${N})) s`);
const { rows: [texts] } = await client.query('SELECT array_agg(id)::text AS ulids, array_agg(u)::text AS uuids FROM bench');
const ulidArray = client.getTypeParser(oids.ulidArray, 'text');
const uuidArray = client.getTypeParser(2951, 'text');
console.log(`node ${process.version}, pg ${pg.Client.prototype.constructor.name && (await import('pg/package.json', { with: { type: 'json' } })).default.version}, ${N} values, median of ${ROUNDS}`);
report('node-postgres: ulid[] text parsed (parser only)', await time(() => ulidArray(texts.ulids)), await time(() => uuidArray(texts.uuids)));
report('node-postgres: SELECT 100 000 rows, one key column', await time(() => client.query('SELECT id FROM bench')), await time(() => client.query('SELECT u FROM bench')));
report('node-postgres: SELECT one array of 100 000 keys', await time(() => client.query('SELECT array_agg(id) FROM bench')), await time(() => client.query('SELECT array_agg(u) FROM bench')));
const { rows: uuidRows } = await client.query('SELECT u FROM bench');
report('uuid column shown as ULID (uuidToULID) vs left as is', await time(() => uuidRows.map((r) => uuidToULID(r.u))), await time(() => uuidRows.map((r) => r.u)));
await client.end();

const sql = postgres({ max: 1 });
await registerPostgres(sql);
await sql`CREATE TEMP TABLE bench AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, ${N})) s`;
report('postgres.js: SELECT 100 000 rows, one key column', await time(() => sql`SELECT id FROM bench`), await time(() => sql`SELECT u FROM bench`));
report('postgres.js: SELECT one array of 100 000 keys', await time(() => sql`SELECT array_agg(id) FROM bench`), await time(() => sql`SELECT array_agg(u) FROM bench`));
await sql.end();
