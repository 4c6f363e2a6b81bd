// What the uuid_ulid_ops index on a uuid -> ulid foreign key saves (a benchmark, not a test):
// deleting 20 parents of 200 000 children (10 000 parents, 20 children each, ON DELETE CASCADE),
// with no index on the child column, with core's uuid index, and with uuid_ulid_ops. Needs a
// server with uidext: PGHOST/PGPORT/PGUSER/PGDATABASE. Usage: node bench/fk-delete.js
// Each round deletes in a transaction that is rolled back; the three layouts take turns (the
// machine's load hits them alike); figures are medians of 7 rounds, server time (EXPLAIN ANALYZE's
// total, foreign key triggers included).
import pg from 'pg';

const ROUNDS = 7;
const PARENTS = 10_000;
const CHILDREN_EACH = 20;
const DELETED = 20;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const client = new pg.Client();
await client.connect();
await client.query(`DROP TABLE IF EXISTS bench_children, bench_parents;
  CREATE TABLE bench_parents (id ulid PRIMARY KEY DEFAULT gen_ulid());
  CREATE TABLE bench_children (parent_id uuid NOT NULL REFERENCES bench_parents ON DELETE CASCADE, n int);
  INSERT INTO bench_parents SELECT FROM generate_series(1, ${PARENTS});
  INSERT INTO bench_children SELECT id::uuid, n FROM bench_parents, generate_series(1, ${CHILDREN_EACH}) n;
  ANALYZE bench_parents, bench_children`);
const { rows } = await client.query(`SELECT id FROM bench_parents ORDER BY random() LIMIT ${DELETED}`);
const victims = rows.map((r) => r.id);

const layouts = {
  'no index on the child column': 'SELECT 1',
  "core's uuid index (uuid_ops)": 'CREATE INDEX bench_children_parent ON bench_children (parent_id)',
  'uuid_ulid_ops index': 'CREATE INDEX bench_children_parent ON bench_children (parent_id uuid_ulid_ops)',
};
const times = Object.fromEntries(Object.keys(layouts).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, ddl] of Object.entries(layouts)) {
    await client.query('BEGIN');
    await client.query(ddl);
    const { rows: plan } = await client.query('EXPLAIN (ANALYZE, FORMAT JSON) DELETE FROM bench_parents WHERE id = ANY($1::ulid[])', [victims]);
    await client.query('ROLLBACK');
    const [{ 'Execution Time': ms }] = plan[0]['QUERY PLAN'];
    times[name].push(ms);
  }
}
console.log(`deleting ${DELETED} of ${PARENTS} parents, ${PARENTS * CHILDREN_EACH} children (uuid -> ulid, ON DELETE CASCADE), median of ${ROUNDS}:`);
for (const [name, list] of Object.entries(times)) {
  console.log(`  ${name.padEnd(32)} ${median(list).toFixed(1).padStart(8)} ms   (${Math.min(...list).toFixed(1)} .. ${Math.max(...list).toFixed(1)})`);
}
await client.query('DROP TABLE bench_children, bench_parents');
await client.end();
