import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { DiscountEngine } from '../orders/discounts.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { Clock } from '../sessions/sessions.service.js';

/**
 * Ends holds that ran out: an order still waiting for its online payment expires; a pay-in-store
 * order not collected in time is cancelled. Each order ends by one conditional write (so a payment
 * or a collection landing at the same moment wins or loses cleanly), its lines stop being live and
 * its items go back on sale and its discount code use is given back, all in one transaction per order.
 */
export class HoldExpiry {
  constructor(
    private readonly orders: OrdersService,
    private readonly catalogue: CatalogueService,
    private readonly discounts: Pick<DiscountEngine, 'releaseUse'>,
    private readonly now: Clock,
  ) {}

  /** Runs until nothing due is left; answers how many orders it ended. */
  async run(ctx: Ctx): Promise<number> {
    let ended = 0;
    for (;;) {
      const now = this.now();
      const due = await this.orders.heldPast(ctx, ['pending_payment', 'confirmed'], now, 100);
      // Orders paid online are sold, not held: only pay-in-store orders end from 'confirmed'.
      const ending = due.filter((o) => o.status === 'pending_payment' || o.payment_option === 'Generic');
      if (ending.length === 0) return ended;
      for (const order of ending) {
        const done = await inTransaction(ctx, async (tx) => {
          const to = order.status === 'pending_payment' ? 'expired' : 'cancelled';
          const productIds = await this.orders.endHold(tx, order.id, [order.status], to, now);
          if (productIds === null) return false;
          await this.catalogue.release(tx, productIds);
          // A code the order used may be used again.
          await this.discounts.releaseUse(tx, order.reference);
          return true;
        });
        if (done) ended++;
      }
      if (ending.length < 100 && due.length < 100) return ended;
    }
  }
}
