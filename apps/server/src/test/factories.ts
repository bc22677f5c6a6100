import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductsTable, StoresTable } from '../db/schema.js';
import type { RateCardDefinition } from '../modules/shipping/shipping.service.js';
import { CATEGORY_TREE } from '../seed/catalogue-data.js';
import { generateProduct, generateStore } from '../seed/generator.js';
import { slugify } from '../seed/random.js';

/**
 * Test factories built on the demo generator, so tests and the demo share one idea of a plausible
 * item. Overrides pin down exactly what a test asserts on.
 */

let counter = 0;

export async function makeStore(
  db: Kysely<Database>,
  overrides: Partial<Insertable<StoresTable>> = {},
): Promise<{ id: number; slug: string; state: string; name: string }> {
  counter++;
  const base = generateStore('AU', 'NSW', `Testville ${counter}`, 10_000 + counter, 99);
  // Registered for GST unless the test says otherwise (the demo leaves about 1 store in 20 out):
  // which test store the generator would leave out is no test's business. entity_name, vat_number
  // and tax_registered are overrides like any other field.
  const row = { ...base, tax_registered: 1, ...overrides, slug: overrides.slug ?? `${base.slug}-${counter}` };
  const inserted = await db
    .insertInto('stores')
    .values(row)
    .returning(['id', 'slug', 'state', 'name'])
    .executeTakeFirstOrThrow();
  return inserted;
}

export async function categoryIdBySlug(db: Kysely<Database>, slug: string): Promise<number> {
  const row = await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

export async function makeProduct(
  db: Kysely<Database>,
  overrides: Partial<Insertable<ProductsTable>> & { store_id: number; category_id: number },
): Promise<{ id: number; code: string }> {
  counter++;
  const leaf = CATEGORY_TREE[0]?.children[0];
  if (!leaf) throw new Error('no leaf category');
  const base = generateProduct(500_000 + counter, 4242, {
    stores: [{ id: overrides.store_id, region: 'AU' }],
    leaves: [{ id: overrides.category_id, leaf }],
  });
  const row = {
    ...base,
    status: 'available' as const,
    ...(overrides.title ? { slug: slugify(overrides.title) } : {}),
    ...overrides,
    code: overrides.code ?? `TF${String(counter).padStart(7, '0')}`,
  };
  // The change feed is written by the database's trigger: every search index hears of the new item.
  return db.insertInto('products').values(row).returning(['id', 'code']).executeTakeFirstOrThrow();
}

/**
 * A small AU rate card for postage tests (prices in cents, chargeable grams):
 * - Metro 2000-2234: Regular 995 (500 g), 1495 (3 kg), 3495 (22 kg), 2-4 days; Express 1395 (500 g), 2095 (3 kg), 1-2 days;
 * - Regional 1000-2999 and 6000-6999: Regular 1095 (500 g), 1795 (3 kg), 4495 (22 kg), 3-6 days; Express 1595, 2495 (3 kg);
 * - Remote 6700-6799: Regular 2495 (3 kg) only, 5-10 days.
 * Victoria (3000-3999) has no zone: every quote there is a missing table rate.
 */
export const TEST_RATE_CARD: RateCardDefinition = {
  region: 'AU',
  name: 'Test card',
  zones: [
    {
      name: 'Metro',
      postcodeRanges: [[2000, 2234]],
      rates: [
        { service: 'Regular', maxWeightGrams: 500, priceMinor: 995, minDays: 2, maxDays: 4 },
        { service: 'Regular', maxWeightGrams: 3000, priceMinor: 1495, minDays: 2, maxDays: 4 },
        { service: 'Regular', maxWeightGrams: 22_000, priceMinor: 3495, minDays: 2, maxDays: 4 },
        { service: 'Express', maxWeightGrams: 500, priceMinor: 1395, minDays: 1, maxDays: 2 },
        { service: 'Express', maxWeightGrams: 3000, priceMinor: 2095, minDays: 1, maxDays: 2 },
      ],
    },
    {
      name: 'Regional',
      postcodeRanges: [
        [1000, 2999],
        [6000, 6999],
      ],
      rates: [
        { service: 'Regular', maxWeightGrams: 500, priceMinor: 1095, minDays: 3, maxDays: 6 },
        { service: 'Regular', maxWeightGrams: 3000, priceMinor: 1795, minDays: 3, maxDays: 6 },
        { service: 'Regular', maxWeightGrams: 22_000, priceMinor: 4495, minDays: 3, maxDays: 6 },
        { service: 'Express', maxWeightGrams: 500, priceMinor: 1595, minDays: 2, maxDays: 3 },
        { service: 'Express', maxWeightGrams: 3000, priceMinor: 2495, minDays: 2, maxDays: 3 },
      ],
    },
    {
      name: 'Remote',
      postcodeRanges: [[6700, 6799]],
      rates: [{ service: 'Regular', maxWeightGrams: 3000, priceMinor: 2495, minDays: 5, maxDays: 10 }],
    },
  ],
};

/** A parcel-sized item's shipping fields: 400 g, small enough that its cubic weight is less. */
export const SMALL_PARCEL = { weight_grams: 400, length_cm: 10, width_cm: 10, height_cm: 4, postable: 1 } as const;
