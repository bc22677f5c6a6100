import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Every provider call and result recorded against its payment attempt (db/tables/orders.ts
 * PaymentAttemptEventsTable): who finished it (browser, notification, reconciler) and what the
 * provider said. Never card data: card entry happens on the provider's page.
 */
export function paymentEventsMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('payment_attempt_events'), dialect)
        .addColumn('attempt_id', 'integer', (c) => c.notNull().references('payment_attempts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_attempt_events_attempt')
        .on('payment_attempt_events')
        .columns(['attempt_id', 'id'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('payment_attempt_events').execute();
    },
  };
}
