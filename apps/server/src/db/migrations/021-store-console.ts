import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * The store console: staff and roles, and stock.
 * - staff_members: a role on an existing account (store_staff or marketplace_admin), so staff sign
 *   in, keep sessions and use passkeys exactly as customers do;
 * - staff_stores: the stores a store_staff member runs (admins run every store);
 * - staff_invitations: an admin's invitation of an address to a role and stores; the link's token is
 *   stored hashed, good for 7 days and used once (accepted_at);
 * - product_pictures: pictures a store uploaded, already resized (WebP) to every size the images
 *   module serves, kept in the database so every server instance serves the same bytes;
 * - products.withdrawn_at: an item taken off sale by its store. products.status keeps its CHECK
 *   (available, reserved, sold): a withdrawn item is 'sold' to every shopper-facing reader (it can
 *   be neither bought nor reserved), and this column tells the console it was withdrawn, not sold.
 */
export function storeConsoleMigration(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Db) {
      await db.schema
        .createTable('staff_members')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('staff_stores')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('staff_stores_pk', ['user_id', 'store_id'])
        .execute();

      await withId(db.schema.createTable('staff_invitations'), dialect)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        /** JSON: number[] */
        .addColumn('store_ids', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('accepted_at', 'bigint')
        .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('staff_invitations_email')
        .on('staff_invitations')
        .columns(['email_key', 'created_at'])
        .execute();

      await db.schema
        .createTable('product_pictures')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('product_pictures_pk', ['product_id', 'position', 'width', 'height'])
        .execute();

      await db.schema.alterTable('products').addColumn('withdrawn_at', 'text').execute();
      // The console lists a store's items newest first.
      await db.schema.createIndex('products_store_listed').on('products').columns(['store_id', 'listed_at']).execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('products_store_listed').execute();
      await db.schema.alterTable('products').dropColumn('withdrawn_at').execute();
      await db.schema.dropTable('product_pictures').execute();
      await db.schema.dropTable('staff_invitations').execute();
      await db.schema.dropTable('staff_stores').execute();
      await db.schema.dropTable('staff_members').execute();
    },
  };
}
