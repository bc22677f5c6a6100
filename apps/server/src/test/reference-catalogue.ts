import { DISTANCE_RADII_KM, type Region } from '@shop/contract';
import { systemContext } from '../lib/context.js';
import type { CatalogueIndex } from '../modules/search/catalogue-index.js';
import { PRICE_BANDS } from '../modules/search/facet-values.js';
import type { FacetCounts } from '../modules/search/search-engine.js';
import { cheapestPostage, ShippingService } from '../modules/shipping/shipping.service.js';
import type { CountsByKey, ReferenceCatalogue, ReferenceItem } from './reference-search.js';
import type { TestDatabase } from './test-database.js';

/** The catalogue of one region, read plainly from its tables. */
export async function readReferenceCatalogue(database: TestDatabase, region: Region): Promise<ReferenceCatalogue> {
  const db = database.handle.db;
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'slug', 'name', 'keywords'])
    .execute();
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'slug', 'state', 'pickup_disabled', 'latitude', 'longitude'])
    .where('region', '=', region)
    .execute();
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .select([
      'p.id',
      'p.title',
      'p.brand',
      'p.category_id',
      'p.condition',
      'p.price_minor',
      'p.rrp_minor',
      'p.promo_method',
      'p.promo_amount',
      'p.promo_code',
      'p.store_id',
      'p.image_count',
      'p.colour',
      'p.storage',
      'p.weight_grams',
      'p.length_cm',
      'p.width_cm',
      'p.height_cm',
      'p.postable',
      'p.disable_in_store_pickup',
      'p.status',
      'p.listed_at',
    ])
    .where('s.region', '=', region)
    .execute();
  // Each item's "Postage from" as the cards price it: its store's table rates, item alone.
  const tables = await new ShippingService().cheapestTables(
    systemContext(database.handle, region),
    stores.map((s) => s.id),
  );
  const items: ReferenceItem[] = rows.map((row) => ({
    ...row,
    postage_from_minor: cheapestPostage(tables.get(row.store_id), {
      weightGrams: row.weight_grams,
      lengthCm: row.length_cm,
      widthCm: row.width_cm,
      heightCm: row.height_cm,
      priceMinor: row.price_minor,
      postable: row.postable === 1,
    }),
  }));
  return {
    region,
    categories: categories.map((c) => ({ ...c, parentId: c.parent_id })),
    stores: stores.map((s) => ({ ...s, pickupDisabled: s.pickup_disabled === 1 })),
    items,
  };
}

/** The engine's counts keyed as the reference keys them (URL values), zeros left out. */
export function countsByKey(
  index: CatalogueIndex,
  counts: FacetCounts,
  /** The engine's Distance counts (EngineResult.distance), when the search had a place. */
  distance: Int32Array | null = null,
): CountsByKey {
  const keyed = (values: ArrayLike<number>, keyOf: (i: number) => string) => {
    const record: Record<string, number> = {};
    for (let i = 0; i < values.length; i++) if ((values[i] ?? 0) > 0) record[keyOf(i)] = values[i] as number;
    return record;
  };
  return {
    category: keyed(counts.category, (i) => index.categories[i]?.slug ?? `#${i}`),
    categoryAll: counts.categoryAll,
    location: keyed(counts.store, (i) => index.stores[i]?.slug ?? `#${i}`),
    brand: keyed(counts.brand, (i) => index.brands.slugs[i] ?? `#${i}`),
    condition: keyed(counts.condition, String),
    delivery: keyed([counts.postage, counts.pickup], (i) => (i === 0 ? 'postage' : 'pickup')),
    colour: keyed(counts.colour, (i) => index.colours.slugs[i] ?? `#${i}`),
    storage: keyed(counts.storage, (i) => index.storages.slugs[i] ?? `#${i}`),
    price: keyed(counts.priceBand, (i) => `${PRICE_BANDS[i]?.from}-${PRICE_BANDS[i]?.to ?? ''}`),
    onsale: counts.onSale,
    haspictures: counts.hasPictures,
    ...(distance ? { distance: keyed(distance, (i) => String(DISTANCE_RADII_KM[i])) } : {}),
  };
}
