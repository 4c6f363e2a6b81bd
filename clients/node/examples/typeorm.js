import assert from 'node:assert/strict';
import { DataSource, EntitySchema, In, Table } from 'typeorm';
import { ulidColumn, ulidPrimaryColumn, ulidPrimaryTableColumn, ulidTableColumn, uuidv7PrimaryColumn } from 'uidext/typeorm';

// The tables come from a migration: TypeORM's synchronize knows neither ulid nor operator classes.
class CreateOrders1700000000000 {
  /** @param {import('typeorm').QueryRunner} queryRunner */
  async up(queryRunner) {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS uidext'); // first: the types and defaults below need it
    await queryRunner.createTable(new Table({
      name: 'orders', columns: [ulidPrimaryTableColumn(), { name: 'item', type: 'text', isNullable: true }],
    }));
    await queryRunner.createTable(new Table({
      name: 'lines', columns: [ulidPrimaryTableColumn(), ulidTableColumn('order_id')],
      foreignKeys: [{ columnNames: ['order_id'], referencedTableName: 'orders', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
    }));
    // A uuid key and a uuid -> ulid foreign key, as synchronize would make them, and the index
    // with uuid_ulid_ops that the foreign key's checks use.
    await queryRunner.createTable(new Table({
      name: 'events',
      columns: [{ name: 'id', type: 'uuid', isPrimary: true, default: 'gen_uuidv7()' }, { name: 'kind', type: 'text' }, { name: 'order_id', type: 'uuid' }],
      foreignKeys: [{ columnNames: ['order_id'], referencedTableName: 'orders', referencedColumnNames: ['id'] }],
    }));
    await queryRunner.query('CREATE INDEX events_order_id_idx ON events (order_id uuid_ulid_ops)');
  }

  /** @param {import('typeorm').QueryRunner} queryRunner */
  async down(queryRunner) {
    for (const table of ['events', 'lines', 'orders']) await queryRunner.dropTable(table);
  }
}

// (The JSDoc casts are for TypeScript: it infers an entity's fields from its columns, not its relations.)
/** @typedef {import('typeorm').EntitySchemaOptions<any>} EntityOptions */
const Order = new EntitySchema(/** @type {EntityOptions} */ ({
  name: 'Order', tableName: 'orders', synchronize: false,
  columns: { id: ulidPrimaryColumn(), item: { type: 'text', nullable: true } },
  relations: {
    lines: { type: 'one-to-many', target: 'Line', inverseSide: 'order' },
    events: { type: 'one-to-many', target: 'Event', inverseSide: 'order', cascade: ['remove'] },
  },
}));
const Line = new EntitySchema(/** @type {EntityOptions} */ ({
  name: 'Line', tableName: 'lines', synchronize: false,
  columns: { id: ulidPrimaryColumn(), orderId: ulidColumn({ name: 'order_id' }) },
  relations: { order: { type: 'many-to-one', target: 'Order', inverseSide: 'lines', joinColumn: { name: 'order_id' } } },
}));
// uuid columns only: synchronize compares this entity with the table and has nothing to do. The
// index is declared with synchronize: false, which keeps synchronize from dropping it.
const Event = new EntitySchema(/** @type {EntityOptions} */ ({
  name: 'Event', tableName: 'events',
  columns: { id: uuidv7PrimaryColumn(), kind: { type: 'text' }, orderId: ulidColumn({ name: 'order_id' }) },
  relations: { order: { type: 'many-to-one', target: 'Order', inverseSide: 'events', joinColumn: { name: 'order_id' }, nullable: false } },
  indices: [{ name: 'events_order_id_idx', columns: ['orderId'], synchronize: false }],
}));

const dataSource = new DataSource({
  type: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE,
  entities: [Order, Line, Event], migrations: [CreateOrders1700000000000],
  migrationsRun: true, synchronize: true,
});
await dataSource.initialize();

const orders = dataSource.getRepository(Order);
const events = dataSource.getRepository(Event);
const order = await orders.save({ item: 'book' }); // id from gen_ulid()
await dataSource.getRepository(Line).save({ order });
await events.save({ kind: 'paid', order }); // id from gen_uuidv7()
const loaded = await orders.findOne({ where: { id: order.id }, relations: { lines: true, events: true } });
assert.equal(loaded?.events[0].orderId, order.id);
// Object conditions go through the column's transformer: ULID text, no conversion.
assert.equal(await events.countBy({ orderId: In([order.id]) }), 1);
assert.equal(await events.createQueryBuilder('e').where({ orderId: order.id }).getCount(), 1);
await orders.remove(loaded); // TypeORM removes the events, the database the lines
await dataSource.destroy();
