import {
  type CheckoutViewValue,
  type DeliveryOptionName,
  discountExpiredMessage,
  discountMinimumSpendMessage,
  EMPTY_CART_MESSAGE,
  formatMoney,
  MISSING_TABLE_RATE_MESSAGE,
  type OrderConfirmationValue,
  type Region,
  type SetExpressCostBody,
  type ShippingEstimate,
  type SplitShipment,
  type shippingEstimateBodySchema,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, invalidInput, NotFoundError } from '../../lib/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CartService, CartView } from '../cart/cart.service.js';
import type { CatalogueItem } from '../catalogue/catalogue.service.js';
import { type DiscountEngine, discountCustomerKey } from '../orders/discounts.js';
import type { OrderLinks } from '../orders/order-links.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { DeliveryKind, PaymentsService } from '../payments/payments.service.js';
import { type DiscountRefusal, DiscountRefusedError } from '../promotions/promotions.service.js';
import { combineQuotes, type ShipmentRequest, type ShippingService } from '../shipping/shipping.service.js';
import { type StoresService, storeAddressLines } from '../stores/stores.service.js';
import { cartVersion } from './cart-version.js';
import { CheckoutStateRepository, type CheckoutStateRow } from './checkout-state.repository.js';
import { orderConfirmation } from './order-confirmation.js';
import {
  costsOf,
  isPostageOption,
  POSTAGE_OPTION,
  parcelItems,
  parseAddress,
  parseSplitChoices,
  type SplitChoice,
  toAddressValue,
  toEstimate,
  zeroEstimate,
} from './postage.js';
import type { UnfinishedPayments } from './unfinished-payments.js';

/** The delivery options each region offers, by the spec's SystemNames (checkout.md section 2). */
export const SHIPPING_OPTIONS: Record<Region, { id: number; name: string; systemName: DeliveryOptionName }[]> = {
  AU: [
    { id: 1, name: 'Store pickup', systemName: 'StorePickup' },
    { id: 2, name: 'Australia Post', systemName: 'AustraliaPost' },
    { id: 3, name: 'Pickup or postage for each store', systemName: 'SplitPostage' },
  ],
  UK: [
    { id: 1, name: 'Collect in store', systemName: 'StorePickup' },
    { id: 2, name: 'Postage', systemName: 'Generic' },
    { id: 3, name: 'Collect or post for each store', systemName: 'SplitPostage' },
  ],
};

export interface CheckoutDependencies {
  cart: CartService;
  stores: StoresService;
  payments: PaymentsService;
  accounts: AccountsService;
  orders: OrdersService;
  links: OrderLinks;
  discounts: DiscountEngine;
  /** The site's DiscountsEnabled now (the admin's switch and the environment's). */
  discountsEnabled: (ctx: Ctx) => Promise<boolean>;
  shipping: ShippingService;
  now: () => number;
  /** The shopper's own payment left open (resume or start again), shown by the view. */
  unfinished?: Pick<UnfinishedPayments, 'find'>;
}

type EstimateBody = z.output<ReturnType<typeof shippingEstimateBodySchema>>;
type DeliveryTypeEntry = Omit<SetExpressCostBody[number], 'DeliveryAddress'> & {
  DeliveryAddress?: Parameters<typeof toAddressValue>[0] | null;
};
type StoreGroup = CartView['stores'][number];

/** The postage the checkout state has chosen, priced now from the table rates. */
interface ChosenPostage {
  postageMinor: number;
  /** Some chosen postage has no table rate now (MissingTableRateMessage). */
  missing: boolean;
}

/** What a discount call answers: the new total, the discount and the codes applied. */
export interface DiscountTotals {
  totalMinor: number;
  discountMinor: number;
  codes: string[];
}

/**
 * The checkout page's data (GET /c3api/checkout/view): the cart as checkout shows it (with each
 * store's pickup address), the region's delivery and payment options, and a signed-in customer's
 * details from their profile for step 1.
 */
export class CheckoutService {
  private readonly state = new CheckoutStateRepository();

  constructor(private readonly deps: CheckoutDependencies) {}

  /**
   * The discount the cart's code gives now, or none. A code that stopped being valid (expired,
   * used up, the cart fell under its minimum) is dropped from the cart's state, quietly.
   */
  async currentDiscount(ctx: Ctx, subtotalMinor: number): Promise<{ code: string; discountMinor: number } | null> {
    const cartId = await this.deps.cart.cartIdOf(ctx);
    // With discounts switched off `check` refuses every code, so an applied one is dropped below.
    if (cartId === null) return null;
    const state = await this.state.find(ctx, cartId);
    if (!state?.discount_code) return null;
    try {
      const applied = await this.deps.discounts.check(ctx, state.discount_code, {
        subtotalMinor,
        customerKey: discountCustomerKey(ctx.viewer.kind === 'customer' ? ctx.viewer.userId : null, null),
      });
      return { code: applied.code, discountMinor: applied.discountMinor };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await this.state.upsert(ctx, cartId, { discount_code: null, updated_at: this.deps.now() });
      return null;
    }
  }

  /**
   * Applies a code to the cart (one code at a time: a new one replaces the old). 400 when it cannot
   * be used: the spec's one message, or FieldErrors naming `code` with the reason (minimum spend, end).
   */
  async applyDiscount(ctx: Ctx, code: string): Promise<DiscountTotals> {
    if (!(await this.deps.discountsEnabled(ctx))) throw new NotFoundError('Discount codes are not offered');
    const cart = await this.deps.cart.query(ctx, false);
    const cartId = await this.deps.cart.cartIdOf(ctx);
    if (cartId === null || cart.itemCount === 0) throw new BadRequestError(EMPTY_CART_MESSAGE);
    const applied = await this.deps.discounts
      .check(ctx, code, {
        subtotalMinor: cart.totalMinor,
        customerKey: discountCustomerKey(ctx.viewer.kind === 'customer' ? ctx.viewer.userId : null, null),
      })
      .catch((error: unknown) => {
        // Under the minimum spend or past its end: the shopper is told which, under the code field.
        if (error instanceof DiscountRefusedError && error.refusal)
          throw invalidInput('code', refusalMessage(error.refusal, ctx.region));
        throw error;
      });
    await this.state.upsert(ctx, cartId, { discount_code: applied.code, updated_at: this.deps.now() });
    return {
      totalMinor: cart.totalMinor - applied.discountMinor,
      discountMinor: applied.discountMinor,
      codes: [applied.code],
    };
  }

  /** Takes the code off the cart (not applied: no change). */
  async removeDiscount(ctx: Ctx, code: string): Promise<DiscountTotals> {
    const cart = await this.deps.cart.query(ctx, false);
    const cartId = await this.deps.cart.cartIdOf(ctx);
    if (cartId !== null) {
      const state = await this.state.find(ctx, cartId);
      if (state?.discount_code && state.discount_code === code.trim().toUpperCase()) {
        await this.state.upsert(ctx, cartId, { discount_code: null, updated_at: this.deps.now() });
      }
    }
    const current = await this.currentDiscount(ctx, cart.totalMinor);
    const discountMinor = current?.discountMinor ?? 0;
    return { totalMinor: cart.totalMinor - discountMinor, discountMinor, codes: current ? [current.code] : [] };
  }

  async view(ctx: Ctx): Promise<CheckoutViewValue> {
    const { deps } = this;
    const money = (minor: number) => ({ Amount: minor, Display: formatMoney(minor, ctx.region) });
    const cart = await deps.cart.query(ctx, false);
    const items: CheckoutViewValue['Cart']['CartItems'] = [];
    for (const group of cart.stores) {
      const store = await deps.stores.storeById(ctx, group.id);
      for (const item of group.items) {
        items.push({
          ProductId: item.id,
          Code: item.code,
          DisplayName: item.title,
          Category: item.categoryName,
          ImageUrl: item.pictureCount > 0 ? `/c3api/images/product/${item.code}/1?w=300` : null,
          StoreId: group.id,
          StoreName: group.name,
          StoreAddressLine1: store ? storeAddressLines(store).line1 : '',
          StoreAddressLine2: store ? storeAddressLines(store).line2 : '',
          Price: money(item.priceMinor),
          IsAvailable: item.status === 'available',
          PickupDisabled: (store?.pickup_disabled ?? 0) === 1 || item.disableInStorePickup,
        });
      }
    }
    const profile = ctx.viewer.kind === 'customer' ? await deps.accounts.profile(ctx) : null;
    const discount = await this.currentDiscount(ctx, cart.totalMinor);
    const discountMinor = discount?.discountMinor ?? 0;
    const cartId = await deps.cart.cartIdOf(ctx);
    const state = cartId === null ? undefined : await this.state.find(ctx, cartId);
    const postage = await this.chosenPostage(ctx, cart, state);
    const totalMinor = cart.totalMinor - discountMinor + postage.postageMinor;
    const unfinished = (await deps.unfinished?.find(ctx)) ?? null;
    const address = (
      value: {
        BusinessName: string;
        Line1: string;
        Line2: string;
        Suburb: string;
        State: string;
        PostCode: string;
        CountryCode: string;
        CountryName: string;
      } | null,
    ) => (value ? { ...value } : null);
    return {
      Cart: {
        CartTotal: money(totalMinor),
        OriginalTotal: money(cart.totalMinor),
        StoreCount: cart.stores.length,
        ItemCount: cart.itemCount,
        CartItems: items,
        DiscountCodeApplied: discount !== null,
        DiscountAmount: money(discountMinor),
        DiscountCodes: discount ? [discount.code] : [],
        DiscountsEnabled: await deps.discountsEnabled(ctx),
        Version: cartVersion(cart.stores.flatMap((group) => group.items)),
      },
      PaymentInformation: {
        Options: deps.payments
          .options(ctx.region, deliveryKindOf(state), totalMinor, splitChoicesOf(state))
          .map((option, index) => ({
            Id: index + 1,
            Name: option.displayName,
            SystemName: option.name,
            Selected: option.selected,
            Disabled: option.disabled,
            DisabledMessage: option.disabledMessage,
            AmountRange: {
              Minimum: money(option.amountRange.minMinor),
              Maximum: money(option.amountRange.maxMinor),
              Message: option.amountRange.message,
            },
          })),
        PaymentMethodParameters: deps.payments.methodParameters(ctx.region),
        ProcessPaymentMessage: null,
      },
      ShippingInformation: {
        Options: SHIPPING_OPTIONS[ctx.region].map((option) => ({
          Id: option.id,
          Name: option.name,
          SystemName: option.systemName,
          Selected: state?.delivery_option === option.systemName,
          DeliveryType: {
            IsExpress:
              state?.delivery_option === option.systemName && isPostageOption(ctx.region, option.systemName)
                ? state.is_express === 1
                : false,
          },
        })),
        MissingTableRateMessage: postage.missing ? MISSING_TABLE_RATE_MESSAGE : null,
        CustomerAddress: address(profile?.billingAddress ?? null),
      },
      CustomerDetails: {
        EmailAddress: profile?.email ?? '',
        FirstName: profile?.firstName ?? '',
        LastName: profile?.lastName ?? '',
        PhoneNumber: profile?.phoneNumber ?? '',
        BillingAddress: address(profile?.billingAddress ?? null),
        Consent: profile?.consent ?? false,
        IsGuestUser: profile === null,
      },
      ShippingAddress: parseAddress(state?.delivery_address),
      UnfinishedPayment: unfinished
        ? {
            TrackingNumber: unfinished.trackingNumber,
            PaymentOption: unfinished.provider as 'Eway' | 'GlobalPay' | 'PayPal' | 'Clearpay',
            HeldUntil: new Date(unfinished.holdExpiresAt).toISOString(),
          }
        : null,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Postage (checkout.md sections 4 and 7): estimate, set-express, the split view.

  /**
   * POST /c3api/checkout/shipping/estimate. Postage (AustraliaPost in AU, Generic in the UK): the
   * sum of every store's table-rate quote to the address (with StoreId: that store's alone), kept
   * with the address in the cart's checkout state. StorePickup and SplitPostage: nothing to pay.
   */
  async estimateShipping(ctx: Ctx, body: EstimateBody): Promise<ShippingEstimate> {
    const { cart, cartId } = await this.cartOrRefuse(ctx);
    const option = this.offeredOption(ctx, body.SystemName, 'SystemName');
    const now = this.deps.now();
    if (!isPostageOption(ctx.region, option)) {
      if (body.StoreId === undefined) {
        await this.state.upsert(ctx, cartId, { delivery_option: option, is_express: 0, updated_at: now });
      }
      return zeroEstimate(ctx.region);
    }
    if (!body.DeliveryAddress) throw invalidInput('DeliveryAddress', 'Please enter the address to post to');
    const address = toAddressValue(body.DeliveryAddress);
    let requests = shipmentRequests(cart.stores);
    if (body.StoreId !== undefined) {
      requests = requests.filter((r) => r.storeId === body.StoreId);
      if (requests.length === 0) throw invalidInput('StoreId', 'must be a store of the cart');
    }
    const combined = combineQuotes(await this.deps.shipping.quote(ctx, requests, address.PostCode));
    const state = await this.state.find(ctx, cartId);
    if (body.StoreId !== undefined) {
      // Split postage: the address is this store's; its method stays what the shopper chose.
      const choices = parseSplitChoices(state?.split_choices);
      const previous = choices.find((c) => c.storeId === body.StoreId);
      const next: SplitChoice = {
        storeId: body.StoreId,
        method: previous?.method ?? null,
        isExpress: (previous?.isExpress ?? false) && combined.expressAvailable,
        address,
      };
      await this.state.upsert(ctx, cartId, {
        delivery_option: 'SplitPostage',
        split_choices: JSON.stringify([...choices.filter((c) => c.storeId !== body.StoreId), next]),
        updated_at: now,
      });
    } else {
      await this.state.upsert(ctx, cartId, {
        delivery_option: option,
        delivery_address: JSON.stringify(address),
        is_express: body.DeliveryType?.IsExpress && combined.expressAvailable ? 1 : 0,
        updated_at: now,
      });
    }
    return toEstimate(combined, ctx.region);
  }

  /**
   * POST /c3api/checkout/shipping/setexpresscost: keeps the chosen delivery (a whole-cart option
   * with its cost type, or one entry per store for split postage) and answers the order total now:
   * items - discount + the chosen postage (store pickup: the items' total again).
   */
  async setExpressCost(ctx: Ctx, entries: DeliveryTypeEntry[]): Promise<number> {
    const { cart, cartId } = await this.cartOrRefuse(ctx);
    const state = await this.state.find(ctx, cartId);
    const now = this.deps.now();
    const first = entries[0];
    const split = entries.some((e) => e.ShipmentId !== undefined) || first?.ShippingMethodId === 'SplitPostage';
    if (!split && first) {
      const option = this.offeredOption(
        ctx,
        first.ShippingMethodId ?? state?.delivery_option ?? null,
        'ShippingMethodId',
      );
      if (!isPostageOption(ctx.region, option)) {
        await this.state.upsert(ctx, cartId, { delivery_option: option, is_express: 0, updated_at: now });
      } else {
        const address = first.DeliveryAddress
          ? toAddressValue(first.DeliveryAddress)
          : parseAddress(state?.delivery_address);
        if (!address) throw invalidInput('DeliveryAddress', 'Please enter the address to post to');
        const combined = combineQuotes(
          await this.deps.shipping.quote(ctx, shipmentRequests(cart.stores), address.PostCode),
        );
        if (combined.missing) throw new BadRequestError(MISSING_TABLE_RATE_MESSAGE);
        if (first.IsExpress && !combined.expressAvailable) {
          throw invalidInput('IsExpress', 'Express postage is not available for this order');
        }
        await this.state.upsert(ctx, cartId, {
          delivery_option: option,
          delivery_address: JSON.stringify(address),
          is_express: first.IsExpress ? 1 : 0,
          updated_at: now,
        });
      }
    } else {
      const choices = new Map(parseSplitChoices(state?.split_choices).map((c) => [c.storeId, c]));
      for (const entry of entries) {
        if (entry.ShipmentId === undefined) continue;
        const group = cart.stores.find((g) => g.id === entry.ShipmentId);
        if (!group) throw invalidInput('ShipmentId', 'must be a store of the cart');
        const previous = choices.get(group.id);
        if (entry.ShippingMethodId === 'StorePickup') {
          if (await this.pickupDisabled(ctx, group)) throw new BadRequestError(UNAVAILABLE_ITEMS_MESSAGE);
          choices.set(group.id, {
            storeId: group.id,
            method: 'pickup',
            isExpress: false,
            address: previous?.address ?? null,
          });
        } else if (isPostageOption(ctx.region, entry.ShippingMethodId)) {
          const address = entry.DeliveryAddress
            ? toAddressValue(entry.DeliveryAddress)
            : (previous?.address ?? parseAddress(state?.delivery_address));
          if (!address) throw invalidInput('DeliveryAddress', 'Please enter the address to post to');
          const [quote] = await this.deps.shipping.quote(ctx, shipmentRequests([group]), address.PostCode);
          if (!quote?.ok) throw new BadRequestError(MISSING_TABLE_RATE_MESSAGE);
          if (entry.IsExpress && !quote.express) {
            throw invalidInput('IsExpress', `Express postage is not available from ${group.name}`);
          }
          choices.set(group.id, { storeId: group.id, method: 'postage', isExpress: entry.IsExpress, address });
        } else {
          throw invalidInput('ShippingMethodId', `must be StorePickup or ${POSTAGE_OPTION[ctx.region]} for a store`);
        }
      }
      await this.state.upsert(ctx, cartId, {
        delivery_option: 'SplitPostage',
        is_express: 0,
        split_choices: JSON.stringify([...choices.values()]),
        updated_at: now,
      });
    }
    const discount = await this.currentDiscount(ctx, cart.totalMinor);
    const postage = await this.chosenPostage(ctx, cart, await this.state.find(ctx, cartId));
    return cart.totalMinor - (discount?.discountMinor ?? 0) + postage.postageMinor;
  }

  /**
   * GET /c3api/checkout/splitcheckoutview: per store of the cart, its pickup (unless disabled) and
   * postage (unless an item cannot be posted) with the estimate for the store's address, or the
   * checkout's delivery address, or none yet.
   */
  async splitView(ctx: Ctx): Promise<SplitShipment[]> {
    const { deps } = this;
    const cart = await deps.cart.query(ctx, false);
    const cartId = await deps.cart.cartIdOf(ctx);
    const state = cartId === null ? undefined : await this.state.find(ctx, cartId);
    const choices = parseSplitChoices(state?.split_choices);
    const stateAddress = parseAddress(state?.delivery_address);
    const [pickup, postage] = [
      SHIPPING_OPTIONS[ctx.region].find((o) => o.systemName === 'StorePickup'),
      SHIPPING_OPTIONS[ctx.region].find((o) => o.systemName === POSTAGE_OPTION[ctx.region]),
    ];
    const entries: SplitShipment[] = [];
    for (const group of cart.stores) {
      const store = await deps.stores.storeById(ctx, group.id);
      const pickupDisabled = await this.pickupDisabled(ctx, group);
      const choice = choices.find((c) => c.storeId === group.id);
      const address = choice?.address ?? stateAddress;
      const options: SplitShipment['shippingOptions'] = [];
      if (!pickupDisabled && pickup) {
        options.push({ Id: pickup.id, Name: pickup.name, SystemName: pickup.systemName, Estimate: null, Costs: [] });
      }
      const postable = group.items.every((item) => item.postable);
      if (postable && postage) {
        let estimate: ShippingEstimate | null = null;
        if (address) {
          const quotes = await deps.shipping.quote(ctx, shipmentRequests([group]), address.PostCode);
          estimate = toEstimate(combineQuotes(quotes), ctx.region);
        }
        const selected = choice?.method === 'postage' ? (choice.isExpress ? 'Express' : 'Regular') : null;
        options.push({
          Id: postage.id,
          Name: postage.name,
          SystemName: postage.systemName,
          Estimate: estimate,
          Costs: estimate ? costsOf(estimate, selected, ctx.region) : [],
        });
      }
      entries.push({
        store: {
          id: group.id,
          name: group.name,
          addressLine1: store ? storeAddressLines(store).line1 : '',
          addressLine2: store ? storeAddressLines(store).line2 : '',
          pickupDisabled,
        },
        items: group.items.map((item) => item.id),
        shippingOptions: options,
        shippingAddress: address,
      });
    }
    return entries;
  }

  /** The postage the checkout state chose, priced now (0 for pickup or nothing chosen yet). */
  private async chosenPostage(ctx: Ctx, cart: CartView, state: CheckoutStateRow | undefined): Promise<ChosenPostage> {
    const none = { postageMinor: 0, missing: false };
    if (!state?.delivery_option) return none;
    if (isPostageOption(ctx.region, state.delivery_option)) {
      const address = parseAddress(state.delivery_address);
      if (!address) return none;
      const combined = combineQuotes(
        await this.deps.shipping.quote(ctx, shipmentRequests(cart.stores), address.PostCode),
      );
      if (combined.missing || combined.regularMinor === null) return { postageMinor: 0, missing: true };
      const express = state.is_express === 1 && combined.expressMinor !== null;
      return { postageMinor: express ? (combined.expressMinor ?? 0) : combined.regularMinor, missing: false };
    }
    if (state.delivery_option !== 'SplitPostage') return none;
    let postageMinor = 0;
    let missing = false;
    for (const choice of parseSplitChoices(state.split_choices)) {
      if (choice.method !== 'postage' || !choice.address) continue;
      const requests = shipmentRequests(cart.stores.filter((g) => g.id === choice.storeId));
      if (requests.length === 0) continue;
      const [quote] = await this.deps.shipping.quote(ctx, requests, choice.address.PostCode);
      if (!quote?.ok) {
        missing = true;
        continue;
      }
      postageMinor += choice.isExpress && quote.express ? quote.express.totalMinor : quote.regular.totalMinor;
    }
    return { postageMinor, missing };
  }

  private async cartOrRefuse(ctx: Ctx): Promise<{ cart: CartView; cartId: number }> {
    const cart = await this.deps.cart.query(ctx, false);
    const cartId = await this.deps.cart.cartIdOf(ctx);
    if (cartId === null || cart.itemCount === 0) throw new BadRequestError(EMPTY_CART_MESSAGE);
    return { cart, cartId };
  }

  /** The option if this region offers it; 400 naming the field otherwise. */
  private offeredOption(ctx: Ctx, option: string | null, field: string): DeliveryOptionName {
    const offered = SHIPPING_OPTIONS[ctx.region].find((o) => o.systemName === option);
    if (!offered) {
      throw invalidInput(
        field,
        option === null
          ? 'Please select a shipping method'
          : `must be one of ${SHIPPING_OPTIONS[ctx.region].map((o) => o.systemName).join(', ')}`,
      );
    }
    return offered.systemName;
  }

  private async pickupDisabled(ctx: Ctx, group: StoreGroup): Promise<boolean> {
    const store = await this.deps.stores.storeById(ctx, group.id);
    return !store || store.pickup_disabled === 1 || group.items.some((i) => i.disableInStorePickup);
  }

  /** An order for its confirmation page (order-confirmation.ts): its customer's, or the signed key's holder's; else 404. */
  confirmation(ctx: Ctx, reference: string, key: string | undefined): Promise<OrderConfirmationValue> {
    return orderConfirmation(ctx, this.deps, reference, key);
  }
}

/** Each store's items that can still be bought, as parcels (stores with none left out). */
function shipmentRequests(groups: { id: number; items: CatalogueItem[] }[]): ShipmentRequest[] {
  return groups
    .map((group) => ({ storeId: group.id, items: parcelItems(group.items) }))
    .filter((request) => request.items.length > 0);
}

/** Split postage's choices per store (PayPal's availability looks at them), or none. */
function splitChoicesOf(state: CheckoutStateRow | undefined): SplitChoice[] {
  return state?.delivery_option === 'SplitPostage' ? parseSplitChoices(state.split_choices) : [];
}

/** What the checkout state's delivery means for the payment options (null: not chosen yet). */
function deliveryKindOf(state: CheckoutStateRow | undefined): DeliveryKind | null {
  const option = state?.delivery_option;
  if (!option) return null;
  if (option === 'StorePickup') return 'pickup';
  if (option === 'SplitPostage') {
    return parseSplitChoices(state.split_choices).some((c) => c.method === 'postage') ? 'split' : 'pickup';
  }
  return 'postage';
}

/** A refusal's reason in the shopper's words, money and dates in the region's style. */
function refusalMessage(refusal: DiscountRefusal, region: Region): string {
  return refusal.kind === 'minimum-spend'
    ? discountMinimumSpendMessage(refusal.minSpendMinor, refusal.code, region)
    : discountExpiredMessage(refusal.endsAt, region);
}
