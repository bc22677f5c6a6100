import type { Fulfilment } from '../../db/tables/orders.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, NotFoundError } from '../../lib/errors.js';
import { normalizePublicReference, ReferencePrefix } from '../../lib/public-reference.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { DiscountEngine } from '../checkout/discounts.js';
import { refundAttempt } from '../checkout/finish-payment.flow.js';
import type { OrderLinks } from '../checkout/order-links.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentAttemptRow, PaymentsService } from '../payments/payments.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { type OrderStatusLabel, orderStatusLabel } from './order-status.js';
import { cancelledMail, dispatchedMail, readyForPickupMail } from './order-status-mails.js';
import type { FulfilmentChanges, OrderRow, OrderShipmentRow, OrdersService } from './orders.service.js';

export interface FulfilmentDependencies {
  orders: OrdersService;
  catalogue: Pick<CatalogueService, 'release' | 'relist' | 'markSold'>;
  payments: PaymentsService;
  stores: Pick<StoresService, 'storeById'>;
  mail: Pick<MailService, 'queue'>;
  links: OrderLinks;
  discounts: Pick<DiscountEngine, 'releaseUse'>;
  now: () => number;
  /** Where shoppers reach the shop (PUBLIC_URL), for the links in the e-mails. */
  publicUrl: string;
}

/** What a fulfilment call did: changed is false for a repeat (nothing written, nothing sent). */
export interface FulfilmentOutcome {
  changed: boolean;
  reference: string;
  /** The order's status label afterwards. */
  status: OrderStatusLabel;
}

export interface DispatchDetails {
  trackingNumber: string;
  trackingUrl?: string | null;
}

export const TRACKING_NUMBER_MAX = 64;
export const TRACKING_URL_MAX = 500;

/** The order's page for the shopper, with its signed key: opens it for a guest and a customer alike. */
export function orderPageUrl(links: Pick<OrderLinks, 'key'>, publicUrl: string, reference: string): string {
  return `${publicUrl}/my-account/orders/${reference}?key=${encodeURIComponent(links.key(reference))}`;
}

const conflict = (message: string) => new HttpError(409, message);

/**
 * What a store does with an order after the sale (its console's actions; issue 14 adds their
 * routes): ready for pickup, dispatched with tracking, collected, and cancelling the whole order.
 * Each call is one transaction that
 * 1. locks the order's row while it is confirmed (a cancel and a dispatch for one order never
 *    interleave; anything but a confirmed order is refused with 409);
 * 2. moves the shipment (or the order) by ONE conditional write (`... WHERE fulfilment = 'open'`,
 *    `... WHERE status = 'confirmed'`): of two calls at once one changes it, the other changes
 *    nothing, and a repeat changes nothing;
 * 3. only when it changed, queues the shopper's e-mail through the outbox in the same
 *    transaction, so exactly one message leaves per transition.
 * A cancelled order paid online ends 'refunded' and the provider is asked to refund after commit
 * (never inside the transaction); a pay-in-store order ends 'cancelled' (nothing was charged).
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentDependencies) {}

  /** A pickup's items are waiting at the store: the shopper is told where and when to come. */
  markReadyForPickup(ctx: Ctx, reference: string, storeId: number): Promise<FulfilmentOutcome> {
    return this.moveShipment(ctx, reference, storeId, {
      method: 'pickup',
      from: ['open'],
      to: 'ready_for_pickup',
      changes: (now) => ({ ready_at: now }),
      after: async (tx, order, shipment) => {
        const lines = await this.linesOf(tx, order, shipment);
        const store = await this.deps.stores.storeById(tx, shipment.store_id);
        await this.deps.mail.queue(
          tx,
          readyForPickupMail({ order, shipment, lines, store, region: tx.region, orderUrl: this.orderUrl(order) }),
        );
      },
    });
  }

  /** A parcel left the store: the shopper gets the tracking number (a link when there is a URL). */
  async markDispatched(
    ctx: Ctx,
    reference: string,
    storeId: number,
    details: DispatchDetails,
  ): Promise<FulfilmentOutcome> {
    const trackingNumber = details.trackingNumber.trim();
    if (
      trackingNumber === '' ||
      trackingNumber.length > TRACKING_NUMBER_MAX ||
      !/^[A-Za-z0-9 -]+$/.test(trackingNumber)
    ) {
      throw new BadRequestError(
        `Invalid input. trackingNumber: must be 1 to ${TRACKING_NUMBER_MAX} letters, digits, spaces or hyphens`,
      );
    }
    const trackingUrl = details.trackingUrl?.trim() || null;
    if (
      trackingUrl !== null &&
      (trackingUrl.length > TRACKING_URL_MAX || !/^https?:\/\/[^\s<>"]+$/i.test(trackingUrl))
    ) {
      throw new BadRequestError('Invalid input. trackingUrl: must be an http:// or https:// address');
    }
    return this.moveShipment(ctx, reference, storeId, {
      method: 'postage',
      from: ['open'],
      to: 'dispatched',
      changes: (now) => ({ dispatched_at: now, tracking_number: trackingNumber, tracking_url: trackingUrl }),
      after: async (tx, order, shipment) => {
        const lines = await this.linesOf(tx, order, shipment);
        await this.deps.mail.queue(
          tx,
          dispatchedMail({ order, shipment, lines, region: tx.region, orderUrl: this.orderUrl(order) }),
        );
      },
    });
  }

  /**
   * The shopper collected a pickup. A pay-in-store order's items are sold now (they paid at the
   * counter); an order some of whose items were collected no longer ends by its hold. No e-mail.
   */
  markCollected(ctx: Ctx, reference: string, storeId: number): Promise<FulfilmentOutcome> {
    return this.moveShipment(ctx, reference, storeId, {
      method: 'pickup',
      from: ['open', 'ready_for_pickup'],
      to: 'collected',
      changes: (now) => ({ collected_at: now }),
      after: async (tx, order, shipment) => {
        const lines = await this.linesOf(tx, order, shipment);
        await this.deps.catalogue.markSold(
          tx,
          lines.map((l) => l.product_id),
        );
      },
    });
  }

  /**
   * Cancels the whole order (nothing of it collected or dispatched yet: 409 otherwise). Its lines
   * stop holding their items, which go back on sale when `restock` (else they stay off sale: the
   * store decides what happens to them); a discount code's use is given back. Paid online: the
   * order ends 'refunded', its payment is marked refunded in the same transaction (so it is
   * refunded at most once) and the provider refunds it after commit; a failure there is recorded
   * against the payment for the console to follow up. Pay in store: 'cancelled'.
   */
  async cancelOrder(ctx: Ctx, reference: string, options: { restock: boolean }): Promise<FulfilmentOutcome> {
    const { deps } = this;
    const now = deps.now();
    const refund: { attempt?: PaymentAttemptRow; order?: OrderRow } = {};
    const outcome = await inTransaction(ctx, async (tx): Promise<FulfilmentOutcome> => {
      const order = await this.orderFor(tx, reference);
      if (!(await deps.orders.lockConfirmed(tx, order.id))) {
        const current = (await deps.orders.byId(tx, order.id)) ?? order;
        if (current.status === 'cancelled' || current.status === 'refunded') {
          return { changed: false, reference: order.reference, status: await this.labelOf(tx, current) };
        }
        throw conflict(
          `Order ${order.reference} is ${current.status.replace('_', ' ')}: only a confirmed order can be cancelled`,
        );
      }
      if (await deps.orders.anyFulfilled(tx, order.id)) {
        throw conflict(`Order ${order.reference} has items collected or dispatched: it can no longer be cancelled`);
      }
      const paid =
        order.payment_option === 'Generic'
          ? undefined
          : (await deps.payments.attemptsFor(tx, order.id)).find((a) => a.status === 'succeeded');
      const to = paid ? 'refunded' : 'cancelled';
      const productIds = await deps.orders.endHold(tx, order.id, ['confirmed'], to, now);
      if (productIds === null) throw new Error(`order ${order.reference} changed while locked`);
      if (options.restock) {
        // Pay in store: held (reserved); paid online: sold. Each move is conditional on the state it expects.
        await deps.catalogue.release(tx, productIds);
        await deps.catalogue.relist(tx, productIds);
      }
      await deps.discounts.releaseUse(tx, order.reference);
      if (paid) {
        if (!(await deps.payments.settle(tx, paid.id, ['succeeded'], 'refunded', now))) {
          throw new Error(`payment ${paid.tracking_number} changed while its order was locked`);
        }
        refund.attempt = paid;
        refund.order = order;
      }
      const cancelled = (await deps.orders.byId(tx, order.id)) ?? order;
      await deps.mail.queue(
        tx,
        cancelledMail({
          order: cancelled,
          region: tx.region,
          orderUrl: this.orderUrl(order),
          lines: await deps.orders.lines(tx, order.id),
          refundedMinor: paid ? paid.amount_minor : null,
        }),
      );
      return { changed: true, reference: order.reference, status: await this.labelOf(tx, cancelled) };
    });
    if (refund.attempt && refund.order) await this.refund(ctx, refund.attempt, refund.order);
    return outcome;
  }

  private async moveShipment(
    ctx: Ctx,
    reference: string,
    storeId: number,
    move: {
      method: 'pickup' | 'postage';
      from: Fulfilment[];
      to: Fulfilment;
      changes: (now: number) => FulfilmentChanges;
      after: (tx: Ctx, order: OrderRow, shipment: OrderShipmentRow) => Promise<void>;
    },
  ): Promise<FulfilmentOutcome> {
    const { deps } = this;
    const now = deps.now();
    return inTransaction(ctx, async (tx) => {
      const order = await this.orderFor(tx, reference);
      if (!(await deps.orders.lockConfirmed(tx, order.id))) {
        const status = (await deps.orders.byId(tx, order.id))?.status ?? order.status;
        throw conflict(`Order ${order.reference} is ${status.replace('_', ' ')}: nothing can be sent or collected`);
      }
      const shipment = (await deps.orders.shipments(tx, order.id)).find((s) => s.store_id === storeId);
      if (!shipment) throw new NotFoundError(`Order ${order.reference} has nothing from store ${storeId}`);
      if (shipment.method !== move.method) {
        throw conflict(
          `Order ${order.reference}'s items from ${shipment.store_name} are ${shipment.method === 'pickup' ? 'collected in store' : 'posted'}`,
        );
      }
      const changed = await deps.orders.moveFulfilment(tx, shipment.id, move.from, move.to, move.changes(now));
      if (changed) {
        const moved = (await deps.orders.shipments(tx, order.id)).find((s) => s.id === shipment.id) ?? shipment;
        await move.after(tx, order, moved);
      }
      return { changed, reference: order.reference, status: await this.labelOf(tx, order) };
    });
  }

  /** This region's order by its public reference (any case); 404 otherwise. */
  private async orderFor(ctx: Ctx, reference: string): Promise<OrderRow> {
    const canonical = normalizePublicReference(ReferencePrefix.order, reference);
    const order = canonical ? await this.deps.orders.byReference(ctx, canonical) : undefined;
    if (!order || order.region !== ctx.region) throw new NotFoundError(`No order ${reference}`);
    return order;
  }

  private async linesOf(ctx: Ctx, order: OrderRow, shipment: OrderShipmentRow) {
    return (await this.deps.orders.lines(ctx, order.id)).filter((l) => l.shipment_id === shipment.id);
  }

  private async labelOf(ctx: Ctx, order: OrderRow): Promise<OrderStatusLabel> {
    return orderStatusLabel(order.status, await this.deps.orders.shipments(ctx, order.id));
  }

  private orderUrl(order: OrderRow): string {
    return orderPageUrl(this.deps.links, this.deps.publicUrl, order.reference);
  }

  /** Asks the provider to give the money back (after commit); the outcome is recorded against the payment. */
  private async refund(ctx: Ctx, attempt: PaymentAttemptRow, order: OrderRow): Promise<void> {
    await refundAttempt(this.deps, ctx, attempt, order, { reason: 'cancelled by the shop' });
  }
}
