// A node-postgres application whose accounts key moves from bigserial to ulid under it
// (test/cluster/106_migrate_apps.sh). One pool, one connection kept across the swap, a named
// (prepared) statement and plain ones; prints one line per observation.
//   node migrate_app.js   (PG* variables; MIGRATE_CMD runs the migration)
const { execSync } = require('child_process');
const { Pool } = require('pg');

const pool = new Pool({ max: 1 });
const byName = { name: 'account_by_name', text: 'SELECT * FROM accounts WHERE name = $1' };

async function attempt(label, fn) {
  const client = await pool.connect();
  try {
    console.log(`${label}: ok ${await fn(client)}`);
  } catch (e) {
    console.log(`${label}: ${e.code} ${e.message}`);
  } finally {
    client.release();
  }
}

(async () => {
  const c = await pool.connect();
  await c.query(`CREATE TABLE accounts (id bigserial PRIMARY KEY, created_at timestamptz NOT NULL, name text NOT NULL UNIQUE);
                 CREATE TABLE orders (id bigserial PRIMARY KEY, account_id bigint NOT NULL REFERENCES accounts ON DELETE CASCADE, amount int NOT NULL);
                 INSERT INTO accounts (created_at, name) SELECT '2025-01-01'::timestamptz + g * interval '1 s', 'a' || g FROM generate_series(1, 200) g;
                 INSERT INTO orders (account_id, amount) SELECT id, 1 FROM accounts`);
  const before = (await c.query(byName, ['a5'])).rows[0];
  console.log(`before: prepared statement gives id ${JSON.stringify(before.id)}`);
  const pid = (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p;
  c.release();

  execSync(process.env.MIGRATE_CMD, { stdio: 'ignore' });

  await attempt('same connection', async (k) => (await k.query('SELECT pg_backend_pid() AS p')).rows[0].p === pid);
  await attempt('plain query', async (k) => JSON.stringify((await k.query('SELECT * FROM accounts WHERE name = $1', ['a5'])).rows[0].id));
  await attempt('prepared statement, 1st run', async (k) => JSON.stringify((await k.query(byName, ['a5'])).rows[0].id));
  await attempt('prepared statement, 2nd run', async (k) => JSON.stringify((await k.query(byName, ['a5'])).rows[0].id));
  await attempt('the same text under a new name', async (k) =>
    JSON.stringify((await k.query({ name: 'account_by_name_2', text: byName.text, values: ['a5'] })).rows[0].id));
  await attempt('old id read before, as a parameter', async (k) => (await k.query('SELECT name FROM accounts WHERE id = $1', [before.id])).rows[0].name);
  await attempt('old id through legacy_id', async (k) => (await k.query('SELECT name FROM accounts WHERE legacy_id = $1', [before.id])).rows[0].name);
  await attempt('insert a parent and a child with its new id', async (k) => {
    const id = (await k.query("INSERT INTO accounts (created_at, name) VALUES (now(), 'n1') RETURNING id")).rows[0].id;
    await k.query('INSERT INTO orders (account_id, amount) VALUES ($1, 2)', [id]);
    return (await k.query('SELECT count(*)::int AS n FROM orders WHERE account_id = $1', [id])).rows[0].n;
  });
  await attempt('prepared statement, 3rd run', async (k) => JSON.stringify((await k.query(byName, ['a5'])).rows[0].id));
  // Recovery: a connection thrown away (release(true)) takes its prepared statements with it;
  // the pool's next connection prepares the statement afresh.
  (await pool.connect()).release(true);
  await attempt('prepared statement on a new connection', async (k) =>
    `${(await k.query('SELECT pg_backend_pid() AS p')).rows[0].p !== pid} ${JSON.stringify((await k.query(byName, ['a5'])).rows[0].id)}`);
  await pool.end();
})().catch((e) => { console.log(`FAIL ${e.stack}`); process.exit(1); });
