import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** The shipping module's tables (see db/tables/shipping.ts). */
export function shippingMigration(_dialect: DialectName) {
  return {
    async up(_db: Db) {},
    async down(_db: Db) {},
  };
}
