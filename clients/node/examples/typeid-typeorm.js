import assert from 'node:assert/strict';
import { DataSource, EntitySchema, In } from 'typeorm';
import { defineTypeID, dropTypeID, registerTypeIDTypes, typeIDColumn, typeIDPrimaryColumn } from 'uidext/typeorm';

class TypeIDTypes1700000000000 {
  /** @param {import('typeorm').QueryRunner} queryRunner */
  async up(queryRunner) {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS uidext'); // first: typeid_define is the extension's
    await defineTypeID(queryRunner, 'org'); // typeid_define('org', 'org_id') unless it exists
    await defineTypeID(queryRunner, 'user');
  }

  /** @param {import('typeorm').QueryRunner} queryRunner (after the tables using the types are gone) */
  async down(queryRunner) {
    await dropTypeID(queryRunner, 'user_id');
    await dropTypeID(queryRunner, 'org_id');
  }
}

const Org = new EntitySchema(/** @type {import('typeorm').EntitySchemaOptions<any>} */ ({
  name: 'Org', tableName: 'orgs',
  columns: { id: typeIDPrimaryColumn('org_id'), name: { type: 'text' } },
  relations: { users: { type: 'one-to-many', target: 'User', inverseSide: 'org', cascade: ['insert'] } },
}));
const User = new EntitySchema(/** @type {import('typeorm').EntitySchemaOptions<any>} */ ({
  name: 'User', tableName: 'users',
  columns: { id: typeIDPrimaryColumn('user_id'), orgId: typeIDColumn('org_id', { name: 'org_id' }) },
  relations: { org: { type: 'many-to-one', target: 'Org', inverseSide: 'users', joinColumn: { name: 'org_id' }, onDelete: 'CASCADE', nullable: false } },
}));

const dataSource = new DataSource({
  type: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE,
  entities: [Org, User], migrations: [TypeIDTypes1700000000000],
  migrationsRun: true, synchronize: true, // the migration defines the types, synchronize makes the tables
});
registerTypeIDTypes(dataSource, ['org_id', 'user_id']); // TypeORM accepts only the types it knows
await dataSource.initialize();

const orgs = dataSource.getRepository('Org');
const org = await orgs.save({ name: 'acme', users: [{}, {}] }); // keys from gen_org_id(), gen_user_id()
const loaded = await orgs.findOne({ where: { id: org.id }, relations: { users: true } });
assert.ok(loaded);
assert.equal(loaded.users[0].orgId, org.id);
assert.equal(await dataSource.getRepository('User').countBy({ orgId: In([org.id]) }), 2);
await orgs.remove(loaded); // the database removes the users (ON DELETE CASCADE)
await dataSource.destroy();
