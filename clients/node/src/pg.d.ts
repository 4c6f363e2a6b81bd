/** A TypeID type found in the database: the general `typeid` (prefix null) or one made by typeid_define. */
export interface TypeIDTypeOids {
  /** The type's name as format_type prints it (schema-qualified when not on search_path). */
  name: string;
  /** The prefix of a per-prefix type ('' for none); null for the general `typeid`. */
  prefix: string | null;
  oid: number;
  arrayOid: number;
}

/** The OIDs of uidext's types in the connected database. */
export interface UlidOids {
  ulid: number;
  ulidArray: number;
  /** The general typeid and every per-prefix type that existed at registration. */
  typeids: TypeIDTypeOids[];
}

interface TypeParserTarget {
  query(text: string): Promise<{ rows: any[] }>;
  setTypeParser(oid: number, format: 'text', parse: (value: string) => unknown): void;
  getTypeParser(oid: number, format: 'text'): (value: string) => unknown;
}

interface PoolLike {
  connect(): Promise<TypeParserTarget & { release(): void }>;
  on(event: 'connect' | 'acquire', listener: (client: any) => void): unknown;
  totalCount: number;
}

/**
 * node-postgres: parse ulid, typeid and per-prefix TypeID types as strings and their arrays as
 * string[]; resolves with the OIDs.
 * With a connected pg.Client: one catalog lookup in its database.
 * With a pg.Pool (before its first use): one lookup; each client it opens gets the parsers on connect.
 * Call it again after typeid_define to add the new type.
 */
export function registerTypes(target: TypeParserTarget | PoolLike): Promise<UlidOids>;
