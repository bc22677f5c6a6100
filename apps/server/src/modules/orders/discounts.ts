import type { DbCtx } from '../../lib/context.js';

/**
 * What checkout needs of discount codes (modules/promotions' PromotionsService provides it).
 * Kept as an interface here so the flow's steps read plainly and tests can see the seam.
 */
export interface AppliedDiscount {
  codeId: number;
  code: string;
  method: 'Percentage' | 'Value';
  amount: number;
  discountMinor: number;
}

export interface DiscountEngine {
  check(
    ctx: DbCtx & { region: 'AU' | 'UK' },
    code: string,
    input: { subtotalMinor: number; customerKey: string | null },
  ): Promise<AppliedDiscount>;
  recordUse(ctx: DbCtx, discount: AppliedDiscount, orderRef: string, customerKey: string): Promise<void>;
  releaseUse(ctx: DbCtx, orderRef: string): Promise<void>;
}

/** Who uses a code, for per-customer limits: the account, or a guest's lower-case e-mail. */
export function discountCustomerKey(userId: number | null, email: string | null): string | null {
  if (userId !== null) return `user:${userId}`;
  return email ? `email:${email.trim().toLowerCase()}` : null;
}
