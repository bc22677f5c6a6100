import { CHECKOUT_ERROR_MESSAGE, PAYMENT_NOT_OPEN_MESSAGE } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { HttpError } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import { describeOrderFor } from '../orders/payment-description.js';
import {
  PaymentAlreadyTakenError,
  type PaymentOptionName,
  ProviderRefusalError,
  ProviderUnavailableError,
} from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import type { Clock } from '../sessions/sessions.service.js';
import type { FinishOutcome, FinishPaymentFlow } from './finish-payment.flow.js';

const OPEN: PaymentAttempt['status'][] = ['pending', 'authorised'];

export interface UnfinishedPaymentDependencies {
  cart: CartService;
  orders: OrdersService;
  payments: PaymentsService;
  finishPayment: FinishPaymentFlow;
  now: Clock;
  /** A resumed payment holds the items this long again (ONLINE_PAYMENT_HOLD_MINUTES). */
  onlineHoldMs: number;
  publicUrl: string;
}

/** The shopper's own payment left open (a reload, Back, or a closed tab while the provider's window was open). */
export interface UnfinishedPayment {
  trackingNumber: string;
  provider: PaymentOptionName;
  holdExpiresAt: number;
}

/** What Start again came to: the hold given back, paid after all, or not known yet (the provider could not be asked). */
export type StartAgainOutcome = { status: 'cancelled' | 'pending' } | { status: 'paid'; confirmationUrl: string };

/**
 * A payment interrupted is not an item lost. The order an online payment was started for keeps its
 * items held (other shoppers cannot take them) while its attempt is open; the cart counts them as
 * the shopper's (CartService's OwnHolds). Checkout then offers:
 * - resume: the same attempt's payment opened again at its provider (start again for the same
 *   tracking number: Eway a new access code, Global Payments the same ORDER_ID signed afresh, PayPal
 *   the same order by its request id, Clearpay a new checkout), with the hold given a fresh span;
 * - start again: the attempt cancelled at its provider through the port, then finished 'cancelled'
 *   (one conditional write: the order ends and its items are back on sale at once). A payment the
 *   provider took meanwhile finishes as paid instead. Repeats change nothing.
 * Providers are never called inside a transaction.
 */
export class UnfinishedPayments {
  constructor(private readonly deps: UnfinishedPaymentDependencies) {}

  /** The viewer's open attempt for items of their cart, or null. */
  async find(ctx: Ctx): Promise<UnfinishedPayment | null> {
    const { deps } = this;
    const cartId = await deps.cart.cartIdOf(ctx);
    if (cartId === null) return null;
    const cart = await deps.cart.query(ctx, false);
    const ids = cart.stores.flatMap((s) => s.items.map((i) => i.id));
    const userId = ctx.viewer.kind === 'customer' ? ctx.viewer.userId : null;
    const held = await deps.orders.awaitingPaymentHolding(ctx, { userId, cartId }, ids);
    if (!held) return null;
    const attempts = await deps.payments.attemptsFor(ctx, held.order.id);
    const open = attempts.filter((a) => OPEN.includes(a.status) && a.provider !== 'Generic').at(-1);
    if (!open) return null;
    return {
      trackingNumber: open.tracking_number,
      provider: open.provider as PaymentOptionName,
      holdExpiresAt: Number(held.order.hold_expires_at),
    };
  }

  /** The items of the viewer's own order awaiting payment (the cart's OwnHolds). */
  async ownHolds(ctx: Ctx, cartId: number, productIds: number[]): Promise<Set<number>> {
    const userId = ctx.viewer.kind === 'customer' ? ctx.viewer.userId : null;
    const held = await this.deps.orders.awaitingPaymentHolding(ctx, { userId, cartId }, productIds);
    return new Set(held?.productIds.filter((id) => productIds.includes(id)) ?? []);
  }

  /**
   * Opens the attempt's payment again: what the provider's page needs (with TrackingNumber), or
   * `ConfirmationUrl` when it was paid meanwhile (the provider is asked first). 409 when the attempt has ended; 502 when the
   * provider cannot start now (the hold stays: the shopper may try again or start again).
   */
  async resume(ctx: Ctx, trackingNumber: string): Promise<Record<string, unknown>> {
    const { deps } = this;
    const found = await deps.finishPayment.attemptForViewer(ctx, trackingNumber);
    const { attempt, order } = found;
    if (attempt.status === 'succeeded') return { ConfirmationUrl: await deps.finishPayment.landingPath(ctx, order) };
    if (!OPEN.includes(attempt.status) || attempt.provider === 'Generic')
      throw new HttpError(409, PAYMENT_NOT_OPEN_MESSAGE);
    const provider = deps.payments.provider(attempt.provider as PaymentOptionName);
    // Paid (or declined) in the window that was interrupted: that word finishes it, never a second payment.
    const verdict = await provider.reconcile(ctx, found.context).catch(() => 'pending' as const);
    if (verdict !== 'pending') {
      const outcome = outcomeOf(
        await deps.finishPayment.finish(ctx, trackingNumber, verdict, 'browser', { reason: 'asked before resuming' }),
      );
      if (outcome.status === 'paid') return { ConfirmationUrl: outcome.confirmationUrl };
      throw new HttpError(409, PAYMENT_NOT_OPEN_MESSAGE);
    }
    const now = deps.now();
    if (!(await deps.orders.extendHold(ctx, order.id, now + deps.onlineHoldMs, now))) {
      throw new HttpError(409, PAYMENT_NOT_OPEN_MESSAGE);
    }
    try {
      const started = await provider.start(ctx, {
        ...found.context,
        describeOrder: (c) => describeOrderFor(deps.orders)(c, found.context),
      });
      const reference = started.kind === 'page-data' ? (started.providerReference ?? null) : null;
      if (reference) await deps.payments.setProviderReference(ctx, attempt.id, reference);
      await deps.payments.record(
        ctx,
        attempt.id,
        'start',
        { ok: true, resumed: true, providerReference: reference },
        now,
      );
      await deps.payments.touch(ctx, attempt.id, now);
      const pageData = started.kind === 'page-data' ? started.value : {};
      return { ...pageData, TrackingNumber: attempt.tracking_number };
    } catch (error) {
      await deps.payments.record(
        ctx,
        attempt.id,
        'error',
        { during: 'resume', message: error instanceof Error ? error.message : String(error) },
        deps.now(),
      );
      throw new HttpError(502, CHECKOUT_ERROR_MESSAGE);
    }
  }

  /** Ends the open attempt at its provider and here, giving the hold back; idempotent. */
  async startAgain(ctx: Ctx, trackingNumber: string): Promise<StartAgainOutcome> {
    const { deps } = this;
    const found = await deps.finishPayment.attemptForViewer(ctx, trackingNumber);
    const { attempt, order, context } = found;
    if (!OPEN.includes(attempt.status)) return this.ended(ctx, attempt.status, order);
    const record = (kind: 'cancel' | 'error', detail: object) =>
      deps.payments.record(ctx, attempt.id, kind, detail, deps.now());
    const finish = (verdict: 'succeeded' | 'cancelled', detail: Record<string, unknown>) =>
      deps.finishPayment.finish(ctx, trackingNumber, verdict, 'browser', detail);
    try {
      await deps.payments.provider(attempt.provider as PaymentOptionName).cancel(ctx, context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record('error', { during: 'start again', message });
      if (error instanceof PaymentAlreadyTakenError) {
        return outcomeOf(await finish('succeeded', { ...error.detail, reason: 'paid before start again' }));
      }
      if (error instanceof ProviderRefusalError) return this.askProvider(ctx, found);
      if (error instanceof ProviderUnavailableError) return { status: 'pending' };
      throw error;
    }
    await record('cancel', { source: 'start again' });
    return outcomeOf(await finish('cancelled', { reason: 'shopper started again' }));
  }

  /** The provider refused the cancel (PayPal: captured already): its own word decides. */
  private async askProvider(
    ctx: Ctx,
    found: Awaited<ReturnType<FinishPaymentFlow['attemptForViewer']>>,
  ): Promise<StartAgainOutcome> {
    const { deps } = this;
    try {
      const verdict = await deps.payments
        .provider(found.attempt.provider as PaymentOptionName)
        .reconcile(ctx, found.context);
      if (verdict === 'pending') return { status: 'pending' };
      const outcome = await deps.finishPayment.finish(ctx, found.attempt.tracking_number, verdict, 'browser', {
        reason: 'start again refused',
      });
      return outcomeOf(outcome);
    } catch {
      return { status: 'pending' };
    }
  }

  private async ended(
    ctx: Ctx,
    status: PaymentAttempt['status'],
    order: Parameters<FinishPaymentFlow['landingPath']>[1],
  ): Promise<StartAgainOutcome> {
    if (status === 'succeeded') {
      return { status: 'paid', confirmationUrl: await this.deps.finishPayment.landingPath(ctx, order) };
    }
    return { status: 'cancelled' };
  }
}

function outcomeOf(outcome: FinishOutcome): StartAgainOutcome {
  if (outcome.kind === 'paid') return { status: 'paid', confirmationUrl: outcome.confirmationUrl };
  if (outcome.kind === 'already-final' && outcome.status === 'succeeded') {
    return { status: 'paid', confirmationUrl: outcome.confirmationUrl };
  }
  if (outcome.kind === 'pending') return { status: 'pending' };
  return { status: 'cancelled' };
}
