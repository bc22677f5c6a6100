import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Database, ProductRow, ProductsTable } from '../../db/schema.js';
import type { ProductPicturesTable } from '../../db/tables/console.js';
import type { DbCtx } from '../../lib/context.js';

/** Where a store's item stands in the console: withdrawn items are 'sold' with withdrawn_at set (migration 021). */
export type StockStatus = 'available' | 'reserved' | 'sold' | 'withdrawn';

export interface StockFilter {
  status?: StockStatus | undefined;
  /** Words found in the title, brand or code (case-insensitive). */
  query?: string | undefined;
  /** A category's path: it and everything under it. */
  categoryPath?: string | undefined;
  offset: number;
  limit: number;
}

export type StockRow = ProductRow & { category_name: string; in_live_order: number };

type Eb = ExpressionBuilder<Database, 'products'>;

/**
 * An item a store may still change: on sale (status available, which also rules out reserved,
 * sold and withdrawn items) and held by no live order line. Used as the WHERE of every store
 * write, so the check and the change are one statement and a checkout racing for the item cannot
 * slip between them.
 */
export function onSaleIn(storeId: number) {
  return (eb: Eb) =>
    eb.and([
      eb('products.store_id', '=', storeId),
      eb('products.status', '=', 'available'),
      eb.not(
        eb.exists(
          eb
            .selectFrom('order_lines')
            .select('order_lines.id')
            .whereRef('order_lines.product_id', '=', 'products.id')
            .where('order_lines.live', '=', 1),
        ),
      ),
    ]);
}

/** SQL of a store's stock: the console's list, its conditional writes, and uploaded pictures. */
export class StockRepository {
  private base(ctx: DbCtx, storeId: number) {
    return ctx.db
      .selectFrom('products')
      .innerJoin('categories as c', 'c.id', 'products.category_id')
      .where('products.store_id', '=', storeId);
  }

  async list(ctx: DbCtx, storeId: number, filter: StockFilter): Promise<{ rows: StockRow[]; total: number }> {
    let query = this.base(ctx, storeId);
    if (filter.status === 'withdrawn')
      query = query.where('products.status', '=', 'sold').where('products.withdrawn_at', 'is not', null);
    else if (filter.status === 'sold')
      query = query.where('products.status', '=', 'sold').where('products.withdrawn_at', 'is', null);
    else if (filter.status) query = query.where('products.status', '=', filter.status);
    if (filter.categoryPath) {
      const path = filter.categoryPath;
      query = query.where((eb) => eb.or([eb('c.path', '=', path), eb('c.path', 'like', `${escapeLike(path)}/%`)]));
    }
    for (const word of (filter.query ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
      const pattern = `%${escapeLike(word)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['products.title']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['products.brand']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['products.code']), 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      );
    }
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('products')
      .select('c.name as category_name')
      .select((eb) => liveLine(eb).as('in_live_order'))
      .orderBy('products.listed_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows: rows.map(normaliseLive), total: Number(counted.n) };
  }

  async byCode(ctx: DbCtx, storeId: number, code: string): Promise<StockRow | undefined> {
    const row = await this.base(ctx, storeId)
      .selectAll('products')
      .select('c.name as category_name')
      .select((eb) => liveLine(eb).as('in_live_order'))
      .where('products.code', '=', code)
      .executeTakeFirst();
    return row ? normaliseLive(row) : undefined;
  }

  /** Changes an item's own fields if it is still on sale in the store (onSaleIn); false otherwise. */
  async updateOnSale(
    ctx: DbCtx,
    storeId: number,
    productId: number,
    changes: Updateable<ProductsTable>,
  ): Promise<boolean> {
    const result = await ctx.db
      .updateTable('products')
      .set(changes)
      .where('products.id', '=', productId)
      .where(onSaleIn(storeId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async replacePictures(ctx: DbCtx, productId: number, rows: Insertable<ProductPicturesTable>[]): Promise<void> {
    await ctx.db.deleteFrom('product_pictures').where('product_id', '=', productId).execute();
    // A few rows at a time: the bytes are large, and SQLite's statements have a size limit.
    for (let i = 0; i < rows.length; i += 5) {
      await ctx.db
        .insertInto('product_pictures')
        .values(rows.slice(i, i + 5))
        .execute();
    }
  }

  /** An uploaded picture at one size, by the item's code (the images route's lookup). */
  async picture(
    ctx: DbCtx,
    code: string,
    position: number,
    width: number,
    height: number,
  ): Promise<Buffer | undefined> {
    const row = await ctx.db
      .selectFrom('product_pictures as pp')
      .innerJoin('products as p', 'p.id', 'pp.product_id')
      .select('pp.bytes')
      .where('p.code', '=', code)
      .where('pp.position', '=', position)
      .where('pp.width', '=', width)
      .where('pp.height', '=', height)
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : undefined;
  }
}

function liveLine(eb: ExpressionBuilder<Database, 'products'>) {
  return eb
    .selectFrom('order_lines')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('order_lines.product_id', '=', 'products.id')
    .where('order_lines.live', '=', 1);
}

function normaliseLive<T extends { in_live_order: number | string | bigint | null }>(
  row: T,
): T & { in_live_order: number } {
  return { ...row, in_live_order: Number(row.in_live_order ?? 0) > 0 ? 1 : 0 };
}

/** LIKE's wildcards (and its escape) taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
