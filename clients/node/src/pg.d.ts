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
  on(event: 'connect', listener: (client: any) => void): unknown;
  emit(event: 'error', error: Error, client: any): boolean;
  totalCount: number;
}

/**
 * node-postgres: parse ulid as a string and ulid[] as string[].
 * With a connected pg.Client: one catalog lookup now, resolved with the OIDs.
 * With a pg.Pool: every client the pool opens from now on is registered on connect.
 */
export function registerTypes(client: TypeParserTarget): Promise<UlidOids>;
export function registerTypes(pool: PoolLike): Promise<undefined>;
