import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * A tax invoice must show the date it was issued (the ATO's requirements for tax invoices), which
 * is when its store numbered it, not when the order was placed.
 */
export function invoiceIssueDateMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema.alterTable('order_shipments').addColumn('invoice_issued_at', 'bigint').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('order_shipments').dropColumn('invoice_issued_at').execute();
    },
  };
}
