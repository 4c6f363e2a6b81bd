// TypeID (spec 0.3) text helpers that accept exactly what the uidext server's `typeid` input and
// `typeid_parse` accept: a prefix of [a-z_] (no leading or trailing "_", at most 63), "_", and 26
// lowercase Crockford digits, the first at most 7; no prefix means no "_". The suffix is the
// lowercase ULID text of the UUID's 16 bytes, so the ULID helpers do the base32 work.
import { isUUID, ulidTime, ulidToUUID, uuidToULID } from './ulid.js';

const PREFIX = /^(?:[a-z](?:[a-z_]{0,61}[a-z])?)?$/;
const SUFFIX = /^[0-7][0-9a-hjkmnp-tv-z]{25}$/;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function describe(value) {
  return typeof value === 'string' ? JSON.stringify(value) : `a ${value === null ? 'null' : typeof value}`;
}

function badTypeID(value) {
  return new TypeError(`invalid input syntax for type typeid: ${describe(value)}`);
}

function checkPrefix(prefix) {
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) {
    throw new TypeError(`invalid TypeID prefix: ${describe(prefix)} (0 to 63 characters of a-z and "_", not starting or ending with "_")`);
  }
}

// The prefix and suffix of valid TypeID text, or null. The last "_" separates them (the suffix has none).
function split(s) {
  if (typeof s !== 'string' || s.length < 26 || s.length > 90) return null;
  const cut = s.length - 27;
  const prefix = cut < 0 ? '' : s.slice(0, cut);
  if (cut >= 0 && (s[cut] !== '_' || prefix === '')) return null;
  const suffix = cut < 0 ? s : s.slice(cut + 1);
  return SUFFIX.test(suffix) && PREFIX.test(prefix) ? { prefix, suffix } : null;
}

/** True when `s` is TypeID text (spec 0.3); with `prefix`, only TypeIDs with exactly that prefix. */
export function isTypeID(s, prefix) {
  const parts = split(s);
  return parts !== null && (prefix === undefined || parts.prefix === prefix);
}

/** TypeID text -> `{ prefix, uuid }` (canonical lowercase UUID text), as `typeid_parse`. */
export function parseTypeID(s) {
  const parts = split(s);
  if (parts === null) throw badTypeID(s);
  return { prefix: parts.prefix, uuid: ulidToUUID(parts.suffix) };
}

/** TypeID text -> canonical lowercase UUID text of its 16 bytes, as `typeid_uuid(s::typeid)`. */
export function typeIDToUUID(s) {
  return parseTypeID(s).uuid;
}

/** A prefix and UUID text (any form the server's uuid input takes) -> TypeID text, as `typeid_format`. */
export function uuidToTypeID(prefix, uuid) {
  checkPrefix(prefix);
  if (!isUUID(uuid)) throw new TypeError(`invalid input syntax for type uuid: ${describe(uuid)}`);
  const suffix = uuidToULID(uuid).toLowerCase();
  return prefix === '' ? suffix : `${prefix}_${suffix}`;
}

/** `{ prefix, uuid }` (what parseTypeID returns) -> TypeID text. */
export function formatTypeID({ prefix, uuid }) {
  return uuidToTypeID(prefix, uuid);
}

/** The millisecond in the first 48 bits (the time of a UUIDv7), as `uuid_extract_timestamp`. */
export function typeIDTime(s) {
  return ulidTime(typeIDToUUID(s));
}

/** A new TypeID with that prefix: a UUIDv7 (current millisecond, 74 bits of crypto.getRandomValues). */
export function generateTypeID(prefix = '') {
  checkPrefix(prefix);
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const ms = Date.now();
  const high = Math.floor(ms / 2 ** 16);
  bytes[0] = high >>> 24;
  bytes[1] = (high >>> 16) & 255;
  bytes[2] = (high >>> 8) & 255;
  bytes[3] = high & 255;
  bytes[4] = (ms >>> 8) & 255;
  bytes[5] = ms & 255;
  bytes[6] = 0x70 | (bytes[6] & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8] & 0x3f); // variant 10
  let hex = '';
  for (const byte of bytes) hex += HEX[byte];
  return uuidToTypeID(prefix, hex);
}

// The SQL a migration runs: typeid_define unless a type of that name exists (so `drizzle-kit
// push` flows and reruns are harmless), and typeid_drop. Literals are checked, then quoted.
function literal(text) {
  return `'${text.replace(/'/g, "''")}'`;
}

function quoteIdent(name) {
  return `"${name.replace(/"/g, '""')}"`;
}

// A name as the server prints it: unquoted when it can be, else double-quoted.
function sqlName(name) {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : quoteIdent(name);
}

function checkTypeName(typeName) {
  if (typeof typeName !== 'string' || typeName === '' || typeName.includes('\0') || new TextEncoder().encode(typeName).length > 58) {
    throw new TypeError(`invalid type name for typeid_define: ${describe(typeName)} (1 to 58 bytes)`);
  }
}

/** `SELECT typeid_define('user', 'user_id') WHERE to_regtype('user_id') IS NULL`: the type unless it exists. */
export function typeIDDefineSQL(prefix, typeName = `${prefix}_id`) {
  checkPrefix(prefix);
  checkTypeName(typeName);
  return `SELECT typeid_define(${literal(prefix)}, ${literal(typeName)}) WHERE to_regtype(${literal(quoteIdent(typeName))}) IS NULL`;
}

/** `SELECT typeid_drop('user_id')`: the type and what typeid_define made with it (refused while used). */
export function typeIDDropSQL(typeName) {
  checkTypeName(typeName);
  return `SELECT typeid_drop(${literal(quoteIdent(typeName))})`;
}

/** `gen_user_id()`: the default of a key of that type, its name quoted as the server prints it. */
export function typeIDDefaultSQL(typeName) {
  checkTypeName(typeName);
  return `${sqlName(`gen_${typeName}`)}()`;
}

/** The type's name as SQL: as is when the server would print it unquoted, else double-quoted. */
export function typeIDTypeSQL(typeName) {
  checkTypeName(typeName);
  return sqlName(typeName);
}
