// uidext/sequelize with TypeID keys: typeid_define from queryInterface, TYPEID columns and keys
// from gen_<type>(); sync creates them and sync({ alter: true }) keeps the types; associations:
// create through the association, include, filters on one key and on lists, counts, bulkCreate,
// destroy with and without children; a migration's up and down (createTable, typeid_drop).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DataTypes, Op, Sequelize } from 'sequelize';
import { isTypeID } from 'uidext';
import { defineTypeID, dropTypeID, typeIDTypes } from 'uidext/sequelize';
import { count, describeTable } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const { TYPEID, typeIDPrimaryKey } = typeIDTypes(Sequelize);
let config;
let sequelize;
let Org;
let User;

function checkTypes(o, u) {
  assert.deepEqual([o.columns.id.type, o.columns.id.default], ['org_id', 'gen_org_id()']);
  assert.deepEqual([u.columns.id.type, u.columns.id.default, u.columns.org_id.type], ['user_id', 'gen_user_id()', 'org_id']);
}

before(async () => {
  config = await freshDatabase('typeid_sequelize');
  sequelize = new Sequelize({
    dialect: 'postgres', host: config.host, port: config.port, username: config.user, password: config.password,
    database: config.database, logging: false,
  });
  await defineTypeID(sequelize.getQueryInterface(), 'org');
  await defineTypeID(sequelize.getQueryInterface(), 'user');
  Org = sequelize.define('Org', { id: typeIDPrimaryKey('org_id'), name: DataTypes.TEXT }, { tableName: 'orgs', timestamps: false });
  User = sequelize.define('User', { id: typeIDPrimaryKey('user_id'), email: DataTypes.TEXT }, { tableName: 'users', timestamps: false, underscored: true });
  // The foreign key takes the type of Org.id (org_id); the database cascades deletes.
  Org.hasMany(User, { foreignKey: { name: 'orgId', allowNull: false }, onDelete: 'CASCADE' });
  User.belongsTo(Org, { foreignKey: { name: 'orgId', allowNull: false } });
  await sequelize.sync();
});
after(() => sequelize.close());

test('sync creates TypeID keys with gen_<type>() defaults; sync({ alter: true }) twice keeps the types', async () => {
  checkTypes(await describeTable(config, 'orgs'), await describeTable(config, 'users'));
  await sequelize.sync({ alter: true });
  await sequelize.sync({ alter: true });
  const u = await describeTable(config, 'users');
  checkTypes(await describeTable(config, 'orgs'), u);
  assert.ok(u.foreignKeys.some((d) => d.includes('REFERENCES orgs(id)') && d.includes('ON DELETE CASCADE')), u.foreignKeys.join());
});

test('create through the association, include both ways', async () => {
  const org = await Org.create({ name: 'acme' });
  assert.ok(isTypeID(org.id, 'org'));
  const user = await org.createUser({ email: 'ada@example.com' });
  assert.ok(isTypeID(user.id, 'user'));
  assert.equal(user.orgId, org.id);
  const loaded = await Org.findByPk(org.id, { include: User });
  assert.deepEqual(loaded.Users.map((u) => [u.id, u.orgId]), [[user.id, org.id]]);
  const back = await User.findByPk(user.id, { include: Org });
  assert.equal(back.Org.name, 'acme');
  assert.equal((await org.getUsers()).length, 1);
});

test('bulkCreate, filters on one key and on lists, counts', async () => {
  const [a, b] = await Org.bulkCreate([{ name: 'a' }, { name: 'b' }], { returning: true });
  assert.ok(isTypeID(a.id, 'org') && isTypeID(b.id, 'org'));
  const made = await User.bulkCreate([0, 1, 2, 3].map((i) => ({ email: `u${i}`, orgId: i < 3 ? a.id : b.id })), { returning: true });
  assert.ok(made.every((u) => isTypeID(u.id, 'user')));
  assert.equal((await User.findAll({ where: { orgId: a.id } })).length, 3);
  assert.equal(await User.count({ where: { orgId: [a.id, b.id] } }), 4);
  assert.equal(await User.count({ where: { id: { [Op.in]: made.slice(0, 2).map((u) => u.id) } } }), 2);
  assert.equal(await a.countUsers(), 3);
  assert.equal(await Org.count({ include: { model: User, where: { email: 'u3' } } }), 1);
});

test('destroy a parent without children, then with children (ON DELETE CASCADE); bad keys', async () => {
  const lonely = await Org.create({ name: 'none' });
  await lonely.destroy();
  assert.equal(await count(config, 'orgs', 'id = $1', [lonely.id]), 0);
  const org = await Org.create({ name: 'full' });
  await User.bulkCreate([{ email: 'x', orgId: org.id }, { email: 'y', orgId: org.id }]);
  await org.destroy();
  assert.equal(await count(config, 'users', 'org_id = $1', [org.id]), 0);
  await assert.rejects(User.findAll({ where: { orgId: org.id.replace('org_', 'user_') } }), (error) => error.original?.code === '22P02');
  await assert.rejects(User.create({ email: 'z', orgId: 'nope' }), (error) => error.original?.code === '22P02' && error.message === 'invalid input syntax for type org_id: "nope"');
});

test('a migration: up defines a type and creates a table with it, down drops both', async () => {
  const migration = {
    async up(queryInterface) {
      await defineTypeID(queryInterface, 'note');
      await queryInterface.createTable('notes', {
        id: typeIDPrimaryKey('note_id'),
        org_id: { type: TYPEID('org_id'), allowNull: false, references: { model: 'orgs', key: 'id' }, onDelete: 'CASCADE' },
      });
    },
    async down(queryInterface) {
      await queryInterface.dropTable('notes');
      await dropTypeID(queryInterface, 'note_id');
    },
  };
  const queryInterface = sequelize.getQueryInterface();
  await migration.up(queryInterface);
  const { columns } = await describeTable(config, 'notes');
  assert.deepEqual([columns.id.type, columns.id.default, columns.org_id.type], ['note_id', 'gen_note_id()', 'org_id']);
  await migration.down(queryInterface);
  assert.equal(await count(config, 'pg_type', "typname = 'note_id'"), 0);
});
