import type { Region } from '@shop/contract';
import type { DbCtx } from '../../lib/context.js';

/** The columns the search index reads of each item. */
export interface ProductIndexRow {
  id: number;
  title: string;
  brand: string;
  category_id: number;
  condition: number;
  price_minor: number;
  rrp_minor: number;
  promo_method: string | null;
  store_id: number;
  image_count: number;
  colour: string | null;
  storage: string | null;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  /** 0: pickup only (bulky, too heavy or too long to post). */
  postable: number;
  disable_in_store_pickup: number;
  status: string;
  listed_at: string;
}

/** What the index keeps of an item: its columns and its "Postage from" price. */
export interface IndexedProductRow extends ProductIndexRow {
  /**
   * The least its store's table rates charge for it anywhere (shipping's cheapestPostage), worked
   * out by the holder when the item is read; null: it cannot be posted (the postage flag is off).
   */
  postage_from_minor: number | null;
}

const INDEXED_COLUMNS = [
  'p.id',
  'p.title',
  'p.brand',
  'p.category_id',
  'p.condition',
  'p.price_minor',
  'p.rrp_minor',
  'p.promo_method',
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
] as const;

/** SQL the search module needs: reading the catalogue's items in bulk (the change feed is read through CatalogueService). */
export class SearchRepository {
  /**
   * One page of a region's items in id order (keyset paging keeps big catalogues cheap to read).
   * Products drive the query, read in id order, each looking up its store: SQLite keeps a CROSS
   * JOIN's tables in the order written. Joined the other way round, SQLite found the region's
   * stores first and then gathered and sorted every remaining item of theirs for each page of
   * 20,000 (a 1,000,000-item build spent 12 of its 21 s here). PostgreSQL plans a cross join with
   * its condition in WHERE as the inner join it is, choosing the order itself.
   */
  async productsAfter(ctx: DbCtx, region: Region, afterId: number, limit: number): Promise<ProductIndexRow[]> {
    return ctx.db
      .selectFrom('products as p')
      .crossJoin('stores as s')
      .whereRef('s.id', '=', 'p.store_id')
      .select(INDEXED_COLUMNS)
      .where('s.region', '=', region)
      .where('p.id', '>', afterId)
      .orderBy('p.id')
      .limit(limit)
      .execute();
  }

  async productsByIds(ctx: DbCtx, region: Region, ids: number[]): Promise<ProductIndexRow[]> {
    if (ids.length === 0) return [];
    return ctx.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(INDEXED_COLUMNS)
      .where('s.region', '=', region)
      .where('p.id', 'in', ids)
      .execute();
  }
}
