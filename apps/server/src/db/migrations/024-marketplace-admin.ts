import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * The store console: the marketplace admin.
 * - site_feature_flags: the admin's switch of each feature flag per region (WishlistsEnabled, ...).
 *   No row means on; the environment's setting of the same flag still has the last word (both must
 *   be on for GET /c3api/site to say so);
 * - console_audit.store_id may be null: an admin's change to the whole marketplace (a banner, a
 *   discount code, a flag) belongs to no store. PostgreSQL drops the NOT NULL in place; SQLite cannot
 *   alter a column, so the table is rebuilt with its rows, key and index.
 */
export function marketplaceAdminMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('site_feature_flags')
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('site_feature_flags_pk', ['region', 'name'])
        .execute();

      if (dialect === 'postgres') {
        await db.schema
          .alterTable('console_audit')
          .alterColumn('store_id', (c) => c.dropNotNull())
          .execute();
        return;
      }
      await sql`CREATE TABLE console_audit_new (
        id integer PRIMARY KEY AUTOINCREMENT,
        store_id integer REFERENCES stores(id) ON DELETE CASCADE,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        action text NOT NULL,
        order_reference text,
        item_code text,
        detail text NOT NULL,
        created_at bigint NOT NULL
      )`.execute(db);
      await sql`INSERT INTO console_audit_new (id, store_id, user_id, action, order_reference, item_code, detail, created_at)
        SELECT id, store_id, user_id, action, order_reference, item_code, detail, created_at FROM console_audit`.execute(
        db,
      );
      await sql`DROP TABLE console_audit`.execute(db);
      await sql`ALTER TABLE console_audit_new RENAME TO console_audit`.execute(db);
      await db.schema
        .createIndex('console_audit_store')
        .on('console_audit')
        .columns(['store_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Db) {
      // Marketplace-wide audit lines have no store to keep them under.
      await db.deleteFrom('console_audit').where('store_id', 'is', null).execute();
      if (dialect === 'postgres')
        await db.schema
          .alterTable('console_audit')
          .alterColumn('store_id', (c) => c.setNotNull())
          .execute();
      await db.schema.dropTable('site_feature_flags').execute();
    },
  };
}
