// uidext/sequelize: sync creates (a) a ulid key from gen_ulid(), (b) a uuid key from gen_uuidv7(),
// (c) a ulid -> ulid foreign key, (d) a uuid -> ulid foreign key read as ULID text; relations
// through Sequelize's association API with no cast: create, include, filter, count, update,
// delete with database cascade (lines) and Sequelize's hooks cascade (events). The uuid -> ulid
// foreign key's uuid_ulid_ops index comes from the model's indexes (sync) or addIndex (migration);
// filters on that column take ULID text through the data type.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DataTypes, Op, Sequelize } from 'sequelize';
import { ulidToUUID } from 'uidext';
import { registerTypes } from 'uidext/sequelize';
import { ULID, UUIDV7, checkSchema, checkUuidToUlidIndexUsed, count, describeTable, opaqueKeysConfigured, sql, uuidToUlidKeysWithoutIndex } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const { ULID: ULID_TYPE, ulidPrimaryKey, uuidv7PrimaryKey, ulidInUuid } = registerTypes(Sequelize);
let config;
let sequelize;
let Order;
let Line;
let Event;
const statements = [];

before(async () => {
  config = await freshDatabase('sequelize', { extension: false });
  sequelize = new Sequelize({
    dialect: 'postgres', host: config.host, port: config.port, username: config.user, password: config.password,
    database: config.database, logging: (text) => statements.push(text),
  });
  Order = sequelize.define('Order', { id: ulidPrimaryKey(), item: DataTypes.TEXT }, { tableName: 'orders', timestamps: false });
  Line = sequelize.define('Line', { id: ulidPrimaryKey(), product: DataTypes.TEXT }, { tableName: 'lines', timestamps: false, underscored: true });
  Event = sequelize.define('Event', { id: uuidv7PrimaryKey(), kind: DataTypes.TEXT }, {
    tableName: 'events', timestamps: false, underscored: true,
    indexes: [{ name: 'events_order_id_idx', fields: [{ name: 'order_id', operator: 'uuid_ulid_ops' }] }],
  });
  // (c) ulid -> ulid: the key's type follows the target's (ULID); the database cascades deletes.
  Order.hasMany(Line, { foreignKey: { name: 'orderId', allowNull: false }, onDelete: 'CASCADE' });
  Line.belongsTo(Order, { foreignKey: { name: 'orderId', allowNull: false } });
  // (d) uuid -> ulid: Sequelize deletes the events itself (hooks), the database would refuse.
  const eventKey = ulidInUuid({ name: 'orderId', allowNull: false });
  Order.hasMany(Event, { foreignKey: eventKey, onDelete: 'CASCADE', hooks: true });
  Event.belongsTo(Order, { foreignKey: eventKey });
  await sequelize.query('CREATE EXTENSION IF NOT EXISTS uidext'); // a migration's first statement
  await sequelize.sync();
  await sql(config, `ALTER TABLE events DROP CONSTRAINT events_order_id_fkey,
    ADD FOREIGN KEY (order_id) REFERENCES orders(id)`); // so that only Sequelize's cascade can remove events
});
after(() => sequelize.close());

test('sync creates the keys, defaults and foreign keys', async () => {
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  assert.ok(statements.some((s) => s.includes('"order_id" UUID NOT NULL REFERENCES "orders" ("id")')), 'uuid -> ulid foreign key from sync');
});

test('a migration (queryInterface.createTable) takes the same attribute definitions', async () => {
  const queryInterface = sequelize.getQueryInterface();
  await queryInterface.createTable('notes', {
    id: ulidPrimaryKey(),
    order_id: { ...ulidInUuid(), allowNull: false, references: { model: 'orders', key: 'id' }, onDelete: 'CASCADE' },
    line_id: { type: ULID_TYPE, references: { model: 'lines', key: 'id' } },
  });
  assert.equal((await uuidToUlidKeysWithoutIndex(config)).length, 1, 'notes.order_id before addIndex');
  await queryInterface.addIndex('notes', [{ name: 'order_id', operator: 'uuid_ulid_ops' }]);
  assert.deepEqual(await uuidToUlidKeysWithoutIndex(config), []);
  const { columns, foreignKeys } = await describeTable(config, 'notes');
  assert.deepEqual([columns.id.type, columns.id.default, columns.order_id.type, columns.line_id.type], ['ulid', 'gen_ulid()', 'uuid', 'ulid']);
  assert.equal(foreignKeys.length, 2);
  await queryInterface.dropTable('notes');
});

test('keys from the database; children created through the relations; loaded with include', async () => {
  const order = await Order.create({ item: 'book' });
  assert.match(order.id, ULID);
  const line = await order.createLine({ product: 'paper' });
  const event = await order.createEvent({ kind: 'paid' });
  assert.match(line.id, ULID);
  assert.equal(line.orderId, order.id);
  assert.match(event.id, UUIDV7);
  assert.equal(event.orderId, order.id, 'the uuid column reads as the ULID');
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [order.id]), 1);

  const loaded = await Order.findByPk(order.id, { include: [Line, Event] });
  assert.equal(loaded.Lines[0].id, line.id);
  assert.equal(loaded.Events[0].id, event.id);
  assert.equal(loaded.Events[0].orderId, order.id);
  assert.equal(loaded.toJSON().Events[0].orderId, order.id);
  const fromEvent = await Event.findByPk(event.id, { include: Order });
  assert.equal(fromEvent.Order.id, order.id);
  assert.deepEqual((await order.getEvents()).map((e) => e.orderId), [order.id]);
});

test('filter by the related key (ULID or UUID text), count, update', async () => {
  const [a, b] = await Promise.all([Order.create({ item: 'a' }), Order.create({ item: 'b' })]);
  await a.createEvent({ kind: 'x' });
  const moved = await a.createEvent({ kind: 'y' });
  await a.createLine({ product: 'p' });
  assert.equal((await Event.findAll({ where: { orderId: a.id } })).length, 2);
  assert.equal((await Event.findAll({ where: { orderId: ulidToUUID(a.id) } })).length, 2);
  assert.equal(await Event.count({ where: { orderId: [a.id, b.id] } }), 2);
  assert.equal(await a.countEvents(), 2);
  assert.equal(await a.countLines(), 1);
  assert.equal(await Line.count({ include: { model: Order, where: { item: 'a' } } }), 1);
  assert.equal((await Order.findAll({ include: { model: Event, where: { kind: 'y' } } }))[0].id, a.id);

  await moved.update({ orderId: b.id });
  assert.equal(moved.orderId, b.id);
  assert.equal(await b.countEvents(), 1);
  await b.addEvent(await Event.findOne({ where: { kind: 'x' } }));
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [b.id]), 2);
  await Line.update({ orderId: b.id }, { where: { orderId: a.id } });
  assert.equal(await b.countLines(), 1);
});

test('delete a parent without children, then with children: database and Sequelize cascades', async () => {
  const lonely = await Order.create({ item: 'nothing' });
  await lonely.destroy();
  assert.equal(await count(config, 'orders', 'id = $1::ulid', [lonely.id]), 0);

  const order = await Order.create({ item: 'full' });
  await order.createLine({ product: 'l1' });
  await order.createLine({ product: 'l2' });
  await order.createEvent({ kind: 'e1' });
  await order.destroy();
  assert.equal(await count(config, 'orders', 'id = $1::ulid', [order.id]), 0);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [order.id]), 0, 'ON DELETE CASCADE');
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [order.id]), 0, 'hooks: true');
});

test('a malformed key is a TypeError naming it, before any query', async () => {
  await assert.rejects(Event.findAll({ where: { orderId: '01ARZ3NDEKTSV4RRFFQ69G5FAU' } }),
    { name: 'TypeError', message: 'invalid input syntax for type ulid: "01ARZ3NDEKTSV4RRFFQ69G5FAU"' });
  await assert.rejects(Order.findByPk('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), { name: 'TypeError' });
  await assert.rejects(Line.create({ product: 'x', orderId: 'not-a-key' }), { name: 'TypeError' });
  assert.equal(new ULID_TYPE().toSql(), 'ULID');
});

test('the uuid -> ulid foreign key has its uuid_ulid_ops index from the model; a parent delete uses it', async () => {
  const order = await Order.create({ item: 'indexed' });
  await order.createEvent({ kind: 'e' });
  await checkUuidToUlidIndexUsed(config, { child: 'events', column: 'order_id', deleteText: 'DELETE FROM orders WHERE id = $1', value: order.id });
  const [{ def }] = await sql(config, "SELECT pg_get_indexdef('events_order_id_idx'::regclass) AS def");
  assert.match(def, /USING btree \(order_id uuid_ulid_ops\)/);
});

test('filters on the uuid column with ULID text, through the data type: Op.eq, Op.ne, Op.in, Op.notIn, Op.or', async () => {
  const [a, b] = await Promise.all([Order.create({ item: 'fa' }), Order.create({ item: 'fb' })]);
  await a.createEvent({ kind: 'fx' });
  await b.createEvent({ kind: 'fy' });
  const kinds = async (orderId) => (await Event.findAll({ where: { kind: ['fx', 'fy'], orderId }, order: [['kind', 'ASC']] })).map((e) => e.kind);
  assert.deepEqual(await kinds({ [Op.eq]: a.id }), ['fx']);
  assert.deepEqual(await kinds({ [Op.ne]: a.id }), ['fy']);
  assert.deepEqual(await kinds({ [Op.in]: [a.id, b.id] }), ['fx', 'fy']);
  assert.deepEqual(await kinds({ [Op.notIn]: [a.id] }), ['fy']);
  assert.deepEqual(await kinds({ [Op.or]: [a.id, b.id] }), ['fx', 'fy']);
  assert.equal(await Event.destroy({ where: { orderId: b.id } }), 1);
});

test('opaque ids: opaque_encode as an attribute, opaque_decode and opaque_candidates of a string', async (t) => {
  if (!(await opaqueKeysConfigured(config))) return t.skip('the server has no opaque id keys');
  const order = await Order.create({ item: 'public' });
  const withPublicId = await Order.findByPk(order.id, { attributes: ['id', [sequelize.fn('opaque_encode', sequelize.col('id')), 'publicId']] });
  const publicId = withPublicId.get('publicId');
  assert.notEqual(publicId, order.id);
  const found = await Order.findOne({ where: { id: sequelize.fn('opaque_decode', publicId) } });
  assert.equal(found.id, order.id);
  const again = await Order.findAll({ where: sequelize.literal(`"Order"."id" = ANY(opaque_candidates(${sequelize.escape(publicId)}))`) });
  assert.deepEqual(again.map((o) => o.id), [order.id]);
  const [rows] = await sequelize.query('SELECT item FROM orders WHERE id = opaque_decode($1)', { bind: [publicId] });
  assert.deepEqual(rows, [{ item: 'public' }]);
});
