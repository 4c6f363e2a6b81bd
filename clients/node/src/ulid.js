// ULID and UUID text helpers (ULID <-> UUID, time) that accept exactly what the uidext server's `ulid` input accepts:
// 26 Crockford base32 digits (any case, first digit 0-7) or any UUID text form of core's uuid_in
// (braces, a hyphen after any group of four hex digits). Keys are strings, as in the ecosystem.
// index.js (the package's entry) and the other modules import them from here, not from index.js,
// so that no two modules import each other.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ULID_TEXT = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;
// PostgreSQL's string_to_uuid: 32 hex digits, at most one hyphen after each group of four
// (never after the last), optionally in braces.
const UUID_TEXT = /^(?:[0-9a-f]{4}(?:-?[0-9a-f]{4}){7}|\{[0-9a-f]{4}(?:-?[0-9a-f]{4}){7}\})$/i;
const MAX_TIME = 2 ** 48 - 1;

const digitValue = new Int8Array(128).fill(-1);
for (let i = 0; i < 32; i += 1) {
  digitValue[ALPHABET.charCodeAt(i)] = i;
  digitValue[ALPHABET.toLowerCase().charCodeAt(i)] = i;
}
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function describe(value) {
  return typeof value === 'string' ? JSON.stringify(value) : `a ${value === null ? 'null' : typeof value}`;
}

function badInput(type, value) {
  return new TypeError(`invalid input syntax for type ${type}: ${describe(value)}`);
}

/** True when `s` is text the server's ulid input accepts: ULID text or UUID text. */
export function isULID(s) {
  return typeof s === 'string' && (s.length === 26 ? ULID_TEXT.test(s) : UUID_TEXT.test(s));
}

/** True when `s` is text the server's uuid input accepts (ULID text is not). */
export function isUUID(s) {
  return typeof s === 'string' && UUID_TEXT.test(s);
}

const hexValue = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i += 1) {
  hexValue['0123456789abcdef'.charCodeAt(i)] = i;
  hexValue['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const HEX_DIGIT = '0123456789abcdef';

// 26 Crockford digits -> 32 lowercase hex digits. 130 bits in; the top 2 are zero (first digit <= 7).
function crockfordToHex(s) {
  let hex = '';
  let bits = digitValue[s.charCodeAt(0)]; // 3 significant bits
  let count = 3;
  for (let i = 1; i < 26; i += 1) {
    bits = (bits << 5) | digitValue[s.charCodeAt(i)];
    count += 5;
    while (count >= 4) {
      count -= 4;
      hex += HEX_DIGIT[(bits >>> count) & 15];
    }
    bits &= (1 << count) - 1;
  }
  return hex;
}

// 32 hex digits (any case) -> 26 Crockford digits: the first holds 3 bits, the others 5.
function hexToCrockford(hex) {
  let bits = hexValue[hex.charCodeAt(0)];
  let out = ALPHABET[bits >> 1];
  bits &= 1;
  let count = 1;
  for (let i = 1; i < 32; i += 1) {
    bits = (bits << 4) | hexValue[hex.charCodeAt(i)];
    count += 4;
    if (count >= 5) {
      count -= 5;
      out += ALPHABET[(bits >>> count) & 31];
      bits &= (1 << count) - 1;
    }
  }
  return out;
}

// The 32 hex digits of valid UUID text; the canonical 36-character form skips the regex.
function hexDigits(s) {
  if (s.length === 36 && s[8] === '-' && s[13] === '-' && s[18] === '-' && s[23] === '-') return s.slice(0, 8) + s.slice(9, 13) + s.slice(14, 18) + s.slice(19, 23) + s.slice(24);
  return s.replace(/[{}-]/g, '');
}

function canonicalUUID(hex) {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** ULID (or UUID) text -> canonical lowercase UUID text of the same 16 bytes, as `ulid::uuid`. */
export function ulidToUUID(s) {
  if (!isULID(s)) throw badInput('ulid', s);
  return canonicalUUID(s.length === 26 ? crockfordToHex(s) : hexDigits(s).toLowerCase());
}

/** UUID text -> canonical uppercase ULID text of the same 16 bytes, as `uuid::ulid`. */
export function uuidToULID(s) {
  if (!isUUID(s)) throw badInput('uuid', s);
  return hexToCrockford(hexDigits(s));
}

/** ULID (or UUID) text -> canonical ULID text, as `s::ulid::text`. */
export function normalizeULID(s) {
  if (!isULID(s)) throw badInput('ulid', s);
  return s.length === 26 ? s.toUpperCase() : hexToCrockford(hexDigits(s));
}

/** The millisecond a ULID carries (its first 48 bits), as `ulid_extract_timestamp`. */
export function ulidTime(s) {
  const hex = ulidToUUID(s);
  return new Date(parseInt(hex.slice(0, 8) + hex.slice(9, 13), 16));
}

function milliseconds(date) {
  const ms = date instanceof Date ? date.getTime() : date;
  if (typeof ms !== 'number') throw new TypeError(`expected a Date or a number of milliseconds, got ${describe(date)}`);
  if (!Number.isFinite(ms)) throw new RangeError(`invalid date: ${String(date)}`);
  const whole = Math.floor(ms);
  if (whole < 0 || whole > MAX_TIME) {
    throw new RangeError(`time out of range for a ULID (0 to ${MAX_TIME} ms since 1970): ${String(date)}`);
  }
  return whole;
}

function fromTimeAndRandom(ms, randomHex) {
  return hexToCrockford(ms.toString(16).padStart(12, '0') + randomHex);
}

/** The smallest ULID of that millisecond (random part all zero): a lower bound for range queries. */
export function ulidMinFor(date) {
  return fromTimeAndRandom(milliseconds(date), '0'.repeat(20));
}

/** The largest ULID of that millisecond (random part all one): an upper bound for range queries. */
export function ulidMaxFor(date) {
  return fromTimeAndRandom(milliseconds(date), 'f'.repeat(20));
}

/** A new ULID: the current millisecond (or `date`) and 80 bits from crypto.getRandomValues. */
export function generateULID(date = Date.now()) {
  const random = globalThis.crypto.getRandomValues(new Uint8Array(10));
  let hex = '';
  for (const byte of random) hex += HEX[byte];
  return fromTimeAndRandom(milliseconds(date), hex);
}
