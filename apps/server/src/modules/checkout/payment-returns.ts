import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Order } from '../orders/orders.service.js';
import {
  type AttemptContext,
  type PaymentOptionName,
  type PaymentProvider,
  type ProviderMessage,
  type ProviderWord,
  verdictOf,
} from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import type { FinishOutcome, FinishPaymentFlow, FinishSource } from './finish-payment.flow.js';

export interface PaymentReturnDependencies {
  payments: PaymentsService;
  finishPayment: FinishPaymentFlow;
  now?: () => number;
}

/** An attempt of one provider with its order and what the provider needs to know of it. */
export interface FoundAttempt {
  attempt: PaymentAttempt;
  order: Order;
  context: AttemptContext;
}

/** What a provider's message came to. */
export type Received =
  /** It names no attempt of ours (or one of another provider's, region or shopper). */
  | { kind: 'unknown' }
  /** Not genuine or not the attempt's own: recorded, nothing changed. */
  | { kind: 'rejected'; found: FoundAttempt; word: ProviderWord }
  /** Finished through FinishPaymentFlow (one conditional write: repeats and races change nothing twice). */
  | { kind: 'finished'; found: FoundAttempt; word: ProviderWord; outcome: FinishOutcome };

/**
 * The one way a provider's word reaches an order, whichever provider it is: the provider's
 * routes (`<provider>-payment.routes.ts`) parse HTTP and shape their answers; this finds the
 * attempt, lets the provider decode its message or its current word behind the port
 * (PaymentProvider.interpret / inquire: never an adapter's own type), records a rejection and
 * finishes the rest through FinishPaymentFlow. No provider is called inside a transaction.
 */
export class PaymentReturns {
  private readonly now: () => number;

  constructor(private readonly deps: PaymentReturnDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /** The provider when this shop offers it; otherwise every call is a 404 with `notOffered`. */
  provider(name: PaymentOptionName, notOffered: string): PaymentProvider {
    const provider = this.deps.payments.offered(name);
    if (!provider) throw new NotFoundError(notOffered);
    return provider;
  }

  /**
   * The provider's attempt a tracking number names: for the browser that placed it (`viewer`), or
   * for anyone (a provider's server); any other, or another provider's, is 404 'No such payment'.
   */
  async attempt(ctx: Ctx, name: PaymentOptionName, trackingNumber: string, viewer: boolean): Promise<FoundAttempt> {
    const found = await this.anyAttempt(ctx, trackingNumber, viewer);
    if (found.attempt.provider !== name) throw new NotFoundError('No such payment');
    return found;
  }

  /** The same whichever provider it is (the caller checks it is its own). */
  anyAttempt(ctx: Ctx, trackingNumber: string, viewer: boolean): Promise<FoundAttempt> {
    return viewer
      ? this.deps.finishPayment.attemptForViewer(ctx, trackingNumber)
      : this.deps.finishPayment.attemptFor(ctx, trackingNumber);
  }

  /**
   * A provider's notification (or a return that carries its signed result): decoded by the
   * provider, then the attempt it names is finished with that word. A rejection is recorded as
   * an 'error' event `during` this call.
   */
  async receive(
    ctx: Ctx,
    provider: PaymentProvider,
    message: ProviderMessage,
    options: { source: FinishSource; during: string },
  ): Promise<Received> {
    if (!provider.trackingNumberOf || !provider.interpret) return { kind: 'unknown' };
    let found: FoundAttempt;
    try {
      found = await this.attempt(ctx, provider.name, provider.trackingNumberOf(message) ?? '', false);
    } catch (error) {
      if (error instanceof NotFoundError) return { kind: 'unknown' };
      throw error;
    }
    const word = await provider.interpret(ctx, found.context, message);
    if (word.action === 'rejected') {
      await this.record(ctx, found.attempt, 'error', { during: options.during, ...word.detail });
      return { kind: 'rejected', found, word };
    }
    const outcome = await this.finish(ctx, found, word, options.source);
    return { kind: 'finished', found, word, outcome };
  }

  /**
   * The browser back from the provider's page for a known attempt: the provider decodes what it
   * brought (asking the provider, capturing where that is how its payments end). A rejection is
   * recorded as an 'error' event `during` this call; nothing is finished here (see finish).
   */
  async interpret(
    ctx: Ctx,
    provider: PaymentProvider,
    found: FoundAttempt,
    message: ProviderMessage,
    during: string,
  ): Promise<ProviderWord> {
    if (!provider.interpret) throw new Error(`${provider.name} decodes no return`);
    const word = await provider.interpret(ctx, found.context, message);
    if (word.action === 'rejected') await this.record(ctx, found.attempt, 'error', { during, ...word.detail });
    else if (word.refusal !== undefined)
      await this.record(ctx, found.attempt, 'error', { during, message: word.refusal });
    return word;
  }

  /**
   * Asks the provider for its current word on an attempt and finishes it with that; null when the
   * provider cannot be asked now or has not seen the payment (the attempt stays as it is).
   */
  async inquire(
    ctx: Ctx,
    provider: PaymentProvider,
    found: FoundAttempt,
    source: FinishSource,
  ): Promise<{ word: ProviderWord; outcome: FinishOutcome } | null> {
    const word = provider.inquire ? await provider.inquire(ctx, found.context) : null;
    if (word === null || word.action === 'rejected' || word.action === 'not_supported') return null;
    return { word, outcome: await this.finish(ctx, found, word, source) };
  }

  /** The shopper left the provider's page: the attempt ends cancelled (unless it was final already). */
  cancelled(ctx: Ctx, found: FoundAttempt, detail: Record<string, unknown>): Promise<FinishOutcome> {
    return this.deps.finishPayment.finish(ctx, found.attempt.tracking_number, 'cancelled', 'browser', detail);
  }

  /** Where a payment's end sends the caller (FinishPaymentFlow.landingPath). */
  landingPath(ctx: Ctx, found: FoundAttempt): Promise<string> {
    return this.deps.finishPayment.landingPath(ctx, found.order);
  }

  /** The attempt's recorded events, oldest first. */
  events(ctx: Ctx, attempt: PaymentAttempt) {
    return this.deps.payments.events(ctx, attempt.id);
  }

  /** The error key the attempt's last decline was recorded with, or null. */
  async lastErrorKey(ctx: Ctx, attempt: PaymentAttempt): Promise<string | null> {
    const events = await this.deps.payments.events(ctx, attempt.id);
    for (const event of [...events].reverse()) {
      const detail = JSON.parse(event.detail) as { errorKey?: unknown };
      if (typeof detail.errorKey === 'string') return detail.errorKey;
    }
    return null;
  }

  record(ctx: Ctx, attempt: PaymentAttempt, kind: 'error' | 'cancel' | 'refund', detail: object): Promise<void> {
    return this.deps.payments.record(ctx, attempt.id, kind, detail, this.now());
  }

  /** Finishes the attempt with a provider's (not rejected) word, through FinishPaymentFlow. */
  finish(ctx: Ctx, found: FoundAttempt, word: ProviderWord, source: FinishSource): Promise<FinishOutcome> {
    if (word.action === 'rejected' || word.action === 'not_supported')
      throw new Error(`a ${word.action} word finishes nothing`);
    return this.deps.finishPayment.finish(
      ctx,
      found.attempt.tracking_number,
      verdictOf(word.action),
      source,
      word.detail,
    );
  }
}

/** Whether the attempt ended paid: finished now, or by whoever came first. */
export function paid(outcome: FinishOutcome): boolean {
  return outcome.kind === 'paid' || (outcome.kind === 'already-final' && outcome.status === 'succeeded');
}
