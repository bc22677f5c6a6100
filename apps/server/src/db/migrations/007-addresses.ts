import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { sqlCheck, withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * The addresses module's tables (see db/tables/addresses.ts): the addresses checkout looks up, and
 * one row per word of each (address_tokens), so a lookup is a prefix range scan on
 * (region, token) (`token >= 'smi' AND token < 'smj'`) on both databases, fast on the ~15 million
 * rows of a full G-NAF. Tokens compare byte-wise (COLLATE "C" on PostgreSQL, SQLite's default), so
 * the range means "starts with". Deleting an address deletes its tokens.
 */
export function addressesMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('addresses'), dialect)
        .addColumn('region', 'text', (c) => c.notNull().check(sqlCheck("region in ('AU', 'UK')")))
        .addColumn('source', 'text', (c) => c.notNull().check(sqlCheck("source in ('demo', 'gnaf')")))
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('unit_or_level', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('street_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('street', 'text', (c) => c.notNull())
        .addColumn('suburb', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('postcode', 'text', (c) => c.notNull())
        .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line2', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('display_text', 'text', (c) => c.notNull())
        .addColumn('search_key', 'text', (c) => c.notNull())
        .addColumn('number_sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('import_run', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // A re-import removes what it did not see, state by state.
      await db.schema.createIndex('addresses_source_state').on('addresses').columns(['source', 'state']).execute();

      const tokens = db.schema
        .createTable('address_tokens')
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('token', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.notNull())
        .addColumn('address_id', 'integer', (c) => c.notNull().references('addresses.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('address_tokens_pk', ['region', 'token', 'address_id']);
      // SQLite: the primary key is the table (no second copy of every word in a rowid table).
      await (dialect === 'sqlite' ? tokens.modifyEnd(sql`without rowid`) : tokens).execute();
      // Deleting an address finds its tokens.
      await db.schema.createIndex('address_tokens_address').on('address_tokens').column('address_id').execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('address_tokens').execute();
      await db.schema.dropTable('addresses').execute();
    },
  };
}
