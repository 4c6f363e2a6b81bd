import assert from 'node:assert/strict';
import { DataSource, EntitySchema, Raw, Table } from 'typeorm';
import { ulidPrimaryColumn, ulidPrimaryTableColumn } from 'uidext/typeorm';

class CreateOrders1700000000000 {
  /** @param {import('typeorm').QueryRunner} queryRunner */
  async up(queryRunner) {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS uidext');
    await queryRunner.createTable(new Table({ name: 'orders', columns: [ulidPrimaryTableColumn(), { name: 'item', type: 'text' }] }));
  }

  /** @param {import('typeorm').QueryRunner} queryRunner */
  async down(queryRunner) {
    await queryRunner.dropTable('orders');
  }
}
/** @type {EntitySchema<{ id: string, item: string }>} */
const Order = new EntitySchema({
  name: 'Order', tableName: 'orders', synchronize: false, columns: { id: ulidPrimaryColumn(), item: { type: 'text' } },
});
const dataSource = new DataSource({
  type: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT),
  username: process.env.PGUSER, database: process.env.PGDATABASE,
  entities: [Order], migrations: [CreateOrders1700000000000], migrationsRun: true,
});
await dataSource.initialize();

// The keys stay in the server (uidext.opaque_key_file): the application sees public ids only.
const orders = dataSource.getRepository(Order);
const order = await orders.save({ item: 'book' });
const { publicId } = await orders.createQueryBuilder('o').select('opaque_encode(o.id)', 'publicId').where({ id: order.id }).getRawOne();
// The lookup, through every key of the file (ids made before a rotation too):
const found = await orders.findOneBy({ id: Raw((alias) => `${alias} = ANY(opaque_candidates(:publicId))`, { publicId }) });
assert.equal(found?.item, 'book');
// One value, the first key's (the same rows while the file has one key):
const same = await orders.createQueryBuilder('o').where('o.id = opaque_decode(:publicId)', { publicId }).getOne();
assert.equal(same?.item, 'book');
await dataSource.destroy();
