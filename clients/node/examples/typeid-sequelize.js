import assert from 'node:assert/strict';
import { DataTypes, Sequelize } from 'sequelize';
import { defineTypeID, typeIDTypes } from 'uidext/sequelize';

const { typeIDPrimaryKey } = typeIDTypes(Sequelize);
const sequelize = new Sequelize({
  dialect: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE, logging: false,
});
// In a migration's up(queryInterface) (down: dropTypeID(queryInterface, 'user_id') after the tables):
await sequelize.query('CREATE EXTENSION IF NOT EXISTS uidext'); // first: typeid_define is the extension's
await defineTypeID(sequelize.getQueryInterface(), 'org'); // typeid_define('org', 'org_id') unless it exists
await defineTypeID(sequelize.getQueryInterface(), 'user');

const Org = sequelize.define('Org', { id: typeIDPrimaryKey('org_id'), name: DataTypes.TEXT }, { timestamps: false });
const User = sequelize.define('User', { id: typeIDPrimaryKey('user_id'), email: DataTypes.TEXT }, { timestamps: false });
// The foreign key takes the type of Org.id: org_id.
Org.hasMany(User, { foreignKey: { name: 'orgId', allowNull: false }, onDelete: 'CASCADE' });
User.belongsTo(Org, { foreignKey: { name: 'orgId', allowNull: false } });
await sequelize.sync();

const org = /** @type {any} */ (await Org.create({ name: 'acme' })); // id from gen_org_id(): 'org_01…'
const user = await org.createUser({ email: 'ada@example.com' });
assert.equal(user.orgId, org.id);
const loaded = /** @type {any} */ (await Org.findByPk(org.id, { include: User }));
assert.equal(loaded.Users[0].id, user.id);
assert.equal(await User.count({ where: { orgId: [org.id] } }), 1);
await org.destroy(); // the database removes the users (ON DELETE CASCADE)
await sequelize.close();
