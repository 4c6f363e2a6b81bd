// What every ORM test checks in the database itself, with plain SQL through node-postgres.
import assert from 'node:assert/strict';
import pg from 'pg';

export const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
export const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export async function sql(config, text, values = []) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

// Column types, defaults and foreign keys, as the catalog has them.
export async function describeTable(config, table) {
  const columns = await sql(config, `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
      pg_get_expr(d.adbin, d.adrelid) AS "default"
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`, [table]);
  const foreignKeys = await sql(config, `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY 1`, [table]);
  return { columns: Object.fromEntries(columns.map((c) => [c.name, c])), foreignKeys: foreignKeys.map((f) => f.def) };
}

// The shape all ORM tests build: orders (a), lines (c: ulid -> ulid), events (b, d: uuid -> ulid).
export async function checkSchema(config, { orders, lines, events, orderKey = 'order_id' }) {
  const o = await describeTable(config, orders);
  assert.equal(o.columns.id.type, 'ulid');
  assert.match(o.columns.id.default, /^gen_ulid\(\)$/);
  const l = await describeTable(config, lines);
  assert.equal(l.columns.id.type, 'ulid');
  assert.equal(l.columns[orderKey].type, 'ulid');
  assert.ok(l.foreignKeys.some((d) => d.includes(`REFERENCES ${orders}(id)`) && d.includes('ON DELETE CASCADE')), l.foreignKeys.join());
  const e = await describeTable(config, events);
  assert.equal(e.columns.id.type, 'uuid');
  assert.match(e.columns.id.default, /^gen_uuidv7\(\)$/);
  assert.equal(e.columns[orderKey].type, 'uuid');
  assert.ok(e.foreignKeys.some((d) => d.includes(`REFERENCES ${orders}(id)`)), e.foreignKeys.join());
}

export async function count(config, table, where = 'true', values = []) {
  return Number((await sql(config, `SELECT count(*) AS n FROM ${table} WHERE ${where}`, values))[0].n);
}
