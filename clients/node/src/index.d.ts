/** True when `s` is text the server's `ulid` input accepts: ULID text (26 Crockford digits, any case, first digit 0-7) or any UUID text form. */
export function isULID(s: unknown): s is string;
/** True when `s` is text the server's `uuid` input accepts (ULID text is not). */
export function isUUID(s: unknown): s is string;
/** ULID or UUID text -> canonical lowercase UUID text of the same 16 bytes (`ulid::uuid`). Throws TypeError on bad input. */
export function ulidToUUID(s: string): string;
/** UUID text -> canonical ULID text of the same 16 bytes (`uuid::ulid`). Throws TypeError on bad input. */
export function uuidToULID(s: string): string;
/** ULID or UUID text -> canonical uppercase ULID text (`s::ulid::text`). Throws TypeError on bad input. */
export function normalizeULID(s: string): string;
/** The millisecond in a ULID's first 48 bits (`ulid_extract_timestamp`). */
export function ulidTime(s: string): Date;
/** The smallest ULID of that millisecond. RangeError outside 1970 .. 2^48-1 ms. */
export function ulidMinFor(date: Date | number): string;
/** The largest ULID of that millisecond. RangeError outside 1970 .. 2^48-1 ms. */
export function ulidMaxFor(date: Date | number): string;
/** A new ULID from the current (or given) millisecond and 80 bits of crypto.getRandomValues. */
export function generateULID(date?: Date | number): string;

// TypeID (spec 0.3): text helpers and the SQL of typeid_define / typeid_drop for migrations.
/** A TypeID's parts: the prefix ('' for none) and canonical lowercase UUID text. */
export interface TypeIDParts {
  prefix: string;
  uuid: string;
}
/** True when `s` is TypeID text (spec 0.3: lowercase prefix, "_", 26 lowercase base32 digits); with `prefix`, only that prefix. */
export function isTypeID(s: unknown, prefix?: string): s is string;
/** TypeID text -> `{ prefix, uuid }` (`typeid_parse`). Throws TypeError on bad input. */
export function parseTypeID(s: string): TypeIDParts;
/** `{ prefix, uuid }` -> TypeID text (the inverse of parseTypeID). Throws TypeError on a bad prefix or UUID. */
export function formatTypeID(parts: TypeIDParts): string;
/** TypeID text -> canonical lowercase UUID text (`typeid_uuid`). Throws TypeError on bad input. */
export function typeIDToUUID(s: string): string;
/** A prefix and UUID text -> TypeID text (`typeid_format`). Throws TypeError on a bad prefix or UUID. */
export function uuidToTypeID(prefix: string, uuid: string): string;
/** The millisecond in the first 48 bits (a UUIDv7's time). */
export function typeIDTime(s: string): Date;
/** A new TypeID with that prefix ('' for none), its UUID a v7 from the current millisecond. */
export function generateTypeID(prefix?: string): string;
/** `SELECT typeid_define(prefix, typeName)` unless a type named typeName exists (default name `<prefix>_id`). */
export function typeIDDefineSQL(prefix: string, typeName?: string): string;
/** `SELECT typeid_drop(typeName)`. */
export function typeIDDropSQL(typeName: string): string;
