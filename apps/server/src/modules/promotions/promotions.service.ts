import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_INVALID_MESSAGE, type Region } from '@shop/contract';
import type { DiscountMethod } from '../../db/tables/promotions.js';
import type { DbCtx } from '../../lib/context.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { type DiscountCodeRow, type NewDiscountCode, PromotionsRepository } from './promotions.repository.js';

/** A code as the marketplace admin sees it, mapped from its row (amount as stored: basis points or minor units). */
export interface DiscountCode {
  id: number;
  /** As stored: trimmed, upper-case. */
  code: string;
  region: Region;
  method: DiscountMethod;
  amount: number;
  description: string;
  /** Valid from (inclusive) and until (exclusive), epoch milliseconds; null = no bound. */
  startsAt: number | null;
  endsAt: number | null;
  minSpendMinor: number;
  /** Uses allowed overall (null = unlimited) and live uses so far. */
  maxUses: number | null;
  usesCount: number;
  maxUsesPerCustomer: number | null;
  active: boolean;
  createdAt: number;
}

function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    region: row.region,
    method: row.method,
    amount: row.amount,
    description: row.description,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    endsAt: row.ends_at === null ? null : Number(row.ends_at),
    minSpendMinor: Number(row.min_spend_minor),
    maxUses: row.max_uses,
    usesCount: Number(row.uses_count),
    maxUsesPerCustomer: row.max_uses_per_customer,
    active: row.active === 1,
    createdAt: Number(row.created_at),
  };
}

/** The reply to every code that cannot be used, whatever the reason (checkout.md section 8). */
export const INVALID_CODE_MESSAGE = DISCOUNT_INVALID_MESSAGE;

/**
 * Why a code was refused, where telling the shopper helps and gives away nothing worth hiding: the
 * cart is under the code's minimum spend (spending more fixes it), or the code has ended (it will
 * not come back). Every other refusal carries no reason.
 */
export type DiscountRefusal =
  | { kind: 'minimum-spend'; code: string; minSpendMinor: number }
  | { kind: 'expired'; code: string; endsAt: number };

/**
 * The 400 of a refused code: the spec's one message for every reason, with the reason beside it
 * (null for most) for a caller that tells the shopper (checkout's apply; an order being placed
 * does not).
 */
export class DiscountRefusedError extends BadRequestError {
  constructor(readonly refusal: DiscountRefusal | null = null) {
    super(INVALID_CODE_MESSAGE);
  }
}

/** The reply to every code while the region's discount codes are switched off (404, as checkout answers). */
export const DISCOUNTS_OFF_MESSAGE = 'Discount codes are not offered';

/** A code that passed `check`, and what it takes off the items' subtotal. */
export interface AppliedDiscount {
  codeId: number;
  /** As stored: trimmed, upper-case. */
  code: string;
  method: DiscountMethod;
  /** The code's amount: basis points for Percentage (1000 = 10 %), minor units for Value. */
  amount: number;
  /** Minor units off the items' subtotal: 0..subtotal. */
  discountMinor: number;
}

/** A code as shoppers type it, as it is stored: trimmed and upper-case. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Basis points in 100 %. */
export const FULL_PERCENTAGE_BASIS_POINTS = 10_000;

/**
 * What a code takes off a subtotal (minor units). Percentage: subtotal x basis points / 10000,
 * rounded half up to the cent, in exact integer arithmetic. Value: the amount, never more than
 * the subtotal. Never negative, never more than the subtotal.
 */
export function discountMinorFor(method: DiscountMethod, amount: number, subtotalMinor: number): number {
  if (!Number.isSafeInteger(subtotalMinor) || subtotalMinor < 0) {
    throw new RangeError(`A subtotal must be whole, non-negative minor units, got ${subtotalMinor}`);
  }
  if (method === 'Value') return Math.min(amount, subtotalMinor);
  const scaled = BigInt(subtotalMinor) * BigInt(amount);
  const half = BigInt(FULL_PERCENTAGE_BASIS_POINTS / 2);
  const rounded = Number((scaled + half) / BigInt(FULL_PERCENTAGE_BASIS_POINTS));
  return Math.min(rounded, subtotalMinor);
}

/**
 * Discount codes: checking one against a cart, and counting its uses by orders.
 *
 * Every reason a code cannot be used (unknown, inactive, not yet or no longer valid, under the
 * minimum spend, used up overall or by this customer) gives the same 400 and message. Two carry
 * their reason beside it (DiscountRefusal: under the minimum spend, or ended), which checkout's
 * apply tells the shopper: that says such a code exists, which a code printed on a flyer or in a
 * mail-out does anyway; unknown, inactive, not-yet-started and used-up codes stay alike. Discounts come off the items, never off postage; spread
 * one over the items with split.ts's splitByLargestRemainder so lines add up to the cent.
 *
 * Limits hold under concurrency because `recordUse` enforces each by one conditional write in the
 * order's transaction (see the repository); `check` only reads, to answer the shopper early.
 * A customer key is opaque here (the caller's, e.g. 'user:7' or 'email:pat@example.com'): the
 * same shopper must be given the same key at check and at recordUse.
 */
export class PromotionsService {
  private readonly repository = new PromotionsRepository();

  /**
   * @param offered whether the region takes discount codes now (the site's DiscountsEnabled, the
   * admin's switch included); while it is off every code is refused, at checkout and when an order
   * is placed alike.
   */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly offered: (ctx: DbCtx & { region: Region }) => Promise<boolean> = async () => true,
  ) {}

  /**
   * Checks a code for the context's region, the items' subtotal (minor units) and the customer
   * (null: a guest not known yet, so the per-customer limit is left to recordUse). Answers the
   * discount, or throws DiscountRefusedError (a 400 with INVALID_CODE_MESSAGE, and the reason when
   * it is the minimum spend or the code's end).
   */
  async check(
    ctx: DbCtx & { region: Region },
    code: string,
    input: { subtotalMinor: number; customerKey: string | null },
  ): Promise<AppliedDiscount> {
    if (!(await this.offered(ctx))) throw new NotFoundError(DISCOUNTS_OFF_MESSAGE);
    const normalized = normalizeDiscountCode(code);
    if (normalized === '' || normalized.length > DISCOUNT_CODE_MAX_LENGTH) invalid();
    const row = await this.repository.byCode(ctx, ctx.region, normalized);
    if (!row) invalid();
    const now = this.now();
    if (row.active === 1 && row.ends_at !== null && now >= Number(row.ends_at))
      invalid({ kind: 'expired', code: row.code, endsAt: Number(row.ends_at) });
    if (!isUsableAt(row, now)) invalid();
    // An empty cart gets no code: there is nothing for it to come off.
    if (input.subtotalMinor <= 0) invalid();
    if (input.subtotalMinor < row.min_spend_minor)
      invalid({ kind: 'minimum-spend', code: row.code, minSpendMinor: Number(row.min_spend_minor) });
    if (row.max_uses !== null && row.uses_count >= row.max_uses) invalid();
    if (row.max_uses_per_customer !== null && input.customerKey !== null) {
      const used = await this.repository.liveUsesBy(ctx, row.id, input.customerKey);
      if (used >= row.max_uses_per_customer) invalid();
    }
    return {
      codeId: row.id,
      code: row.code,
      method: row.method,
      amount: row.amount,
      discountMinor: discountMinorFor(row.method, row.amount, input.subtotalMinor),
    };
  }

  /**
   * Inside the order's transaction: records one use of the discount by this order and customer.
   * Steps, each one conditional write:
   * 1. count the use on the code only if it is on, within its dates and under max_uses (its row
   *    lock, on PostgreSQL, queues every other order using this code until we commit);
   * 2. write the use only if the customer is under max_uses_per_customer; if not, undo step 1.
   * Throws BadRequestError(INVALID_CODE_MESSAGE) when a limit is reached (the caller's transaction
   * should then roll back; nothing of this call is left behind either way). Recording the same
   * order's use again is a no-op.
   */
  async recordUse(ctx: DbCtx, discount: AppliedDiscount, orderRef: string, customerKey: string): Promise<void> {
    const existing = await this.repository.useOf(ctx, discount.codeId, orderRef);
    if (existing && existing.released_at === null) return;
    const now = this.now();
    if (!(await this.repository.takeUse(ctx, discount.codeId, now))) invalid();
    // A released use of this very order (cancelled, then placed again under its reference) makes way.
    if (existing) await this.repository.deleteUse(ctx, existing.id);
    const written = await this.repository.insertUseWithinCustomerLimit(ctx, {
      code_id: discount.codeId,
      order_ref: orderRef,
      customer_key: customerKey,
      created_at: now,
    });
    if (!written) {
      await this.repository.giveBack(ctx, discount.codeId);
      invalid();
    }
  }

  /**
   * When an order is cancelled or its hold expires: gives its uses back (they no longer count
   * overall or for the customer). Idempotent: a second call, or one for an order that used no
   * code, changes nothing.
   */
  async releaseUse(ctx: DbCtx, orderRef: string): Promise<void> {
    for (const codeId of await this.repository.releaseUses(ctx, orderRef, this.now())) {
      await this.repository.giveBack(ctx, codeId);
    }
  }

  /** The region's codes, by code (the demo list, tests, the marketplace admin). */
  async listCodes(ctx: DbCtx & { region: Region }): Promise<DiscountCode[]> {
    return (await this.repository.listByRegion(ctx, ctx.region)).map(toDiscountCode);
  }

  /** One of the region's codes by id, or null. */
  async codeById(ctx: DbCtx & { region: Region }, id: number): Promise<DiscountCode | null> {
    const row = await this.repository.byId(ctx, id);
    return row && row.region === ctx.region ? toDiscountCode(row) : null;
  }

  /** The region's code as shoppers type it (any case), or null: is a new code's name taken? */
  async codeByName(ctx: DbCtx & { region: Region }, code: string): Promise<DiscountCode | null> {
    const row = await this.repository.byCode(ctx, ctx.region, normalizeDiscountCode(code));
    return row ? toDiscountCode(row) : null;
  }

  /** A new code of the region (stored upper-case), usable at checkout at once when active and in its dates. */
  async createCode(ctx: DbCtx & { region: Region }, code: string, rules: DiscountRules): Promise<DiscountCode> {
    const [row] = await this.repository.insertCodes(ctx, [
      { code: normalizeDiscountCode(code), region: ctx.region, ...ruleColumns(rules), created_at: this.now() },
    ]);
    if (!row) throw new Error('The discount code was not written');
    return toDiscountCode(row);
  }

  /**
   * Changes a code's rules; its uses so far stay counted (lowering max_uses below them only stops
   * further uses). Null when the region has no such code.
   */
  async updateCode(ctx: DbCtx & { region: Region }, id: number, rules: DiscountRules): Promise<DiscountCode | null> {
    const row = await this.repository.update(ctx, ctx.region, id, ruleColumns(rules));
    return row ? toDiscountCode(row) : null;
  }

  /** Turns a code off (checkout refuses it from now on); null when the region has no such code. */
  async deactivateCode(ctx: DbCtx & { region: Region }, id: number): Promise<DiscountCode | null> {
    const row = await this.repository.update(ctx, ctx.region, id, { active: 0 });
    return row ? toDiscountCode(row) : null;
  }

  /**
   * Replaces every code (and use) with these: the demo seed. Codes are stored normalized. Run it
   * inside a transaction.
   */
  async replaceCodes(ctx: DbCtx, codes: NewDiscountCode[]): Promise<DiscountCode[]> {
    await this.repository.clear(ctx);
    const rows = await this.repository.insertCodes(
      ctx,
      codes.map((code) => ({ ...code, code: normalizeDiscountCode(code.code) })),
    );
    return rows.map(toDiscountCode);
  }
}

/** A code's rules as the marketplace admin sets them (amount as stored: basis points or minor units). */
export interface DiscountRules {
  method: DiscountMethod;
  amount: number;
  description: string;
  startsAt: number | null;
  endsAt: number | null;
  minSpendMinor: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
}

function ruleColumns(rules: DiscountRules) {
  return {
    method: rules.method,
    amount: rules.amount,
    description: rules.description,
    starts_at: rules.startsAt,
    ends_at: rules.endsAt,
    min_spend_minor: rules.minSpendMinor,
    max_uses: rules.maxUses,
    max_uses_per_customer: rules.maxUsesPerCustomer,
    active: rules.active ? 1 : 0,
  };
}

function isUsableAt(row: DiscountCodeRow, now: number): boolean {
  if (row.active !== 1) return false;
  if (row.starts_at !== null && now < Number(row.starts_at)) return false;
  if (row.ends_at !== null && now >= Number(row.ends_at)) return false;
  return true;
}

function invalid(refusal: DiscountRefusal | null = null): never {
  throw new DiscountRefusedError(refusal);
}
