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
  disable_in_store_pickup: number;
  status: string;
  listed_at: string;
}

/** SQL the search module needs: reading the catalogue in bulk and following the change feed. */
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

  async latestChange(ctx: DbCtx): Promise<number> {
    const row = await ctx.db
      .selectFrom('product_changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  async changesAfter(ctx: DbCtx, seq: number, limit: number): Promise<{ seq: number; product_id: number | null }[]> {
    return ctx.db
      .selectFrom('product_changes')
      .select(['seq', 'product_id'])
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }
}
