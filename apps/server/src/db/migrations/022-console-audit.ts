import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * The store console: fulfilment and its audit trail.
 * - console_audit: who (staff user id) did what (action), when, in which store, to which order and
 *   item, with a JSON detail; listed newest first per store (index store_id, created_at, id);
 * - order_shipments.carrier: the carrier the store posted with (dispatch), shown to the shopper;
 * - order_shipments.paid_in_store_at / paid_in_store_minor: a pay-in-store order's payment taken at
 *   the counter when its items were collected (the record the order's views show);
 * - order_shipments.fulfilment gains the value 'cancelled' (every item of the shipment cancelled; a
 *   text column with no CHECK, so no DDL);
 * - order_lines.cancelled_at / refund_minor: one item of a shipment cancelled by the store, and what
 *   was (or is being) refunded for it: its price after discount, plus the shipment's postage when it
 *   was the shipment's last item.
 */
export function consoleAuditMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('console_audit'), dialect)
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('order_reference', 'text')
        .addColumn('item_code', 'text')
        /** JSON: what the action carried (tracking number, refund amount, restock ...). */
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('console_audit_store')
        .on('console_audit')
        .columns(['store_id', 'created_at', 'id'])
        .execute();

      await db.schema.alterTable('order_shipments').addColumn('carrier', 'text').execute();
      await db.schema.alterTable('order_shipments').addColumn('paid_in_store_at', 'bigint').execute();
      await db.schema.alterTable('order_shipments').addColumn('paid_in_store_minor', 'bigint').execute();
      await db.schema.alterTable('order_lines').addColumn('cancelled_at', 'bigint').execute();
      await db.schema.alterTable('order_lines').addColumn('refund_minor', 'bigint').execute();
      // The console lists a store's shipments by progress.
      await db.schema
        .createIndex('order_shipments_store')
        .on('order_shipments')
        .columns(['store_id', 'fulfilment'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('order_shipments_store').execute();
      await db.schema.alterTable('order_lines').dropColumn('refund_minor').execute();
      await db.schema.alterTable('order_lines').dropColumn('cancelled_at').execute();
      await db.schema.alterTable('order_shipments').dropColumn('paid_in_store_minor').execute();
      await db.schema.alterTable('order_shipments').dropColumn('paid_in_store_at').execute();
      await db.schema.alterTable('order_shipments').dropColumn('carrier').execute();
      await db.schema.dropIndex('console_audit_store').execute();
      await db.schema.dropTable('console_audit').execute();
    },
  };
}
