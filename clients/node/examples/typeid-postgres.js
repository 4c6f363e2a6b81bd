import assert from 'node:assert/strict';
import postgres from 'postgres';
import { isTypeID, typeIDDefineSQL } from 'uidext';
import { registerTypes } from 'uidext/postgres';

const sql = postgres({ onnotice: () => {} });
await sql`CREATE EXTENSION IF NOT EXISTS uidext`; // first: typeid_define is the extension's
await sql.unsafe(typeIDDefineSQL('user'));
await registerTypes(sql); // after typeid_define: finds user_id (else call it again)

await sql`CREATE TABLE users (id user_id PRIMARY KEY DEFAULT gen_user_id(), friends user_id[])`;
const [ada] = await sql`INSERT INTO users DEFAULT VALUES RETURNING id`;
const [bob] = await sql`INSERT INTO users (friends) VALUES (${sql.array([ada.id])}::user_id[]) RETURNING id, friends`;
assert.ok(isTypeID(bob.id, 'user'));
assert.deepEqual(bob.friends, [ada.id]); // user_id[] as an array of strings
await sql.end();
