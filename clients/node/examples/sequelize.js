import assert from 'node:assert/strict';
import { DataTypes, Op, Sequelize } from 'sequelize';
import { registerTypes } from 'uidext/sequelize';

const { ulidPrimaryKey, uuidv7PrimaryKey, ulidInUuid } = registerTypes(Sequelize);
const sequelize = new Sequelize({
  dialect: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE, logging: false,
});

/** @type {import('sequelize').ModelStatic<any>} */
const Order = sequelize.define('Order', { id: ulidPrimaryKey(), item: DataTypes.TEXT }, { timestamps: false });
const Line = sequelize.define('Line', { id: ulidPrimaryKey(), product: DataTypes.TEXT }, { timestamps: false });
const Event = sequelize.define('Event', { id: uuidv7PrimaryKey(), kind: DataTypes.TEXT }, {
  timestamps: false,
  indexes: [{ name: 'events_order_id_idx', fields: [{ name: 'orderId', operator: 'uuid_ulid_ops' }] }], // for the foreign key's checks
});
// ulid -> ulid: the key takes the type of Order.id.
Order.hasMany(Line, { foreignKey: { name: 'orderId', allowNull: false }, onDelete: 'CASCADE' });
Line.belongsTo(Order, { foreignKey: { name: 'orderId', allowNull: false } });
// uuid -> ulid: a uuid column whose values read as ULIDs.
const eventKey = ulidInUuid({ name: 'orderId', allowNull: false });
Order.hasMany(Event, { foreignKey: eventKey, onDelete: 'CASCADE', hooks: true });
Event.belongsTo(Order, { foreignKey: eventKey });

// In a migration (umzug, sequelize-cli), first: queryInterface.sequelize.query(...). Here before sync:
await sequelize.query('CREATE EXTENSION IF NOT EXISTS uidext');
await sequelize.sync();

const order = await Order.create({ item: 'book' }); // id from gen_ulid()
await order.createLine({ product: 'paper' });
const event = await order.createEvent({ kind: 'paid' }); // id from gen_uuidv7()
assert.equal(event.orderId, order.id);
const loaded = await Order.findByPk(order.id, { include: [Line, Event] });
assert.equal(loaded.Events[0].orderId, order.id);
assert.equal(await Event.count({ where: { orderId: { [Op.in]: [order.id] } } }), 1); // ULID text, no conversion
await order.destroy(); // Sequelize removes the events (hooks), the database the lines
await sequelize.close();
