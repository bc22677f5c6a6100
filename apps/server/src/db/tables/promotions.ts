import type { Generated } from 'kysely';

/**
 * Table types of the promotions module (discount codes). Times are epoch milliseconds; money is
 * integer minor units (cents, pence).
 */
export type DiscountMethod = 'Percentage' | 'Value';

export interface DiscountCodesTable {
  id: Generated<number>;
  /** Stored trimmed and upper-case (codes are matched case-insensitively); unique within a region. */
  code: string;
  region: 'AU' | 'UK';
  method: DiscountMethod;
  /**
   * Percentage: basis points, 1..10000 (1000 = 10 %, 1250 = 12.5 %).
   * Value: minor units off the items' subtotal (2000 = $20.00 or £20.00).
   */
  amount: number;
  /** What the code gives, for the demo list and the console (never shown as the code's rule). */
  description: Generated<string>;
  /** Valid from (inclusive) and until (exclusive); null = no bound. */
  starts_at: number | null;
  ends_at: number | null;
  /** The items' subtotal must be at least this (0 = no minimum). */
  min_spend_minor: Generated<number>;
  /** Uses allowed overall (null = unlimited) and live uses so far (released uses are given back). */
  max_uses: number | null;
  uses_count: Generated<number>;
  /** Live uses allowed per customer (null = unlimited). */
  max_uses_per_customer: number | null;
  /** 1 on, 0 off (default 1). */
  active: Generated<number>;
  created_at: number;
}

/** One use of a code by one order. No foreign key to orders: the orders module owns them. */
export interface DiscountCodeUsesTable {
  id: Generated<number>;
  code_id: number;
  /** The order's public reference. */
  order_ref: string;
  /** Who used it: as given by the caller, trimmed and lower-case (an e-mail address or a user key). */
  customer_key: string;
  created_at: number;
  /** When the use was given back (order cancelled or its hold expired); null while it counts. */
  released_at: number | null;
}

export interface PromotionsTables {
  discount_codes: DiscountCodesTable;
  discount_code_uses: DiscountCodeUsesTable;
}
