import { z } from 'zod';
import { CollectBySchema } from './collect-by.js';
import { addressSchema, emailField, personName, phoneNumber } from './customer.js';
import { UnfinishedPaymentSchema } from './payments-unfinished.js';
import type { Region } from './regions.js';

/**
 * The checkout's calls (checkout.md sections 3 and 7). Option names are the spec's SystemNames.
 */
export const DELIVERY_OPTIONS = ['StorePickup', 'Generic', 'AustraliaPost', 'SplitPostage'] as const;
export type DeliveryOptionName = (typeof DELIVERY_OPTIONS)[number];
export const PAYMENT_OPTION_NAMES = ['PayPal', 'Eway', 'Generic', 'GlobalPay', 'Clearpay'] as const;

export const UNAVAILABLE_ITEMS_MESSAGE =
  'Item(s) no longer available. Please remove item(s) from cart in order to proceed.';
/** The process reply's Message when an item of the cart is already in one of the shopper's open orders. */
export const EXISTING_ORDER = 'ExistingOrder';
export const CHECKOUT_ERROR_MESSAGE = 'Sorry, an error has occurred. Please try again soon.';
export const EMPTY_CART_MESSAGE = 'Your cart is empty.';

/** The submission payload (checkout.md section 3, "Checkout submission payload"), with the region's rules. */
/* @__NO_SIDE_EFFECTS__ */
export function checkoutSubmissionSchema(region: Region) {
  const address = addressSchema(region);
  return z.object({
    PaymentOption: z.enum(PAYMENT_OPTION_NAMES, { message: 'must be one of the offered payment options' }),
    DeliveryOption: z.enum(DELIVERY_OPTIONS, { message: 'must be one of the offered delivery options' }),
    CustomerDetails: z.object({
      EmailAddress: emailField(),
      FirstName: personName(),
      LastName: personName(),
      PhoneNumber: phoneNumber(region),
      Consent: z.boolean().default(false),
    }),
    BillingAddress: address,
    DeliveryAddress: address.nullable().default(null),
    IsShippingAddressSameAsBillingAddress: z.boolean().default(false),
    IsStorePickup: z.boolean().default(false),
    IsPaidPostage: z.boolean().default(false),
    /** The Express cost type chosen on the delivery step (set-express call); Regular when absent. */
    IsExpress: z.boolean().default(false),
    /**
     * The Cart.Version of the checkout view the page shows. When the cart has changed since (an item
     * gone, a price changed), the server places nothing and answers HTTP 205: the page reloads.
     */
    CartVersion: z.string().max(100).optional(),
    SplitPostageShipments: z
      .array(
        z.object({
          ShipmentId: z.number().int(),
          ShippingMethodId: z.enum(DELIVERY_OPTIONS),
          IsExpress: z.boolean().default(false),
          DeliveryAddress: address.nullable().default(null),
        }),
      )
      .nullable()
      .default(null),
  });
}
export type CheckoutSubmission = z.input<ReturnType<typeof checkoutSubmissionSchema>>;

/** What a successful process answers for the Generic option (and, later, every option that confirms at once). */
export const ProcessValueSchema = z.union([
  z.object({ ConfirmationUrl: z.string() }),
  z.record(z.string(), z.unknown()),
]);
export type ProcessValue = z.infer<typeof ProcessValueSchema>;

/** Money in checkout replies: minor units and the display string (formatMoney). */
export const MoneySchema = z.object({ Amount: z.number().int(), Display: z.string() });
export type Money = z.infer<typeof MoneySchema>;

const CheckoutCartItemSchema = z.object({
  ProductId: z.number().int(),
  Code: z.string(),
  DisplayName: z.string(),
  Category: z.string(),
  ImageUrl: z.string().nullable(),
  StoreId: z.number().int(),
  StoreName: z.string(),
  StoreAddressLine1: z.string(),
  StoreAddressLine2: z.string(),
  Price: MoneySchema,
  IsAvailable: z.boolean(),
  PickupDisabled: z.boolean(),
});

const CheckoutCartSchema = z.object({
  CartTotal: MoneySchema,
  OriginalTotal: MoneySchema,
  StoreCount: z.number().int(),
  ItemCount: z.number().int(),
  CartItems: z.array(CheckoutCartItemSchema),
  DiscountCodeApplied: z.boolean(),
  DiscountAmount: MoneySchema,
  DiscountCodes: z.array(z.string()),
  DiscountsEnabled: z.boolean(),
  /** A fingerprint of the items and their prices: the submission sends it back as CartVersion. */
  Version: z.string(),
});

const ShippingOptionSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  SystemName: z.enum(DELIVERY_OPTIONS),
  Selected: z.boolean(),
  DeliveryType: z.object({ IsExpress: z.boolean() }),
});

const PaymentOptionSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  SystemName: z.enum(PAYMENT_OPTION_NAMES),
  Selected: z.boolean(),
  Disabled: z.boolean(),
  DisabledMessage: z.string().nullable(),
  /**
   * The order amounts the option takes, the total including postage (checkout.md section 5:
   * "Limits come from the server per method"), and the spec's message outside them. The page
   * judges its total against them as the delivery choice changes it; the server again on placing.
   */
  AmountRange: z.object({ Minimum: MoneySchema, Maximum: MoneySchema, Message: z.string() }),
});

const CheckoutAddressValueSchema = z.object({
  BusinessName: z.string(),
  Line1: z.string(),
  Line2: z.string(),
  Suburb: z.string(),
  State: z.string(),
  PostCode: z.string(),
  CountryCode: z.string(),
  CountryName: z.string(),
});

export const CheckoutViewValueSchema = z.object({
  Cart: CheckoutCartSchema,
  PaymentInformation: z.object({
    Options: z.array(PaymentOptionSchema),
    PaymentMethodParameters: z.array(z.object({ Parameter: z.string(), Value: z.string() })),
    ProcessPaymentMessage: z.string().nullable(),
  }),
  ShippingInformation: z.object({
    Options: z.array(ShippingOptionSchema),
    MissingTableRateMessage: z.string().nullable(),
    CustomerAddress: CheckoutAddressValueSchema.nullable(),
  }),
  /** A signed-in customer's details from their profile (marked valid by the page); empty for a guest. */
  CustomerDetails: z.object({
    EmailAddress: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    PhoneNumber: z.string(),
    BillingAddress: CheckoutAddressValueSchema.nullable(),
    Consent: z.boolean(),
    IsGuestUser: z.boolean(),
  }),
  ShippingAddress: CheckoutAddressValueSchema.nullable(),
  /** The shopper's own payment left open for items of this cart (resume or start again), or null. */
  UnfinishedPayment: UnfinishedPaymentSchema.nullable().optional(),
});
export type CheckoutViewValue = z.infer<typeof CheckoutViewValueSchema>;

export const OrderConfirmationQuerySchema = z.object({
  reference: z.string({ message: 'must be an order reference' }).min(1).max(40),
  /** The signed key from the confirmation URL or the order e-mail (a guest's way back to the order). */
  key: z.string().max(100).optional(),
});

/** The confirmation page's order (checkout's last step, and the order e-mail's link). */
export const OrderConfirmationValueSchema = z.object({
  Reference: z.string(),
  Status: z.string(),
  OrderDate: z.string(),
  PaymentOption: z.string(),
  DeliveryOption: z.string(),
  Email: z.string(),
  Stores: z.array(
    z.object({
      StoreName: z.string(),
      Method: z.enum(['pickup', 'postage']),
      Address: z.object({ Line1: z.string(), Line2: z.string() }),
      OpeningHours: z.array(z.object({ Day: z.string(), Hours: z.string() })),
      Phone: z.string(),
      Postage: MoneySchema,
      Items: z.array(z.object({ Code: z.string(), DisplayName: z.string(), Price: MoneySchema })),
      /** A pickup's last moment to collect (the store's closing time, in its zone); null for postage. */
      CollectBy: CollectBySchema.nullable(),
    }),
  ),
  ItemsTotal: MoneySchema,
  PostageTotal: MoneySchema,
  Discount: MoneySchema,
  Total: MoneySchema,
  /** Until when the stores hold the items (pay in store), ISO 8601. */
  HoldUntil: z.string().nullable(),
});
export type OrderConfirmationValue = z.infer<typeof OrderConfirmationValueSchema>;
