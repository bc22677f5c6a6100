import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * After the sale: what order history, order detail, the per-store tax invoice and the
 * order status e-mails need.
 * - stores: the legal entity behind the shop front, whether it is registered for GST (AU) or VAT
 *   (UK; its VAT number), since only registered stores issue tax invoices;
 * - products: how the item is taxed: 'standard' (GST 1/11 of the price in AU, VAT 1/6 in the UK),
 *   'gst_free' (for example investment-grade bullion) or 'margin' (UK second-hand margin scheme:
 *   no VAT shown); copied onto the order line at sale, like the item type;
 * - orders: when it was confirmed (history lists only orders that were ever confirmed);
 * - order_shipments: its fulfilment (open, ready for pickup, dispatched, collected) with the dates
 *   and tracking, and its store's invoice number once one is issued;
 * - store_invoice_numbers: each store's last invoice number (numbered per store).
 */
export function afterSaleMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('stores')
        .addColumn('entity_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('stores')
        .addColumn('tax_registered', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('stores')
        .addColumn('vat_number', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('tax_treatment', 'text', (c) => c.notNull().defaultTo('standard'))
        .execute();
      await db.schema.alterTable('orders').addColumn('confirmed_at', 'bigint').execute();
      await db.schema
        .alterTable('order_lines')
        .addColumn('tax_treatment', 'text', (c) => c.notNull().defaultTo('standard'))
        .execute();
      await db.schema
        .alterTable('order_lines')
        .addColumn('item_type', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('order_shipments')
        .addColumn('fulfilment', 'text', (c) => c.notNull().defaultTo('open'))
        .execute();
      for (const column of ['ready_at', 'dispatched_at', 'collected_at']) {
        await db.schema.alterTable('order_shipments').addColumn(column, 'bigint').execute();
      }
      await db.schema.alterTable('order_shipments').addColumn('tracking_number', 'text').execute();
      await db.schema.alterTable('order_shipments').addColumn('tracking_url', 'text').execute();
      await db.schema.alterTable('order_shipments').addColumn('invoice_number', 'integer').execute();
      await db.schema.createIndex('orders_user_confirmed').on('orders').columns(['user_id', 'confirmed_at']).execute();
      await db.schema
        .createTable('store_invoice_numbers')
        .addColumn('store_id', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('store_invoice_numbers').execute();
      await db.schema.dropIndex('orders_user_confirmed').execute();
      for (const column of [
        'invoice_number',
        'tracking_url',
        'tracking_number',
        'collected_at',
        'dispatched_at',
        'ready_at',
        'fulfilment',
      ]) {
        await db.schema.alterTable('order_shipments').dropColumn(column).execute();
      }
      await db.schema.alterTable('order_lines').dropColumn('item_type').execute();
      await db.schema.alterTable('order_lines').dropColumn('tax_treatment').execute();
      await db.schema.alterTable('orders').dropColumn('confirmed_at').execute();
      await db.schema.alterTable('products').dropColumn('tax_treatment').execute();
      for (const column of ['vat_number', 'tax_registered', 'entity_name']) {
        await db.schema.alterTable('stores').dropColumn(column).execute();
      }
    },
  };
}
