// A fresh database per test file on the test server (see run.js), with uidext created in it.
import pg from 'pg';

export async function freshDatabase(name, { extension = true } = {}) {
  const database = `uidext_node_${name}`;
  const admin = new pg.Client();
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ database });
  await client.connect();
  try {
    if (extension) await client.query('CREATE EXTENSION IF NOT EXISTS uidext');
  } finally {
    await client.end();
  }
  return {
    database,
    host: process.env.PGHOST,
    port: Number(process.env.PGPORT || 5432),
    user: process.env.PGUSER || process.env.USER,
    password: process.env.PGPASSWORD,
  };
}
