/** The ulid type's OIDs in the connected database. */
export interface UlidOids {
  ulid: number;
  ulidArray: number;
}

interface TypeParserTarget {
  query(text: string): Promise<{ rows: any[] }>;
  setTypeParser(oid: number, format: 'text', parse: (value: string) => unknown): void;
  getTypeParser(oid: number, format: 'text'): (value: string) => unknown;
}

interface PoolLike {
  connect(): Promise<TypeParserTarget & { release(): void }>;
  on(event: 'connect', listener: (client: any) => void): unknown;
  totalCount: number;
}

/**
 * node-postgres: parse ulid as a string and ulid[] as string[]; resolves with the OIDs.
 * With a connected pg.Client: one catalog lookup in its database.
 * With a pg.Pool (before its first use): one lookup; each client it opens gets the parsers on connect.
 */
export function registerTypes(target: TypeParserTarget | PoolLike): Promise<UlidOids>;
