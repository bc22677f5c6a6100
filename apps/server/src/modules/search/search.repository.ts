import type { Region } from '@shop/contract';
import type { DbCtx } from '../../lib/context.js';

/** The columns the search index keeps of each item. */
export interface IndexedProductRow {
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
  /** 0: pickup only (bulky, too heavy or too long to post). */
  postable: number;
  disable_in_store_pickup: number;
  status: string;
  listed_at: string;
}

/** SQL the search module needs: reading the catalogue's items in bulk (the change feed is read through CatalogueService). */
export class SearchRepository {
  private indexedColumns(ctx: DbCtx) {
    return ctx.db
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
        'p.store_id',
        'p.image_count',
        'p.colour',
        'p.storage',
        'p.weight_grams',
        'p.postable',
        'p.disable_in_store_pickup',
        'p.status',
        'p.listed_at',
      ]);
  }

  /** One page of a region's items in id order (keyset paging keeps big catalogues cheap to read). */
  async productsAfter(ctx: DbCtx, region: Region, afterId: number, limit: number): Promise<IndexedProductRow[]> {
    return this.indexedColumns(ctx)
      .where('s.region', '=', region)
      .where('p.id', '>', afterId)
      .orderBy('p.id')
      .limit(limit)
      .execute();
  }

  async productsByIds(ctx: DbCtx, region: Region, ids: number[]): Promise<IndexedProductRow[]> {
    if (ids.length === 0) return [];
    return this.indexedColumns(ctx).where('s.region', '=', region).where('p.id', 'in', ids).execute();
  }
}
