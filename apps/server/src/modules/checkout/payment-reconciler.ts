import type { Ctx } from '../../lib/context.js';
import type { OrderLinks } from '../orders/order-links.js';
import type { OrdersService } from '../orders/orders.service.js';
import { attemptContext } from '../orders/refunds.js';
import type { PaymentOptionName } from '../payments/payment-provider.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { Clock } from '../sessions/sessions.service.js';
import type { FinishPaymentFlow } from './finish-payment.flow.js';

export interface ReconcilerDependencies {
  payments: PaymentsService;
  orders: OrdersService;
  finish: FinishPaymentFlow;
  links: OrderLinks;
  publicUrl: string;
  now: Clock;
  /** How long an attempt may stay open before the provider is asked about it. */
  afterMs: number;
  /** How long after a cancel the provider is asked once more (providers that take money on their own page). */
  lateCheckAfterMs: number;
}

/** A cancelled attempt is looked at once, within this long of being cancelled (older ones are left). */
const LATE_CHECK_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * So no shopper is charged without an order: every attempt still open a few minutes after it was
 * last touched is settled by asking its provider (never the browser). Paid ones finish like any
 * other (FinishPaymentFlow: an order, or a refund when the items are gone); declined ones release
 * their holds; ones the provider still calls pending are left until their hold runs out, then
 * cancelled at the provider and here. A provider that cannot be reached is asked again next run.
 * Where the money moves on the provider's own page (Eway, Global Payments), a shopper may still pay
 * in a stale tab after the attempt was cancelled: each cancelled attempt is asked about once more,
 * an hour later, and a payment found then finishes like any late one (the order revived, or refunded).
 */
export class PaymentReconciler {
  constructor(private readonly deps: ReconcilerDependencies) {}

  /** One pass over what is due; answers how many attempts reached a final state (or were found paid late). */
  async run(ctx: Ctx): Promise<number> {
    return (await this.settleOpen(ctx)) + (await this.lateCheck(ctx));
  }

  /** Cancelled attempts of providers that take money on their own page, asked once more. */
  private async lateCheck(ctx: Ctx): Promise<number> {
    const { deps } = this;
    const now = deps.now();
    const names = deps.payments
      .configuredProviders()
      .filter((p) => p.paysOnItsOwnPage)
      .map((p) => p.name);
    const to = now - deps.lateCheckAfterMs;
    const due = await deps.payments.closedAttemptsUnchecked(ctx, names, to - LATE_CHECK_WINDOW_MS, to);
    let found = 0;
    for (const attempt of due) {
      const order = await deps.orders.byId(ctx, attempt.order_id);
      if (!order || order.region !== ctx.region) continue;
      const provider = deps.payments.provider(attempt.provider as PaymentOptionName);
      let verdict: Awaited<ReturnType<typeof provider.reconcile>>;
      try {
        verdict = await provider.reconcile(ctx, attemptContext(attempt, order, deps.publicUrl));
      } catch (error) {
        // Not marked as checked: asked again next run.
        await deps.payments.record(ctx, attempt.id, 'error', { during: 'late-check', message: messageOf(error) }, now);
        continue;
      }
      await deps.payments.record(ctx, attempt.id, 'late-check', { verdict }, now);
      if (verdict !== 'succeeded') continue;
      const outcome = await deps.finish.finish(ctx, attempt.tracking_number, 'succeeded', 'reconciler', { late: true });
      if (outcome.kind === 'paid' || outcome.kind === 'refunded') found++;
    }
    return found;
  }

  private async settleOpen(ctx: Ctx): Promise<number> {
    const { deps } = this;
    const now = deps.now();
    const due = await deps.payments.openAttemptsBefore(ctx, now - deps.afterMs, 50);
    let settled = 0;
    for (const attempt of due) {
      const order = await deps.orders.byId(ctx, attempt.order_id);
      if (!order || order.region !== ctx.region) continue;
      let provider: ReturnType<PaymentsService['provider']>;
      try {
        provider = deps.payments.provider(attempt.provider as PaymentOptionName);
      } catch {
        // The provider is not configured on this instance: leave the attempt to one that has it.
        await deps.payments.touch(ctx, attempt.id, now);
        continue;
      }
      const context = attemptContext(attempt, order, deps.publicUrl);
      let verdict: Awaited<ReturnType<typeof provider.reconcile>>;
      try {
        verdict = await provider.reconcile(ctx, context);
      } catch (error) {
        await deps.payments.record(ctx, attempt.id, 'error', { during: 'reconcile', message: messageOf(error) }, now);
        await deps.payments.touch(ctx, attempt.id, now);
        continue;
      }
      await deps.payments.record(ctx, attempt.id, 'reconcile', { verdict }, now);
      if (verdict === 'pending') {
        if (Number(order.hold_expires_at) > now) {
          await deps.payments.touch(ctx, attempt.id, now);
          continue;
        }
        // Abandoned: the shopper never paid and the hold is over.
        try {
          await provider.cancel(ctx, context);
        } catch {
          // Nothing was taken; a provider-side session simply lapses.
        }
        const outcome = await deps.finish.finish(ctx, attempt.tracking_number, 'cancelled', 'reconciler');
        if (outcome.kind !== 'already-final') settled++;
        continue;
      }
      const outcome = await deps.finish.finish(ctx, attempt.tracking_number, verdict, 'reconciler');
      if (outcome.kind !== 'already-final' && outcome.kind !== 'pending') settled++;
    }
    return settled;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
