import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * What a wishlist (a guest's token or a customer's) has already been shown about alerts, so each
 * prompt appears once: when the 'Wishlist alerts' reminder after a heart was first answered
 * (later adds answer HideWishlistAlertReminder true), and when the wishlist page first
 * acknowledged the alerts feature (POST /c3api/wishlistalert/acknowledgefeature). Epoch ms.
 */
export function wishlistAlertPromptsMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema.alterTable('wishlists').addColumn('alert_reminder_seen_at', 'bigint').execute();
      await db.schema.alterTable('wishlists').addColumn('alert_feature_seen_at', 'bigint').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('wishlists').dropColumn('alert_feature_seen_at').execute();
      await db.schema.alterTable('wishlists').dropColumn('alert_reminder_seen_at').execute();
    },
  };
}
