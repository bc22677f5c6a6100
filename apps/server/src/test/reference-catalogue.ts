import type { Region } from '@shop/contract';
import type { ReferenceCatalogue, ReferenceItem } from '../modules/search/reference-search.js';
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
    .select(['id', 'slug', 'state', 'pickup_disabled'])
    .where('region', '=', region)
    .execute();
  const items: ReferenceItem[] = await db
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
      'p.postable',
      'p.disable_in_store_pickup',
      'p.status',
      'p.listed_at',
    ])
    .where('s.region', '=', region)
    .execute();
  return {
    region,
    categories: categories.map((c) => ({ ...c, parentId: c.parent_id })),
    stores: stores.map((s) => ({ ...s, pickupDisabled: s.pickup_disabled === 1 })),
    items,
  };
}
