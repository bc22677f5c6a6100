import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { sqlCheck, withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Discount codes and their uses (modules/promotions; types in db/tables/promotions.ts).
 * Times are epoch milliseconds (bigint); money is integer minor units. A Percentage code's amount
 * is in basis points (1000 = 10 %), a Value code's in minor units. `uses_count` is the number of
 * live (unreleased) uses, kept beside the uses so one conditional UPDATE enforces max_uses.
 * No foreign key to orders: a use names its order by the order's public reference.
 */
export function promotionsMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('discount_codes'), dialect)
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull().check(sqlCheck("region in ('AU', 'UK')")))
        .addColumn('method', 'text', (c) => c.notNull().check(sqlCheck("method in ('Percentage', 'Value')")))
        .addColumn('amount', 'integer', (c) =>
          c.notNull().check(sqlCheck("amount > 0 and (method = 'Value' or amount <= 10000)")),
        )
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('starts_at', 'bigint')
        .addColumn('ends_at', 'bigint')
        .addColumn('min_spend_minor', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sqlCheck('min_spend_minor >= 0')),
        )
        .addColumn('max_uses', 'integer', (c) => c.check(sqlCheck('max_uses >= 0')))
        .addColumn('uses_count', 'integer', (c) => c.notNull().defaultTo(0).check(sqlCheck('uses_count >= 0')))
        .addColumn('max_uses_per_customer', 'integer', (c) => c.check(sqlCheck('max_uses_per_customer >= 0')))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Codes are stored upper-case, so this is a case-insensitive uniqueness; AU and UK may share a code.
      await db.schema
        .createIndex('discount_codes_region_code')
        .unique()
        .on('discount_codes')
        .columns(['region', 'code'])
        .execute();

      await withId(db.schema.createTable('discount_code_uses'), dialect)
        .addColumn('code_id', 'integer', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
        .addColumn('order_ref', 'text', (c) => c.notNull())
        .addColumn('customer_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('released_at', 'bigint')
        .execute();
      // One use per code and order (recording it again is a no-op); releaseUse finds an order's uses.
      await db.schema
        .createIndex('discount_code_uses_order')
        .unique()
        .on('discount_code_uses')
        .columns(['order_ref', 'code_id'])
        .execute();
      // The per-customer count.
      await db.schema
        .createIndex('discount_code_uses_customer')
        .on('discount_code_uses')
        .columns(['code_id', 'customer_key'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('discount_code_uses').execute();
      await db.schema.dropTable('discount_codes').execute();
    },
  };
}
