import { z } from 'zod';
import { OrderSummarySchema } from './account.js';
import { CollectBySchema } from './collect-by.js';
import type { Region } from './regions.js';

/**
 * After the sale (account.md sections 2.2, 2.3, 2.6, 3, 7): order history, order detail
 * and the per-store tax invoice. Money in the history and detail is the region's display string
 * (the spec's "price"); the invoice carries integer minor units so the page can show its arithmetic
 * exactly as the server did it.
 */

/** account.md section 9: the order history's page size and pager window. */
export const ORDER_HISTORY_PAGE_SIZE = 12;
const ORDER_PAGER_WINDOW = 5;

/**
 * `page` is 1 when missing, not a whole number, or below 1 (account.md section 5); a page beyond
 * the last answers the last page. pageSize is 12 unless given (1..50).
 */
export const OrderHistoryQuerySchema = z.object({
  page: z
    .string()
    .optional()
    .transform((value) => {
      const n = value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : 1;
      return Number.isSafeInteger(n) && n >= 1 ? n : 1;
    }),
  pageSize: z.coerce.number().int().min(1).max(50).default(ORDER_HISTORY_PAGE_SIZE),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuerySchema>;

export const OrderHistoryValueSchema = z.object({
  orders: z.array(OrderSummarySchema),
  totalOrderCount: z.number().int(),
  currentPage: z.number().int(),
});
export type OrderHistoryValue = z.infer<typeof OrderHistoryValueSchema>;

/** The spec's Address of order detail (a pickup store's, or the customer's delivery address). */
const OrderAddressSchema = z.object({
  customerName: z.string(),
  businessName: z.string(),
  line1: z.string(),
  line2: z.string(),
  suburb: z.string(),
  state: z.string(),
  postCode: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

const OrderDetailItemSchema = z.object({
  /** The item's code (what the shop calls its id), never the serial id. */
  id: z.string(),
  displayName: z.string(),
  /** 266x200 picture URL, or null for the placeholder. */
  image: z.string().nullable(),
  itemType: z.string(),
  /** The price before any discount. */
  price: z.string(),
  /** The price paid when discounted ("was" price then new price), else null. */
  discountedPrice: z.string().nullable(),
  /** True when the store cancelled this item: the rest of the order goes on. */
  cancelled: z.boolean(),
  /** What its cancellation gave back (paid online), as the region's display string, else null. */
  refund: z.string().nullable(),
});

const ShippingDetailsSchema = z.object({
  /** 'Customer Pickup', or the postage option's name (e.g. 'Australia Post Regular'). */
  option: z.string(),
  address: OrderAddressSchema.nullable(),
  /** ISO 8601 when dispatched, else null. */
  dispatchedDate: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  cost: z.string(),
  /** Where the shipment is: 'open', 'ready_for_pickup', 'dispatched', 'collected'. */
  /** 'cancelled': the store cancelled every item of this shipment (the rest of the order goes on). */
  fulfilment: z.enum(['open', 'ready_for_pickup', 'dispatched', 'collected', 'cancelled']),
  /** A pickup still waiting to be collected: its last moment (the store's closing time, in its zone); else null. */
  collectBy: CollectBySchema.nullable(),
});
export type ShippingDetails = z.infer<typeof ShippingDetailsSchema>;

export const OrderDetailValueSchema = z.object({
  orderNumber: z.string(),
  /** `/gst-invoice?invoice={ref}` (with the guest's key when opened through the signed link), or null. */
  invoiceUrl: z.string().nullable(),
  gstInvoicesEnabled: z.boolean(),
  summary: z.object({
    itemCount: z.number().int(),
    storeCount: z.number().int(),
    price: z.string(),
    /** ISO 8601 (UTC); shown in the region's zone (orderDateTimeZone). */
    orderDateTime: z.string(),
    orderDateTimeZone: z.string(),
    status: z.string(),
    discountAmount: z.string(),
  }),
  stores: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      items: z.array(OrderDetailItemSchema),
      shippingDetails: ShippingDetailsSchema,
    }),
  ),
});
export type OrderDetailValue = z.infer<typeof OrderDetailValueSchema>;

/** The order detail call's optional guest key (the signed link of the order e-mail). */
export const OrderDetailQuerySchema = z.object({ key: z.string().max(200).optional() });

/** GET /c3api/invoice?id={ref}[&key=] */
export const GstInvoiceQuerySchema = z.object({
  id: z.string().trim().min(1).max(64),
  key: z.string().max(200).optional(),
});

const InvoiceItemSchema = z.object({
  Code: z.string(),
  DisplayName: z.string(),
  Properties: z.object({
    /** What the line cost after its discount, GST included (minor units). */
    ExtendedPrice: z.number().int(),
    /** False for a GST-free or margin-scheme item: its tax is shown with '*'. */
    ItemGstApplied: z.boolean(),
    /** 1/11 (AU GST) or 1/6 (UK VAT) of ExtendedPrice, rounded to the cent; 0 when not applied. */
    ItemGstComponent: z.number().int(),
    /** The same share of this item's postage. */
    ShippingGstComponent: z.number().int(),
    /** This item's share of its shipment's postage, apportioned by price; shares add up exactly. */
    ItemProportionateShippingCost: z.number().int(),
    TaxTreatment: z.enum(['standard', 'gst_free', 'margin']),
  }),
});
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>;

const InvoiceDeliveryAddressSchema = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  BusinessName: z.string(),
  Line1: z.string(),
  Line2: z.string(),
  City: z.string(),
  RegionCode: z.string(),
  PostalCode: z.string(),
  IsInStorePickup: z.boolean(),
});

const StoreInvoiceDetailsSchema = z.object({
  /** The store's own number for this invoice (numbered per store). */
  InvoiceNumber: z.string(),
  /** ISO 8601: when the store issued it (its date of issue). */
  InvoiceDate: z.string(),
  StoreDisplayName: z.string(),
  EntityName: z.string(),
  /** AU: the ABN; UK: the VAT registration number. */
  ABN: z.string(),
  Licenses: z.array(z.object({ Name: z.string(), Number: z.string() })),
  PostageReference: z.string().nullable(),
  /** ISO 8601, or null when not dispatched. */
  DispatchDate: z.string().nullable(),
  DeliveryAddress: InvoiceDeliveryAddressSchema,
  Items: z.array(InvoiceItemSchema),
  /** Minor units: the shipment's postage, the items' extended prices, their sum, and the GST in it. */
  PostageTotal: z.number().int(),
  SubTotal: z.number().int(),
  TotalIncludingTax: z.number().int(),
  TaxTotal: z.number().int(),
  AddressLine1: z.string(),
  AddressLine2: z.string(),
  Phone: z.string(),
  Email: z.string(),
});
export type StoreInvoiceDetails = z.infer<typeof StoreInvoiceDetailsSchema>;

export const GstInvoiceValueSchema = z.object({
  /** AU: a tax invoice (GST); UK: a VAT receipt. */
  DocumentKind: z.enum(['TaxInvoice', 'VatReceipt']),
  Currency: z.enum(['AUD', 'GBP']),
  OrderReference: z.string(),
  /** ISO 8601 (UTC) with the zone it is shown in. */
  OrderDate: z.string(),
  OrderDateTimeZone: z.string(),
  /** Camel case ('CreditCard', 'PayPal', 'PayInStore'): the page splits it into words. */
  PaymentType: z.string(),
  PaymentGatewayReference: z.string().nullable(),
  /** True when the order is A$1,000 or more: the buyer's identity must be on the invoice. */
  BuyerIdentityRequired: z.boolean(),
  CustomerDetails: z.object({
    FirstName: z.string(),
    LastName: z.string(),
    Line1: z.string(),
    Line2: z.string(),
    City: z.string(),
    RegionCode: z.string(),
    PostalCode: z.string(),
    CountryName: z.string(),
    DaytimePhoneNumber: z.string(),
  }),
  StoreInvoiceDetails: z.array(StoreInvoiceDetailsSchema),
});
export type GstInvoiceValue = z.infer<typeof GstInvoiceValueSchema>;

/**
 * Order dates are shown in one zone per region: AEST in Australia (Australia/Brisbane, which keeps
 * AEST all year, so the history's note 'All dates are based on AEST.' is true), UK time in the UK.
 */
export const ORDER_TIME_ZONE: Record<Region, string> = { AU: 'Australia/Brisbane', UK: 'Europe/London' };

/** The zone's abbreviation at that instant: 'AEST', or 'GMT'/'BST'. */
export function orderTimeZoneLabel(iso: string, region: Region): string {
  if (region === 'AU') return 'AEST';
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: ORDER_TIME_ZONE.UK, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value;
  return part === 'GMT+1' || part === 'BST' ? 'BST' : 'GMT';
}

/** '25/11/2026' in the region's order zone. */
export function formatOrderDate(iso: string, region: Region): string {
  return new Intl.DateTimeFormat(region === 'AU' ? 'en-AU' : 'en-GB', {
    timeZone: ORDER_TIME_ZONE[region],
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** '25/11/2026 3:04 pm' in the region's order zone. */
export function formatOrderDateTime(iso: string, region: Region): string {
  const time = new Intl.DateTimeFormat(region === 'AU' ? 'en-AU' : 'en-GB', {
    timeZone: ORDER_TIME_ZONE[region],
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(new Date(iso))
    .replace(/\s/g, ' ')
    .toLowerCase();
  return `${formatOrderDate(iso, region)} ${time}`;
}

/** The invoice's payment label: camel case split into words ('CreditCard' -> 'Credit Card'); brand names keep their own spelling. */
export function paymentTypeLabel(type: string): string {
  const brands: Record<string, string> = { PayPal: 'PayPal', Clearpay: 'Clearpay', Eway: 'Eway' };
  if (brands[type]) return brands[type];
  return type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

/** "3 items at 2 stores", "1 item at 1 store" (account.md section 2.2). */
export function itemsAtStores(itemCount: number, storeCount: number): string {
  return `${itemCount} ${itemCount === 1 ? 'item' : 'items'} at ${storeCount} ${storeCount === 1 ? 'store' : 'stores'}`;
}

/**
 * The pager's numbered pages: up to 5 centred on the current one, shifted at the edges so there
 * are always 5 when there are at least 5 pages (account.md section 9).
 */
export function pagerWindow(current: number, totalPages: number, size = ORDER_PAGER_WINDOW): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  let first = Math.max(1, current - Math.floor(count / 2));
  first = Math.min(first, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Where a payment's return lands when it does not come from the browser that placed the order (a
 * replayed provider redirect, a provider's own server): the payment is finished all the same, but
 * the page shows no order data and the signed confirmation link goes only to the placing browser
 * (and the order e-mail).
 */
export const PAYMENT_RECEIVED_PATH = '/checkout/payment-received';
export const PAYMENT_RECEIVED_HEADING = 'Payment received';
export const PAYMENT_RECEIVED_MESSAGE = 'Thank you, your payment is being confirmed; we have e-mailed you the details';
