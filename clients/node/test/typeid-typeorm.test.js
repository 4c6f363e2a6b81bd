// uidext/typeorm with TypeID keys: a migration runs typeid_define (down: typeid_drop), entities
// declare the real types (registerTypeIDTypes), synchronize creates the tables and then has nothing
// to do; relations through repositories: cascade insert, eager loads, filters, counts, bulk, deletes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DataSource, EntitySchema, In } from 'typeorm';
import { isTypeID } from 'uidext';
import { defineTypeID, dropTypeID, registerTypeIDTypes, typeIDColumn, typeIDPrimaryColumn } from 'uidext/typeorm';
import { count, describeTable } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const Org = new EntitySchema({
  name: 'Org', tableName: 'orgs',
  columns: { id: typeIDPrimaryColumn('org_id'), name: { type: 'text' } },
  relations: { users: { type: 'one-to-many', target: 'User', inverseSide: 'org', cascade: ['insert'] } },
});
const User = new EntitySchema({
  name: 'User', tableName: 'users',
  columns: { id: typeIDPrimaryColumn('user_id'), email: { type: 'text' }, orgId: typeIDColumn('org_id', { name: 'org_id' }) },
  relations: { org: { type: 'many-to-one', target: 'Org', inverseSide: 'users', joinColumn: { name: 'org_id' }, onDelete: 'CASCADE', nullable: false } },
});

class TypeIDTypes1700000000000 {
  async up(queryRunner) {
    await defineTypeID(queryRunner, 'org');
    await defineTypeID(queryRunner, 'user');
  }

  async down(queryRunner) {
    await dropTypeID(queryRunner, 'user_id');
    await dropTypeID(queryRunner, 'org_id');
  }
}

let config;
let dataSource;
let orgs;
let users;
before(async () => {
  config = await freshDatabase('typeid_typeorm');
  dataSource = new DataSource({
    type: 'postgres', host: config.host, port: config.port, username: config.user, password: config.password,
    database: config.database, entities: [Org, User], migrations: [TypeIDTypes1700000000000],
    migrationsRun: true, synchronize: true, // the migration first, then synchronize
  });
  registerTypeIDTypes(dataSource, ['org_id', 'user_id']);
  await dataSource.initialize();
  orgs = dataSource.getRepository('Org');
  users = dataSource.getRepository('User');
});
after(() => dataSource.destroy());

test('the migration defines the types, synchronize creates the columns with them; a second synchronize has nothing to do', async () => {
  const o = await describeTable(config, 'orgs');
  assert.deepEqual([o.columns.id.type, o.columns.id.default], ['org_id', 'gen_org_id()']);
  const u = await describeTable(config, 'users');
  assert.deepEqual([u.columns.id.type, u.columns.id.default, u.columns.org_id.type], ['user_id', 'gen_user_id()', 'org_id']);
  assert.ok(u.foreignKeys.some((d) => d.includes('REFERENCES orgs(id) ON DELETE CASCADE')), u.foreignKeys.join());
  const pending = await dataSource.driver.createSchemaBuilder().log();
  assert.deepEqual(pending.upQueries.map((q) => q.query), []);
});

test('without registerTypeIDTypes TypeORM refuses the type', async () => {
  const other = new DataSource({ type: 'postgres', ...{ host: config.host, port: config.port, username: config.user, database: config.database }, entities: [Org, User] });
  await assert.rejects(other.initialize(), { name: 'DataTypeNotSupportedError' });
});

test('create through the relation (cascade insert), eager loads both ways, QueryBuilder joins', async () => {
  const org = await orgs.save({ name: 'acme', users: [{ email: 'ada@example.com' }, { email: 'bob@example.com' }] });
  assert.ok(isTypeID(org.id, 'org'));
  assert.ok(org.users.every((u) => isTypeID(u.id, 'user')));
  const loaded = await orgs.findOne({ where: { id: org.id }, relations: { users: true } });
  assert.deepEqual(loaded.users.map((u) => u.orgId), [org.id, org.id]);
  const back = await users.findOne({ where: { email: 'ada@example.com' }, relations: { org: true } });
  assert.equal(back.org.id, org.id);
  const joined = await orgs.createQueryBuilder('o').innerJoinAndSelect('o.users', 'u').where('u.org_id = :id', { id: org.id }).getOne();
  assert.equal(joined.users.length, 2);
});

test('bulk insert, filters on one key and on lists, counts', async () => {
  const a = await orgs.save({ name: 'a' });
  const b = await orgs.save({ name: 'b' });
  const made = await users.save(Array.from({ length: 5 }, (_, i) => ({ email: `u${i}`, org: i < 3 ? a : b })));
  await users.insert([{ email: 'v1', orgId: b.id }, { email: 'v2', orgId: b.id }]);
  assert.equal((await users.findBy({ orgId: a.id })).length, 3);
  assert.equal((await users.findBy({ org: { id: b.id } })).length, 4);
  assert.equal(await users.countBy({ orgId: In([a.id, b.id]) }), 7);
  assert.equal(await users.countBy({ id: In(made.slice(0, 2).map((u) => u.id)) }), 2);
  assert.equal(await orgs.count({ where: { users: { email: 'v1' } } }), 1);
  const listed = await users.createQueryBuilder('u').where('u.org_id IN (:...ids)', { ids: [a.id] }).getCount();
  assert.equal(listed, 3);
});

test('delete a parent without children, then with children (ON DELETE CASCADE); a wrong prefix is 22P02', async () => {
  const lonely = await orgs.save({ name: 'none' });
  await orgs.delete(lonely.id);
  assert.equal(await count(config, 'orgs', 'id = $1', [lonely.id]), 0);
  const org = await orgs.save({ name: 'full', users: [{ email: 'x' }, { email: 'y' }] });
  await orgs.remove(await orgs.findOneBy({ id: org.id }));
  assert.equal(await count(config, 'users', 'org_id = $1', [org.id]), 0);
  await assert.rejects(users.findBy({ orgId: org.id.replace('org_', 'user_') }), { code: '22P02' });
});

test('the migration\'s down drops the types once the tables are gone; up makes them again', async () => {
  await dataSource.query('DROP TABLE users, orgs');
  await dataSource.undoLastMigration();
  assert.equal(await count(config, 'pg_type', "typname IN ('user_id', 'org_id')"), 0);
  await dataSource.runMigrations();
  await dataSource.synchronize();
  assert.equal((await describeTable(config, 'users')).columns.org_id.type, 'org_id');
});
