import type { Generated } from 'kysely';

/** Table types of orders and payments. Times are epoch milliseconds; money is minor units. */
/**
 * 'refunded': a confirmed order the shop cancelled and paid back in full (a pay-in-store order the
 * shop cancels becomes 'cancelled'; its confirmed_at tells it apart from one never paid).
 */
export type OrderStatus = 'pending_payment' | 'confirmed' | 'cancelled' | 'expired' | 'refunded';
/** How an item is taxed (products.tax_treatment, copied onto the order line). */
export type TaxTreatment = 'standard' | 'gst_free' | 'margin';
/** A shipment's progress after the sale ('cancelled': the store cancelled every item of it, migration 022). */
export type Fulfilment = 'open' | 'ready_for_pickup' | 'dispatched' | 'collected' | 'cancelled';
/**
 * 'refunded': the provider took the money after the attempt had been closed here (cancelled,
 * declined) and the order could not be kept, so the payment was given back.
 */
export type PaymentStatus = 'pending' | 'authorised' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';

export interface OrdersTable {
  id: Generated<number>;
  /** The public, non-guessable reference (ORD-XXXX-XXXX-XXXX). */
  reference: string;
  region: 'AU' | 'UK';
  user_id: number | null;
  /** The cart it was placed from (one open order per cart item is the ExistingOrder rule). */
  cart_id: number | null;
  email: string;
  /** JSON: the checkout's CustomerDetails and BillingAddress as given. */
  customer: string;
  billing_address: string;
  status: OrderStatus;
  payment_option: string;
  delivery_option: string;
  items_minor: number;
  postage_minor: number;
  discount_minor: number;
  total_minor: number;
  discount_code: string | null;
  /** Until when the items are held for this order (pending payment: minutes; pay in store: days). */
  hold_expires_at: number;
  created_at: number;
  updated_at: number;
  /** When it was confirmed (paid, or placed to pay in store); null for an order never confirmed. */
  confirmed_at: number | null;
  /** What its signed links are signed over (migration 025): raised to revoke every link sent so far. */
  link_version: Generated<number>;
}

export interface OrderShipmentsTable {
  id: Generated<number>;
  order_id: number;
  store_id: number;
  store_name: string;
  /** 'pickup' or 'postage'. */
  method: 'pickup' | 'postage';
  /** Regular or Express for postage; null for pickup. */
  service: 'Regular' | 'Express' | null;
  postage_minor: number;
  /** JSON of the delivery address (postage) or the store's address (pickup): a snapshot. */
  address: string;
  /** JSON: the postage quote as chosen (zone, timeline, surcharge): copied in, never re-read. */
  postage_snapshot: string | null;
  fulfilment: Generated<Fulfilment>;
  ready_at: number | null;
  dispatched_at: number | null;
  collected_at: number | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** The store's own invoice number for this order, once issued (only stores registered for GST/VAT). */
  invoice_number: number | null;
  /** When that number was issued: the invoice's date of issue (migration 016). */
  invoice_issued_at: number | null;
  /** The carrier the store posted with, given at dispatch (migration 022). */
  carrier: string | null;
  /** A pay-in-store order: when and how much the store took at the counter on collection (migration 022). */
  paid_in_store_at: number | null;
  paid_in_store_minor: number | null;
  /** A pickup's last moment to collect, worked out at placing (epoch ms; migration 026); null for parcels. */
  collect_by: number | null;
  /** The store's IANA time zone that moment is shown in. */
  collect_by_zone: string | null;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  shipment_id: number;
  product_id: number;
  code: string;
  title: string;
  price_minor: number;
  discount_minor: number;
  postage_share_minor: number;
  /** Copied from the product at sale. */
  tax_treatment: Generated<TaxTreatment>;
  /** The item's category name at sale (order detail's "item type"). */
  item_type: Generated<string>;
  /** 1 while the order holds or has sold the item; a unique index allows one live line per item. */
  live: number;
  /** When the store cancelled this item (migration 022); null while it is part of the order. */
  cancelled_at: number | null;
  /** What the cancellation gives back: price after discount (+ the shipment's postage if it was the last item). */
  refund_minor: number | null;
}

export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: number;
  /** Our public reference for the attempt, sent to the provider as its invoice reference. */
  tracking_number: string;
  provider: string;
  status: PaymentStatus;
  amount_minor: number;
  currency: 'AUD' | 'GBP';
  provider_reference: string | null;
  created_at: number;
  updated_at: number;
}

/** One provider call or result for an attempt (never card data). */
export type PaymentEventKind =
  | 'start'
  | 'finish'
  | 'notification'
  | 'reconcile'
  /** The reconciler's one look at a closed attempt, in case money arrived after it closed. */
  | 'late-check'
  | 'cancel'
  | 'refund'
  | 'error';

interface PaymentAttemptEventsTable {
  id: Generated<number>;
  attempt_id: number;
  kind: PaymentEventKind;
  /** JSON: the source, the verdict, the provider's reference and codes. */
  detail: string;
  created_at: number;
}

export interface OrdersTables {
  payment_attempt_events: PaymentAttemptEventsTable;
  orders: OrdersTable;
  order_shipments: OrderShipmentsTable;
  order_lines: OrderLinesTable;
  payment_attempts: PaymentAttemptsTable;
  checkout_states: CheckoutStatesTable;
  store_invoice_numbers: StoreInvoiceNumbersTable;
}

/** What a shopper chose in checkout so far, per cart: delivery, cost type, discount code, address. */
export interface CheckoutStatesTable {
  cart_id: number;
  delivery_option: string | null;
  is_express: number;
  discount_code: string | null;
  /** JSON of the delivery address the postage was estimated for, or null. */
  delivery_address: string | null;
  /** Split postage, JSON: [{ storeId, method ('pickup' | 'postage'), isExpress, address }] (migration 012). */
  split_choices: string | null;
  updated_at: number;
}

interface StoreInvoiceNumbersTable {
  store_id: number;
  last_number: number;
}
