import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Orders, their per-store shipments and lines, and payment attempts (db/tables/orders.ts).
 * No foreign keys to products or stores: an order copies what it needs (title, price, postage),
 * and the demo's seed may replace the catalogue underneath old orders.
 */
export function ordersMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('orders'), dialect)
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('cart_id', 'integer')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('customer', 'text', (c) => c.notNull())
        .addColumn('billing_address', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_option', 'text', (c) => c.notNull())
        .addColumn('delivery_option', 'text', (c) => c.notNull())
        .addColumn('items_minor', 'integer', (c) => c.notNull())
        .addColumn('postage_minor', 'integer', (c) => c.notNull())
        .addColumn('discount_minor', 'integer', (c) => c.notNull())
        .addColumn('total_minor', 'integer', (c) => c.notNull())
        .addColumn('discount_code', 'text')
        .addColumn('hold_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
      // What the hold-expiry job looks for.
      await db.schema.createIndex('orders_hold').on('orders').columns(['status', 'hold_expires_at']).execute();

      await withId(db.schema.createTable('order_shipments'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('store_name', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('service', 'text')
        .addColumn('postage_minor', 'integer', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('postage_snapshot', 'text')
        .execute();
      await db.schema.createIndex('order_shipments_order').on('order_shipments').column('order_id').execute();

      await withId(db.schema.createTable('order_lines'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('shipment_id', 'integer', (c) => c.notNull().references('order_shipments.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('price_minor', 'integer', (c) => c.notNull())
        .addColumn('discount_minor', 'integer', (c) => c.notNull())
        .addColumn('postage_share_minor', 'integer', (c) => c.notNull())
        .addColumn('live', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
      // The backstop of "sold at most once": one live order line per item, whatever the code does.
      await db.schema
        .createIndex('order_lines_one_live_per_item')
        .unique()
        .on('order_lines')
        .column('product_id')
        .where(sql.ref('live'), '=', 1)
        .execute();

      await withId(db.schema.createTable('payment_attempts'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('tracking_number', 'text', (c) => c.notNull().unique())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('provider_reference', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_attempts_order').on('payment_attempts').column('order_id').execute();
      await db.schema
        .createIndex('payment_attempts_status')
        .on('payment_attempts')
        .columns(['status', 'updated_at'])
        .execute();
    },
    async down(db: Db) {
      for (const table of ['payment_attempts', 'order_lines', 'order_shipments', 'orders']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
