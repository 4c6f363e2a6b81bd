import assert from 'node:assert/strict';
import { generateULID, isULID, ulidMaxFor, ulidMinFor, ulidTime, ulidToUUID, uuidToULID } from 'uidext';

const id = generateULID();
assert.ok(isULID(id) && isULID(id.toLowerCase()) && isULID(ulidToUUID(id)));
assert.equal(isULID('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), false); // more than 128 bits

assert.equal(ulidToUUID('01ARZ3NDEKTSV4RRFFQ69G5FAV'), '01563e3a-b5d3-d676-4c61-efb99302bd5b');
assert.equal(uuidToULID('01563e3a-b5d3-d676-4c61-efb99302bd5b'), '01ARZ3NDEKTSV4RRFFQ69G5FAV');
assert.equal(ulidTime('01ARZ3NDEKTSV4RRFFQ69G5FAV').toISOString(), '2016-07-30T23:54:10.259Z');

// Bounds of a time range, for `WHERE id BETWEEN $1 AND $2` on a ulid key.
const day = new Date('2026-01-01T00:00:00Z');
console.log(ulidMinFor(day), ulidMaxFor(new Date(day.getTime() + 86_400_000 - 1)));

assert.throws(() => ulidToUUID('01ARZ3NDEKTSV4RRFFQ69G5FAU'), TypeError); // U is not a Crockford digit
