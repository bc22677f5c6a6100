import { z } from 'zod';
import { DELIVERY_OPTIONS, MoneySchema } from './checkout.js';
import {
  AddressValueSchema,
  AU_POSTCODE_MESSAGE,
  addressSchema,
  POSTCODE_REQUIRED_MESSAGE,
  UK_POSTCODE_MESSAGE,
} from './customer.js';
import { ProductQuerySchema } from './product.js';
import type { Region } from './regions.js';
import { databaseId } from './validation.js';

/**
 * Postage (checkout.md sections 2, 3, 4, 7 and 8): table rates per store, estimated for a delivery
 * address. Calls:
 * - POST /c3api/checkout/shipping/estimate  body ShippingEstimateBody   -> Value ShippingEstimate
 * - POST /c3api/checkout/shipping/setexpresscost body DeliveryType[]   -> Value Money (the new total)
 * - GET  /c3api/checkout/splitcheckoutview                              -> Value SplitShipment[]
 * Money is { Amount (minor units), Display } as everywhere in checkout replies.
 */

/** The summary's postage notes (checkout.md section 2, "Postage note text"). */
export const POSTAGE_NOTE_NONE_CHOSEN = '+ postage (if applicable)';
export const POSTAGE_NOTE_INCLUDED = 'Includes postage';
/** The spec's "pending text": postage chosen but no cost selected yet. */
export const POSTAGE_NOTE_PENDING = 'Postage to be selected';
export const LOADING_POSTAGE_TEXT = 'Loading postage costs...';

/** Continue-button messages (checkout.md section 8). */
export const ADDRESS_AND_METHOD_MESSAGE = 'Please ensure you have entered an address and selected a shipping method.';
export const SELECT_METHOD_MESSAGE = 'Please select a shipping method';
export const SPLIT_INCOMPLETE_MESSAGE =
  'Please ensure you have selected a shipping method for all stores, and filled out addresses where relevant.';
export const STORE_PICKUP_ERROR_MESSAGE = 'Sorry, an unknown error has occurred. Please try again later.';
export const PRODUCT_NOT_FOUND_TEXT = 'Product Not Found';

/** Error keys and their messages (checkout.md section 8). */
export const CHECKOUT_ERROR_KEYS = {
  default: 'Sorry, an error has occurred, please try again soon.',
  AusPostLoadingProblem: 'There was an error loading postage options. Please try again soon.',
  AusPostSetMethodProblem: 'There was an error applying your shipping method. Please try again soon.',
} as const;

/**
 * The message when some item of the cart cannot be posted to the address (no table rate for its
 * zone or weight, or the item is not postable): shown on the delivery step, Continue disabled.
 */
export const MISSING_TABLE_RATE_MESSAGE =
  'Sorry, some items in your cart cannot be posted to this address. Please choose store pickup, or pickup for those stores with split postage.';

/** POST /c3api/checkout/shipping/estimate: the selected shipping option and the address to post to. */
/* @__NO_SIDE_EFFECTS__ */
export function shippingEstimateBodySchema(region: Region) {
  return z.object({
    Id: z.number().int().optional(),
    Name: z.string().max(200).optional(),
    SystemName: z.enum(DELIVERY_OPTIONS, { message: 'must be one of the offered delivery options' }),
    Selected: z.boolean().optional(),
    DeliveryType: z.object({ IsExpress: z.boolean() }).optional(),
    /** Where the items go. Required for AustraliaPost and Generic (postage). */
    DeliveryAddress: addressSchema(region).nullable().default(null),
    /** Split postage: estimate this one store's shipment only. */
    StoreId: databaseId('must be a store id').optional(),
  });
}
export type ShippingEstimateBody = z.input<ReturnType<typeof shippingEstimateBodySchema>>;

/** The estimate (checkout.md section 7). Regular and Express include the SodAndInsuranceCost when it applies. */
export const ShippingEstimateSchema = z.object({
  Regular: MoneySchema.nullable(),
  Express: MoneySchema.nullable(),
  RegularTimeLine: z.string(),
  ExpressTimeLine: z.string(),
  /** Signature on delivery and insurance: compulsory when a store's shipment is worth more than its threshold. */
  SodAndInsuranceCost: MoneySchema,
  HasSignatureOnDelivery: z.boolean(),
  HasInsurance: z.boolean(),
  IsExpressPostageEnabled: z.boolean(),
  MissingTableRateMessage: z.string().nullable(),
});
export type ShippingEstimate = z.infer<typeof ShippingEstimateSchema>;

/** One delivery-type object of the set-express call. Whole-cart options send one; split postage one per store. */
/* @__NO_SIDE_EFFECTS__ */
function deliveryTypeSchema(region: Region) {
  return z.object({
    IsExpress: z.boolean(),
    /** The delivery option (StorePickup, AustraliaPost, Generic, SplitPostage); for split entries the store's method. */
    ShippingMethodId: z.enum(DELIVERY_OPTIONS).optional(),
    /** Split postage: the store this entry is for. */
    ShipmentId: databaseId('must be a store id').optional(),
    DeliveryAddress: addressSchema(region).nullable().default(null),
  });
}
/* @__NO_SIDE_EFFECTS__ */
export function setExpressCostBodySchema(region: Region) {
  return z.array(deliveryTypeSchema(region)).min(1, 'must list at least one delivery type').max(200);
}
export type SetExpressCostBody = z.input<ReturnType<typeof setExpressCostBodySchema>>;
/** The set-express call's Value: the order total now (items - discount + chosen postage). */
export const SetExpressCostValueSchema = MoneySchema;

const ShippingCostSchema = z.object({
  Type: z.enum(['Regular', 'Express']),
  Amount: MoneySchema,
  TimeLine: z.string(),
  SodAndInsuranceCost: MoneySchema,
  HasSignatureOnDelivery: z.boolean(),
  HasInsurance: z.boolean(),
  Selected: z.boolean(),
  IsEnabled: z.boolean(),
});

/** GET /c3api/checkout/splitcheckoutview: one entry per store of the cart. */
const SplitShipmentSchema = z.object({
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    pickupDisabled: z.boolean(),
  }),
  /** The product ids of the store's items in the cart. */
  items: z.array(z.number().int()),
  /** StorePickup (unless pickup is disabled) and the region's postage option (when every item can be posted). */
  shippingOptions: z.array(
    z.object({
      Id: z.number().int(),
      Name: z.string(),
      SystemName: z.enum(DELIVERY_OPTIONS),
      /** Postage only: the estimate for the checkout's delivery address (null until an address is known). */
      Estimate: ShippingEstimateSchema.nullable(),
      Costs: z.array(ShippingCostSchema),
    }),
  ),
  shippingAddress: AddressValueSchema.nullable(),
});
export type SplitShipment = z.infer<typeof SplitShipmentSchema>;
export const SplitCheckoutViewValueSchema = z.array(SplitShipmentSchema);

/**
 * GET /c3api/product/postage?code=&postcode=: what checkout charges to post this one item to the
 * postcode (the product page's postcode box), Regular and Express with their delivery times. The
 * postcode follows the delivery address's rule, so the box and the checkout agree on what is valid.
 */
/* @__NO_SIDE_EFFECTS__ */
export function postageQuoteQuerySchema(region: Region) {
  const au = region === 'AU';
  return z.object({
    code: ProductQuerySchema.shape.code,
    postcode: z
      .string({ message: POSTCODE_REQUIRED_MESSAGE })
      .trim()
      .min(1, POSTCODE_REQUIRED_MESSAGE)
      .refine(
        (v) => (au ? /^\d{4}$/.test(v) : v.length <= 8 && /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/.test(v)),
        au ? AU_POSTCODE_MESSAGE : UK_POSTCODE_MESSAGE,
      )
      .transform((v) => v.toUpperCase()),
  });
}
export type PostageQuoteQuery = z.input<ReturnType<typeof postageQuoteQuerySchema>>;

/** The item's quote: the checkout estimate's shape, for the postcode as normalised (upper case). */
export const PostageQuoteSchema = ShippingEstimateSchema.extend({ PostCode: z.string() });
export type PostageQuote = z.infer<typeof PostageQuoteSchema>;

/** The most codes one card-postage call takes: a page of search results. */
export const CARD_POSTAGE_MAX_CODES = 48;
const CARD_CODE = /^[A-Za-z0-9]{1,20}$/;

/**
 * GET /c3api/product/postage/cards?codes=CODE1,CODE2&postcode=: the cards' postage line once the
 * shopper's postcode is known, for a page of cards at once. Same postcode rule as the single quote.
 */
/* @__NO_SIDE_EFFECTS__ */
export function cardPostageQuerySchema(region: Region) {
  return z.object({
    codes: z
      .string({ message: 'must list the product codes' })
      .transform((v) => [...new Set(v.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean))
      .refine((codes) => codes.length > 0, 'must list at least one product code')
      .refine(
        (codes) => codes.length <= CARD_POSTAGE_MAX_CODES,
        `must list at most ${CARD_POSTAGE_MAX_CODES} product codes`,
      )
      .refine((codes) => codes.every((code) => CARD_CODE.test(code)), 'must be product codes separated by commas'),
    postcode: postageQuoteQuerySchema(region).shape.postcode,
  });
}
export type CardPostageQuery = z.input<ReturnType<typeof cardPostageQuerySchema>>;

/**
 * One card's postage to the postcode: the cheapest service checkout offers for the item alone
 * (surcharge and handling included; null when it cannot be posted there) and the card's line
 * ("Postage $12.95 to 2150"). Items unknown or no longer on sale are left out.
 */
export const CardPostageItemSchema = z.object({
  Code: z.string(),
  PostageMinor: z.number().int().nullable(),
  Label: z.string(),
});
export type CardPostageItem = z.infer<typeof CardPostageItemSchema>;
export const CardPostageSchema = z.object({ Items: z.array(CardPostageItemSchema) });
export type CardPostage = z.infer<typeof CardPostageSchema>;
