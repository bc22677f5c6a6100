import type { Selectable } from 'kysely';
import type { WishlistItemsTable, WishlistsTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type WishlistRow = Selectable<WishlistsTable>;
export type WishlistItemRow = Selectable<WishlistItemsTable>;

export class WishlistRepository {
  /** The wishlist of this token hash unless it expired before `now`. */
  async liveByTokenHash(ctx: DbCtx, tokenHash: string, now: string): Promise<WishlistRow | undefined> {
    return ctx.db
      .selectFrom('wishlists')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async create(ctx: DbCtx, tokenHash: string, now: string, expiresAt: string): Promise<WishlistRow> {
    return ctx.db
      .insertInto('wishlists')
      .values({ token_hash: tokenHash, created_at: now, expires_at: expiresAt })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async renew(ctx: DbCtx, id: number, expiresAt: string): Promise<void> {
    await ctx.db.updateTable('wishlists').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async items(ctx: DbCtx, wishlistId: number): Promise<WishlistItemRow[]> {
    return ctx.db
      .selectFrom('wishlist_items')
      .selectAll()
      .where('wishlist_id', '=', wishlistId)
      .orderBy('added_at', 'desc')
      .orderBy('product_id', 'desc')
      .execute();
  }

  async countItems(ctx: DbCtx, wishlistId: number): Promise<number> {
    const row = await ctx.db
      .selectFrom('wishlist_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wishlist_id', '=', wishlistId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async contains(ctx: DbCtx, wishlistId: number, productId: number): Promise<boolean> {
    const row = await ctx.db
      .selectFrom('wishlist_items')
      .select('product_id')
      .where('wishlist_id', '=', wishlistId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async addItem(ctx: DbCtx, row: WishlistItemRow): Promise<void> {
    await ctx.db
      .insertInto('wishlist_items')
      .values(row)
      .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
      .execute();
  }

  async removeItems(ctx: DbCtx, wishlistId: number, productIds: number[]): Promise<void> {
    if (productIds.length === 0) return;
    await ctx.db
      .deleteFrom('wishlist_items')
      .where('wishlist_id', '=', wishlistId)
      .where('product_id', 'in', productIds)
      .execute();
  }

  async clear(ctx: DbCtx, wishlistId: number): Promise<void> {
    await ctx.db.deleteFrom('wishlist_items').where('wishlist_id', '=', wishlistId).execute();
  }
}
