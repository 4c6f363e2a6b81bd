// node-postgres (npm install pg)
const { Client } = require('pg');

async function main() {
  const client = new Client(); // connection settings from the PG* environment variables
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS uidext');
    await client.query(
      'CREATE TABLE IF NOT EXISTS orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), item text NOT NULL)');

    // A ulid arrives as a string: its 26 Crockford base32 characters.
    const inserted = await client.query('INSERT INTO orders (item) VALUES ($1) RETURNING id', ['book']);
    const orderId = inserted.rows[0].id;
    console.log('new order:', orderId);

    // Pass a ulid as a string parameter; cast to uuid for its UUID form.
    const found = await client.query(
      'SELECT item, id::uuid AS uuid, ulid_extract_timestamp(id) AS created FROM orders WHERE id = $1',
      [orderId]);
    const { item, uuid, created } = found.rows[0];
    console.log('item:', item, 'as uuid:', uuid, 'created:', created.toISOString());

    // A Buffer parameter is sent in binary: the 16 raw bytes.
    const bytes = Buffer.from(uuid.replace(/-/g, ''), 'hex');
    const same = await client.query('SELECT id FROM orders WHERE id = $1::ulid', [bytes]);
    console.log('found by bytes:', same.rows[0].id === orderId);

    // Do not request ulid columns with { binary: true }: node-postgres decodes binary
    // values it has no parser for as UTF-8 text, which corrupts the bytes.
  } finally {
    await client.end();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
