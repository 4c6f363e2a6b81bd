import assert from 'node:assert/strict';
import { DataSource, EntitySchema, Table } from 'typeorm';
import { ulidColumn, ulidPrimaryColumn, ulidPrimaryTableColumn, ulidTableColumn, uuidv7PrimaryColumn } from 'uidext/typeorm';

// Tables with ulid columns come from a migration; TypeORM's synchronize leaves them alone.
class CreateOrders1700000000000 {
  async up(queryRunner) {
    await queryRunner.createTable(new Table({
      name: 'orders', columns: [ulidPrimaryTableColumn(), { name: 'item', type: 'text', isNullable: true }],
    }));
    await queryRunner.createTable(new Table({
      name: 'lines', columns: [ulidPrimaryTableColumn(), ulidTableColumn('order_id')],
      foreignKeys: [{ columnNames: ['order_id'], referencedTableName: 'orders', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
    }));
  }

  async down(queryRunner) {
    await queryRunner.dropTable('lines');
    await queryRunner.dropTable('orders');
  }
}

const Order = new EntitySchema({
  name: 'Order', tableName: 'orders', synchronize: false,
  columns: { id: ulidPrimaryColumn(), item: { type: 'text', nullable: true } },
  relations: {
    lines: { type: 'one-to-many', target: 'Line', inverseSide: 'order' },
    events: { type: 'one-to-many', target: 'Event', inverseSide: 'order', cascade: ['remove'] },
  },
});
const Line = new EntitySchema({
  name: 'Line', tableName: 'lines', synchronize: false,
  columns: { id: ulidPrimaryColumn(), orderId: ulidColumn({ name: 'order_id' }) },
  relations: { order: { type: 'many-to-one', target: 'Order', inverseSide: 'lines', joinColumn: { name: 'order_id' } } },
});
// A uuid primary key from gen_uuidv7() and a uuid -> ulid foreign key: synchronize creates these.
const Event = new EntitySchema({
  name: 'Event', tableName: 'events',
  columns: { id: uuidv7PrimaryColumn(), kind: { type: 'text' }, orderId: ulidColumn({ name: 'order_id' }) },
  relations: { order: { type: 'many-to-one', target: 'Order', inverseSide: 'events', joinColumn: { name: 'order_id' }, nullable: false } },
});

const dataSource = new DataSource({
  type: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE,
  entities: [Order, Line, Event], migrations: [CreateOrders1700000000000],
  migrationsRun: true, synchronize: true,
});
await dataSource.initialize();

const orders = dataSource.getRepository('Order');
const order = await orders.save({ item: 'book' }); // id from gen_ulid()
await dataSource.getRepository('Line').save({ order });
await dataSource.getRepository('Event').save({ kind: 'paid', order }); // id from gen_uuidv7()
const loaded = await orders.findOne({ where: { id: order.id }, relations: { lines: true, events: true } });
assert.equal(loaded.events[0].orderId, order.id);
assert.equal(await dataSource.getRepository('Event').countBy({ order: { id: order.id } }), 1);
await orders.remove(loaded); // TypeORM removes the events, the database the lines
await dataSource.destroy();
