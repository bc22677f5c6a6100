import { PAYMENT_RECEIVED_PATH } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { DiscountEngine } from '../orders/discounts.js';
import type { OrderLinks } from '../orders/order-links.js';
import type { Order, OrdersService } from '../orders/orders.service.js';
import { attemptContext, refundAttempt } from '../orders/refunds.js';
import type { AttemptContext, ProviderVerdict } from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import type { Clock } from '../sessions/sessions.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { queueOrderMails } from './order-mails.js';

/** Who brought the provider's word: the shopper's browser coming back, a provider notification, or the reconciler. */
export type FinishSource = 'browser' | 'notification' | 'reconciler';

/**
 * In the outcomes below, `confirmationUrl` is where the caller sends the shopper: the order's signed
 * confirmation page when the call comes from the browser that placed the order (its customer, or its
 * guest cart's cookie), otherwise the neutral payment-received page, which shows no order data. A
 * provider's return replayed from elsewhere, or a provider's own server, never gets the signed link.
 */
export type FinishOutcome =
  /** This call finished it: the order is paid, its items sold, its mails queued. */
  | { kind: 'paid'; reference: string; confirmationUrl: string }
  /** Someone else finished it first (or it was already final): nothing changed now. */
  | { kind: 'already-final'; reference: string; status: PaymentAttempt['status']; confirmationUrl: string }
  /** Declined or cancelled: the order is cancelled and its items are back on sale. */
  | { kind: 'failed'; reference: string }
  /** Paid, but the order's items were gone by then: the payment is refunded. */
  | { kind: 'refunded'; reference: string }
  /** The provider has no final word yet. */
  | { kind: 'pending'; reference: string };

export interface FinishPaymentDependencies {
  orders: OrdersService;
  catalogue: CatalogueService;
  cart: CartService;
  payments: PaymentsService;
  stores: StoresService;
  mail: MailService;
  links: OrderLinks;
  discounts: Pick<DiscountEngine, 'releaseUse'>;
  now: Clock;
  publicUrl: string;
}

/**
 * One way to finish an online payment, whoever brings the provider's word first (checkout.md 4;
 * ARCHITECTURE.md 5). In one transaction:
 * 1. the attempt is finalised by ONE conditional write (`status IN ('pending','authorised')`); the
 *    loser of a race (a second notification, the browser after the reconciler) changes nothing
 *    and is told what the winner did;
 * 2. succeeded: the order moves pending_payment -> confirmed, its held items are sold, they leave
 *    the shopper's cart, and the e-mails are queued: exactly once, with the write in 1. If the
 *    hold had lapsed meanwhile, the items are reserved again when still free (the order revives);
 *    when they are gone the payment is refunded after commit (never a charge without an order);
 * 3. failed or cancelled: the order is cancelled, its items go back on sale, a discount use is
 *    given back.
 * The provider is only ever called outside the transaction (the refund, after commit).
 */
export class FinishPaymentFlow {
  constructor(private readonly deps: FinishPaymentDependencies) {}

  async finish(
    ctx: Ctx,
    trackingNumber: string,
    verdict: ProviderVerdict | 'cancelled',
    source: FinishSource,
    detail: Record<string, unknown> = {},
  ): Promise<FinishOutcome> {
    const { deps } = this;
    // Filled in the transaction when a late payment cannot keep its order; refunded after commit.
    const late: { refund?: { attempt: PaymentAttempt; order: Order } } = {};
    const outcome = await inTransaction(ctx, async (tx): Promise<FinishOutcome> => {
      const attempt = await deps.payments.attemptByTrackingNumber(tx, trackingNumber);
      const order = attempt ? await deps.orders.byId(tx, attempt.order_id) : undefined;
      if (!attempt || !order || order.region !== tx.region) throw new NotFoundError('No such payment');
      const now = deps.now();
      const confirmationUrl = await this.landingPath(tx, order);
      await deps.payments.record(
        tx,
        attempt.id,
        source === 'notification' ? 'notification' : 'finish',
        {
          source,
          verdict,
          ...detail,
        },
        now,
      );
      if (verdict === 'pending') return { kind: 'pending', reference: order.reference };

      const to = verdict === 'succeeded' ? 'succeeded' : verdict === 'cancelled' ? 'cancelled' : 'failed';
      const won = await deps.payments.settle(tx, attempt.id, ['pending', 'authorised'], to, now);
      if (!won) {
        const current = (await deps.payments.attemptById(tx, attempt.id))?.status ?? attempt.status;
        // Money taken after the attempt was closed here (the shopper paid in a stale tab while the
        // reconciler gave up on it, a capture racing a cancel): the provider's word wins, once.
        if (to === 'succeeded' && (current === 'cancelled' || current === 'failed'))
          return this.latePayment(tx, attempt, order, current, late, now, confirmationUrl);
        return { kind: 'already-final', reference: order.reference, status: current, confirmationUrl };
      }

      if (to !== 'succeeded') {
        const released = await deps.orders.endHold(tx, order.id, ['pending_payment'], 'cancelled', now);
        if (released) {
          await deps.catalogue.release(tx, released);
          await deps.discounts.releaseUse(tx, order.reference);
        }
        return { kind: 'failed', reference: order.reference };
      }

      const ids = (await deps.orders.lines(tx, order.id)).map((l) => l.product_id);
      if (await deps.orders.moveStatus(tx, order.id, ['pending_payment'], 'confirmed', now)) {
        await deps.catalogue.markSold(tx, ids);
        return this.confirmed(tx, order, ids, confirmationUrl);
      }
      if (await this.revive(tx, order, ids, now)) return this.confirmed(tx, order, ids, confirmationUrl);
      // The hold lapsed and the items went to someone else: the shopper gets their money back.
      await deps.payments.settle(tx, attempt.id, ['succeeded'], 'refunded', now);
      late.refund = { attempt, order };
      return { kind: 'refunded', reference: order.reference };
    });
    if (late.refund) await this.refundLatePayment(ctx, late.refund);
    return outcome;
  }

  /**
   * A payment the provider confirms for an attempt already closed here. ONE conditional write
   * (cancelled/failed -> succeeded) decides who handles it, so three copies of a late notification
   * refund at most once. The order is revived when every item is still free (the shopper paid for
   * it); otherwise the attempt ends 'refunded' and the money goes back after commit.
   */
  private async latePayment(
    tx: Ctx,
    attempt: PaymentAttempt,
    order: Order,
    current: 'cancelled' | 'failed',
    late: { refund?: { attempt: PaymentAttempt; order: Order } },
    now: number,
    confirmationUrl: string,
  ): Promise<FinishOutcome> {
    const { deps } = this;
    if (!(await deps.payments.settle(tx, attempt.id, [current], 'succeeded', now))) {
      const status = (await deps.payments.attemptById(tx, attempt.id))?.status ?? current;
      return { kind: 'already-final', reference: order.reference, status, confirmationUrl };
    }
    await deps.payments.record(tx, attempt.id, 'finish', { late: true, closedAs: current }, now);
    const ids = (await deps.orders.lines(tx, order.id)).map((l) => l.product_id);
    if (await this.revive(tx, order, ids, now)) return this.confirmed(tx, order, ids, confirmationUrl);
    await deps.payments.settle(tx, attempt.id, ['succeeded'], 'refunded', now);
    late.refund = { attempt, order };
    return { kind: 'refunded', reference: order.reference };
  }

  /** The order is paid: its items leave the shopper's cart and the e-mails are queued (with the write that decided it). */
  private async confirmed(tx: Ctx, order: Order, ids: number[], confirmationUrl: string): Promise<FinishOutcome> {
    if (order.cart_id !== null) await this.deps.cart.removeOrderedFrom(tx, order.cart_id, ids);
    const confirmed = await this.deps.orders.byId(tx, order.id);
    if (confirmed) await queueOrderMails(tx, this.deps, confirmed);
    return { kind: 'paid', reference: order.reference, confirmationUrl };
  }

  /**
   * The attempt behind a tracking number with its order and what the provider needs to know of it,
   * for the shopper who placed it (their session's customer or cart): anyone else, or an unknown
   * number, gets 404. Routes the browser calls (validate, cancel, return) start here.
   */
  async attemptForViewer(
    ctx: Ctx,
    trackingNumber: string,
  ): Promise<{ attempt: PaymentAttempt; order: Order; context: AttemptContext }> {
    const found = await this.attemptFor(ctx, trackingNumber);
    if (!(await this.placedBy(ctx, found.order))) throw new NotFoundError('No such payment');
    return found;
  }

  /**
   * Where a payment's end sends the caller: the order's signed confirmation link for the browser
   * that placed it, the neutral payment-received page (no order data) for anyone else.
   */
  async landingPath(ctx: Ctx, order: Order): Promise<string> {
    return (await this.placedBy(ctx, order)) ? this.deps.links.confirmationPath(order) : PAYMENT_RECEIVED_PATH;
  }

  /** Whether the caller is the browser that placed the order: its customer, or its guest cart's cookie. */
  async placedBy(ctx: Ctx, order: Pick<Order, 'user_id' | 'cart_id'>): Promise<boolean> {
    if (ctx.viewer.kind === 'customer' && order.user_id === ctx.viewer.userId) return true;
    if (order.cart_id === null) return false;
    return order.cart_id === (await this.deps.cart.cartIdOf(ctx));
  }

  /** The same for a provider's notification or the shop's own jobs (no shopper to check). */
  async attemptFor(
    ctx: Ctx,
    trackingNumber: string,
  ): Promise<{ attempt: PaymentAttempt; order: Order; context: AttemptContext }> {
    const attempt = await this.deps.payments.attemptByTrackingNumber(ctx, trackingNumber);
    const order = attempt ? await this.deps.orders.byId(ctx, attempt.order_id) : undefined;
    if (!attempt || !order || order.region !== ctx.region) throw new NotFoundError('No such payment');
    return { attempt, order, context: attemptContext(attempt, order, this.deps.publicUrl) };
  }

  /**
   * An order that ended unpaid (its hold expired, or it was cancelled) whose payment arrived late:
   * it holds its items again if every one is still free. Its discount use stays given back: the
   * shopper paid the discounted price, which is honoured even if the code ran out meanwhile.
   */
  private async revive(ctx: Ctx, order: Order, ids: number[], now: number): Promise<boolean> {
    const current = (await this.deps.orders.byId(ctx, order.id))?.status;
    if (current !== 'expired' && current !== 'cancelled') return false;
    const reserved = await this.deps.catalogue.reserve(ctx, ids);
    if (reserved.length !== ids.length) {
      await this.deps.catalogue.release(ctx, reserved);
      return false;
    }
    await this.deps.orders.reviveLines(ctx, order.id);
    if (!(await this.deps.orders.moveStatus(ctx, order.id, [current], 'confirmed', now))) return false;
    await this.deps.catalogue.markSold(ctx, ids);
    return true;
  }

  /** Refunds a payment whose order could not be kept; a failure is recorded for the console to follow up. */
  private async refundLatePayment(ctx: Ctx, { attempt, order }: { attempt: PaymentAttempt; order: Order }) {
    await refundAttempt(this.deps, ctx, attempt, order, { reason: 'paid after the order could not be kept' });
  }
}
