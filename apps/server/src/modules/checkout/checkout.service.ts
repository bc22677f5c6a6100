import {
  type CheckoutViewValue,
  type DeliveryOptionName,
  EMPTY_CART_MESSAGE,
  formatMoney,
  type OrderConfirmationValue,
  type Region,
} from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, NotFoundError } from '../../lib/errors.js';
import { normalizePublicReference } from '../../lib/public-reference.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CartService } from '../cart/cart.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { cartVersion } from './cart-version.js';
import { CheckoutStateRepository } from './checkout-state.repository.js';
import { type DiscountEngine, discountCustomerKey } from './discounts.js';
import type { OrderLinks } from './order-links.js';

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
  discountsEnabled: boolean;
  now: () => number;
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
    if (cartId === null || !this.deps.discountsEnabled) return null;
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

  /** Applies a code to the cart (one code at a time: a new one replaces the old). 400 when it cannot be used. */
  async applyDiscount(ctx: Ctx, code: string): Promise<DiscountTotals> {
    if (!this.deps.discountsEnabled) throw new NotFoundError('Discount codes are not offered');
    const cart = await this.deps.cart.query(ctx, false);
    const cartId = await this.deps.cart.cartIdOf(ctx);
    if (cartId === null || cart.itemCount === 0) throw new BadRequestError(EMPTY_CART_MESSAGE);
    const applied = await this.deps.discounts.check(ctx, code, {
      subtotalMinor: cart.totalMinor,
      customerKey: discountCustomerKey(ctx.viewer.kind === 'customer' ? ctx.viewer.userId : null, null),
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
          Category: item.category_name,
          ImageUrl: item.image_count > 0 ? `/c3api/images/product/${item.code}/1?w=300` : null,
          StoreId: group.id,
          StoreName: group.name,
          StoreAddressLine1: store?.address ?? '',
          StoreAddressLine2: store ? `${store.suburb} ${store.state} ${store.postcode}` : '',
          Price: money(item.price_minor),
          IsAvailable: item.status === 'available',
          PickupDisabled: (store?.pickup_disabled ?? 0) === 1 || item.disable_in_store_pickup === 1,
        });
      }
    }
    const profile = ctx.viewer.kind === 'customer' ? await deps.accounts.profile(ctx) : null;
    const discount = await this.currentDiscount(ctx, cart.totalMinor);
    const discountMinor = discount?.discountMinor ?? 0;
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
        CartTotal: money(cart.totalMinor - discountMinor),
        OriginalTotal: money(cart.totalMinor),
        StoreCount: cart.stores.length,
        ItemCount: cart.itemCount,
        CartItems: items,
        DiscountCodeApplied: discount !== null,
        DiscountAmount: money(discountMinor),
        DiscountCodes: discount ? [discount.code] : [],
        DiscountsEnabled: deps.discountsEnabled,
        Version: cartVersion(cart.stores.flatMap((group) => group.items)),
      },
      PaymentInformation: {
        Options: deps.payments.options(ctx.region, null, cart.totalMinor - discountMinor).map((option, index) => ({
          Id: index + 1,
          Name: option.displayName,
          SystemName: option.name,
          Selected: option.selected,
          Disabled: option.disabled,
          DisabledMessage: option.disabledMessage,
        })),
        PaymentMethodParameters: [],
        ProcessPaymentMessage: null,
      },
      ShippingInformation: {
        Options: SHIPPING_OPTIONS[ctx.region].map((option) => ({
          Id: option.id,
          Name: option.name,
          SystemName: option.systemName,
          Selected: false,
          DeliveryType: { IsExpress: false },
        })),
        MissingTableRateMessage: null,
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
      ShippingAddress: null,
    };
  }

  /**
   * An order for its confirmation page: to its customer, or to anyone holding the signed key from
   * the confirmation URL or the order e-mail. Anyone else (or a wrong key) gets 404, never 403.
   */
  async confirmation(ctx: Ctx, reference: string, key: string | undefined): Promise<OrderConfirmationValue> {
    const notFound = new NotFoundError('No such order');
    const canonical = normalizePublicReference('ORD', reference);
    if (!canonical) throw notFound;
    const order = await this.deps.orders.byReference(ctx, canonical);
    if (!order || order.region !== ctx.region) throw notFound;
    const owner = ctx.viewer.kind === 'customer' && order.user_id === ctx.viewer.userId;
    if (!owner && !this.deps.links.isKeyFor(canonical, key)) throw notFound;
    const money = (minor: number) => ({ Amount: minor, Display: formatMoney(minor, ctx.region) });
    const lines = await this.deps.orders.lines(ctx, order.id);
    const shipments = await this.deps.orders.shipments(ctx, order.id);
    const stores: OrderConfirmationValue['Stores'] = [];
    for (const shipment of shipments) {
      const store = await this.deps.stores.storeById(ctx, shipment.store_id);
      const address = JSON.parse(shipment.address) as {
        Line1?: string;
        Suburb?: string;
        State?: string;
        PostCode?: string;
      };
      stores.push({
        StoreName: shipment.store_name,
        Method: shipment.method,
        Address: {
          Line1: address.Line1 ?? '',
          Line2: [address.Suburb, address.State, address.PostCode].filter(Boolean).join(' '),
        },
        OpeningHours: store ? (JSON.parse(store.opening_hours) as { Day: string; Hours: string }[]) : [],
        Phone: store?.phone ?? '',
        Postage: money(shipment.postage_minor),
        Items: lines
          .filter((line) => line.shipment_id === shipment.id)
          .map((line) => ({ Code: line.code, DisplayName: line.title, Price: money(line.price_minor) })),
      });
    }
    return {
      Reference: order.reference,
      Status: order.status,
      OrderDate: new Date(Number(order.created_at)).toISOString(),
      PaymentOption: order.payment_option,
      DeliveryOption: order.delivery_option,
      Email: order.email,
      Stores: stores,
      ItemsTotal: money(order.items_minor),
      PostageTotal: money(order.postage_minor),
      Discount: money(order.discount_minor),
      Total: money(order.total_minor),
      HoldUntil: order.payment_option === 'Generic' ? new Date(Number(order.hold_expires_at)).toISOString() : null,
    };
  }
}
