import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** An auto-increment integer key on either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName, name = 'id') {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

export function catalogueMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('stores'), dialect)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('suburb', 'text', (c) => c.notNull())
        .addColumn('postcode', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('opening_hours', 'text', (c) => c.notNull())
        .addColumn('business_number', 'text', (c) => c.notNull())
        .addColumn('dealer_licences', 'text', (c) => c.notNull())
        .addColumn('pickup_disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stores_region_state').on('stores').columns(['region', 'state']).execute();

      await withId(db.schema.createTable('categories'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('depth', 'integer', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('products'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('condition', 'integer', (c) => c.notNull().check(sqlCheck('condition between 0 and 5')))
        .addColumn('rrp_minor', 'integer', (c) => c.notNull())
        .addColumn('price_minor', 'integer', (c) => c.notNull().check(sqlCheck('price_minor >= 0')))
        .addColumn('promo_method', 'text')
        .addColumn('promo_amount', 'integer')
        .addColumn('promo_code', 'text')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
        .addColumn('image_count', 'integer', (c) => c.notNull())
        .addColumn('colour', 'text')
        .addColumn('storage', 'text')
        .addColumn('attributes', 'text', (c) => c.notNull())
        .addColumn('weight_grams', 'integer', (c) => c.notNull())
        .addColumn('length_cm', 'integer', (c) => c.notNull())
        .addColumn('width_cm', 'integer', (c) => c.notNull())
        .addColumn('height_cm', 'integer', (c) => c.notNull())
        .addColumn('disable_in_store_pickup', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('has_authenticity_certificate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().check(sqlCheck("status in ('available', 'reserved', 'sold')")))
        .addColumn('listed_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_store').on('products').column('store_id').execute();
      await db.schema.createIndex('products_category').on('products').column('category_id').execute();
      await db.schema.createIndex('products_status').on('products').column('status').execute();

      await withId(db.schema.createTable('product_changes'), dialect, 'seq')
        .addColumn('product_id', 'integer')
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('content_pages'), dialect)
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.references('stores.id'))
        .execute();
      await db.schema
        .createIndex('content_pages_region_slug')
        .on('content_pages')
        .columns(['region', 'slug'])
        .unique()
        .execute();
    },
    async down(db: Db) {
      for (const table of ['content_pages', 'product_changes', 'products', 'categories', 'stores']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

export function sqlCheck(expression: string) {
  return sql.raw(expression);
}
