import { randomUUID } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type {
  CategoriesTable,
  CategoryRow,
  ContentPagesTable,
  ProductRow,
  ProductsTable,
  StoreRow,
  StoresTable,
} from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';
import { onSaleIn } from './stock.repository.js';

/** SQL for the catalogue's own tables: categories, products and the change feed. */
/** Items with their category's slug, name and path and their store's region, name and state. */
function withCategoryAndStore(ctx: DbCtx) {
  return ctx.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .selectAll('p')
    .select([
      'c.slug as category_slug',
      'c.name as category_name',
      'c.path as category_path',
      's.region as region',
      's.name as store_name',
      's.state as store_state',
    ]);
}

export class CatalogueRepository {
  async countProducts(ctx: DbCtx): Promise<number> {
    const row = await ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async clearCatalogue(ctx: DbCtx): Promise<void> {
    // Products first: their delete trigger writes change rows, which the next line sweeps away.
    await ctx.db.deleteFrom('products').execute();
    await ctx.db.deleteFrom('product_changes').execute();
    await ctx.db.deleteFrom('content_pages').execute();
    await ctx.db.deleteFrom('stores').execute();
    await ctx.db.updateTable('categories').set({ parent_id: null }).execute();
    await ctx.db.deleteFrom('categories').execute();
    // Orders keep what they sold (they copied titles and prices), but their items are gone: no
    // line may still hold an item id, or a new product given the same id could never be sold.
    await ctx.db.updateTable('order_lines').set({ live: 0 }).where('live', '=', 1).execute();
  }

  async insertCategory(ctx: DbCtx, row: Insertable<CategoriesTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async insertStores(ctx: DbCtx, rows: Insertable<StoresTable>[]): Promise<StoreRow[]> {
    if (rows.length === 0) return [];
    return ctx.db.insertInto('stores').values(rows).returningAll().execute();
  }

  async insertContentPages(ctx: DbCtx, rows: Insertable<ContentPagesTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await ctx.db
        .insertInto('content_pages')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  /** Inserts many products, in statements small enough for either dialect's parameter limit. */
  async insertProducts(ctx: DbCtx, rows: Insertable<ProductsTable>[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 400) {
      const inserted = await ctx.db
        .insertInto('products')
        .values(rows.slice(i, i + 400))
        .returning('id')
        .execute();
      for (const r of inserted) ids.push(r.id);
    }
    return ids;
  }

  /**
   * Inserts one item a store lists and gives it its code from its id (listedItemCode): the id is
   * only known once the row exists, so the row goes in under a one-off code first, in the caller's
   * transaction. The change feed's trigger records both writes.
   */
  async insertListedItem(
    ctx: DbCtx,
    row: Omit<Insertable<ProductsTable>, 'code'>,
    codeFor: (id: number) => string,
  ): Promise<{ id: number; code: string }> {
    const { id } = await ctx.db
      .insertInto('products')
      .values({ ...row, code: `PENDING-${randomUUID()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = codeFor(id);
    await ctx.db.updateTable('products').set({ code }).where('id', '=', id).execute();
    return { id, code };
  }

  async categoryExists(ctx: DbCtx, id: number): Promise<boolean> {
    return (await ctx.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async listCategories(ctx: DbCtx): Promise<CategoryRow[]> {
    return ctx.db.selectFrom('categories').selectAll().orderBy('depth').orderBy('position').execute();
  }

  /** Sets an item's status; true when the item exists. The change feed is written by the database's trigger. */
  async setStatus(ctx: DbCtx, productId: number, status: ProductStatus, now: string): Promise<boolean> {
    const result = await ctx.db
      .updateTable('products')
      .set({ status, updated_at: now })
      .where('id', '=', productId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setPrice(ctx: DbCtx, productId: number, priceMinor: number, now: string): Promise<boolean> {
    const result = await ctx.db
      .updateTable('products')
      .set({ price_minor: priceMinor, updated_at: now })
      .where('id', '=', productId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async listedOrReducedBetween(
    ctx: DbCtx,
    region: 'AU' | 'UK',
    since: string,
    until: string,
  ): Promise<{ id: number; changedAt: string }[]> {
    const rows = await ctx.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(['p.id', 'p.listed_at', 'p.price_reduced_at'])
      .where('s.region', '=', region)
      .where('p.status', '=', 'available')
      .where((eb) =>
        eb.or([
          eb.and([eb('p.listed_at', '>', since), eb('p.listed_at', '<=', until)]),
          eb.and([eb('p.price_reduced_at', '>', since), eb('p.price_reduced_at', '<=', until)]),
        ]),
      )
      .execute();
    return rows.map((r) => {
      const inWindow = (t: string | null) => t !== null && t > since && t <= until;
      const times = [r.listed_at, r.price_reduced_at].filter(inWindow) as string[];
      return { id: r.id, changedAt: times.sort().at(-1) ?? r.listed_at };
    });
  }

  /** An item of `region`'s price, and the price before its current run of reductions. */
  async priceOf(
    ctx: DbCtx,
    productId: number,
    region: 'AU' | 'UK',
  ): Promise<{ price_minor: number; price_before_reduction_minor: number | null } | undefined> {
    return ctx.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(['p.price_minor', 'p.price_before_reduction_minor'])
      .where('p.id', '=', productId)
      .where('s.region', '=', region)
      .executeTakeFirst();
  }

  /**
   * Sets a new price if the item is still at `fromMinor` (one conditional write). With a reduction,
   * records when and the price before it; without one (a rise), clears both.
   */
  async changePrice(
    ctx: DbCtx,
    productId: number,
    fromMinor: number,
    toMinor: number,
    reduction: { reducedAt: string; beforeMinor: number } | null,
    now: string,
    /** A store's change: also only while the item is on sale in this store (onSaleIn). */
    onSaleInStore?: number,
  ): Promise<boolean> {
    let update = ctx.db
      .updateTable('products')
      .set({
        price_minor: toMinor,
        price_reduced_at: reduction?.reducedAt ?? null,
        price_before_reduction_minor: reduction?.beforeMinor ?? null,
        updated_at: now,
      })
      .where('products.id', '=', productId)
      .where('products.price_minor', '=', fromMinor);
    if (onSaleInStore !== undefined) update = update.where(onSaleIn(onSaleInStore));
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Moves items of `region` from one status to another in one conditional write
   * (`... WHERE status = from`); returns the ids it moved, so two callers racing for one item
   * cannot both get it.
   */
  async moveStatus(
    ctx: DbCtx,
    region: 'AU' | 'UK',
    ids: number[],
    from: ProductStatus,
    to: ProductStatus,
    now: string,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .updateTable('products')
      .set({ status: to, updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', from)
      .where('store_id', 'in', (eb) => eb.selectFrom('stores').select('id').where('region', '=', region))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** One item by its code (stored upper-case), with its category and its store's region. */
  async findByCode(ctx: DbCtx, code: string): Promise<ProductWithStoreRow | undefined> {
    return withCategoryAndStore(ctx).where('p.code', '=', code).executeTakeFirst();
  }

  /** Items by id, with their category and store (for the cart). */
  async findByIds(ctx: DbCtx, ids: number[]): Promise<ProductWithStoreRow[]> {
    if (ids.length === 0) return [];
    return withCategoryAndStore(ctx).where('p.id', 'in', ids).execute();
  }

  /** Items by code, with their category, their store and whether it is closed to pickup (cards' postage). */
  async findByCodes(ctx: DbCtx, codes: string[]): Promise<(ProductWithStoreRow & { store_pickup_disabled: number })[]> {
    if (codes.length === 0) return [];
    return withCategoryAndStore(ctx)
      .select('s.pickup_disabled as store_pickup_disabled')
      .where('p.code', 'in', codes)
      .execute();
  }

  async categoriesBySlugs(ctx: DbCtx, slugs: string[]): Promise<Pick<CategoryRow, 'slug' | 'name'>[]> {
    if (slugs.length === 0) return [];
    return ctx.db.selectFrom('categories').select(['slug', 'name']).where('slug', 'in', slugs).execute();
  }

  /** Adds product-page views to popularity. Not a change the search index needs to hear about. */
  async addViews(ctx: DbCtx, views: [productId: number, count: number][]): Promise<void> {
    for (const [productId, count] of views) {
      await ctx.db
        .updateTable('products')
        .set((eb) => ({ popularity: eb('popularity', '+', count) }))
        .where('id', '=', productId)
        .execute();
    }
  }

  /**
   * A page of the region's available items with pictures, most viewed first, then newest. Walks
   * the products_popular index (status, popularity, listed_at, id) in order and stops after the page.
   */
  async popularProductIds(ctx: DbCtx, region: 'AU' | 'UK', offset: number, limit: number): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.id')
      .where('p.status', '=', 'available')
      .where('p.image_count', '>', 0)
      .where('s.region', '=', region)
      .orderBy('p.popularity', 'desc')
      .orderBy('p.listed_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The newest change-feed position (0 when empty). */
  async latestChangeSeq(ctx: DbCtx): Promise<number> {
    const row = await ctx.db
      .selectFrom('product_changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** Change-feed rows after `seq`, oldest first. */
  async changesAfter(ctx: DbCtx, seq: number, limit: number): Promise<{ seq: number; product_id: number | null }[]> {
    return ctx.db
      .selectFrom('product_changes')
      .select(['seq', 'product_id'])
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /** The change-feed row at `seq`, if there is one (identifies a position across restarts). */
  async changeAt(ctx: DbCtx, seq: number): Promise<{ product_id: number | null; changed_at: string } | undefined> {
    return ctx.db
      .selectFrom('product_changes')
      .select(['product_id', 'changed_at'])
      .where('seq', '=', seq)
      .executeTakeFirst();
  }

  /** Drops the per-item change rows after `seq` (a wholesale load replaces them with one bulk row). */
  async deleteChangesAfter(ctx: DbCtx, seq: number): Promise<void> {
    await ctx.db.deleteFrom('product_changes').where('seq', '>', seq).execute();
  }

  /** Tells every search index that the catalogue changed wholesale (after a seed or an import). */
  async recordBulkChange(ctx: DbCtx, now: string): Promise<void> {
    await ctx.db.insertInto('product_changes').values({ product_id: null, changed_at: now }).execute();
  }

  /**
   * After a bulk load, on PostgreSQL: fresh planner statistics, without which it still believes the
   * tables are as small as before until autovacuum gets to them, and plans the search index's
   * keyset read (products of a region in id order) as a sort of the whole region per page: about
   * 7 s a page at a million items instead of 1 ms. And a vacuum now, rather than whenever
   * autovacuum gets to it (minutes later, while shoppers are answered; never where it is off): it
   * marks the new rows visible to all and drops the million change rows one bulk row replaced, so
   * reads stop checking each row's inserting transaction. The search benchmark's PostgreSQL run at a
   * million items, computed afresh: facets p50 4.0 ms without it, 2.9 ms with it (one run each).
   * VACUUM cannot run in a transaction: the caller passes the database itself. SQLite needs neither.
   */
  async refreshStatistics(ctx: DbCtx): Promise<void> {
    if (ctx.dialect === 'postgres') {
      await sql`vacuum (analyze) products, product_changes, stores, categories`.execute(ctx.db);
    }
  }
}

export type ProductStatus = 'available' | 'reserved' | 'sold';

export type ProductWithCategoryRow = ProductRow & {
  category_slug: string;
  category_name: string;
  category_path: string;
  region: 'AU' | 'UK';
};

export type ProductWithStoreRow = ProductWithCategoryRow & { store_name: string; store_state: string };

/** What a product card shows, joined with its store and category. */
export interface ProductCardRow {
  id: number;
  code: string;
  slug: string;
  title: string;
  brand: string;
  condition: number;
  rrp_minor: number;
  price_minor: number;
  promo_method: 'Percentage' | 'Value' | null;
  promo_amount: number | null;
  promo_code: string | null;
  image_count: number;
  store_id: number;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  postable: number;
  disable_in_store_pickup: number;
  has_authenticity_certificate: number;
  status: 'available' | 'reserved' | 'sold';
  category_name: string;
  store_name: string;
  store_state: string;
  store_region: 'AU' | 'UK';
  store_pickup_disabled: number;
  /** When the item last changed: its pictures' URL version. */
  updated_at: string;
}

export async function selectProductCards(ctx: DbCtx, ids: number[]): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .selectFrom('products as p')
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.code',
      'p.slug',
      'p.title',
      'p.brand',
      'p.condition',
      'p.rrp_minor',
      'p.price_minor',
      'p.promo_method',
      'p.promo_amount',
      'p.promo_code',
      'p.image_count',
      'p.store_id',
      'p.weight_grams',
      'p.length_cm',
      'p.width_cm',
      'p.height_cm',
      'p.postable',
      'p.disable_in_store_pickup',
      'p.has_authenticity_certificate',
      'p.status',
      'c.name as category_name',
      's.name as store_name',
      's.state as store_state',
      's.region as store_region',
      's.pickup_disabled as store_pickup_disabled',
      'p.updated_at',
    ])
    .where('p.id', 'in', ids)
    .execute();
}

export async function selectImageInfo(
  ctx: DbCtx,
  code: string,
): Promise<
  | { brand: string; image_count: number; icon: string; category_slug: string; colour: string | null; title: string }
  | undefined
> {
  return ctx.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.brand', 'p.image_count', 'c.icon', 'c.slug as category_slug', 'p.colour', 'p.title'])
    .where('p.code', '=', code)
    .executeTakeFirst();
}
