import type { Selectable } from 'kysely';
import type { CartItemsTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type CartItemRow = Selectable<CartItemsTable>;

export class CartRepository {
  /** A guest's cart only: a customer's cart is never found by a token. */
  async guestCartIdByTokenHash(ctx: DbCtx, tokenHash: string): Promise<number | undefined> {
    const row = await ctx.db
      .selectFrom('carts')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  async cartIdByUser(ctx: DbCtx, userId: number): Promise<number | undefined> {
    const row = await ctx.db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirst();
    return row?.id;
  }

  /**
   * The customer's cart, made if they have none. The insert skips on conflict, so two first adds
   * at once end with one cart, which both then use.
   */
  async ensureUserCart(ctx: DbCtx, userId: number, unusedTokenHash: string, now: string): Promise<number> {
    await ctx.db
      .insertInto('carts')
      .values({ token_hash: unusedTokenHash, created_at: now, updated_at: now, user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const id = await this.cartIdByUser(ctx, userId);
    if (id === undefined) throw new Error('the customer cart vanished after its insert');
    return id;
  }

  async createCart(ctx: DbCtx, tokenHash: string, now: string): Promise<number> {
    const row = await ctx.db
      .insertInto('carts')
      .values({ token_hash: tokenHash, created_at: now, updated_at: now, user_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Copies one cart's items into another (an item already there stays as it is); answers how many moved. */
  async copyItems(ctx: DbCtx, fromCartId: number, toCartId: number): Promise<number> {
    const result = await ctx.db
      .insertInto('cart_items')
      .columns(['cart_id', 'product_id', 'added_price_minor', 'added_state_hash', 'added_at'])
      .expression((eb) =>
        eb
          .selectFrom('cart_items')
          .select([eb.val(toCartId).as('cart_id'), 'product_id', 'added_price_minor', 'added_state_hash', 'added_at'])
          .where('cart_id', '=', fromCartId),
      )
      .onConflict((oc) => oc.columns(['cart_id', 'product_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  async deleteCart(ctx: DbCtx, cartId: number): Promise<void> {
    await ctx.db.deleteFrom('carts').where('id', '=', cartId).execute();
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
