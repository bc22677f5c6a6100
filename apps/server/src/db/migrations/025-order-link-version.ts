import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Signed order links can be revoked: every link is signed over its order's link_version, so raising
 * the number (`npm run order -- revoke-links REF`) makes every link sent so far open nothing, while
 * links signed afterwards work. Existing orders start at 0, the version older links stand for.
 */
export function orderLinkVersionMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('orders')
        .addColumn('link_version', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('orders').dropColumn('link_version').execute();
    },
  };
}
