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

// Foreign keys from a uuid column to a ulid key whose column leads no uuid_ulid_ops index: each
// delete of a parent would scan the child (doc/reference.md, "Foreign keys between ulid and uuid").
export async function uuidToUlidKeysWithoutIndex(config) {
  return sql(config, `SELECT c.conrelid::regclass::text AS child, a.attname AS column
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute p ON p.attrelid = c.confrelid AND p.attnum = c.confkey[1]
   WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
     AND a.atttypid = 'uuid'::regtype AND format_type(p.atttypid, NULL) = 'ulid'
     AND NOT EXISTS (SELECT FROM pg_index i JOIN pg_opclass o ON o.oid = i.indclass[0]
                      WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1] AND o.opcname = 'uuid_ulid_ops')
   ORDER BY 1, 2`);
}

export async function uuidToUlidKeys(config) {
  return sql(config, `SELECT c.conrelid::regclass::text AS child, a.attname AS column
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute p ON p.attrelid = c.confrelid AND p.attnum = c.confkey[1]
   WHERE c.contype = 'f' AND a.atttypid = 'uuid'::regtype AND format_type(p.atttypid, NULL) = 'ulid'`);
}

// The plans of the statements a parent's DELETE runs, foreign key checks and cascades included
// (auto_explain's nested statements, as notices), with sequential scans disabled so that an index
// the checks can use shows on small tables. Rolled back; a foreign key violation is not an error here.
export async function plansOfDelete(config, text, values) {
  const client = new pg.Client(config);
  const plans = [];
  client.on('notice', (notice) => plans.push(notice.message));
  await client.connect();
  try {
    await client.query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0;
      SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = notice; SET enable_seqscan = off; SET jit = off`);
    await client.query('BEGIN');
    // A restricting foreign key refuses the delete after its check ran (and was logged).
    await client.query(text, values).catch((error) => { if (error.code !== '23503') throw error; });
    await client.query('ROLLBACK');
  } finally {
    await client.end();
  }
  return plans;
}

// The uuid -> ulid foreign key child.column has a uuid_ulid_ops index, and deleting a parent
// (deleteText, one value) checks or cascades into the child through it.
export async function checkUuidToUlidIndexUsed(config, { child, column, deleteText, value }) {
  const keys = await uuidToUlidKeys(config);
  assert.ok(keys.some((k) => k.child === child && k.column === column), `${child}.${column} is a uuid -> ulid foreign key`);
  assert.deepEqual(await uuidToUlidKeysWithoutIndex(config), [], 'every uuid -> ulid foreign key has a uuid_ulid_ops index');
  const plans = await plansOfDelete(config, deleteText, [value]);
  const childPlans = plans.filter((p) => p.includes(`"${child}"`) && p.includes(`"${column}"`));
  assert.ok(childPlans.length > 0, `the delete touched ${child}:\n${plans.join('\n')}`);
  for (const plan of childPlans) assert.match(plan, /Index (Only )?Scan|Bitmap Index Scan/, plan);
}

// Whether the server has opaque id keys (uidext preloaded, uidext.opaque_key_file set).
export async function opaqueKeysConfigured(config) {
  const [row] = await sql(config, "SELECT coalesce(current_setting('uidext.opaque_key_file', true), '') <> '' AS configured");
  return row.configured;
}
