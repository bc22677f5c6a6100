import { z } from 'zod';
import { addressSchema, emailField, personName, phoneNumber } from './customer.js';
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
