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
