import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * A pickup's "collect by": worked out once when the order is placed (the store's closing time on
 * the last day of its pickup window) and kept with the store's time zone, so every page and e-mail
 * shows the same moment in the store's local time even if the store's hours change later.
 * Pickups placed before this have none (null), as do parcels.
 */
export function pickupCollectByMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema.alterTable('order_shipments').addColumn('collect_by', 'bigint').execute();
      await db.schema.alterTable('order_shipments').addColumn('collect_by_zone', 'text').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('order_shipments').dropColumn('collect_by_zone').execute();
      await db.schema.alterTable('order_shipments').dropColumn('collect_by').execute();
    },
  };
}
