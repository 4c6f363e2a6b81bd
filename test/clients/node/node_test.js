// node-postgres against uidext: inserts, text results, results of a { binary: true } query,
// ulid parameters as strings and as Buffers (binary), ordering.
// Usage: node node_test.js ROWS   (PG* environment variables)
// Prints one line per check ("ok ..." or "FAIL ...") and "node-text-md5=..." (md5 of the ids
// in ORDER BY id order, one per line) for the shell script to compare with psycopg's binary read.
const crypto = require('crypto');
const { Client } = require('pg');

let failed = 0;
function check(what, got, want) {
  const g = JSON.stringify(got);
  const w = JSON.stringify(want);
  if (g === w) {
    console.log(`ok   ${what}`);
  } else {
    failed += 1;
    console.log(`FAIL ${what}: got ${g.slice(0, 300)}, expected ${w.slice(0, 300)}`);
  }
}

async function main() {
  const rows = Number(process.argv[2]);
  const client = new Client();
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS node_items');
    await client.query(`CREATE TABLE node_items (id ulid PRIMARY KEY DEFAULT gen_ulid(),
                        mono ulid NOT NULL DEFAULT gen_monotonic_ulid(), n int NOT NULL)`);
    for (let i = 0; i < rows; i += 1) {
      await client.query({ name: 'ins', text: 'INSERT INTO node_items (n) VALUES ($1)', values: [i] });
    }
    const ret = await client.query('INSERT INTO node_items (n) VALUES ($1) RETURNING id', [rows]);
    const total = rows + 1;
    check('RETURNING id is a 26-character Crockford string', /^[0-9A-HJKMNP-TV-Z]{26}$/.test(ret.rows[0].id), true);

    const text = (await client.query('SELECT id, mono, n, id::uuid AS u FROM node_items ORDER BY id')).rows;
    check('rows read in text format', text.length, total);
    check('ulid values are strings', text.every((r) => typeof r.id === 'string' && r.id.length === 26), true);
    const ids = text.map((r) => r.id);
    check('ORDER BY id == sorted strings', ids, [...ids].sort());
    check('distinct ids', new Set(ids).size, total);
    const byMono = (await client.query('SELECT n FROM node_items ORDER BY mono')).rows.map((r) => r.n);
    check('ORDER BY mono (gen_monotonic_ulid default) == insertion order', byMono, [...Array(total).keys()]);

    // { binary: true }: read the ulid through text and uuid casts (text arrives intact).
    const bin = (await client.query({
      text: 'SELECT id::text AS t, id::uuid::text AS u, n FROM node_items ORDER BY id', binary: true,
    })).rows;
    check('binary-format query: id::text equals the text-format ids', bin.map((r) => r.t), ids);
    check('binary-format query: id::uuid::text equals the text-format uuids', bin.map((r) => r.u), text.map((r) => r.u));
    check('binary-format query: int column', bin.map((r) => r.n), text.map((r) => r.n));
    // Raw ulid columns in binary are decoded as UTF-8 by node-postgres (documented limitation).
    const raw = (await client.query({ text: 'SELECT id FROM node_items ORDER BY id', binary: true })).rows;
    const intact = raw.filter((r, i) => Buffer.from(text[i].u.replace(/-/g, ''), 'hex').equals(Buffer.from(r.id))).length;
    console.log(`info raw binary ulid values node-postgres left intact: ${intact} of ${total}`);

    // Parameters.
    const probe = text[Math.floor(total / 2)];
    const find = async (sql, value) => {
      const r = await client.query(`SELECT n FROM node_items WHERE id = ${sql}`, [value]);
      return r.rows.length ? r.rows[0].n : null;
    };
    check('string parameter', await find('$1', probe.id), probe.n);
    check('lower-case string parameter', await find('$1', probe.id.toLowerCase()), probe.n);
    check('UUID-text string parameter', await find('$1', probe.u), probe.n);
    check('Buffer parameter as $1::ulid (binary, 16 bytes)', await find('$1::ulid', Buffer.from(probe.u.replace(/-/g, ''), 'hex')), probe.n);
    let code = null;
    try { await find('$1', 'not-a-ulid'); } catch (err) { code = err.code; }
    check('invalid ulid text: error 22P02', code, '22P02');
    const range = await client.query('SELECT count(*)::int AS c FROM node_items WHERE id BETWEEN $1 AND $2', [ids[10], ids[19]]);
    check('range query with two string parameters', range.rows[0].c, 10);

    const md5 = crypto.createHash('md5').update(ids.join('\n')).digest('hex');
    console.log(`node-text-rows=${total} node-text-md5=${md5}`);
    console.log(`node-postgres: ${total} rows, ${failed} failed checks`);
  } finally {
    await client.end();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => { console.error(err); process.exit(1); });
