import type { AddressValue, CheckoutViewValue, Money, Region, ShippingEstimate, SplitShipment } from '@shop/contract';
import { vi } from 'vitest';
import {
  type DeliveryChoice,
  type DeliveryStepProps,
  type PaymentStepProps,
  STORE_PICKUP_CHOICE,
} from '../checkout-types';

/** Typed checkout data for the delivery and payment step tests. */

export function money(amount: number, region: Region = 'AU'): Money {
  return { Amount: amount, Display: `${region === 'AU' ? '$' : '£'}${(amount / 100).toFixed(2)}` };
}

function cartItem(id: number, name: string, store: { id: number; name: string; line1: string; line2: string }) {
  return {
    ProductId: id,
    Code: `SH${String(id).padStart(7, '0')}`,
    DisplayName: name,
    Category: 'Music',
    ImageUrl: null,
    StoreId: store.id,
    StoreName: store.name,
    StoreAddressLine1: store.line1,
    StoreAddressLine2: store.line2,
    Price: money(id * 1000),
    IsAvailable: true,
    PickupDisabled: false,
  };
}

type PaymentOption = CheckoutViewValue['PaymentInformation']['Options'][number];

/** The server's message for an amount outside an option's range (payments.service.ts, checkout.md section 5). */
export function amountMessage(min: number, max: number, region: Region = 'AU'): string {
  const shown = (amount: number) =>
    `${region === 'AU' ? '$' : '£'}${(amount / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
  return `The order amount, including postage, must be between ${shown(min)} and ${shown(max)}.`;
}

/** A payment option of the view, usable unless told, taking $1.00 to $10,000.00 unless told. */
export function paymentOption(
  SystemName: PaymentOption['SystemName'],
  Name: string,
  overrides: Partial<PaymentOption> = {},
): PaymentOption {
  return {
    Id: 1,
    Name,
    SystemName,
    Selected: false,
    Disabled: false,
    DisabledMessage: null,
    AmountRange: { Minimum: money(100), Maximum: money(1_000_000), Message: amountMessage(100, 1_000_000) },
    ...overrides,
  };
}

export const PARRAMATTA = { id: 7, name: 'Parramatta', line1: '12 Church St', line2: 'Parramatta NSW 2150' };
export const NEWTOWN = { id: 9, name: 'Newtown', line1: '300 King St', line2: 'Newtown NSW 2042' };

export const BILLING: AddressValue = {
  BusinessName: '',
  Line1: '1 George St',
  Line2: '',
  Suburb: 'Sydney',
  State: 'NSW',
  PostCode: '2000',
  CountryCode: 'AUS',
  CountryName: 'Australia',
};

export function makeView(overrides: Partial<CheckoutViewValue> = {}): CheckoutViewValue {
  const items = [
    cartItem(1, 'Fender guitar', PARRAMATTA),
    cartItem(2, 'Guitar amp', PARRAMATTA),
    cartItem(3, 'Drum kit', NEWTOWN),
  ];
  return {
    Cart: {
      CartTotal: money(6000),
      OriginalTotal: money(6000),
      StoreCount: 2,
      ItemCount: 3,
      CartItems: items,
      DiscountCodeApplied: false,
      DiscountAmount: money(0),
      DiscountCodes: [],
      DiscountsEnabled: false,
      Version: 'v1',
    },
    PaymentInformation: {
      Options: [paymentOption('Generic', 'Pay in store when you collect')],
      PaymentMethodParameters: [],
      ProcessPaymentMessage: null,
    },
    ShippingInformation: {
      Options: [
        { Id: 1, Name: 'Store pickup', SystemName: 'StorePickup', Selected: false, DeliveryType: { IsExpress: false } },
        {
          Id: 2,
          Name: 'Australia Post',
          SystemName: 'AustraliaPost',
          Selected: false,
          DeliveryType: { IsExpress: false },
        },
        {
          Id: 3,
          Name: 'Pickup or postage for each store',
          SystemName: 'SplitPostage',
          Selected: false,
          DeliveryType: { IsExpress: false },
        },
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
    },
    ShippingAddress: null,
    ...overrides,
  };
}

export function makeEstimate(overrides: Partial<ShippingEstimate> = {}): ShippingEstimate {
  return {
    Regular: money(1200),
    Express: money(2000),
    RegularTimeLine: '3-5 business days',
    ExpressTimeLine: '1-2 business days',
    SodAndInsuranceCost: money(0),
    HasSignatureOnDelivery: false,
    HasInsurance: false,
    IsExpressPostageEnabled: true,
    MissingTableRateMessage: null,
    ...overrides,
  };
}

type SplitOption = SplitShipment['shippingOptions'][number];
export const SPLIT_PICKUP: SplitOption = {
  Id: 1,
  Name: 'Store pickup',
  SystemName: 'StorePickup',
  Estimate: null,
  Costs: [],
};
export const SPLIT_POSTAGE: SplitOption = {
  Id: 2,
  Name: 'Australia Post',
  SystemName: 'AustraliaPost',
  Estimate: null,
  Costs: [],
};

export function makeShipment(
  store: { id: number; name: string; line1: string; line2: string },
  items: number[],
  options: SplitOption[] = [SPLIT_PICKUP, SPLIT_POSTAGE],
  pickupDisabled = false,
): SplitShipment {
  return {
    store: { id: store.id, name: store.name, addressLine1: store.line1, addressLine2: store.line2, pickupDisabled },
    items,
    shippingOptions: options,
    shippingAddress: null,
  };
}

export function deliveryProps(overrides: Partial<DeliveryStepProps> = {}): DeliveryStepProps {
  return {
    region: 'AU',
    view: makeView(),
    billingAddress: BILLING,
    onTotalChange: vi.fn(),
    onPostageNoteChange: vi.fn(),
    onError: vi.fn(),
    validateCart: vi.fn(async () => true),
    onContinue: vi.fn(),
    ...overrides,
  };
}

export const PICKUP_CHOICE: DeliveryChoice = STORE_PICKUP_CHOICE;

export const POSTAGE_CHOICE: DeliveryChoice = {
  DeliveryOption: 'AustraliaPost',
  IsStorePickup: false,
  IsPaidPostage: true,
  IsExpress: false,
  DeliveryAddress: BILLING,
  IsShippingAddressSameAsBillingAddress: true,
  SplitPostageShipments: null,
};

export function paymentProps(overrides: Partial<PaymentStepProps> = {}): PaymentStepProps {
  return {
    region: 'AU',
    view: makeView(),
    total: money(6000),
    details: {
      EmailAddress: 'ada@example.com',
      FirstName: 'Ada',
      LastName: 'Lovelace',
      PhoneNumber: '0412 345 678',
      Consent: false,
    },
    billingAddress: BILLING,
    delivery: PICKUP_CHOICE,
    onError: vi.fn(),
    onPlacementFailed: vi.fn(),
    attempt: { current: null },
    validateCart: vi.fn(async () => true),
    ...overrides,
  };
}

/** A tag manager that calls every event back at once (the real one may take up to the 1000 ms timeout). */
export function fakeTagManager(): unknown[] {
  const layer: unknown[] = [];
  layer.push = (...events: unknown[]) => {
    for (const event of events) (event as { eventCallback?: () => void } | null)?.eventCallback?.();
    return Array.prototype.push.apply(layer, events);
  };
  window.dataLayer = layer;
  return layer;
}
