import {
  DISCOUNT_INVALID_MESSAGE,
  DiscountCouponBodySchema,
  DiscountCouponQuerySchema,
  DiscountCouponValueSchema,
  discountAppliedMessage,
  discountCodeField,
  discountExpiredMessage,
  discountMinimumSpendMessage,
  formatMoney,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/unit-of-work.js';
import { type Ctx, systemContext } from '../../lib/context.js';
import { BadRequestError } from '../../lib/errors.js';
import { demoDiscountCodes, seedPromotions } from '../../seed/promotions-seed.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { type NewDiscountCode, PromotionsRepository } from './promotions.repository.js';
import {
  type AppliedDiscount,
  DiscountRefusedError,
  discountMinorFor,
  INVALID_CODE_MESSAGE,
  normalizeDiscountCode,
  PromotionsService,
} from './promotions.service.js';
import { splitByLargestRemainder } from './split.js';

const DAY = 24 * 60 * 60 * 1000;

describe("the contract's discount code rule and shapes", () => {
  const messages = (value: unknown) => {
    const result = discountCodeField().safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('requires a code after trimming and allows at most 10 characters', () => {
    expect(messages('')).toEqual(['Please enter a code to apply']);
    expect(messages('   ')).toEqual(['Please enter a code to apply']);
    expect(messages(undefined)).toEqual(['Please enter a code to apply']);
    expect(messages('ABCDEFGHIJK')).toEqual(['Max length is 10 characters']);
    expect(messages(' ABCDEFGHIJ ')).toEqual([]);
    expect(discountCodeField().parse(' save10 ')).toBe('save10');
  });

  it('reads the POST body { code } and the DELETE query couponCode', () => {
    expect(DiscountCouponBodySchema.parse({ code: 'SAVE10' })).toEqual({ code: 'SAVE10' });
    expect(DiscountCouponBodySchema.safeParse({ Code: 'SAVE10' }).success).toBe(false);
    expect(DiscountCouponQuerySchema.parse({ couponCode: 'save10' })).toEqual({ couponCode: 'save10' });
  });

  it('words the success message with the displayed amount, and shapes the reply as money', () => {
    expect(discountAppliedMessage(formatMoney(1235, 'AU'))).toBe('$12.35 discount successfully applied');
    const reply = {
      UpdatedTotal: { Amount: 11110, Display: formatMoney(11110, 'AU') },
      DiscountAmount: { Amount: 1235, Display: formatMoney(1235, 'AU') },
      DiscountCodes: ['SAVE10'],
    };
    expect(DiscountCouponValueSchema.parse(reply)).toEqual(reply);
  });
});

describe("the refusal reasons' words, in each region's money and dates", () => {
  it("says the minimum spend with the amount in the region's currency and the code", () => {
    expect(discountMinimumSpendMessage(5000, 'SAVE10', 'AU')).toBe('Spend $50.00 or more to use SAVE10');
    expect(discountMinimumSpendMessage(12_000, 'TAKE15', 'UK')).toBe('Spend £120.00 or more to use TAKE15');
  });

  it("says the day a code ended, day before month, in the region's own zone", () => {
    // 20:00 UTC on 30 November is already 1 December in Brisbane (AEST, UTC+10), still 30 November in London.
    const end = Date.UTC(2026, 10, 30, 20);
    expect(discountExpiredMessage(end, 'AU')).toBe('This code expired on 1 December 2026');
    expect(discountExpiredMessage(end, 'UK')).toBe('This code expired on 30 November 2026');
    // British Summer Time: 23:30 UTC on 30 June is 1 July in London.
    expect(discountExpiredMessage(Date.UTC(2026, 5, 30, 23, 30), 'UK')).toBe('This code expired on 1 July 2026');
  });
});

describe('discountMinorFor', () => {
  it('rounds a percentage half up to the cent', () => {
    expect(discountMinorFor('Percentage', 1000, 12345)).toBe(1235); // 1234.5
    expect(discountMinorFor('Percentage', 1000, 12344)).toBe(1234); // 1234.4
    expect(discountMinorFor('Percentage', 1250, 999)).toBe(125); // 124.875
    expect(discountMinorFor('Percentage', 333, 150)).toBe(5); // 4.995
    expect(discountMinorFor('Percentage', 10000, 4321)).toBe(4321);
    expect(discountMinorFor('Percentage', 500, 1)).toBe(0); // 0.05
  });

  it('never takes a value off beyond the subtotal', () => {
    expect(discountMinorFor('Value', 2000, 15000)).toBe(2000);
    expect(discountMinorFor('Value', 2000, 1500)).toBe(1500);
    expect(discountMinorFor('Value', 2000, 0)).toBe(0);
  });

  it('spread over items of several stores, adds up to the cent on every line, store and order', () => {
    // Three stores' items; 12.5 % off $1,234.56 is $154.32 (154.32).
    const lines = [
      { key: 'A-guitar', store: 'A', price: 45_999 },
      { key: 'A-strap', store: 'A', price: 1_995 },
      { key: 'B-camera', store: 'B', price: 62_050 },
      { key: 'C-lens', store: 'C', price: 13_399 },
      { key: 'C-cap', store: 'C', price: 13 },
    ];
    const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
    expect(subtotal).toBe(123_456);
    const discount = discountMinorFor('Percentage', 1250, subtotal);
    expect(discount).toBe(15_432);
    const shares = splitByLargestRemainder(
      lines.map((line) => ({ key: line.key, weight: line.price })),
      discount,
    );
    const paid = lines.map((line) => line.price - (shares.get(line.key) as number));
    for (const amount of paid) expect(amount).toBeGreaterThanOrEqual(0);
    expect(paid.reduce((sum, amount) => sum + amount, 0)).toBe(subtotal - discount);
    const byStore = new Map<string, number>();
    for (const [i, line] of lines.entries()) {
      byStore.set(line.store, (byStore.get(line.store) ?? 0) + (paid[i] as number));
    }
    expect([...byStore.keys()]).toEqual(['A', 'B', 'C']);
    expect([...byStore.values()].reduce((sum, amount) => sum + amount, 0)).toBe(subtotal - discount);
  });

  it('stays exact on large subtotals', () => {
    expect(discountMinorFor('Percentage', 9999, 2_000_000_000)).toBe(1_999_800_000);
  });
});

describe.each(testDatabaseTargets())('promotions on $name', (target) => {
  let ctx: Ctx;
  let clock = Date.UTC(2026, 5, 15, 12);
  const promotions = new PromotionsService(() => clock);
  const repository = new PromotionsRepository();
  let codes = 0;
  let orders = 0;
  const orderRef = () => `ORD-TEST-${++orders}`;
  const { database } = useTestShop(target, {
    server: false,
  });

  beforeAll(async () => {
    ctx = systemContext(database.handle, 'AU');
  });

  /** A fresh code (a unique name of at most 10 characters) with these rules; answers its name. */
  async function makeCode(rules: Partial<NewDiscountCode> = {}): Promise<string> {
    const code = rules.code ?? `T${++codes}X`;
    await repository.insertCodes(ctx, [
      { code, region: 'AU', method: 'Percentage', amount: 1000, created_at: clock, ...rules },
    ]);
    return code;
  }

  const check = (code: string, subtotalMinor: number, customerKey: string | null = null, region: 'AU' | 'UK' = 'AU') =>
    promotions.check({ ...ctx, region }, code, { subtotalMinor, customerKey });

  const record = (discount: AppliedDiscount, ref: string, customer: string) =>
    inTransaction(ctx, (tx) => promotions.recordUse(tx, discount, ref, customer));

  const codeRow = async (code: string) =>
    ctx.db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

  const liveUses = async (code: string) =>
    (
      await ctx.db
        .selectFrom('discount_code_uses')
        .innerJoin('discount_codes', 'discount_codes.id', 'discount_code_uses.code_id')
        .select('discount_code_uses.order_ref')
        .where('discount_codes.code', '=', code)
        .where('discount_code_uses.released_at', 'is', null)
        .execute()
    ).length;

  async function expectInvalid(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ statusCode: 400, message: DISCOUNT_INVALID_MESSAGE });
  }

  describe('check', () => {
    it('answers a Percentage discount rounded half up, whatever the case and spaces typed', async () => {
      const code = await makeCode({ method: 'Percentage', amount: 1000 });
      const discount = await check(`  ${code.toLowerCase()} `, 12345);
      expect(discount).toEqual({
        codeId: (await codeRow(code)).id,
        code,
        method: 'Percentage',
        amount: 1000,
        discountMinor: 1235,
      });
      const oddPercent = await makeCode({ method: 'Percentage', amount: 1250 });
      expect((await check(oddPercent, 999)).discountMinor).toBe(125);
    });

    it('answers a Value discount, never more than the subtotal', async () => {
      const code = await makeCode({ method: 'Value', amount: 2000 });
      expect((await check(code, 15000)).discountMinor).toBe(2000);
      expect((await check(code, 1999)).discountMinor).toBe(1999);
    });

    it('gives the same 400 and message for every reason a code cannot be used', async () => {
      expect(INVALID_CODE_MESSAGE).toBe('The discount code is invalid, please try again');
      // Unknown, blank, too long for the box.
      await expectInvalid(check('NOSUCHCODE', 10000));
      await expectInvalid(check('   ', 10000));
      await expectInvalid(check('ABCDEFGHIJK', 10000));
      // Another region's code.
      const ukCode = await makeCode({ region: 'UK' });
      await expectInvalid(check(ukCode, 10000));
      expect((await check(ukCode, 10000, null, 'UK')).discountMinor).toBe(1000);
      // Switched off.
      await expectInvalid(check(await makeCode({ active: 0 }), 10000));
      // Not started, ended.
      await expectInvalid(check(await makeCode({ starts_at: clock + 1 }), 10000));
      await expectInvalid(check(await makeCode({ ends_at: clock }), 10000));
      await expectInvalid(check(await makeCode({ starts_at: clock - 10 * DAY, ends_at: clock - DAY }), 10000));
      // Under the minimum spend, and an empty cart.
      await expectInvalid(check(await makeCode({ min_spend_minor: 5000 }), 4999));
      await expectInvalid(check(await makeCode(), 0));
      // Used up overall, and by this customer.
      await expectInvalid(check(await makeCode({ max_uses: 2, uses_count: 2 }), 10000));
      const once = await makeCode({ max_uses_per_customer: 1 });
      await record(await check(once, 10000, 'email:pat@example.com'), orderRef(), 'email:pat@example.com');
      await expectInvalid(check(once, 10000, 'email:pat@example.com'));
      // Someone else, or a guest not known yet, may still try it.
      expect((await check(once, 10000, 'user:7')).discountMinor).toBe(1000);
      expect((await check(once, 10000, null)).discountMinor).toBe(1000);
    });

    it('carries the reason beside the one message only for the minimum spend and an ended code', async () => {
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => 'accepted',
          (e: unknown) => (e instanceof DiscountRefusedError ? e.refusal : e),
        );
      const minimum = await makeCode({ code: 'MIN50A', min_spend_minor: 5000 });
      expect(await refusal(check(minimum.toLowerCase(), 4999))).toEqual({
        kind: 'minimum-spend',
        code: 'MIN50A',
        minSpendMinor: 5000,
      });
      const ended = await makeCode({ ends_at: clock - DAY });
      expect(await refusal(check(ended, 10000))).toEqual({ kind: 'expired', code: ended, endsAt: clock - DAY });
      // Ended and under its minimum: the end is what matters (spending more would not help).
      const both = await makeCode({ ends_at: clock, min_spend_minor: 5000 });
      expect(await refusal(check(both, 100))).toMatchObject({ kind: 'expired' });
      // No reason for the rest: unknown, switched off (even past its end), not started, used up, an empty cart.
      expect(await refusal(check('NOSUCHCODE', 10000))).toBeNull();
      expect(await refusal(check(await makeCode({ active: 0, ends_at: clock - DAY }), 10000))).toBeNull();
      expect(await refusal(check(await makeCode({ starts_at: clock + 1 }), 10000))).toBeNull();
      expect(await refusal(check(await makeCode({ max_uses: 1, uses_count: 1 }), 10000))).toBeNull();
      expect(await refusal(check(await makeCode({ min_spend_minor: 5000 }), 0))).toBeNull();
    });

    it('takes the dates as [starts_at, ends_at) and the minimum spend inclusively', async () => {
      const dated = await makeCode({ starts_at: clock, ends_at: clock + DAY });
      expect((await check(dated, 10000)).discountMinor).toBe(1000);
      const saved = clock;
      try {
        clock = saved + DAY - 1;
        expect((await check(dated, 10000)).discountMinor).toBe(1000);
        clock = saved + DAY;
        await expectInvalid(check(dated, 10000));
        clock = saved - 1;
        await expectInvalid(check(dated, 10000));
      } finally {
        clock = saved;
      }
      const minimum = await makeCode({ min_spend_minor: 5000 });
      expect((await check(minimum, 5000)).discountMinor).toBe(500);
    });
  });

  describe('recordUse', () => {
    it('lets exactly max_uses of 20 concurrent orders through, each in its own transaction', async () => {
      const code = await makeCode({ max_uses: 5 });
      const discount = await check(code, 10000);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => record(discount, orderRef(), `user:${1000 + i}`)),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ statusCode: 400 });
      expect((await codeRow(code)).uses_count).toBe(5);
      expect(await liveUses(code)).toBe(5);
      await expectInvalid(check(code, 10000));
    });

    it('lets one customer through max_uses_per_customer times however many orders race', async () => {
      const code = await makeCode({ max_uses_per_customer: 2 });
      const discount = await check(code, 10000, 'email:sam@example.com');
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => record(discount, orderRef(), 'email:sam@example.com')),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      expect((await codeRow(code)).uses_count).toBe(2);
      expect(await liveUses(code)).toBe(2);
      // Another customer is not held back by Sam's uses.
      await record(discount, orderRef(), 'email:kim@example.com');
      expect((await codeRow(code)).uses_count).toBe(3);
    });

    it('leaves nothing behind when refused, even if the caller goes on and commits', async () => {
      const code = await makeCode({ max_uses_per_customer: 1 });
      const discount = await check(code, 10000);
      await record(discount, orderRef(), 'user:1');
      await inTransaction(ctx, async (tx) => {
        await expectInvalid(promotions.recordUse(tx, discount, orderRef(), 'user:1'));
      });
      expect((await codeRow(code)).uses_count).toBe(1);
      expect(await liveUses(code)).toBe(1);
    });

    it('refuses a code switched off or ended since it was checked', async () => {
      const code = await makeCode({ ends_at: clock + DAY });
      const discount = await check(code, 10000);
      const saved = clock;
      try {
        clock = saved + DAY;
        await expectInvalid(record(discount, orderRef(), 'user:1'));
      } finally {
        clock = saved;
      }
      await ctx.db.updateTable('discount_codes').set({ active: 0 }).where('code', '=', code).execute();
      await expectInvalid(record(discount, orderRef(), 'user:1'));
      expect((await codeRow(code)).uses_count).toBe(0);
    });

    it('counts one order once when it records its use again', async () => {
      const code = await makeCode({ max_uses: 3 });
      const discount = await check(code, 10000);
      const ref = orderRef();
      await record(discount, ref, 'user:1');
      await record(discount, ref, 'user:1');
      expect((await codeRow(code)).uses_count).toBe(1);
      expect(await liveUses(code)).toBe(1);
    });
  });

  describe('releaseUse', () => {
    it('gives a use back overall and to the customer, once however often it is called', async () => {
      const code = await makeCode({ max_uses: 2, max_uses_per_customer: 1 });
      const discount = await check(code, 10000);
      const first = orderRef();
      await record(discount, first, 'user:1');
      await record(discount, orderRef(), 'user:2');
      await expectInvalid(check(code, 10000));
      await expectInvalid(record(discount, orderRef(), 'user:3'));

      await inTransaction(ctx, (tx) => promotions.releaseUse(tx, first));
      expect((await codeRow(code)).uses_count).toBe(1);
      await inTransaction(ctx, (tx) => promotions.releaseUse(tx, first));
      await Promise.all([1, 2, 3].map(() => inTransaction(ctx, (tx) => promotions.releaseUse(tx, first))));
      expect((await codeRow(code)).uses_count).toBe(1);
      expect(await liveUses(code)).toBe(1);

      // user:1 may use it again (their use no longer counts), and the freed place is taken.
      expect((await check(code, 10000, 'user:1')).discountMinor).toBe(1000);
      await record(discount, orderRef(), 'user:1');
      expect((await codeRow(code)).uses_count).toBe(2);
      await expectInvalid(check(code, 10000));
    });

    it('lets a released order record its use again', async () => {
      const code = await makeCode({ max_uses: 1 });
      const discount = await check(code, 10000);
      const ref = orderRef();
      await record(discount, ref, 'user:1');
      await inTransaction(ctx, (tx) => promotions.releaseUse(tx, ref));
      await record(discount, ref, 'user:1');
      expect((await codeRow(code)).uses_count).toBe(1);
      expect(await liveUses(code)).toBe(1);
    });

    it('does nothing for an order that used no code', async () => {
      await inTransaction(ctx, (tx) => promotions.releaseUse(tx, 'ORD-NO-CODE'));
    });
  });

  describe('demo seed', () => {
    it('replaces every code with the demo codes of both regions', async () => {
      await seedPromotions(database.handle, [], 1);
      const au = await promotions.listCodes({ ...ctx, region: 'AU' });
      const uk = await promotions.listCodes({ ...ctx, region: 'UK' });
      const demo = demoDiscountCodes(Date.now());
      expect(au.map((c) => c.code)).toEqual(demo.AU.map((c) => c.code).sort());
      expect(uk.map((c) => c.code)).toEqual(demo.UK.map((c) => c.code).sort());

      const live = new PromotionsService();
      const at = (region: 'AU' | 'UK', code: string, subtotalMinor: number, customerKey: string | null = null) =>
        live.check({ ...ctx, region }, code, { subtotalMinor, customerKey });
      expect((await at('AU', 'save10', 5000)).discountMinor).toBe(500);
      await expectInvalid(at('AU', 'SAVE10', 4999));
      expect((await at('AU', 'TAKE20', 15000)).discountMinor).toBe(2000);
      await expectInvalid(at('AU', 'TAKE20', 14999));
      await expectInvalid(at('AU', 'TAKE15', 20000));
      expect((await at('UK', 'TAKE15', 12000)).discountMinor).toBe(1500);
      await expectInvalid(at('AU', 'EXPIRED1', 10000));
      await expectInvalid(at('UK', 'EXPIRED1', 10000));
      const welcome = await at('UK', 'WELCOME5', 3000, 'email:pat@example.com');
      expect(welcome.discountMinor).toBe(150);
      await inTransaction(ctx, (tx) => live.recordUse(tx, welcome, 'ORD-SEED-1', 'email:pat@example.com'));
      await expectInvalid(at('UK', 'WELCOME5', 3000, 'email:pat@example.com'));
      expect(normalizeDiscountCode(' first50 ')).toBe('FIRST50');
      expect((await at('AU', 'FIRST50', 10000)).discountMinor).toBe(1500);
    });
  });
});
