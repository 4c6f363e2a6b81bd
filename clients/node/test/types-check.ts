// Compiled (not run) by test/types.test.js: the declarations agree with the libraries' own types.
import pg from 'pg';
import postgres from 'postgres';
import knexFactory from 'knex';
import { Kysely, PostgresDialect } from 'kysely';
import { Sequelize } from 'sequelize';
import { EntitySchema } from 'typeorm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { generateULID, isULID, ulidMaxFor, ulidMinFor, ulidTime, ulidToUUID, uuidToULID } from 'uidext';
import { registerTypes as registerPg, type UlidOids } from 'uidext/pg';
import { registerTypes as registerPostgres } from 'uidext/postgres';
import { afterCreate, keyColumns, ulidResults } from 'uidext/knex';
import { UlidInUuidPlugin, addUlidPrimaryKey, ulidType } from 'uidext/kysely';
import { registerTypes as registerSequelize } from 'uidext/sequelize';
import { ulidColumn, ulidPrimaryColumn, ulidPrimaryTableColumn } from 'uidext/typeorm';
import { ulid, ulidInUuid, ulidPrimaryKey } from 'uidext/drizzle';

const id: string = generateULID(new Date());
const ok: boolean = isULID(id);
const time: Date = ulidTime(ulidMinFor(0)) ?? ulidMaxFor(new Date());
const same: string = uuidToULID(ulidToUUID(id));
export async function check(client: pg.Client, pool: pg.Pool): Promise<UlidOids> {
  await registerPg(pool);
  await registerPostgres(postgres());
  const knex = knexFactory({ client: 'pg', pool: { afterCreate }, postProcessResponse: ulidResults(['order_id']) });
  await knex.schema.createTable('t', (table) => { keyColumns(knex).ulidPrimaryKey(table); keyColumns(knex).ulid(table, 'x').notNullable(); });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), plugins: [new UlidInUuidPlugin(['order_id'])] });
  await addUlidPrimaryKey(db.schema.createTable('t')).addColumn('x', ulidType).execute();
  const { ULID, ulidInUuid: key } = registerSequelize(Sequelize);
  new Sequelize().define('M', { id: { type: ULID, primaryKey: true }, parent: key({ allowNull: false }) });
  new EntitySchema({ name: 'E', columns: { id: ulidPrimaryColumn(), other: ulidColumn({ nullable: true }) } });
  ulidPrimaryTableColumn();
  pgTable('t', { id: ulidPrimaryKey(), a: ulid('a').notNull(), b: ulidInUuid('b'), c: text('c') });
  console.log(ok, time, same);
  return registerPg(client);
}
