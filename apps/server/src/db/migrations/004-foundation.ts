import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Every column of products that a search index, a card or a cart shows. A change to any of them
 * lands in the change feed; popularity (product-page views) does not: it only orders the popular
 * grid, which reads the table directly.
 */
const INDEXED_PRODUCT_COLUMNS = [
  'code',
  'slug',
  'title',
  'description',
  'brand',
  'category_id',
  'condition',
  'rrp_minor',
  'price_minor',
  'promo_method',
  'promo_amount',
  'promo_code',
  'store_id',
  'image_count',
  'colour',
  'storage',
  'attributes',
  'weight_grams',
  'length_cm',
  'width_cm',
  'height_cm',
  'disable_in_store_pickup',
  'has_authenticity_certificate',
  'status',
  'listed_at',
  'updated_at',
] as const;

/**
 * The seams the selling features stand on:
 * - the change feed is written by the database itself (a trigger on both dialects), so no write
 *   path, test or script can change an item without every search index hearing of it;
 * - rate-limit counters shared by every instance;
 * - stored replies for Idempotency-Key requests.
 */
export function foundationMigration(dialect: DialectName) {
  const columns = INDEXED_PRODUCT_COLUMNS.join(', ');
  return {
    async up(db: Db) {
      if (dialect === 'sqlite') {
        const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
        await sql
          .raw(`CREATE TRIGGER products_feed_insert AFTER INSERT ON products BEGIN
            INSERT INTO product_changes (product_id, changed_at) VALUES (NEW.id, ${now}); END`)
          .execute(db);
        await sql
          .raw(`CREATE TRIGGER products_feed_update AFTER UPDATE OF ${columns} ON products BEGIN
            INSERT INTO product_changes (product_id, changed_at) VALUES (NEW.id, ${now}); END`)
          .execute(db);
        await sql
          .raw(`CREATE TRIGGER products_feed_delete AFTER DELETE ON products BEGIN
            INSERT INTO product_changes (product_id, changed_at) VALUES (OLD.id, ${now}); END`)
          .execute(db);
      } else {
        await sql
          .raw(`CREATE FUNCTION record_product_change() RETURNS trigger AS $$
            BEGIN
              INSERT INTO product_changes (product_id, changed_at)
              VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
                      to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
              RETURN NULL;
            END $$ LANGUAGE plpgsql`)
          .execute(db);
        await sql
          .raw(`CREATE TRIGGER products_feed AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON products
            FOR EACH ROW EXECUTE FUNCTION record_product_change()`)
          .execute(db);
      }

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.dropTable('rate_limits').execute();
      if (dialect === 'sqlite') {
        for (const name of ['products_feed_insert', 'products_feed_update', 'products_feed_delete']) {
          await sql.raw(`DROP TRIGGER ${name}`).execute(db);
        }
      } else {
        await sql.raw('DROP TRIGGER products_feed ON products').execute(db);
        await sql.raw('DROP FUNCTION record_product_change()').execute(db);
      }
    },
  };
}
