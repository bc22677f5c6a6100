import type { Selectable } from 'kysely';
import type { CartItemsTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type CartItemRow = Selectable<CartItemsTable>;

export class CartRepository {
  async cartIdByTokenHash(ctx: DbCtx, tokenHash: string): Promise<number | undefined> {
    const row = await ctx.db.selectFrom('carts').select('id').where('token_hash', '=', tokenHash).executeTakeFirst();
    return row?.id;
  }

  async createCart(ctx: DbCtx, tokenHash: string, now: string): Promise<number> {
    const row = await ctx.db
      .insertInto('carts')
      .values({ token_hash: tokenHash, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Adds the item unless the cart already holds it; true when a row was written. */
  async addItem(ctx: DbCtx, row: CartItemRow): Promise<boolean> {
    const result = await ctx.db
      .insertInto('cart_items')
      .values(row)
      .onConflict((oc) => oc.columns(['cart_id', 'product_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeItem(ctx: DbCtx, cartId: number, productId: number): Promise<boolean> {
    const result = await ctx.db
      .deleteFrom('cart_items')
      .where('cart_id', '=', cartId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async touch(ctx: DbCtx, cartId: number, now: string): Promise<void> {
    await ctx.db.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
  }

  /** The cart's items, oldest first. */
  async items(ctx: DbCtx, cartId: number): Promise<CartItemRow[]> {
    return ctx.db
      .selectFrom('cart_items')
      .selectAll()
      .where('cart_id', '=', cartId)
      .orderBy('added_at')
      .orderBy('product_id')
      .execute();
  }
}
