import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Per-message mail headers (JSON object of name to value, or null): alerts carry a one-click
 * unsubscribe (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) that the sender passes on.
 */
export function mailHeadersMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
    },
  };
}
