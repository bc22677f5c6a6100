import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Clearpay's configured order range (its GET /v2/configuration), per region, as last read by the
 * daily job or on first use: every instance of the shop reads the same range from here.
 */
export function clearpayConfigurationMigration(_dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('clearpay_configuration')
        .addColumn('region', 'text', (c) => c.primaryKey())
        .addColumn('minimum_minor', 'integer', (c) => c.notNull())
        .addColumn('maximum_minor', 'integer', (c) => c.notNull())
        .addColumn('fetched_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('clearpay_configuration').execute();
    },
  };
}
