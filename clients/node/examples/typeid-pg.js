import assert from 'node:assert/strict';
import pg from 'pg';
import { isTypeID, typeIDDefineSQL, typeIDToUUID } from 'uidext';
import { registerTypes } from 'uidext/pg';

const pool = new pg.Pool();
await pool.query(`CREATE EXTENSION IF NOT EXISTS uidext; ${typeIDDefineSQL('org')}; ${typeIDDefineSQL('user')};
  CREATE TABLE orgs (id org_id PRIMARY KEY DEFAULT gen_org_id(), name text);
  CREATE TABLE users (id user_id PRIMARY KEY DEFAULT gen_user_id(), org_id org_id NOT NULL REFERENCES orgs ON DELETE CASCADE)`);
await registerTypes(pool); // after typeid_define: finds org_id and user_id (else call it again)

const { rows: [org] } = await pool.query("INSERT INTO orgs (name) VALUES ('acme') RETURNING id");
assert.ok(isTypeID(org.id, 'org')); // 'org_01…': TypeID text both ways
await pool.query('INSERT INTO users (org_id) SELECT $1 FROM generate_series(1, 3)', [org.id]);

// user_id[] arrives as an array of strings.
const { rows: [all] } = await pool.query('SELECT array_agg(id) AS ids FROM users WHERE org_id = $1', [org.id]);
assert.equal(all.ids.length, 3);
// The UUID text of a key reads into a per-prefix column too.
const { rows: byUUID } = await pool.query('SELECT id FROM users WHERE id = $1', [typeIDToUUID(all.ids[0])]);
assert.equal(byUUID[0].id, all.ids[0]);
await pool.end();
