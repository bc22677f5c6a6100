import {
  type CheckoutSubmission,
  EMPTY_CART_MESSAGE,
  EXISTING_ORDER,
  formatMoney,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import type { CatalogueService, ProductWithStoreRow } from '../catalogue/catalogue.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { OrdersService, ShipmentDraft } from '../orders/orders.service.js';
import type { PaymentOptionName } from '../payments/payment-provider.js';
import type { DeliveryKind, PaymentsService } from '../payments/payments.service.js';
import { splitByLargestRemainder } from '../promotions/split.js';
import type { Clock } from '../sessions/sessions.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { cartVersion } from './cart-version.js';
import { CheckoutStateRepository } from './checkout-state.repository.js';
import { type DiscountEngine, discountCustomerKey } from './discounts.js';
import type { OrderLinks } from './order-links.js';

type Submission = {
  [K in keyof CheckoutSubmission]-?: Exclude<CheckoutSubmission[K], undefined>;
};

const MINUTE_MS = 60 * 1000;
/** How long items stay held: for an online payment to finish, and for a pay-in-store collection. */
export interface HoldSpans {
  onlineMs: number;
  payInStoreMs: number;
}
export const DEFAULT_HOLDS: HoldSpans = { onlineMs: 15 * MINUTE_MS, payInStoreMs: 3 * 24 * 60 * MINUTE_MS };

export interface PlaceOrderDependencies {
  cart: CartService;
  catalogue: CatalogueService;
  stores: StoresService;
  orders: OrdersService;
  payments: PaymentsService;
  mail: MailService;
  now: Clock;
  holds: HoldSpans;
  links: OrderLinks;
  discounts: DiscountEngine;
}

export interface PlacedOrder {
  reference: string;
  confirmationUrl: string;
}

/** A 200 reply whose Message is ExistingOrder (checkout.md section 7: "Status 200 with Message ExistingOrder is an error"). */
export class ExistingOrderError extends HttpError {
  constructor() {
    super(200, EXISTING_ORDER);
  }
}

/** HTTP 205: the cart changed since the page loaded it (checkout.md section 7: "Status 205 reloads the page"). */
export class CartChangedError extends HttpError {
  constructor() {
    super(205, 'Your cart has changed: please check it again.');
  }
}

/**
 * Placing an order, as named steps (each says what it guarantees):
 * 1. read the cart: every item still available, else the unavailable-items message and nothing done;
 * 2. the ExistingOrder rule: no item may sit in another live order of this shopper;
 * 3. plan the shipments (per store: pickup, or postage from the store's table rates);
 * 4. check the payment option for this delivery and amount;
 * 5. in ONE transaction: reserve every item by the catalogue's conditional write (one missing
 *    and the whole transaction rolls back: nothing is held, nothing written), write the order and
 *    its lines (the unique live-line index is the backstop), start the payment attempt, take the
 *    items out of the cart, queue the e-mails;
 * 6. after commit: start the payment with its provider (never inside the transaction: it may wait
 *    on the network). Generic confirms at once.
 * A retried submission is answered by the route's Idempotency-Key store; a new submission with an
 * item of an open order answers ExistingOrder, so one shopper never opens two orders for one item.
 */
export class PlaceOrderFlow {
  private readonly state = new CheckoutStateRepository();

  constructor(private readonly deps: PlaceOrderDependencies) {}

  async place(ctx: Ctx, submission: Submission): Promise<PlacedOrder> {
    const { deps } = this;
    // 1. The cart, as it is now.
    const cart = await deps.cart.query(ctx, false);
    const items = cart.stores.flatMap((s) => s.items);
    if (items.length === 0) throw new BadRequestError(EMPTY_CART_MESSAGE);
    if (items.some((item) => item.status !== 'available')) throw new BadRequestError(UNAVAILABLE_ITEMS_MESSAGE);
    // 1b. The page paid attention to a cart that no longer is: nothing placed, the page reloads.
    if (submission.CartVersion !== undefined && submission.CartVersion !== cartVersion(items)) {
      throw new CartChangedError();
    }
    const cartId = await deps.cart.cartIdOf(ctx);
    const userId = ctx.viewer.kind === 'customer' ? ctx.viewer.userId : null;

    // 2. ExistingOrder.
    const open = await deps.orders.liveOrdersHolding(
      ctx,
      { userId, cartId },
      items.map((i) => i.id),
    );
    if (open.length > 0) throw new ExistingOrderError();

    // 3. Shipments.
    const delivery = deliveryKind(submission);
    const shipments = await this.planShipments(ctx, submission, cart.stores, delivery);
    const itemsMinor = items.reduce((sum, item) => sum + item.price_minor, 0);
    const postageMinor = shipments.reduce((sum, s) => sum + s.postageMinor, 0);

    // 3b. The cart's discount code, checked again now (with this shopper's e-mail for per-customer
    // limits) and spread over the items by largest remainder, so the lines add up to the cent.
    const customer = discountCustomerKey(userId, submission.CustomerDetails.EmailAddress) ?? '';
    const state = cartId === null ? undefined : await this.state.find(ctx, cartId);
    const discount = state?.discount_code
      ? await deps.discounts.check(ctx, state.discount_code, { subtotalMinor: itemsMinor, customerKey: customer })
      : null;
    if (discount) {
      const shares = splitByLargestRemainder(
        shipments.flatMap((s) => s.lines.map((line) => ({ key: line.productId, weight: line.priceMinor }))),
        discount.discountMinor,
      );
      for (const line of shipments.flatMap((s) => s.lines)) line.discountMinor = shares.get(line.productId) ?? 0;
    }
    const discountMinor = discount?.discountMinor ?? 0;
    const totalMinor = itemsMinor - discountMinor + postageMinor;

    // 4. Payment option.
    const paymentOption = submission.PaymentOption as PaymentOptionName;
    const refusal = deps.payments.refusal(ctx.region, paymentOption, delivery, totalMinor);
    if (refusal) throw new BadRequestError(refusal);
    const confirmsAtOnce = paymentOption === 'Generic';

    // 5. One transaction.
    const now = deps.now();
    const details = submission.CustomerDetails;
    const placed = await inTransaction(ctx, async (tx) => {
      const ids = items.map((i) => i.id);
      const reserved = await deps.catalogue.reserve(tx, ids);
      if (reserved.length !== ids.length) throw new BadRequestError(UNAVAILABLE_ITEMS_MESSAGE);
      const order = await deps.orders.create(tx, {
        region: ctx.region,
        userId,
        cartId,
        email: details.EmailAddress,
        customer: { ...details },
        billingAddress: { ...submission.BillingAddress },
        status: confirmsAtOnce ? 'confirmed' : 'pending_payment',
        paymentOption,
        deliveryOption: submission.DeliveryOption,
        itemsMinor,
        postageMinor,
        discountMinor,
        totalMinor,
        discountCode: discount?.code ?? null,
        holdExpiresAt: now + (confirmsAtOnce ? deps.holds.payInStoreMs : deps.holds.onlineMs),
        now,
        shipments,
      });
      if (discount) {
        // One conditional write per limit: two orders at once can never both pass a used-up code.
        await deps.discounts.recordUse(tx, discount, order.reference, customer);
        if (cartId !== null) await this.state.upsert(tx, cartId, { discount_code: null, updated_at: now });
      }
      await deps.payments.createAttempt(tx, {
        orderId: order.id,
        provider: paymentOption,
        amountMinor: totalMinor,
        region: ctx.region,
        // Pay in store: nothing to wait for online; the store takes the money at collection.
        status: confirmsAtOnce ? 'succeeded' : 'pending',
        now,
      });
      if (confirmsAtOnce) {
        await deps.cart.removeOrdered(tx, ids);
        await this.queueMails(tx, order.reference, details, shipments, totalMinor);
      }
      return order;
    });

    // 6. Generic needs nothing more; online providers start here (issue 10).
    return { reference: placed.reference, confirmationUrl: deps.links.confirmationPath(placed.reference) };
  }

  /** Per store: pickup at the store (its address copied in), or postage (table rates: arriving with the shipping engine). */
  private async planShipments(
    ctx: Ctx,
    submission: Submission,
    stores: { id: number; name: string; items: ProductWithStoreRow[] }[],
    delivery: DeliveryKind,
  ): Promise<ShipmentDraft[]> {
    if (delivery !== 'pickup') {
      throw new BadRequestError('Postage is not available yet: please choose store pickup.');
    }
    void submission;
    const drafts: ShipmentDraft[] = [];
    for (const group of stores) {
      const store = await this.deps.stores.storeById(ctx, group.id);
      if (!store || store.pickup_disabled === 1 || group.items.some((i) => i.disable_in_store_pickup === 1)) {
        throw new BadRequestError(UNAVAILABLE_ITEMS_MESSAGE);
      }
      drafts.push({
        storeId: store.id,
        storeName: store.name,
        method: 'pickup',
        service: null,
        postageMinor: 0,
        address: {
          BusinessName: store.name,
          Line1: store.address,
          Suburb: store.suburb,
          State: store.state,
          PostCode: store.postcode,
        },
        postageSnapshot: null,
        lines: group.items.map((item) => ({
          productId: item.id,
          code: item.code,
          title: item.title,
          priceMinor: item.price_minor,
          discountMinor: 0,
          postageShareMinor: 0,
        })),
      });
    }
    return drafts;
  }

  /** The shopper's confirmation and one message per store, in the order's transaction (outbox). */
  private async queueMails(
    ctx: Ctx,
    reference: string,
    details: Submission['CustomerDetails'],
    shipments: ShipmentDraft[],
    totalMinor: number,
  ): Promise<void> {
    const money = (minor: number) => formatMoney(minor, ctx.region);
    const lines = shipments.flatMap((s) => [
      `${s.storeName} (${s.method === 'pickup' ? 'collect in store' : 'posted'}):`,
      ...s.lines.map((l) => `  ${l.code}  ${l.title}  ${money(l.priceMinor)}`),
    ]);
    await this.deps.mail.queue(ctx, {
      to: details.EmailAddress,
      subject: `Your order ${reference}`,
      text: [
        `Hello ${details.FirstName},`,
        '',
        `Thank you for your order ${reference}. Each store holds your items for 3 days: pay when you collect them.`,
        '',
        ...lines,
        '',
        `Total: ${money(totalMinor)}`,
        '',
        `See your order at any time: ${this.deps.links.confirmationUrl(reference)}`,
      ].join('\n'),
    });
    for (const shipment of shipments) {
      const store = await this.deps.stores.storeById(ctx, shipment.storeId);
      if (!store) continue;
      await this.deps.mail.queue(ctx, {
        to: store.email,
        replyTo: details.EmailAddress,
        subject: `New order ${reference}: ${shipment.method === 'pickup' ? 'to collect' : 'to post'}`,
        text: [
          `Order ${reference} for ${details.FirstName} ${details.LastName} (${details.PhoneNumber}):`,
          ...shipment.lines.map((l) => `  ${l.code}  ${l.title}  ${money(l.priceMinor)}`),
          '',
          shipment.method === 'pickup' ? 'The shopper pays when collecting. Please hold these items for 3 days.' : '',
        ].join('\n'),
      });
    }
  }
}

function deliveryKind(submission: Submission): DeliveryKind {
  if (submission.DeliveryOption === 'SplitPostage') return 'split';
  if (submission.DeliveryOption === 'StorePickup' || submission.IsStorePickup) return 'pickup';
  return 'postage';
}
