import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { HttpError, invalidInput, NotFoundError } from '../../lib/errors.js';
import { normalizePublicReference, ReferencePrefix } from '../../lib/public-reference.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import type { StoresService } from '../stores/stores.service.js';
import type { DiscountEngine } from './discounts.js';
import { decide, type FulfilmentAction } from './fulfilment-machine.js';
import type { LinkedOrder, OrderLinks } from './order-links.js';
import { type OrderStatusLabel, orderStatusLabel } from './order-status.js';
import { cancelledMail, dispatchedMail, itemCancelledMail, readyForPickupMail } from './order-status-mails.js';
import type { FulfilmentChanges, Order, OrderLine, OrderShipment, OrdersService } from './orders.service.js';
import { refundAttempt } from './refunds.js';

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
  /** The carrier the store posted with; none: the region's (Australia Post, Royal Mail). */
  carrier?: string | null;
}

/**
 * Called inside the change's transaction, only when it changed something (never for a repeat or a
 * refusal): the console records its audit trail here, so the record and the change commit together.
 */
export type FulfilmentHook = (
  tx: Ctx,
  change: { order: Order; shipment: OrderShipment; line?: OrderLine; detail: Record<string, unknown> },
) => Promise<void>;

export const TRACKING_NUMBER_MAX = 64;
export const CARRIER_MAX = 60;
export const TRACKING_URL_MAX = 500;

/** The order's page for the shopper, with its signed key: opens it for a guest and a customer alike. */
export function orderPageUrl(links: Pick<OrderLinks, 'key'>, publicUrl: string, order: LinkedOrder): string {
  return `${publicUrl}/my-account/orders/${order.reference}?key=${encodeURIComponent(links.key(order))}`;
}

const conflict = (message: string) => new HttpError(409, message);

/**
 * What a store does with an order after the sale (its console's actions, which the console's
 * fulfilment routes call): ready for pickup, dispatched with tracking, collected, and cancelling the
 * whole order.
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
  markReadyForPickup(
    ctx: Ctx,
    reference: string,
    storeId: number,
    onChange?: FulfilmentHook,
  ): Promise<FulfilmentOutcome> {
    return this.moveShipment(ctx, reference, storeId, onChange, {
      action: 'ready',
      changes: (now) => ({ ready_at: now }),
      detail: {},
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
    onChange?: FulfilmentHook,
  ): Promise<FulfilmentOutcome> {
    const trackingNumber = details.trackingNumber.trim();
    if (
      trackingNumber === '' ||
      trackingNumber.length > TRACKING_NUMBER_MAX ||
      !/^[A-Za-z0-9 -]+$/.test(trackingNumber)
    ) {
      throw invalidInput('trackingNumber', `must be 1 to ${TRACKING_NUMBER_MAX} letters, digits, spaces or hyphens`);
    }
    const trackingUrl = details.trackingUrl?.trim() || null;
    if (
      trackingUrl !== null &&
      (trackingUrl.length > TRACKING_URL_MAX || !/^https?:\/\/[^\s<>"]+$/i.test(trackingUrl))
    ) {
      throw invalidInput('trackingUrl', 'must be an http:// or https:// address');
    }
    const carrier = details.carrier?.trim() || null;
    if (
      carrier !== null &&
      (carrier.length > CARRIER_MAX || /[<>]/.test(carrier) || [...carrier].some((ch) => ch < ' '))
    ) {
      throw invalidInput('carrier', `must be up to ${CARRIER_MAX} characters, without < or >`);
    }
    return this.moveShipment(ctx, reference, storeId, onChange, {
      action: 'dispatch',
      changes: (now) => ({
        dispatched_at: now,
        tracking_number: trackingNumber,
        tracking_url: trackingUrl,
        carrier,
      }),
      detail: { carrier, trackingNumber, trackingUrl },
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
   * counter: the amount taken is recorded on the shipment); an order some of whose items were
   * collected no longer ends by its hold. No e-mail.
   */
  markCollected(ctx: Ctx, reference: string, storeId: number, onChange?: FulfilmentHook): Promise<FulfilmentOutcome> {
    return this.moveShipment(ctx, reference, storeId, onChange, {
      action: 'collect',
      changes: (now) => ({ collected_at: now }),
      detail: {},
      after: async (tx, order, shipment) => {
        const lines = await this.linesOf(tx, order, shipment);
        await this.deps.catalogue.markSold(
          tx,
          lines.map((l) => l.product_id),
        );
        if (order.payment_option === 'Generic') {
          const paid = lines.reduce((sum, l) => sum + l.price_minor - l.discount_minor, 0);
          await this.deps.orders.recordPaidInStore(tx, shipment.id, paid, this.deps.now());
        }
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
    const refund: { attempt?: PaymentAttempt; order?: Order; amountMinor?: number } = {};
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
      const lines = await deps.orders.lines(tx, order.id);
      // Items the store cancelled one by one were refunded then: only the rest is given back now.
      const owed = paid ? paid.amount_minor - refundedSoFar(lines) : 0;
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
        if (owed > 0) Object.assign(refund, { attempt: paid, order, amountMinor: owed });
      }
      const cancelled = (await deps.orders.byId(tx, order.id)) ?? order;
      await deps.mail.queue(
        tx,
        cancelledMail({
          order: cancelled,
          region: tx.region,
          orderUrl: this.orderUrl(order),
          lines: lines.filter((l) => l.cancelled_at === null),
          refundedMinor: paid ? owed : null,
        }),
      );
      return { changed: true, reference: order.reference, status: await this.labelOf(tx, cancelled) };
    });
    const { attempt, order, amountMinor } = refund;
    if (attempt && order && amountMinor !== undefined) {
      await refundAttempt(
        this.deps,
        ctx,
        attempt,
        order,
        { reason: 'cancelled by the shop' },
        amountMinor === attempt.amount_minor ? undefined : { amountMinor, key: 'rest' },
      );
    }
    return outcome;
  }

  /**
   * Cancels ONE item of a store's shipment (the state machine's 'cancel-item': refused once the
   * shipment was dispatched or collected). In one transaction, with the order's row locked:
   * 1. the line is cancelled by one conditional write (`... WHERE cancelled_at IS NULL`): of a
   *    cancel and a dispatch at once, or two cancels, one wins; a repeat changes nothing;
   * 2. what it gives back: its price after discount, plus the shipment's postage when it was the
   *    shipment's last item (the shipment then ends 'cancelled'), and when it was the order's last
   *    item whatever of the payment is left (so the parts add up to what was paid);
   * 3. the order's totals drop by that; its last item cancelled ends the order 'refunded' (paid
   *    online) or 'cancelled' (pay in store), giving back a discount code's use;
   * 4. the item goes back on sale when `restock`; the shopper's e-mail is queued; `onChange` runs.
   * Paid online, the provider refunds that part after commit, named by the line (a retry is the
   * same refund at providers with idempotency keys); a failure is recorded against the payment.
   */
  async cancelItem(
    ctx: Ctx,
    reference: string,
    storeId: number,
    code: string,
    options: { restock: boolean },
    onChange?: FulfilmentHook,
  ): Promise<FulfilmentOutcome> {
    const { deps } = this;
    const now = deps.now();
    const refund: { attempt?: PaymentAttempt; order?: Order; amountMinor?: number; key?: string } = {};
    const outcome = await inTransaction(ctx, async (tx): Promise<FulfilmentOutcome> => {
      const order = await this.orderFor(tx, reference);
      const locked = await deps.orders.lockConfirmed(tx, order.id);
      // Read after the lock: what a dispatch or cancel committed a moment earlier is seen.
      const shipment = (await deps.orders.shipments(tx, order.id)).find((s) => s.store_id === storeId);
      if (!shipment) throw new NotFoundError(`Order ${order.reference} has nothing from store ${storeId}`);
      const lines = await deps.orders.lines(tx, order.id);
      const line = lines.find((l) => l.shipment_id === shipment.id && l.code.toUpperCase() === code.toUpperCase());
      if (!line) throw new NotFoundError(`Order ${order.reference} has no item ${code} from store ${storeId}`);
      const current = locked ? order : ((await deps.orders.byId(tx, order.id)) ?? order);
      if (line.cancelled_at !== null) {
        return { changed: false, reference: order.reference, status: await this.labelOf(tx, current) };
      }
      if (!locked) {
        throw conflict(
          `Order ${order.reference} is ${current.status.replace('_', ' ')}: its items can no longer be cancelled one by one`,
        );
      }
      const decision = decide(shipment.method, shipment.fulfilment, 'cancel-item', false);
      if (decision.kind === 'refuse') throw conflict(decision.reason);
      if (decision.kind === 'repeat') {
        return { changed: false, reference: order.reference, status: await this.labelOf(tx, order) };
      }
      const liveInShipment = lines.filter((l) => l.shipment_id === shipment.id && l.cancelled_at === null);
      const liveInOrder = lines.filter((l) => l.cancelled_at === null);
      const lastOfShipment = liveInShipment.length === 1;
      const lastOfOrder = liveInOrder.length === 1;
      const postageMinor = lastOfShipment ? Number(shipment.postage_minor) : 0;
      const paid =
        order.payment_option === 'Generic'
          ? undefined
          : (await deps.payments.attemptsFor(tx, order.id)).find((a) => a.status === 'succeeded');
      let refundMinor = line.price_minor - line.discount_minor + postageMinor;
      // The order's last item: whatever is left of the payment, so the refunds add up to it exactly.
      if (paid && lastOfOrder) refundMinor = paid.amount_minor - refundedSoFar(lines);
      if (!(await deps.orders.cancelLine(tx, line.id, now, paid ? refundMinor : null))) {
        throw new Error(`line ${line.id} changed while its order was locked`);
      }
      if (lastOfShipment && !(await deps.orders.moveFulfilment(tx, shipment.id, decision.from, 'cancelled'))) {
        throw new Error(`shipment ${shipment.id} changed while its order was locked`);
      }
      await deps.orders.reduceTotals(
        tx,
        order.id,
        { itemsMinor: line.price_minor, discountMinor: line.discount_minor, postageMinor },
        now,
      );
      if (lastOfOrder) {
        if (!(await deps.orders.moveStatus(tx, order.id, ['confirmed'], paid ? 'refunded' : 'cancelled', now))) {
          throw new Error(`order ${order.reference} changed while locked`);
        }
        await deps.discounts.releaseUse(tx, order.reference);
        if (paid && !(await deps.payments.settle(tx, paid.id, ['succeeded'], 'refunded', now))) {
          throw new Error(`payment ${paid.tracking_number} changed while its order was locked`);
        }
      }
      if (options.restock) {
        await deps.catalogue.release(tx, [line.product_id]);
        await deps.catalogue.relist(tx, [line.product_id]);
      }
      const after = (await deps.orders.byId(tx, order.id)) ?? order;
      await deps.mail.queue(
        tx,
        itemCancelledMail({
          order: after,
          region: tx.region,
          orderUrl: this.orderUrl(order),
          line,
          storeName: shipment.store_name,
          refundedMinor: paid ? refundMinor : null,
        }),
      );
      if (paid && refundMinor > 0)
        Object.assign(refund, { attempt: paid, order, amountMinor: refundMinor, key: `line-${line.id}` });
      await onChange?.(tx, {
        order: after,
        shipment,
        line,
        detail: { restock: options.restock, refundMinor: paid ? refundMinor : null, shipmentCancelled: lastOfShipment },
      });
      return { changed: true, reference: order.reference, status: await this.labelOf(tx, after) };
    });
    const { attempt, order, amountMinor, key } = refund;
    if (attempt && order && amountMinor !== undefined && key) {
      await refundAttempt(
        this.deps,
        ctx,
        attempt,
        order,
        { reason: 'an item cancelled by the shop' },
        { amountMinor, key },
      );
    }
    return outcome;
  }

  /**
   * One shipment moved by the state machine (fulfilment-machine.ts): the order's row locked while
   * confirmed, the machine asked about the shipment's current state, then one conditional write on
   * the same `from` states. A repeat answers unchanged; an impossible move is a 409.
   */
  private async moveShipment(
    ctx: Ctx,
    reference: string,
    storeId: number,
    onChange: FulfilmentHook | undefined,
    move: {
      action: Exclude<FulfilmentAction, 'cancel-item'>;
      changes: (now: number) => FulfilmentChanges;
      detail: Record<string, unknown>;
      after: (tx: Ctx, order: Order, shipment: OrderShipment) => Promise<void>;
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
      const decision = decide(shipment.method, shipment.fulfilment, move.action);
      if (decision.kind === 'refuse') throw conflict(`Order ${order.reference}: ${decision.reason}`);
      const changed =
        decision.kind === 'move' &&
        decision.to !== null &&
        (await deps.orders.moveFulfilment(tx, shipment.id, decision.from, decision.to, move.changes(now)));
      if (changed) {
        const moved = (await deps.orders.shipments(tx, order.id)).find((s) => s.id === shipment.id) ?? shipment;
        await move.after(tx, order, moved);
        await onChange?.(tx, { order, shipment: moved, detail: move.detail });
      }
      return { changed, reference: order.reference, status: await this.labelOf(tx, order) };
    });
  }

  /** This region's order by its public reference (any case); 404 otherwise. */
  private async orderFor(ctx: Ctx, reference: string): Promise<Order> {
    const canonical = normalizePublicReference(ReferencePrefix.order, reference);
    const order = canonical ? await this.deps.orders.byReference(ctx, canonical) : undefined;
    if (!order || order.region !== ctx.region) throw new NotFoundError(`No order ${reference}`);
    return order;
  }

  /** The shipment's items still in the order (cancelled ones are neither sent nor collected). */
  private async linesOf(ctx: Ctx, order: Order, shipment: OrderShipment) {
    return (await this.deps.orders.lines(ctx, order.id)).filter(
      (l) => l.shipment_id === shipment.id && l.cancelled_at === null,
    );
  }

  private async labelOf(ctx: Ctx, order: Order): Promise<OrderStatusLabel> {
    return orderStatusLabel(order.status, await this.deps.orders.shipments(ctx, order.id));
  }

  private orderUrl(order: Order): string {
    return orderPageUrl(this.deps.links, this.deps.publicUrl, order);
  }
}

/** What the order's cancelled items have given back so far. */
function refundedSoFar(lines: OrderLine[]): number {
  return lines.reduce((sum, l) => sum + Number(l.refund_minor ?? 0), 0);
}
