import { type CheckoutViewValue, type DeliveryOptionName, formatMoney, type Region } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CartService } from '../cart/cart.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { StoresService } from '../stores/stores.service.js';

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
  discountsEnabled: boolean;
}

/**
 * The checkout page's data (GET /c3api/checkout/view): the cart as checkout shows it (with each
 * store's pickup address), the region's delivery and payment options, and a signed-in customer's
 * details from their profile for step 1.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDependencies) {}

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
        CartTotal: money(cart.totalMinor),
        OriginalTotal: money(cart.totalMinor),
        StoreCount: cart.stores.length,
        ItemCount: cart.itemCount,
        CartItems: items,
        DiscountCodeApplied: false,
        DiscountAmount: money(0),
        DiscountCodes: [],
        DiscountsEnabled: deps.discountsEnabled,
      },
      PaymentInformation: {
        Options: deps.payments.options(ctx.region, null, cart.totalMinor).map((option, index) => ({
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
}
