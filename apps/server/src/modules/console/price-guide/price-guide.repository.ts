import type { Region } from '@shop/contract';
import type { DbCtx } from '../../../lib/context.js';

/**
 * What the price guide reads of an item: an item on sale now, or one sold (not withdrawn). A sale
 * is dated and priced by its order when it was bought online or to pay in store (the order's
 * `confirmed_at`, the order line's `price_minor`), and by the item itself when the store sold it
 * over the counter (`sellInStore`: its `updated_at` and `price_minor`).
 */
export interface PriceGuideItemRow {
  id: number;
  code: string;
  slug: string;
  title: string;
  brand: string;
  category_id: number;
  condition: number;
  price_minor: number;
  status: string;
  listed_at: string;
  withdrawn_at: string | null;
  updated_at: string;
  store_name: string;
  /** The confirmed order's line price, when the item was sold through an order. */
  line_price_minor: number | null;
  /** When that order was confirmed (epoch ms). */
  confirmed_at: number | string | null;
}

/** SQL the price guide needs: the region's items on sale or sold, in bulk and by id (read-only). */
export class PriceGuideRepository {
  /**
   * Products drive the query, each looking up its store (a CROSS JOIN keeps SQLite from starting
   * at the region's stores and sorting all their items for every page, as the search repository
   * found), then its live order line and that line's confirmed order (the partial unique index on
   * live lines finds it). Reserved and withdrawn items are read too and passed over by the
   * holder: a filter on status here had SQLite walk the status index and sort every remaining item
   * for each page (a 1,000,000-item build took 111 s).
   */
  private base(ctx: DbCtx, region: Region) {
    return ctx.db
      .selectFrom('products as p')
      .crossJoin('stores as s')
      .leftJoin('order_lines as l', (join) => join.onRef('l.product_id', '=', 'p.id').on('l.live', '=', 1))
      .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'l.order_id').on('o.status', '=', 'confirmed'))
      .select([
        'p.id',
        'p.code',
        'p.slug',
        'p.title',
        'p.brand',
        'p.category_id',
        'p.condition',
        'p.price_minor',
        'p.status',
        'p.listed_at',
        'p.updated_at',
        'p.withdrawn_at',
        's.name as store_name',
        'l.price_minor as line_price_minor',
        'o.confirmed_at',
      ])
      .whereRef('s.id', '=', 'p.store_id')
      .where('s.region', '=', region);
  }

  /** One page of the region's items in id order (keyset paging on the primary key). */
  async itemsAfter(ctx: DbCtx, region: Region, afterId: number, limit: number): Promise<PriceGuideItemRow[]> {
    return this.base(ctx, region).where('p.id', '>', afterId).orderBy('p.id').limit(limit).execute();
  }

  /** These items of the region (an id not answered is gone or of another region). */
  async itemsByIds(ctx: DbCtx, region: Region, ids: number[]): Promise<PriceGuideItemRow[]> {
    if (ids.length === 0) return [];
    return this.base(ctx, region).where('p.id', 'in', ids).execute();
  }
}
