import type { Sql } from 'postgres';
import type { UlidOids } from './pg.js';

/** postgres.js: parse ulid[] as string[] (NULL as null); one catalog lookup for the database. */
export function registerTypes(sql: Sql<any>): Promise<UlidOids>;
