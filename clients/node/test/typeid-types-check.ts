// Compiled (not run) by test/typeid-types.test.js: the TypeID declarations agree with the
// libraries' own types.
import pg from 'pg';
import postgres from 'postgres';
import knexFactory from 'knex';
import { Kysely, PostgresDialect } from 'kysely';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, EntitySchema, type QueryRunner } from 'typeorm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import {
  formatTypeID, generateTypeID, isTypeID, parseTypeID, typeIDDefineSQL, typeIDDropSQL, typeIDTime, typeIDToUUID, uuidToTypeID,
  type TypeIDParts,
} from 'uidext';
import { registerTypes as registerPg, type TypeIDTypeOids, type UlidOids } from 'uidext/pg';
import { registerTypes as registerPostgres } from 'uidext/postgres';
import { defineTypeID as knexDefine, dropTypeID as knexDrop, typeIDColumns } from 'uidext/knex';
import { addTypeIDPrimaryKey, defineTypeID as kyselyDefine, dropTypeID as kyselyDrop, typeIDType } from 'uidext/kysely';
import { defineTypeID as sequelizeDefine, dropTypeID as sequelizeDrop, typeIDTypes } from 'uidext/sequelize';
import { defineTypeID as typeormDefine, dropTypeID as typeormDrop, registerTypeIDTypes, typeIDColumn, typeIDPrimaryColumn } from 'uidext/typeorm';
import { defineTypeID as drizzleDefine, dropTypeID as drizzleDrop, typeid, typeidPrimaryKey } from 'uidext/drizzle';

const id: string = generateTypeID('user');
const parts: TypeIDParts = parseTypeID(id);
const same: string = formatTypeID(parts) + uuidToTypeID('user', typeIDToUUID(id));
const time: Date = typeIDTime(id);
const unknownValue: unknown = id;
if (isTypeID(unknownValue, 'user')) console.log(unknownValue.length);
const statements: string[] = [typeIDDefineSQL('user'), typeIDDefineSQL('org', 'org_key'), typeIDDropSQL('user_id')];

export async function check(client: pg.Client, pool: pg.Pool, queryRunner: QueryRunner): Promise<UlidOids> {
  const oids = await registerPg(pool);
  const first: TypeIDTypeOids | undefined = oids.typeids[0];
  const prefix: string | null | undefined = first?.prefix;
  await registerPostgres(postgres());

  const knex = knexFactory({ client: 'pg' });
  await knexDefine(knex, 'user');
  await knex.schema.createTable('users', (table) => {
    typeIDColumns(knex).typeidPrimaryKey(table, 'user_id');
    typeIDColumns(knex).typeid(table, 'org_id', 'org_id').notNullable().references('id').inTable('orgs');
  });
  await knexDrop(knex, 'user_id');

  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  await kyselyDefine('user').execute(db);
  await addTypeIDPrimaryKey(db.schema.createTable('users'), 'user_id').addColumn('org_id', typeIDType('org_id'), (col) => col.notNull()).execute();
  await kyselyDrop('user_id').execute(db);

  const { TYPEID, typeIDPrimaryKey } = typeIDTypes(Sequelize);
  const sequelize = new Sequelize();
  sequelize.define('User', { id: typeIDPrimaryKey('user_id'), orgId: { type: TYPEID('org_id'), allowNull: false }, email: DataTypes.TEXT });
  await sequelizeDefine(sequelize.getQueryInterface(), 'user');
  await sequelizeDrop(sequelize.getQueryInterface(), 'user_id');

  const dataSource = new DataSource({ type: 'postgres', entities: [new EntitySchema({
    name: 'User', columns: { id: typeIDPrimaryColumn('user_id'), orgId: typeIDColumn('org_id', { name: 'org_id' }) },
  })] });
  registerTypeIDTypes(dataSource, ['user_id', 'org_id']);
  await typeormDefine(queryRunner, 'user');
  await typeormDrop(queryRunner, 'user_id');

  const users = pgTable('users', { id: typeidPrimaryKey('user_id'), orgId: typeid('org_id', 'org_id').notNull(), email: text('email') });
  const drizzleDb = drizzle(pool);
  await drizzleDb.execute(drizzleDefine('user'));
  await drizzleDb.execute(drizzleDrop('user_id'));
  const rows: { id: string; orgId: string; email: string | null }[] = await drizzleDb.select().from(users);
  console.log(same, time, statements, prefix, rows);
  return registerPg(client);
}
