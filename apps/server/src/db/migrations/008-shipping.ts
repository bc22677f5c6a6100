import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { sqlCheck, withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Table-rate postage (modules/shipping; types in db/tables/shipping.ts):
 * - a rate card (per region, shared by many stores) has zones; a zone covers AU postcode ranges
 *   (from-to, inclusive) or UK outward-code prefixes ('' is the catch-all);
 * - a zone's rates are weight bands per service (Regular, Express), each with a price and a
 *   delivery time in business days;
 * - each store picks a rate card and sets express on or off, the value above which signature on
 *   delivery and insurance become compulsory (and its price) and a handling fee.
 * Products gain `postable` (0: too big or fragile to post; pickup only). Sizes already exist
 * (length_cm, width_cm, height_cm: the cubic weight) and so does weight_grams.
 */
export function shippingMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('products')
        .addColumn('postable', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('shipping_rate_cards'), dialect)
        .addColumn('region', 'text', (c) => c.notNull().check(sqlCheck("region in ('AU', 'UK')")))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('shipping_zones'), dialect)
        .addColumn('rate_card_id', 'integer', (c) =>
          c.notNull().references('shipping_rate_cards.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shipping_zones_card').on('shipping_zones').column('rate_card_id').execute();

      await withId(db.schema.createTable('shipping_zone_areas'), dialect)
        .addColumn('zone_id', 'integer', (c) => c.notNull().references('shipping_zones.id').onDelete('cascade'))
        .addColumn('postcode_from', 'integer')
        .addColumn('postcode_to', 'integer')
        .addColumn('outward_prefix', 'text')
        .addCheckConstraint(
          'shipping_zone_areas_kind',
          sqlCheck(
            '(postcode_from is not null and postcode_to is not null and postcode_from <= postcode_to and outward_prefix is null) or (postcode_from is null and postcode_to is null and outward_prefix is not null)',
          ),
        )
        .execute();
      await db.schema.createIndex('shipping_zone_areas_zone').on('shipping_zone_areas').column('zone_id').execute();

      await withId(db.schema.createTable('shipping_rates'), dialect)
        .addColumn('zone_id', 'integer', (c) => c.notNull().references('shipping_zones.id').onDelete('cascade'))
        .addColumn('service', 'text', (c) => c.notNull().check(sqlCheck("service in ('Regular', 'Express')")))
        .addColumn('max_weight_grams', 'integer', (c) => c.notNull().check(sqlCheck('max_weight_grams > 0')))
        .addColumn('price_minor', 'integer', (c) => c.notNull().check(sqlCheck('price_minor >= 0')))
        .addColumn('min_days', 'integer', (c) => c.notNull().check(sqlCheck('min_days >= 0')))
        .addColumn('max_days', 'integer', (c) => c.notNull().check(sqlCheck('max_days >= min_days')))
        .execute();
      await db.schema
        .createIndex('shipping_rates_band')
        .unique()
        .on('shipping_rates')
        .columns(['zone_id', 'service', 'max_weight_grams'])
        .execute();

      await db.schema
        .createTable('store_shipping_settings')
        .addColumn('store_id', 'integer', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('rate_card_id', 'integer', (c) => c.notNull().references('shipping_rate_cards.id'))
        .addColumn('express_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('surcharge_threshold_minor', 'integer', (c) => c.check(sqlCheck('surcharge_threshold_minor >= 0')))
        .addColumn('surcharge_minor', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sqlCheck('surcharge_minor >= 0')),
        )
        .addColumn('handling_minor', 'integer', (c) => c.notNull().defaultTo(0).check(sqlCheck('handling_minor >= 0')))
        .execute();
      await db.schema
        .createIndex('store_shipping_settings_card')
        .on('store_shipping_settings')
        .column('rate_card_id')
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('store_shipping_settings').execute();
      await db.schema.dropTable('shipping_rates').execute();
      await db.schema.dropTable('shipping_zone_areas').execute();
      await db.schema.dropTable('shipping_zones').execute();
      await db.schema.dropTable('shipping_rate_cards').execute();
      await db.schema.alterTable('products').dropColumn('postable').execute();
    },
  };
}
