import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Accounts (modules/accounts), their sessions, password resets and passkeys; and the customer's
 * own cart and wishlist (a user_id on the guest tables: a customer has at most one of each).
 * Secrets (session tokens, reset tokens, passkey ceremony ids) are stored as SHA-256 only.
 * Times are epoch milliseconds (bigint), so expiry is plain arithmetic on both dialects.
 */
export function accountsMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('users'), dialect)
        // As typed (trimmed), for display and mail; `email_key` (lower case) is what is unique.
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
        // The billing address as JSON (the contract's Address), or null until given.
        .addColumn('billing_address', 'text')
        .addColumn('consent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        // The absolute limit, fixed at sign-in; the idle limit is last_seen_at plus the idle span.
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withId(db.schema.createTable('password_resets'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

      await withId(db.schema.createTable('passkeys'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // WebAuthn's credential id, base64url: unique across every account.
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

      // One WebAuthn ceremony: the challenge we issued, for whom and what; used once, then deleted.
      await withId(db.schema.createTable('webauthn_challenges'), dialect)
        .addColumn('ceremony_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      // A customer's own cart and wishlist. Unique: one of each per customer (NULLs, the guests', repeat freely).
      await db.schema
        .alterTable('carts')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('carts_user').unique().on('carts').column('user_id').execute();
      await db.schema
        .alterTable('wishlists')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('wishlists_user').unique().on('wishlists').column('user_id').execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('wishlists_user').execute();
      await db.schema.alterTable('wishlists').dropColumn('user_id').execute();
      await db.schema.dropIndex('carts_user').execute();
      await db.schema.alterTable('carts').dropColumn('user_id').execute();
      for (const table of ['webauthn_challenges', 'passkeys', 'password_resets', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
