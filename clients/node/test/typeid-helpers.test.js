// The TypeID helpers of 'uidext' agree with the server: the spec 0.3 vectors of the server's own
// regression suite (sql/typeid.sql, read from the file), and mutations of them, go through the
// helpers and through typeid_parse / typeid_format / typeid_is_valid and the typeid input.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import {
  formatTypeID, generateTypeID, isTypeID, parseTypeID, typeIDDefineSQL, typeIDDropSQL, typeIDTime, typeIDToUUID, uuidToTypeID,
} from 'uidext';
import { sql } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const suite = readFileSync(new URL('../../../sql/typeid.sql', import.meta.url), 'utf8');
function rowsOf(table) {
  const block = suite.match(new RegExp(`INSERT INTO ${table} VALUES\\n([\\s\\S]*?);\\n`))[1];
  return [...block.matchAll(/\(((?:'[^']*'(?:,\s*)?)+)\)/g)].map((m) => [...m[1].matchAll(/'([^']*)'/g)].map((v) => v[1]));
}
const valid = rowsOf('valid_vectors').map(([name, typeid, prefix, uuid]) => ({ name, typeid, prefix, uuid }));
const invalid = rowsOf('invalid_vectors').map(([name, typeid]) => ({ name, typeid }));

let config;
before(async () => {
  config = await freshDatabase('typeid_helpers');
});

test('the vectors were read from sql/typeid.sql', () => {
  assert.equal(valid.length, 10); // the spec's 9 and a 63-character prefix
  assert.equal(invalid.length, 21);
  assert.ok(valid.some((v) => v.typeid.length === 90));
});

test('valid vectors: helpers and server give the same parts, text and validity', async () => {
  const server = await sql(config, `SELECT v, (typeid_parse(v)).prefix, (typeid_parse(v)).id::text AS uuid,
      typeid_is_valid(v) AS valid, typeid_format((typeid_parse(v)).prefix, (typeid_parse(v)).id) AS formatted,
      typeid_uuid(v::typeid)::text AS bytes
    FROM unnest($1::text[]) v`, [valid.map((v) => v.typeid)]);
  for (const [i, vector] of valid.entries()) {
    const row = server[i];
    assert.deepEqual(parseTypeID(vector.typeid), { prefix: row.prefix, uuid: row.uuid }, vector.name);
    assert.deepEqual(parseTypeID(vector.typeid), { prefix: vector.prefix, uuid: vector.uuid }, vector.name);
    assert.equal(isTypeID(vector.typeid), row.valid);
    assert.equal(isTypeID(vector.typeid, vector.prefix), true);
    assert.equal(isTypeID(vector.typeid, 'other'), false);
    assert.equal(uuidToTypeID(vector.prefix, vector.uuid), row.formatted);
    assert.equal(formatTypeID(parseTypeID(vector.typeid)), vector.typeid);
    assert.equal(typeIDToUUID(vector.typeid), row.bytes);
  }
});

test('invalid vectors: helpers and server both refuse (TypeError, 22P02)', async () => {
  const server = await sql(config, 'SELECT v, typeid_is_valid(v) AS valid FROM unnest($1::text[]) v', [invalid.map((v) => v.typeid)]);
  for (const [i, vector] of invalid.entries()) {
    assert.equal(server[i].valid, false, vector.name);
    assert.equal(isTypeID(vector.typeid), false, vector.name);
    assert.throws(() => parseTypeID(vector.typeid), { name: 'TypeError', message: `invalid input syntax for type typeid: ${JSON.stringify(vector.typeid)}` });
    await assert.rejects(sql(config, 'SELECT typeid_parse($1)', [vector.typeid]), { code: '22P02' }, vector.name);
  }
});

test('mutations of the vectors: isTypeID agrees with typeid_is_valid on every one', async () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-. é';
  const texts = [];
  let seed = 7;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (const { typeid } of [...valid, ...invalid]) {
    for (let k = 0; k < 40; k += 1) {
      const at = random(typeid.length + 1);
      const char = alphabet[random(alphabet.length)];
      const kind = random(3);
      texts.push(kind === 0 ? typeid.slice(0, at) + char + typeid.slice(at + 1)
        : kind === 1 ? typeid.slice(0, at) + char + typeid.slice(at) : typeid.slice(0, at) + typeid.slice(at + 1));
    }
  }
  const server = await sql(config, 'SELECT typeid_is_valid(v) AS valid FROM unnest($1::text[]) v', [texts]);
  const disagree = texts.filter((text, i) => isTypeID(text) !== server[i].valid);
  assert.deepEqual(disagree, []);
  assert.ok(server.some((r) => r.valid) && server.some((r) => !r.valid));
});

test('formatting: a prefix the spec refuses is a TypeError here and 22023 on the server', async () => {
  for (const prefix of ['Prefix', '_x', 'x_', '1x', 'a'.repeat(64)]) {
    assert.throws(() => uuidToTypeID(prefix, '01890a5d-ac96-774b-bcce-b302099a8057'), { name: 'TypeError' });
    await assert.rejects(sql(config, 'SELECT typeid_format($1, $2)', [prefix, '01890a5d-ac96-774b-bcce-b302099a8057']), { code: '22023' });
  }
  assert.equal(uuidToTypeID('user', '{01890A5D-AC96-774B-BCCE-B302099A8057}'), 'user_01h455vb4pex5vsknk084sn02q');
  assert.throws(() => uuidToTypeID('user', '01H455VB4PEX5VSKNK084SN02Q'), { name: 'TypeError' });
});

test('generateTypeID: the server reads it with its prefix, a UUIDv7 whose time typeIDTime gives', async () => {
  const ids = Array.from({ length: 50 }, () => generateTypeID('user'));
  assert.equal(new Set(ids).size, 50);
  const rows = await sql(config, `SELECT (typeid_parse(v)).prefix, substr((typeid_parse(v)).id::text, 15, 1) AS version,
      substr((typeid_parse(v)).id::text, 20, 1) AS variant, ulid_extract_timestamp(typeid_ulid(v::typeid)) AS time
    FROM unnest($1::text[]) v`, [ids]);
  for (const [i, row] of rows.entries()) {
    assert.equal(row.prefix, 'user');
    assert.equal(row.version, '7');
    assert.match(row.variant, /^[89ab]$/);
    assert.equal(typeIDTime(ids[i]).getTime(), row.time.getTime());
    assert.ok(Math.abs(row.time.getTime() - Date.now()) < 60_000);
  }
  assert.ok(isTypeID(generateTypeID(), ''));
  assert.throws(() => generateTypeID('User'), { name: 'TypeError' });
});

test('typeIDDefineSQL / typeIDDropSQL: define once (a rerun does nothing), then drop', async () => {
  await sql(config, typeIDDefineSQL('pet'));
  await sql(config, typeIDDefineSQL('pet'));
  await sql(config, typeIDDefineSQL('its', 'o\'dd "name"')); // both quotes in a type name
  const [row] = await sql(config, `SELECT 'pet_01h455vb4pex5vsknk084sn02q'::pet_id::text AS pet, to_regtype('"o''dd ""name"""') IS NOT NULL AS odd`);
  assert.deepEqual(row, { pet: 'pet_01h455vb4pex5vsknk084sn02q', odd: true });
  await sql(config, typeIDDropSQL('pet_id'));
  await sql(config, typeIDDropSQL('o\'dd "name"'));
  const [gone] = await sql(config, `SELECT to_regtype('pet_id') IS NULL AND to_regtype('"o''dd ""name"""') IS NULL AS gone`);
  assert.equal(gone.gone, true);
  assert.throws(() => typeIDDefineSQL("it's"), { name: 'TypeError' }); // not a prefix the spec allows
  assert.throws(() => typeIDDefineSQL('x', 'n'.repeat(59)), { name: 'TypeError' });
});
