import { ConditionLabel, type Region } from '@shop/contract';
import type { Insertable } from 'kysely';
import type { ProductsTable } from '../db/schema.js';
import type { LeafCategory } from './catalogue-data.js';
import { type GeneratorContext, generateProduct } from './generator.js';
import { modelPrice } from './price-model.js';
import { Random, slugify } from './random.js';

/**
 * The demo's sales history, so the console's price guide has something to say: in each region,
 * one common model of every leaf category sold 8-20 times over the last 180 days, by stores of
 * that region, in conditions weighted as the catalogue's are, priced by the catalogue's own price
 * model (price-model.ts: the model's new price, its age, storage and condition, and a store's
 * spread), so better conditions sold for more. Most of a model's sales share one storage size
 * (the leaf's second), as a popular configuration would. The sales are over the counter
 * (status 'sold', the sale's time in updated_at, as CatalogueService.sellInStore records one), so
 * no order, shopper or payment is invented. `extra` adds that many more sales of any model (the
 * price-guide benchmark's sold history at a million items).
 */

/** The model of a leaf that gets a history: a well-known one where the leaf has it, else its first. */
const FEATURED_MODELS: Record<string, string> = {
  smartphones: 'iPhone 13',
  laptops: 'MacBook Air M1',
  consoles: 'PlayStation 5 Console',
  guitars: 'Stratocaster Electric Guitar',
  'digital-cameras': 'EOS R6 Mirrorless Camera',
};

/** How many sales per leaf and region. */
const SALES_PER_MODEL: [number, number] = [8, 20];
/** Conditions 1-5 weighted as the catalogue's listings are (an ungraded item is not part of a history). */
const CONDITION_WEIGHTS = [0, 5, 12, 30, 30, 20];
const DAY_MS = 86_400_000;
/** The sales' item codes: their own series beside the catalogue's SH codes. */
const codeOf = (n: number) => `SS${String(n).padStart(7, '0')}`;

function featured(leaf: LeafCategory): { brand: string; model: string } {
  const wanted = FEATURED_MODELS[leaf.slug];
  for (const [brand, models] of Object.entries(leaf.brands)) {
    if (wanted && models.includes(wanted)) return { brand, model: wanted };
  }
  const [brand, models] = Object.entries(leaf.brands)[0] ?? ['Unbranded', ['Item']];
  return { brand, model: models[0] ?? 'Item' };
}

function soldItem(
  n: number,
  random: Random,
  seed: number,
  sale: {
    leaf: { id: number; leaf: LeafCategory };
    brand: string;
    model: string;
    storage: string | null;
    store: { id: number; region: Region };
    now: number;
  },
): Insertable<ProductsTable> {
  const { leaf } = sale.leaf;
  // Sizes, weight and the like as the generator would give an item of this leaf.
  const base = generateProduct(9_000_000 + n, seed, { stores: [sale.store], leaves: [sale.leaf] });
  const condition = random.weighted(CONDITION_WEIGHTS);
  const colour = leaf.colours && random.chance(0.8) ? random.pick(leaf.colours) : null;
  const titleParts = [sale.brand === 'Unbranded' ? '' : sale.brand, sale.model];
  if (sale.storage) titleParts.push(sale.storage.toUpperCase());
  if (colour)
    titleParts.push(
      colour.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`),
    );
  const title = titleParts.filter(Boolean).join(' ');
  const price = modelPrice(random, {
    leaf,
    model: sale.model,
    storage: sale.storage,
    extra: null,
    condition,
    region: sale.store.region,
  }).priceMinor;
  const soldAt = sale.now - random.int(1, 178) * DAY_MS - random.int(0, 10 * 3600) * 1000;
  const listedAt = soldAt - random.int(2, 60) * DAY_MS;
  const specs = [
    { Name: 'Brand', Value: sale.brand },
    { Name: 'Condition', Value: `${condition} - ${ConditionLabel[condition]}` },
  ];
  if (sale.storage) specs.push({ Name: 'Storage', Value: sale.storage.toUpperCase() });
  return {
    ...base,
    code: codeOf(n),
    slug: slugify(title),
    title,
    description: `${title}. Sold in store.`,
    brand: sale.brand,
    category_id: sale.leaf.id,
    condition,
    rrp_minor: price,
    price_minor: price,
    promo_method: null,
    promo_amount: null,
    promo_code: null,
    store_id: sale.store.id,
    colour,
    storage: sale.storage,
    attributes: JSON.stringify(specs),
    status: 'sold',
    listed_at: new Date(listedAt).toISOString(),
    updated_at: new Date(soldAt).toISOString(),
    price_reduced_at: null,
    price_before_reduction_minor: null,
    popularity: 0,
  };
}

/** The sold items of the demo's history (see the file's comment), made the same for the same seed and day. */
export function soldHistoryProducts(
  context: GeneratorContext,
  seed: number,
  now: number,
  extra = 0,
): Insertable<ProductsTable>[] {
  const rows: Insertable<ProductsTable>[] = [];
  const random = new Random(seed * 7_919 + 17);
  let n = 0;
  for (const region of ['AU', 'UK'] as const) {
    const stores = context.stores.filter((s) => s.region === region);
    if (stores.length === 0) continue;
    for (const entry of context.leaves) {
      const { brand, model } = featured(entry.leaf);
      const count = random.int(SALES_PER_MODEL[0], SALES_PER_MODEL[1]);
      const common = entry.leaf.storage?.[1] ?? entry.leaf.storage?.[0] ?? null;
      for (let i = 0; i < count; i++) {
        const storage = entry.leaf.storage && random.chance(0.25) ? random.pick(entry.leaf.storage) : common;
        const store = random.pick(stores);
        rows.push(soldItem(++n, random, seed, { leaf: entry, brand, model, storage, store, now }));
      }
    }
  }
  for (let i = 0; i < extra; i++) {
    const entry = random.pick(context.leaves);
    const brand = random.pick(Object.keys(entry.leaf.brands));
    const model = random.pick(entry.leaf.brands[brand] ?? ['Item']);
    const storage = entry.leaf.storage ? random.pick(entry.leaf.storage) : null;
    const store = random.pick(context.stores);
    rows.push(soldItem(++n, random, seed, { leaf: entry, brand, model, storage, store, now }));
  }
  return rows;
}
