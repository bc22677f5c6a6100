import type { AdminDiscount } from '@shop/contract';

/**
 * Where a code's dates put it now: before its start, after its end, or within them (null). Checkout
 * refuses a code outside its dates even while it is on, so its card says so beside "On" or "Off".
 * The bounds are the server's (promotions.service.ts: from its start, until before its end).
 */
export function discountTiming(code: Pick<AdminDiscount, 'StartsAt' | 'EndsAt'>, now: number): string | null {
  if (code.EndsAt && Date.parse(code.EndsAt) <= now) return 'Expired';
  if (code.StartsAt && Date.parse(code.StartsAt) > now) return 'Not started yet';
  return null;
}
