import type { StoreRow } from '../db/schema.js';
import { inTransaction } from '../db/unit-of-work.js';
import { type DbCtx, systemContext } from '../lib/context.js';
import type { NewDiscountCode } from '../modules/promotions/promotions.repository.js';
import { PromotionsService } from '../modules/promotions/promotions.service.js';

type Region = 'AU' | 'UK';
type DemoCode = Omit<NewDiscountCode, 'region' | 'created_at'>;

/** Midnight UTC on 1 January of `now`'s year: EXPIRED1 ended just before it ("last year"). */
function startOfYear(now: number): number {
  return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
}

/**
 * The demo's discount codes, per region (listed with their rules in modules/promotions/README.md).
 * Percentage amounts are basis points (1000 = 10 %); Value amounts and minimum spends are minor units.
 */
export function demoDiscountCodes(now: number): Record<Region, DemoCode[]> {
  const expired = { starts_at: null, ends_at: startOfYear(now) };
  const common = (symbol: string): DemoCode[] => [
    {
      code: 'SAVE10',
      method: 'Percentage',
      amount: 1000,
      min_spend_minor: 5000,
      description: `10% off items worth ${symbol}50 or more`,
    },
    {
      code: 'WELCOME5',
      method: 'Percentage',
      amount: 500,
      max_uses_per_customer: 1,
      description: '5% off, once per customer',
    },
    {
      code: 'FIRST50',
      method: 'Percentage',
      amount: 1500,
      max_uses: 50,
      description: '15% off for the first 50 orders',
    },
    {
      code: 'EXPIRED1',
      method: 'Percentage',
      amount: 1000,
      ...expired,
      description: '10% off; ended last year (always refused)',
    },
  ];
  return {
    AU: [
      ...common('$'),
      {
        code: 'TAKE20',
        method: 'Value',
        amount: 2000,
        min_spend_minor: 15000,
        description: '$20 off items worth $150 or more',
      },
    ],
    UK: [
      ...common('£'),
      {
        code: 'TAKE15',
        method: 'Value',
        amount: 1500,
        min_spend_minor: 12000,
        description: '£15 off items worth £120 or more',
      },
    ],
  };
}

/** Replaces every discount code (and use) with the demo's, for both regions. */
export async function seedPromotions(handle: DbCtx, _stores: StoreRow[], _seed: number): Promise<void> {
  const now = Date.now();
  const codes = demoDiscountCodes(now);
  const rows: NewDiscountCode[] = (['AU', 'UK'] as const).flatMap((region) =>
    codes[region].map((code) => ({ ...code, region, created_at: now })),
  );
  await inTransaction(systemContext(handle, 'AU'), (tx) => new PromotionsService().replaceCodes(tx, rows));
}
