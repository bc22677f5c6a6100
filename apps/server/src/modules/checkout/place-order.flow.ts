import {
  CHECKOUT_ERROR_MESSAGE,
  type checkoutSubmissionSchema,
  EMPTY_CART_MESSAGE,
  EXISTING_ORDER,
  MISSING_TABLE_RATE_MESSAGE,
  SPLIT_INCOMPLETE_MESSAGE,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import type { z } from 'zod';
import type { StoreRow } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, invalidInput } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import type { CatalogueItem, CatalogueService } from '../catalogue/catalogue.service.js';
import type { MailService } from '../mail/mail.service.js';
import { collectByDeadline, openingHoursOf } from '../orders/collect-by.js';
import { type DiscountEngine, discountCustomerKey } from '../orders/discounts.js';
import type { OrderLinks } from '../orders/order-links.js';
import type { OrdersService, ShipmentDraft } from '../orders/orders.service.js';
import { describeOrderFor } from '../orders/payment-description.js';
import { attemptContext } from '../orders/refunds.js';
import type { PaymentOptionName } from '../payments/payment-provider.js';
import type { DeliveryKind, PaymentsService } from '../payments/payments.service.js';
import { splitByLargestRemainder } from '../promotions/split.js';
import type { Clock } from '../sessions/sessions.service.js';
import { postageSnapshot, type ShippingService } from '../shipping/shipping.service.js';
import { storeTimeZone } from '../stores/store-time-zone.js';
import { type StoresService, storeAddressLines } from '../stores/stores.service.js';
import { cartVersion } from './cart-version.js';
import { CheckoutStateRepository } from './checkout-state.repository.js';
import type { FinishPaymentFlow } from './finish-payment.flow.js';
import { queueOrderMails } from './order-mails.js';
import { isPostageOption, POSTAGE_OPTION, parcelItems, toAddressValue } from './postage.js';

/** The submission as the route parsed it (defaults filled in). */
type Submission = z.output<ReturnType<typeof checkoutSubmissionSchema>>;
type StoreGroup = { id: number; name: string; items: CatalogueItem[] };
type PostedAddress = Parameters<typeof toAddressValue>[0];

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
  shipping: ShippingService;
  /** Ends an attempt that could not start (and every other way an online payment finishes). */
  finish: FinishPaymentFlow;
  publicUrl: string;
}

export interface PlacedOrder {
  reference: string;
  confirmationUrl: string;
  /** What an online provider's start handed the page (with the attempt's TrackingNumber); null when confirmed at once. */
  pageData: Record<string, unknown> | null;
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

    // 3. Shipments (a pickup's collect-by counted from now).
    const now = deps.now();
    const shipments = await this.planShipments(ctx, submission, cart.stores, now);
    const delivery = deliveryKind(submission, shipments);
    const itemsMinor = items.reduce((sum, item) => sum + item.priceMinor, 0);
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
    const refusal = deps.payments.refusal(ctx.region, paymentOption, delivery, totalMinor, shipments);
    if (refusal) throw new BadRequestError(refusal.message, [refusal.fieldError]);
    const confirmsAtOnce = paymentOption === 'Generic';

    // 5. One transaction.
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
        holdExpiresAt: confirmsAtOnce
          ? payInStoreHold(now, deps.holds.payInStoreMs, shipments)
          : now + deps.holds.onlineMs,
        now,
        shipments,
      });
      if (discount) {
        // One conditional write per limit: two orders at once can never both pass a used-up code.
        await deps.discounts.recordUse(tx, discount, order.reference, customer);
        if (cartId !== null) await this.state.upsert(tx, cartId, { discount_code: null, updated_at: now });
      }
      const attempt = await deps.payments.createAttempt(tx, {
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
        const written = await deps.orders.byReference(tx, order.reference);
        if (written) await queueOrderMails(tx, deps, written);
      }
      return { ...order, attempt };
    });

    // 6. Generic needs nothing more. An online provider starts now, outside the transaction: what
    //    it answers is what the page needs to take the shopper to it. If it cannot start, no money
    //    has moved: the attempt fails and the items go back on sale at once.
    const order = await deps.orders.byReference(ctx, placed.reference);
    if (!order) throw new Error(`order ${placed.reference} vanished after commit`);
    const confirmationUrl = deps.links.confirmationPath(order);
    if (confirmsAtOnce) return { reference: placed.reference, confirmationUrl, pageData: null };
    const { attempt } = placed;
    try {
      const context = attemptContext(attempt, order, deps.publicUrl);
      const started = await deps.payments
        .provider(paymentOption)
        .start(ctx, { ...context, describeOrder: (c) => describeOrderFor(deps.orders)(c, context) });
      if (started.kind === 'page-data' && started.providerReference) {
        await deps.payments.setProviderReference(ctx, attempt.id, started.providerReference);
      }
      await deps.payments.record(
        ctx,
        attempt.id,
        'start',
        { ok: true, providerReference: started.kind === 'page-data' ? (started.providerReference ?? null) : null },
        deps.now(),
      );
      const pageData = started.kind === 'page-data' ? started.value : {};
      return {
        reference: placed.reference,
        confirmationUrl,
        pageData: { ...pageData, TrackingNumber: attempt.tracking_number },
      };
    } catch (error) {
      await deps.payments.record(
        ctx,
        attempt.id,
        'error',
        { during: 'start', message: error instanceof Error ? error.message : String(error) },
        deps.now(),
      );
      await deps.finish.finish(ctx, attempt.tracking_number, 'failed', 'browser', { reason: 'start failed' });
      throw new HttpError(502, CHECKOUT_ERROR_MESSAGE);
    }
  }

  /**
   * Per store: pickup at the store (its address copied in), or postage priced here from the
   * store's table rates (never from the browser's figures) and copied into the shipment with its
   * quote; each shipment's postage is spread over its lines by chargeable weight (largest
   * remainder, so the shares add up to the cent).
   * - StorePickup: every store must allow pickup.
   * - The region's postage option: every store posts to the delivery address (or the billing
   *   address when the shopper said they are the same); Express only if every store offers it.
   * - SplitPostage: one entry per store of the cart, each pickup or postage to its own address.
   */
  private async planShipments(
    ctx: Ctx,
    submission: Submission,
    stores: StoreGroup[],
    now: number,
  ): Promise<ShipmentDraft[]> {
    const option = submission.DeliveryOption;
    const drafts: ShipmentDraft[] = [];
    if (option === 'StorePickup') {
      for (const group of stores) drafts.push(await this.pickupDraft(ctx, group, now));
      return drafts;
    }
    if (isPostageOption(ctx.region, option)) {
      const address = submission.IsShippingAddressSameAsBillingAddress
        ? submission.BillingAddress
        : submission.DeliveryAddress;
      if (!address) throw invalidInput('DeliveryAddress', 'Please enter the address to post to');
      for (const group of stores) {
        drafts.push(await this.postageDraft(ctx, group, address, submission.IsExpress));
      }
      return drafts;
    }
    if (option !== 'SplitPostage') {
      throw invalidInput('DeliveryOption', `must be StorePickup, ${POSTAGE_OPTION[ctx.region]} or SplitPostage`);
    }
    const entries = submission.SplitPostageShipments;
    if (!entries) throw invalidInput('SplitPostageShipments', 'Please select a shipping method for every store');
    for (const entry of entries) {
      if (!stores.some((g) => g.id === entry.ShipmentId)) {
        throw invalidInput('SplitPostageShipments.ShipmentId', 'must be a store of the cart');
      }
    }
    for (const group of stores) {
      const chosen = entries.filter((e) => e.ShipmentId === group.id);
      const entry = chosen[0];
      if (!entry || chosen.length > 1) throw new BadRequestError(SPLIT_INCOMPLETE_MESSAGE);
      if (entry.ShippingMethodId === 'StorePickup') {
        drafts.push(await this.pickupDraft(ctx, group, now));
      } else if (isPostageOption(ctx.region, entry.ShippingMethodId)) {
        if (!entry.DeliveryAddress) {
          throw invalidInput(
            'SplitPostageShipments.DeliveryAddress',
            `Please enter the address to post to from ${group.name}`,
          );
        }
        drafts.push(await this.postageDraft(ctx, group, entry.DeliveryAddress, entry.IsExpress));
      } else {
        throw invalidInput(
          'SplitPostageShipments.ShippingMethodId',
          `must be StorePickup or ${POSTAGE_OPTION[ctx.region]} for a store`,
        );
      }
    }
    return drafts;
  }

  private async storeOf(ctx: Ctx, group: StoreGroup): Promise<StoreRow> {
    const store = await this.deps.stores.storeById(ctx, group.id);
    if (!store) throw new BadRequestError(UNAVAILABLE_ITEMS_MESSAGE);
    return store;
  }

  private async pickupDraft(ctx: Ctx, group: StoreGroup, now: number): Promise<ShipmentDraft> {
    const store = await this.storeOf(ctx, group);
    if (store.pickup_disabled === 1 || group.items.some((i) => i.disableInStorePickup)) {
      throw new BadRequestError(UNAVAILABLE_ITEMS_MESSAGE);
    }
    const timeZone = storeTimeZone(store);
    return {
      collectBy: { at: collectByDeadline({ placedAt: now, timeZone, openingHours: openingHoursOf(store) }), timeZone },
      storeId: store.id,
      storeName: store.name,
      method: 'pickup',
      service: null,
      postageMinor: 0,
      address: {
        BusinessName: store.name,
        Line1: storeAddressLines(store).line1,
        Suburb: store.suburb,
        // A UK store's state is our county code, not part of its postal address.
        State: store.region === 'AU' ? store.state : '',
        PostCode: store.postcode,
      },
      postageSnapshot: null,
      lines: group.items.map((item) => ({
        productId: item.id,
        code: item.code,
        title: item.title,
        priceMinor: item.priceMinor,
        discountMinor: 0,
        postageShareMinor: 0,
        taxTreatment: item.taxTreatment,
        itemType: item.categoryName,
      })),
    };
  }

  private async postageDraft(
    ctx: Ctx,
    group: StoreGroup,
    address: PostedAddress,
    express: boolean,
  ): Promise<ShipmentDraft> {
    const store = await this.storeOf(ctx, group);
    const [quote] = await this.deps.shipping.quote(
      ctx,
      [{ storeId: group.id, items: parcelItems(group.items) }],
      address.PostCode,
    );
    if (!quote?.ok) throw new BadRequestError(MISSING_TABLE_RATE_MESSAGE);
    const service = express ? quote.express : quote.regular;
    if (!service) throw invalidInput('IsExpress', `Express postage is not available from ${store.name}`);
    // Each item's share of the postage follows its price (the tax invoice's
    // ItemProportionateShippingCost; the shares add up to the postage exactly).
    const shares = splitByLargestRemainder(
      group.items.map((item) => ({ key: item.id, weight: item.priceMinor })),
      service.totalMinor,
    );
    return {
      storeId: store.id,
      storeName: store.name,
      method: 'postage',
      service: service.service,
      postageMinor: service.totalMinor,
      address: toAddressValue(address),
      postageSnapshot: postageSnapshot(quote, service),
      lines: group.items.map((item) => ({
        productId: item.id,
        code: item.code,
        title: item.title,
        priceMinor: item.priceMinor,
        discountMinor: 0,
        postageShareMinor: shares.get(item.id) ?? 0,
        taxTreatment: item.taxTreatment,
        itemType: item.categoryName,
      })),
    };
  }
}

/**
 * A pay-in-store order's hold: never before any of its stores' collect-by (the promise the shopper
 * was given), and never shorter than the old span (so a store's grace after closing is kept).
 */
function payInStoreHold(now: number, spanMs: number, shipments: ShipmentDraft[]): number {
  return Math.max(now + spanMs, ...shipments.map((s) => s.collectBy?.at ?? 0));
}

/** What the planned shipments mean for the payment options: all collected is pickup, whatever was chosen. */
function deliveryKind(submission: Submission, shipments: ShipmentDraft[]): DeliveryKind {
  if (shipments.every((s) => s.method === 'pickup')) return 'pickup';
  return submission.DeliveryOption === 'SplitPostage' ? 'split' : 'postage';
}
