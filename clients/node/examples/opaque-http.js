import assert from 'node:assert/strict';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool();
await pool.query(`CREATE EXTENSION IF NOT EXISTS uidext;
  CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text)`);
const { rows: [created] } = await pool.query("INSERT INTO orders (item) VALUES ('book') RETURNING opaque_encode(id) AS public_id");

/**
 * GET /orders/:publicId, an Express-style handler: in Express, app.get('/orders/:publicId', showOrder).
 * Every id that names no order is a 404: text that is no opaque id (the server's 22P02, caught),
 * a forged id and one made under a key since removed from the key file (no candidate matches).
 * @param {{ params: { publicId: string } }} req
 * @param {{ status(code: number): { json(body: object): void }, json(body: object): void }} res
 */
async function showOrder(req, res) {
  /** @type {{ item: string }[]} */
  let rows = [];
  try {
    ({ rows } = await pool.query('SELECT item FROM orders WHERE id = ANY(opaque_candidates($1))', [req.params.publicId]));
  } catch (err) {
    if (/** @type {{ code?: string }} */ (err).code !== '22P02') throw err; // not an id; anything else is a 500
  }
  if (rows.length === 0) return res.status(404).json({ error: 'no such order' });
  return res.json({ id: req.params.publicId, item: rows[0].item }); // the public id, never the key
}

// node:http stands in for Express here: req.params, res.status(code).json(body) and res.json(body).
const server = http.createServer((req, res) => {
  const reply = (/** @type {number} */ code) => ({
    json: (/** @type {object} */ body) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
  });
  const publicId = decodeURIComponent((req.url ?? '').replace(/^\/orders\//, ''));
  showOrder({ params: { publicId } }, { status: reply, json: reply(200).json }).catch(() => reply(500).json({ error: 'internal error' }));
});
await new Promise((resolve) => { server.listen(0, '127.0.0.1', () => resolve(undefined)); });
const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
const get = (/** @type {string} */ id) => fetch(`http://127.0.0.1:${port}/orders/${encodeURIComponent(id)}`);

const found = await get(created.public_id);
assert.equal(found.status, 200);
assert.deepEqual(await found.json(), { id: created.public_id, item: 'book' });
for (const id of [
  'not-an-id', // garbage: 22P02
  '00000000-0000-4000-8000-000000000000', // forged: no key of the file made it
  '5QFBCET7XJSG5NCX6TR0870C25', // retired: made under a key no longer in the file
]) {
  assert.equal((await get(id)).status, 404, id);
}
server.close();
await pool.end();
