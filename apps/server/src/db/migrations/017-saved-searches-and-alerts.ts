import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Saved searches, e-mail verification and alerts.
 * - email_verification_codes: one row per code sent (CSPRNG 6 digits, stored as a keyed hash),
 *   valid 10 minutes, single use, at most 5 wrong tries; the rows are also the resend counter
 *   (codes sent to an address in the last hour);
 * - verified_emails: addresses a customer proved they read (no code needed again);
 * - saved_searches: the search exactly as the search page runs it (its query string), its term and
 *   filter count, the frequency, the address alerts go to, and the "since" mark of the last digest;
 * - wishlists: alerts on or off, their address, when the shopper was welcomed, and the mark of the
 *   last wishlist alert;
 * - products: when the price last went down and what it was before (digests list reductions).
 */
export function savedSearchesMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('email_verification_codes'), dialect)
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('wrong_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('email_verification_codes_email')
        .on('email_verification_codes')
        .columns(['email_key', 'created_at'])
        .execute();

      await db.schema
        .createTable('verified_emails')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('verified_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('verified_emails_pk', ['user_id', 'email_key'])
        .execute();

      await withId(db.schema.createTable('saved_searches'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('search_url', 'text', (c) => c.notNull())
        .addColumn('search_term', 'text', (c) => c.notNull())
        .addColumn('filters_number', 'integer', (c) => c.notNull())
        .addColumn('frequency', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('alert_since', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('saved_searches_user').on('saved_searches').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('saved_searches_due')
        .on('saved_searches')
        .columns(['region', 'frequency', 'id'])
        .execute();

      await db.schema
        .alterTable('wishlists')
        .addColumn('alert_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('wishlists').addColumn('alert_email', 'text').execute();
      await db.schema.alterTable('wishlists').addColumn('alert_welcomed_at', 'bigint').execute();
      await db.schema.alterTable('wishlists').addColumn('alert_since', 'bigint').execute();

      await db.schema.alterTable('products').addColumn('price_reduced_at', 'text').execute();
      await db.schema.alterTable('products').addColumn('price_before_reduction_minor', 'integer').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('products').dropColumn('price_before_reduction_minor').execute();
      await db.schema.alterTable('products').dropColumn('price_reduced_at').execute();
      for (const column of ['alert_since', 'alert_welcomed_at', 'alert_email', 'alert_enabled'])
        await db.schema.alterTable('wishlists').dropColumn(column).execute();
      await db.schema.dropTable('saved_searches').execute();
      await db.schema.dropTable('verified_emails').execute();
      await db.schema.dropTable('email_verification_codes').execute();
    },
  };
}
