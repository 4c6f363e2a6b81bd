// uidext/typeorm: a TypeORM migration creates the ulid tables (a, c), synchronize the uuid table
// (b, d: a uuid -> ulid foreign key) and then has nothing left to do; relations through
// repositories with no cast: save through the relation, load with relations, filter by the
// related key, count, update, remove with the database cascade (lines) and TypeORM's (events).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DataSource, EntitySchema, In, Table } from 'typeorm';
import { ulidColumn, ulidPrimaryColumn, ulidPrimaryTableColumn, ulidTableColumn, uuidv7PrimaryColumn } from 'uidext/typeorm';
import { ULID, UUIDV7, checkSchema, count } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const Order = new EntitySchema({
  name: 'Order', tableName: 'orders', synchronize: false, // created by the migration below
  columns: { id: ulidPrimaryColumn(), item: { type: 'text', nullable: true } },
  relations: {
    lines: { type: 'one-to-many', target: 'Line', inverseSide: 'order', cascade: ['insert'] },
    events: { type: 'one-to-many', target: 'Event', inverseSide: 'order', cascade: ['remove'] },
  },
});
const Line = new EntitySchema({
  name: 'Line', tableName: 'lines', synchronize: false,
  columns: { id: ulidPrimaryColumn(), product: { type: 'text', nullable: true }, orderId: ulidColumn({ name: 'order_id' }) },
  relations: { order: { type: 'many-to-one', target: 'Order', inverseSide: 'lines', joinColumn: { name: 'order_id' }, onDelete: 'CASCADE' } },
});
const Event = new EntitySchema({
  name: 'Event', tableName: 'events',
  columns: { id: uuidv7PrimaryColumn(), kind: { type: 'text', nullable: true }, orderId: ulidColumn({ name: 'order_id' }) },
  relations: { order: { type: 'many-to-one', target: 'Order', inverseSide: 'events', joinColumn: { name: 'order_id' }, nullable: false } },
});

class CreateOrders1700000000000 {
  async up(queryRunner) {
    await queryRunner.createTable(new Table({
      name: 'orders', columns: [ulidPrimaryTableColumn(), { name: 'item', type: 'text', isNullable: true }],
    }));
    await queryRunner.createTable(new Table({
      name: 'lines',
      columns: [ulidPrimaryTableColumn(), { name: 'product', type: 'text', isNullable: true }, ulidTableColumn('order_id')],
      foreignKeys: [{ columnNames: ['order_id'], referencedTableName: 'orders', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
    }));
  }

  async down(queryRunner) {
    await queryRunner.dropTable('lines');
    await queryRunner.dropTable('orders');
  }
}

let config;
let dataSource;
let orders;
let lines;
let events;
before(async () => {
  config = await freshDatabase('typeorm');
  dataSource = new DataSource({
    type: 'postgres', host: config.host, port: config.port, username: config.user, password: config.password,
    database: config.database, entities: [Order, Line, Event], migrations: [CreateOrders1700000000000],
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  await dataSource.synchronize();
  orders = dataSource.getRepository('Order');
  lines = dataSource.getRepository('Line');
  events = dataSource.getRepository('Event');
});
after(() => dataSource.destroy());

test('migration + synchronize create the keys; a second synchronize has nothing to do', async () => {
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  const pending = await dataSource.driver.createSchemaBuilder().log();
  assert.deepEqual(pending.upQueries.map((q) => q.query), []);
  await dataSource.synchronize();
  await dataSource.query('DROP TABLE events');
  await dataSource.undoLastMigration();
  assert.equal(await count(config, 'pg_class', "relname IN ('orders', 'lines')"), 0);
  await dataSource.runMigrations();
  await dataSource.synchronize();
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
});

test('keys from the database; children saved through the relation; loaded with relations', async () => {
  const order = await orders.save({ item: 'book' });
  assert.match(order.id, ULID);
  const line = await lines.save({ product: 'paper', order });
  const event = await events.save({ kind: 'paid', order });
  assert.match(line.id, ULID);
  assert.match(event.id, UUIDV7);
  const loaded = await orders.findOne({ where: { id: order.id }, relations: { lines: true, events: true } });
  assert.equal(loaded.lines[0].id, line.id);
  assert.equal(loaded.lines[0].orderId, order.id);
  assert.equal(loaded.events[0].id, event.id);
  assert.equal(loaded.events[0].orderId, order.id, 'the uuid column reads as the ULID');
  const back = await events.findOne({ where: { id: event.id }, relations: { order: true } });
  assert.equal(back.order.id, order.id);
  const joined = await orders.createQueryBuilder('o').innerJoinAndSelect('o.events', 'e').where('e.kind = :kind', { kind: 'paid' }).getOne();
  assert.equal(joined.id, order.id);
  // Cascade insert from the parent's side: works into the ulid column. Into the uuid column
  // TypeORM 1.1 compares the existing children's keys without the transformer (its
  // RelationIdLoader), so the server refuses the ULID text: save children from their side.
  order.lines = [...loaded.lines, lines.create({ product: 'ink' })];
  await orders.save(order);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [order.id]), 2);
  order.events = [...loaded.events, events.create({ kind: 'shipped' })];
  await assert.rejects(orders.save(order), { code: '22P02' });
});

test('filter by the related key, count, update', async () => {
  const a = await orders.save({ item: 'a' });
  const b = await orders.save({ item: 'b' });
  await events.save([{ kind: 'x', order: a }, { kind: 'y', order: a }]);
  await lines.save({ product: 'p', order: a });
  assert.equal((await events.findBy({ orderId: a.id })).length, 2);
  assert.equal((await events.findBy({ order: { id: a.id } })).length, 2);
  assert.equal(await events.countBy({ orderId: In([a.id, b.id]) }), 2);
  assert.equal(await lines.count({ where: { order: { item: 'a' } } }), 1);
  assert.equal(await orders.count({ where: { events: { kind: 'y' } } }), 1);

  const moved = await events.findOneBy({ kind: 'y' });
  moved.order = b;
  await events.save(moved);
  assert.equal(await events.countBy({ order: { id: b.id } }), 1);
  await events.update({ kind: 'x' }, { orderId: b.id });
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [b.id]), 2);
  await lines.update({ orderId: a.id }, { orderId: b.id });
  assert.equal(await lines.countBy({ orderId: b.id }), 1);
});

test('remove a parent without children, then with children: database and TypeORM cascades', async () => {
  const lonely = await orders.save({ item: 'nothing' });
  const lonelyId = lonely.id;
  await orders.remove(lonely);
  assert.equal(await count(config, 'orders', 'id = $1::ulid', [lonelyId]), 0);

  const order = await orders.save({ item: 'full' });
  await lines.save([{ product: 'l1', order }, { product: 'l2', order }]);
  await events.save({ kind: 'e1', order });
  const id = order.id;
  await orders.remove(await orders.findOne({ where: { id }, relations: { events: true } }));
  assert.equal(await count(config, 'orders', 'id = $1::ulid', [id]), 0);
  assert.equal(await count(config, 'lines', 'order_id = $1::ulid', [id]), 0, 'ON DELETE CASCADE');
  assert.equal(await count(config, 'events', 'order_id = $1::ulid', [id]), 0, "cascade: ['remove']");

  const kept = await orders.save({ item: 'kept' });
  await events.save({ kind: 'e2', order: kept });
  await assert.rejects(orders.delete(kept.id), { code: '23503' }, 'without the cascade the foreign key holds');
});

test('a malformed key is a TypeError naming it', async () => {
  await assert.rejects(events.findBy({ orderId: '01ARZ3NDEKTSV4RRFFQ69G5FAU' }),
    { name: 'TypeError', message: 'invalid input syntax for type ulid: "01ARZ3NDEKTSV4RRFFQ69G5FAU"' });
  await assert.rejects(orders.findOneBy({ id: 'nope' }), { name: 'TypeError' });
});
