import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** The checkout's choices per cart (db/tables/orders.ts CheckoutStatesTable); gone with the cart. */
export function checkoutStateMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('checkout_states')
        .addColumn('cart_id', 'integer', (c) => c.primaryKey().references('carts.id').onDelete('cascade'))
        .addColumn('delivery_option', 'text')
        .addColumn('is_express', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('discount_code', 'text')
        .addColumn('delivery_address', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('checkout_states').execute();
    },
  };
}
