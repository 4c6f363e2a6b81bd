// The string helpers against the real server: isULID agrees with ulid_in on a generated corpus,
// conversions agree with the casts, times with ulid_extract_timestamp.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import {
  generateULID, isULID, isUUID, normalizeULID, ulidMaxFor, ulidMinFor, ulidTime, ulidToUUID, uuidToULID,
} from 'uidext';
import { freshDatabase } from './lib/db.js';

let client;
before(async () => {
  client = new pg.Client(await freshDatabase('core'));
  await client.connect();
  await client.query(`CREATE FUNCTION accepts(s text, type regtype) RETURNS bool LANGUAGE plpgsql AS $$
    BEGIN EXECUTE format('SELECT %L::%s', s, type); RETURN true;
    EXCEPTION WHEN invalid_text_representation THEN RETURN false; END $$`);
});
after(() => client.end());

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HEXDIGITS = '0123456789abcdefABCDEF';
let seed = 23;
function random(n) { // deterministic, so a failure reproduces
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}
const pick = (s) => s[random(s.length)];
const repeat = (n, f) => Array.from({ length: n }, f);

function corpus() {
  const ulids = repeat(40, () => pick('01234567') + repeat(25, () => pick(CROCKFORD)).join(''));
  const hex32 = () => repeat(32, () => pick(HEXDIGITS)).join('');
  const hyphenated = (hex, every) => hex.replace(new RegExp(`(.{${every}})(?=.)`, 'g'), '$1-');
  const withHyphensAt = (hex, mask) => hex.match(/.{4}/g).map((g, i) => g + (i < 7 && (mask >> i) & 1 ? '-' : '')).join('');
  const uuids = repeat(20, () => hex32()).flatMap((h) => [
    hyphenated(h.slice(0, 8), 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20),
    h, `{${h}}`, withHyphensAt(h, random(128)), `{${withHyphensAt(h, random(128))}}`,
    hyphenated(h, 2), hyphenated(h, 8), `{${h}`, `${h}}`, `-${h}`, `${h}-`, h.replace(/^(.{4})/, '$1--'),
    ` ${h}`, `${h} `, h.slice(1), h + '0', `(${h})`, h.toUpperCase(),
  ]);
  const bad = [
    '', ' ', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
    '01ARZ3NDEKTSV4RRFFQ69G5FA', '01ARZ3NDEKTSV4RRFFQ69G5FAVV', '01ARZ3NDEKTSV4RRFFQ69G5FAI',
    '01ARZ3NDEKTSV4RRFFQ69G5FAL', '01ARZ3NDEKTSV4RRFFQ69G5FAO', '01ARZ3NDEKTSV4RRFFQ69G5FAU',
    '01arz3ndektsv4rrffq69g5fav', ' 01ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAV ',
    '01ARZ3NDEKTSV4RRFFQ69G5FAé', '01ARZ3NDEK-SV4RRFFQ69G5FAV', '{01ARZ3NDEKTSV4RRFFQ69G5FAV}',
    'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1é', 'a0eebc999c0b4ef8bb6d6bb9bd380a1g', '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff', 'a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11', 'a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11',
    'a0ee-bc99-9c0b-4ef8-bb6d6bb9bd380a11', '{a0eebc99-9c0b-4ef8bb6d6bb9bd380a11}', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
  ];
  // Mutations of valid values: one character replaced, removed or inserted.
  const mutants = [...ulids.slice(0, 15), ...uuids.slice(0, 30)].flatMap((s) => {
    const at = random(s.length);
    return [s.slice(0, at) + pick('-{}IiLOU8z ') + s.slice(at + 1), s.slice(0, at) + s.slice(at + 1),
      s.slice(0, at) + pick(CROCKFORD + '-') + s.slice(at)];
  });
  return [...new Set([...ulids, ...ulids.map((s) => s.toLowerCase()), ...uuids, ...bad, ...mutants])];
}

test('isULID and isUUID agree with the server on every string of the corpus', async () => {
  const strings = corpus();
  const { rows } = await client.query(
    'SELECT s, accepts(s, \'ulid\') AS ulid, accepts(s, \'uuid\') AS uuid FROM unnest($1::text[]) s', [strings]);
  assert.ok(rows.filter((r) => r.ulid).length > 100 && rows.filter((r) => !r.ulid).length > 100, 'both kinds in the corpus');
  for (const row of rows) {
    assert.equal(isULID(row.s), row.ulid, `isULID(${JSON.stringify(row.s)})`);
    assert.equal(isUUID(row.s), row.uuid, `isUUID(${JSON.stringify(row.s)})`);
  }
});

test('non-strings and NUL are never keys', () => {
  for (const value of [null, undefined, 1, {}, Buffer.alloc(16), '01ARZ3NDEKTSV4RRFFQ69G5FA\0']) {
    assert.equal(isULID(value), false);
  }
});

test('ulidToUUID, uuidToULID and normalizeULID agree with the casts', async () => {
  const valid = corpus().filter(isULID);
  const { rows } = await client.query('SELECT s, s::ulid::text AS ulid, s::ulid::uuid::text AS uuid FROM unnest($1::text[]) s', [valid]);
  for (const row of rows) {
    assert.equal(ulidToUUID(row.s), row.uuid);
    assert.equal(normalizeULID(row.s), row.ulid);
    assert.equal(uuidToULID(row.uuid), row.ulid);
  }
});

test('bad input gives a TypeError naming the value; times out of range a RangeError', () => {
  assert.throws(() => ulidToUUID('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), { name: 'TypeError', message: 'invalid input syntax for type ulid: "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"' });
  assert.throws(() => uuidToULID('01ARZ3NDEKTSV4RRFFQ69G5FAV'), { name: 'TypeError', message: /type uuid: "01ARZ3NDEKTSV4RRFFQ69G5FAV"/ });
  assert.throws(() => ulidTime(42), { name: 'TypeError', message: /a number/ });
  assert.throws(() => ulidMinFor(new Date(-1)), RangeError);
  assert.throws(() => ulidMaxFor(2 ** 48), RangeError);
  assert.throws(() => ulidMinFor(new Date(NaN)), RangeError);
  assert.throws(() => ulidMinFor('2020-01-01'), TypeError);
  assert.equal(ulidMaxFor(2 ** 48 - 1), '7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
  assert.equal(ulidMinFor(0), '00000000000000000000000000');
});

test('ulidTime, ulidMinFor and ulidMaxFor agree with the server', async () => {
  const times = [0, Date.parse('2016-07-30T22:36:16.385Z'), Date.parse('2026-11-26T12:00:00.001Z'), 2 ** 48 - 1];
  for (const ms of times) {
    const date = new Date(ms);
    const iso = date.toISOString();
    const { rows: [row] } = await client.query(
      `SELECT $2::ulid <= g AND g <= $3::ulid AS inside,
              ulid_extract_timestamp($2::ulid) = $1 AND ulid_extract_timestamp($3::ulid) = $1 AS same_ms
         FROM gen_ulid($1::timestamptz) g`, [date, ulidMinFor(date), ulidMaxFor(date)]);
    assert.equal(row.inside, true, iso);
    assert.equal(row.same_ms, true, iso);
    const { rows: [gen] } = await client.query('SELECT gen_ulid($1::timestamptz)::text AS id', [date]);
    assert.equal(ulidTime(gen.id).toISOString(), iso);
  }
});

test('generateULID: the current millisecond, 80 random bits, accepted by the server', async () => {
  const before = Date.now();
  const ids = repeat(1000, () => generateULID());
  const after = Date.now();
  assert.equal(new Set(ids).size, 1000);
  for (const id of ids) {
    assert.match(id, /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    const t = ulidTime(id).getTime();
    assert.ok(t >= before && t <= after);
  }
  const { rows } = await client.query('SELECT count(DISTINCT s::ulid) AS n FROM unnest($1::text[]) s', [ids]);
  assert.equal(Number(rows[0].n), 1000);
  assert.equal(ulidTime(generateULID(new Date('2020-02-02T02:02:02.002Z'))).toISOString(), '2020-02-02T02:02:02.002Z');
});
