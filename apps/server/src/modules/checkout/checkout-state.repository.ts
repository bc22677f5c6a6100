import type { Selectable, Updateable } from 'kysely';
import type { CheckoutStatesTable } from '../../db/tables/orders.js';
import type { DbCtx } from '../../lib/context.js';

export type CheckoutStateRow = Selectable<CheckoutStatesTable>;

export class CheckoutStateRepository {
  async find(ctx: DbCtx, cartId: number): Promise<CheckoutStateRow | undefined> {
    return ctx.db.selectFrom('checkout_states').selectAll().where('cart_id', '=', cartId).executeTakeFirst();
  }

  /** Creates or changes the cart's checkout state in one statement. */
  async upsert(
    ctx: DbCtx,
    cartId: number,
    changes: Updateable<CheckoutStatesTable> & { updated_at: number },
  ): Promise<void> {
    await ctx.db
      .insertInto('checkout_states')
      .values({ cart_id: cartId, is_express: 0, ...changes })
      .onConflict((oc) => oc.column('cart_id').doUpdateSet(changes))
      .execute();
  }
}
