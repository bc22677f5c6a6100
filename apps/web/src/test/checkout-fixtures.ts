import { type CheckoutViewValue, formatMoney } from '@shop/contract';

type CartItem = CheckoutViewValue['Cart']['CartItems'][number];

const money = (amount: number) => ({ Amount: amount, Display: formatMoney(amount, 'AU') });

/** One item of the checkout view's cart. */
export function checkoutItem(n: number, store = 1): CartItem {
  return {
    ProductId: n,
    Code: `SH${n}`,
    DisplayName: `Item ${n}`,
    Category: 'Lamps',
    ImageUrl: n % 2 === 0 ? null : `/images/${n}.jpg`,
    StoreId: store,
    StoreName: `Store ${store}`,
    StoreAddressLine1: '1 Main Road',
    StoreAddressLine2: 'Hobart TAS 7000',
    Price: money(1000 * n),
    IsAvailable: true,
    PickupDisabled: false,
  };
}

/** A checkout view: a guest's cart of `items` (each its own store unless told), discounts on. */
export function checkoutView(
  items: CartItem[] = [checkoutItem(1)],
  overrides: {
    Cart?: Partial<CheckoutViewValue['Cart']>;
    CustomerDetails?: Partial<CheckoutViewValue['CustomerDetails']>;
  } = {},
): CheckoutViewValue {
  const total = items.reduce((sum, item) => sum + item.Price.Amount, 0);
  return {
    Cart: {
      CartTotal: money(total),
      OriginalTotal: money(total),
      StoreCount: new Set(items.map((item) => item.StoreId)).size,
      ItemCount: items.length,
      CartItems: items,
      DiscountCodeApplied: false,
      DiscountAmount: money(0),
      DiscountCodes: [],
      DiscountsEnabled: true,
      Version: 'v1',
      ...overrides.Cart,
    },
    PaymentInformation: { Options: [], PaymentMethodParameters: [], ProcessPaymentMessage: null },
    ShippingInformation: {
      Options: [
        { Id: 1, Name: 'Store pickup', SystemName: 'StorePickup', Selected: false, DeliveryType: { IsExpress: false } },
      ],
      MissingTableRateMessage: null,
      CustomerAddress: null,
    },
    CustomerDetails: {
      EmailAddress: '',
      FirstName: '',
      LastName: '',
      PhoneNumber: '',
      BillingAddress: null,
      Consent: false,
      IsGuestUser: true,
      ...overrides.CustomerDetails,
    },
    ShippingAddress: null,
  };
}

/** The message tied to a control (aria-describedby), or null when it is not marked invalid. */
export function errorOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field__error'))?.textContent ??
    null
  );
}
