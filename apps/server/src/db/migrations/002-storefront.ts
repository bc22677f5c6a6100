import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** The product page, home page and enquiry form: popularity, banners, notices, captchas, mail and enquiries. */
export function storefrontMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('products')
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The popular-items grid reads this index in order and stops after one page. Partial, so
      // sold items and items without pictures cost it nothing.
      await sql`create index products_popular on products (status, popularity desc, listed_at desc, id desc)`.execute(
        db,
      );

      await withId(db.schema.createTable('banners'), dialect)
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('placement', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_size', 'text', (c) => c.notNull())
        .addColumn('title_colour', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_colour', 'text', (c) => c.notNull())
        .addColumn('hide_text', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('primary_button', 'text')
        .addColumn('secondary_button', 'text')
        .addColumn('background_image_url', 'text')
        .addColumn('background_image_alt_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('banner_background_image_url', 'text')
        .addColumn('gradient_colour_start', 'text', (c) => c.notNull())
        .addColumn('gradient_colour_end', 'text', (c) => c.notNull())
        .addColumn('darkened_colour', 'text')
        .addColumn('banner_click_url', 'text')
        .addColumn('banner_click_target', 'text')
        .execute();
      await db.schema
        .createIndex('banners_region_placement')
        .on('banners')
        .columns(['region', 'placement', 'position'])
        .execute();

      await withId(db.schema.createTable('site_notices'), dialect)
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_notices_region_key')
        .on('site_notices')
        .columns(['region', 'key'])
        .unique()
        .execute();

      await withId(db.schema.createTable('captcha_challenges'), dialect)
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('answer_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('captcha_challenges_expires').on('captcha_challenges').column('expires_at').execute();

      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text')
        .execute();
      // Unsent mail is found through a partial index that stays small however much has been sent.
      await sql`create index mail_outbox_unsent on mail_outbox (id) where sent_at is null`.execute(db);

      await withId(db.schema.createTable('enquiries'), dialect)
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('product_code', 'text', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('shopper_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('mail_id', 'integer')
        .execute();
      await db.schema.createIndex('enquiries_store').on('enquiries').columns(['store_id', 'created_at']).execute();
      await db.schema.createIndex('enquiries_product').on('enquiries').column('product_id').execute();
    },
    async down(db: Db) {
      for (const table of ['enquiries', 'mail_outbox', 'captcha_challenges', 'site_notices', 'banners']) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.dropIndex('products_popular').execute();
      await db.schema.alterTable('products').dropColumn('popularity').execute();
    },
  };
}
