// uidext/typeorm: a TypeORM migration creates the extension, the ulid tables (a, c) and the uuid
// table (b, d: a uuid -> ulid foreign key, with its uuid_ulid_ops index); synchronize then has
// nothing left to do (the index is declared with synchronize: false, else synchronize drops it);
// relations through repositories with no cast: save through the relation, load with relations,
// filter by the related key (find, In, QueryBuilder object conditions), count, update, remove
// with the database cascade (lines) and TypeORM's (events).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DataSource, EntitySchema, In, Raw, Table } from 'typeorm';
import { ulidColumn, ulidPrimaryColumn, ulidPrimaryTableColumn, ulidTableColumn, uuidv7PrimaryColumn } from 'uidext/typeorm';
import { ulidToUUID } from 'uidext';
import { ULID, UUIDV7, checkSchema, checkUuidToUlidIndexUsed, count, opaqueKeysConfigured, sql, uuidToUlidKeysWithoutIndex } from './lib/checks.js';
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
  indices: [{ name: 'events_order_id_idx', columns: ['orderId'], synchronize: false }], // made by the migration
});

class CreateOrders1700000000000 {
  async up(queryRunner) {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS uidext');
    await queryRunner.createTable(new Table({
      name: 'orders', columns: [ulidPrimaryTableColumn(), { name: 'item', type: 'text', isNullable: true }],
    }));
    await queryRunner.createTable(new Table({
      name: 'lines',
      columns: [ulidPrimaryTableColumn(), { name: 'product', type: 'text', isNullable: true }, ulidTableColumn('order_id')],
      foreignKeys: [{ columnNames: ['order_id'], referencedTableName: 'orders', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
    }));
    await queryRunner.createTable(new Table({
      name: 'events',
      columns: [{ name: 'id', type: 'uuid', isPrimary: true, default: 'gen_uuidv7()' }, { name: 'kind', type: 'text', isNullable: true }, { name: 'order_id', type: 'uuid' }],
      foreignKeys: [{ columnNames: ['order_id'], referencedTableName: 'orders', referencedColumnNames: ['id'] }],
    }));
    await queryRunner.query('CREATE INDEX events_order_id_idx ON events (order_id uuid_ulid_ops)');
  }

  async down(queryRunner) {
    for (const table of ['events', 'lines', 'orders']) await queryRunner.dropTable(table);
  }
}

let config;
let dataSource;
let orders;
let lines;
let events;
before(async () => {
  config = await freshDatabase('typeorm', { extension: false });
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

test('the migration creates the keys and the index; synchronize has nothing to do and keeps the index', async () => {
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  const pending = await dataSource.driver.createSchemaBuilder().log();
  assert.deepEqual(pending.upQueries.map((q) => q.query), []);
  await dataSource.synchronize();
  assert.deepEqual(await uuidToUlidKeysWithoutIndex(config), []);
  await dataSource.undoLastMigration();
  assert.equal(await count(config, 'pg_class', "relname IN ('orders', 'lines', 'events')"), 0);
  await dataSource.runMigrations();
  await dataSource.synchronize();
  await checkSchema(config, { orders: 'orders', lines: 'lines', events: 'events' });
  assert.deepEqual(await uuidToUlidKeysWithoutIndex(config), []);
});

test('without synchronize: false on the declared index, synchronize drops the index the migration made', async () => {
  const bare = new EntitySchema({ ...Event.options, indices: [] });
  const other = new DataSource({ ...dataSource.options, entities: [Order, Line, bare], migrations: [] });
  await other.initialize();
  try {
    const pending = await other.driver.createSchemaBuilder().log();
    assert.ok(pending.upQueries.some((q) => /DROP INDEX .*events_order_id_idx/.test(q.query)), pending.upQueries.map((q) => q.query).join('\n'));
  } finally {
    await other.destroy();
  }
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

test('the uuid -> ulid foreign key\'s uuid_ulid_ops index is used by a parent delete', async () => {
  const order = await orders.save({ item: 'indexed' });
  await checkUuidToUlidIndexUsed(config, { child: 'events', column: 'order_id', deleteText: 'DELETE FROM orders WHERE id = $1', value: order.id });
});

test('filters on the uuid column with ULID text: find, In, QueryBuilder object conditions; string conditions need UUID text', async () => {
  const [a, b] = await orders.save([{ item: 'fa' }, { item: 'fb' }]);
  await events.save([{ kind: 'fx', order: a }, { kind: 'fy', order: b }]);
  const kinds = (list) => list.map((e) => e.kind).sort();
  assert.deepEqual(kinds(await events.findBy({ kind: In(['fx', 'fy']), orderId: In([a.id, b.id]) })), ['fx', 'fy']);
  assert.deepEqual(kinds(await events.createQueryBuilder('e').where({ orderId: a.id }).getMany()), ['fx']);
  assert.deepEqual(kinds(await events.createQueryBuilder('e').where({ orderId: In([a.id, b.id]) }).andWhere('e.kind IN (:...k)', { k: ['fx', 'fy'] }).getMany()), ['fx', 'fy']);
  assert.deepEqual(kinds(await events.createQueryBuilder('e').where('e.kind LIKE :k', { k: 'f%' }).andWhere({ orderId: b.id }).getMany()), ['fy']);
  // A string condition binds the parameter as it is: the server refuses ULID text for a uuid.
  await assert.rejects(events.createQueryBuilder('e').where('e.order_id = :id', { id: a.id }).getMany(),
    { code: '22P02', message: `invalid input syntax for type uuid: "${a.id}"` });
  await assert.rejects(events.createQueryBuilder('e').where('e.orderId IN (:...ids)', { ids: [a.id] }).getMany(), { code: '22P02' });
  assert.deepEqual(kinds(await events.createQueryBuilder('e').where('e.order_id = :id', { id: ulidToUUID(a.id) }).getMany()), ['fx']);
  assert.deepEqual(kinds(await events.createQueryBuilder('e').where('e.order_id IN (:...ids)', { ids: [a.id, b.id].map(ulidToUUID) }).andWhere('e.kind LIKE :k', { k: 'f%' }).getMany()), ['fx', 'fy']);
});

test('opaque ids: opaque_encode in the select, opaque_decode(:id) and opaque_candidates(:id) with a string', async (t) => {
  if (!(await opaqueKeysConfigured(config))) return t.skip('the server has no opaque id keys');
  const order = await orders.save({ item: 'public' });
  const { publicId } = await orders.createQueryBuilder('o').select('opaque_encode(o.id)', 'publicId').where({ id: order.id }).getRawOne();
  assert.notEqual(publicId, order.id);
  const found = await orders.findOneBy({ id: Raw((alias) => `${alias} = opaque_decode(:publicId)`, { publicId }) });
  assert.equal(found?.id, order.id);
  const again = await orders.createQueryBuilder('o').where('o.id = ANY(opaque_candidates(:publicId))', { publicId }).getMany();
  assert.deepEqual(again.map((o) => o.id), [order.id]);
  const raw = await dataSource.query('SELECT item FROM orders WHERE id = opaque_decode($1)', [publicId]);
  assert.deepEqual(raw, [{ item: 'public' }]);
});
