import assert from 'node:assert/strict';
import { DataTypes, Op, Sequelize } from 'sequelize';
import { registerTypes } from 'uidext/sequelize';

const { ulidPrimaryKey } = registerTypes(Sequelize);
const sequelize = new Sequelize({
  dialect: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE, logging: false,
});
const Order = sequelize.define('Order', { id: ulidPrimaryKey(), item: DataTypes.TEXT }, { timestamps: false });
await sequelize.query('CREATE EXTENSION IF NOT EXISTS uidext'); // in a migration
await sequelize.sync();

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const { id } = (await Order.create({ item: 'book' })).get();
const withPublicId = await Order.findByPk(id, { attributes: [[sequelize.fn('opaque_encode', sequelize.col('id')), 'publicId']] });
const publicId = withPublicId?.get('publicId');
// The lookup, through every key of the file (ids made before a rotation too):
const found = await Order.findOne({ where: sequelize.where(sequelize.col('id'), Op.eq, sequelize.fn('ANY', sequelize.fn('opaque_candidates', publicId))) });
assert.equal(found?.get('item'), 'book');
// One value, the first key's (the same rows while the file has one key):
const same = await Order.findOne({ where: { id: sequelize.fn('opaque_decode', publicId) } });
assert.equal(same?.get('item'), 'book');
await sequelize.close();
