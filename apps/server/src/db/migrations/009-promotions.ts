import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** The promotions module's tables (see db/tables/promotions.ts). */
export function promotionsMigration(_dialect: DialectName) {
  return {
    async up(_db: Db) {},
    async down(_db: Db) {},
  };
}
