import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** Guest carts and wishlists, each held by a random token of which only the SHA-256 hash is stored. */
export function cartWishlistMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('carts'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('cart_items')
        .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('added_price_minor', 'integer', (c) => c.notNull())
        .addColumn('added_state_hash', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'product_id'])
        .execute();
      // Which carts hold an item (to flag them all when it sells).
      await db.schema.createIndex('cart_items_product').on('cart_items').column('product_id').execute();

      await withId(db.schema.createTable('wishlists'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wishlist_items')
        .addColumn('wishlist_id', 'integer', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('wishlist_items_pk', ['wishlist_id', 'product_id'])
        .execute();
      await db.schema.createIndex('wishlist_items_product').on('wishlist_items').column('product_id').execute();
    },
    async down(db: Db) {
      for (const table of ['wishlist_items', 'wishlists', 'cart_items', 'carts']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
