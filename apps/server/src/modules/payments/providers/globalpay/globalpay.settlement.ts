import type { Ctx } from '../../../../lib/context.js';
import type { JobsService } from '../../../jobs/jobs.service.js';
import type { PaymentAttempt, PaymentsService } from '../../payments.service.js';
import { GlobalPayProvider } from './globalpay.adapter.js';
import { GlobalPayRepository } from './globalpay.repository.js';

/** One job type: with a tracking number it settles that payment; without one (the schedule) it sweeps. */
export const GLOBALPAY_SETTLE_JOB = 'payments.globalpay-settle';
/** Attempts paid this recently are swept (the reconciler or a lost enqueue may have left one unsettled). */
const SWEEP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

export interface GlobalPaySettlementDependencies {
  payments: PaymentsService;
  /**
   * The attempt behind a tracking number, this region's only (checkout's FinishPaymentFlow.attemptFor
   * is passed in: the flow that finishes payments lives above this module).
   */
  finishPayment: { attemptFor(ctx: Ctx, trackingNumber: string): Promise<{ attempt: PaymentAttempt }> };
  jobs: Pick<JobsService, 'enqueue'>;
  now?: () => number;
}

/** Queues the settlement of one paid attempt, once (the job key): repeats and races add nothing. */
export async function queueGlobalPaySettle(
  ctx: Ctx,
  jobs: Pick<JobsService, 'enqueue'>,
  trackingNumber: string,
): Promise<void> {
  await jobs.enqueue(ctx, {
    type: GLOBALPAY_SETTLE_JOB,
    key: `${GLOBALPAY_SETTLE_JOB}:${trackingNumber}`,
    payload: { trackingNumber },
    maxAttempts: 12,
  });
}

/**
 * Auto-settle is off (checkout.md 9): a paid attempt's authorisation is settled here, after the order is
 * confirmed. The provider is asked first, so a repeat (or a settle whose answer was lost) does nothing twice;
 * `alreadyDone` counts as done. A network failure throws: the job worker retries with back-off. Recorded.
 */
export async function runGlobalPaySettle(
  ctx: Ctx,
  deps: GlobalPaySettlementDependencies,
  payload: unknown,
): Promise<void> {
  const trackingNumber =
    payload && typeof payload === 'object' && 'trackingNumber' in payload ? String(payload.trackingNumber) : null;
  const now = deps.now ?? Date.now;
  if (!trackingNumber) {
    const paid = await new GlobalPayRepository().paidSince(ctx, now() - SWEEP_WINDOW_MS);
    for (const tn of paid) await queueGlobalPaySettle(ctx, deps.jobs, tn);
    return;
  }
  const provider = globalPayOf(deps.payments);
  if (!provider) return;
  const { attempt } = await deps.finishPayment.attemptFor(ctx, trackingNumber);
  if (attempt.status !== 'succeeded') return;
  const q = await provider.query(trackingNumber);
  if (!q.found || q.verdict !== 'succeeded' || q.settled) return;
  const done = await provider.settle({
    orderId: trackingNumber,
    pasref: q.pasref,
    amountMinor: attempt.amount_minor,
    currency: attempt.currency,
  });
  await deps.payments.record(
    ctx,
    attempt.id,
    'reconcile',
    { op: 'settle', ok: true, alreadyDone: done.alreadyDone, pasref: done.pasref },
    now(),
  );
}

/** The configured GlobalPay adapter, or null when this instance does not offer it. */
export function globalPayOf(payments: PaymentsService): GlobalPayProvider | null {
  try {
    const provider = payments.provider('GlobalPay');
    return provider instanceof GlobalPayProvider ? provider : null;
  } catch {
    return null;
  }
}
