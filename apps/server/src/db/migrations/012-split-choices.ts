import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Split postage's choices per store in the cart's checkout state (db/tables/orders.ts
 * CheckoutStatesTable.split_choices): JSON [{ storeId, method, isExpress, address }].
 */
export function splitChoicesMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema.alterTable('checkout_states').addColumn('split_choices', 'text').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('checkout_states').dropColumn('split_choices').execute();
    },
  };
}
