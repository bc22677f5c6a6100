import { createHash } from 'node:crypto';
import type { Envelope } from '@shop/contract';
import type { Ctx } from './context.js';
import { HttpError, invalidInput } from './errors.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import type { RawReply } from './route.js';

export interface IdempotencyOutcome {
  status: number;
  json?: Envelope<unknown>;
  raw?: RawReply;
  replayed?: boolean;
}

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
/** A first request that has not finished after this long is taken to have died; its key is free again. */
const STALE_AFTER_MS = 60_000;
/** Stored replies are kept a day (Stripe keeps them 24 hours). */
const KEEP_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.';
export const IDEMPOTENCY_IN_PROGRESS =
  'A request with this Idempotency-Key is still being processed. Please try again shortly.';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Idempotency-Key handling (the IETF draft's semantics, Stripe's practice): the first request with
 * a key runs and its successful reply is stored; a repeat with the same key and the same request
 * gets that reply again without running; the same key with a different request is a 422; a repeat
 * while the first is still running is a 409. A failed first request stores nothing, so it can be
 * retried. Keys are scoped to the route and the caller: one shopper's key never replays another's.
 */
export class IdempotencyStore {
  private readonly repository = new IdempotencyRepository();
  private lastSweep = 0;

  async run(
    ctx: Ctx,
    call: { key: string; scope: string; request: unknown; run: () => Promise<IdempotencyOutcome> },
  ): Promise<IdempotencyOutcome> {
    if (!KEY_SHAPE.test(call.key)) {
      throw invalidInput('Idempotency-Key', 'must be 1 to 255 visible characters');
    }
    const now = Date.now();
    if (now - this.lastSweep > 10 * 60 * 1000) {
      this.lastSweep = now;
      await this.repository.deleteOlderThan(ctx, new Date(now - KEEP_MS).toISOString());
    }
    const keyHash = sha256(`${call.scope}\n${call.key}`);
    const requestHash = sha256(canonical(call.request));
    const nowIso = new Date(now).toISOString();
    let claimed = await this.repository.claim(ctx, keyHash, requestHash, nowIso);
    if (!claimed) {
      const stored = await this.repository.find(ctx, keyHash);
      if (!stored) {
        claimed = await this.repository.claim(ctx, keyHash, requestHash, nowIso);
        if (!claimed) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
      } else {
        if (stored.request_hash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MISMATCH);
        if (stored.status !== null && stored.response !== null) {
          return { status: stored.status, json: JSON.parse(stored.response) as Envelope<unknown>, replayed: true };
        }
        const stale = new Date(now - STALE_AFTER_MS).toISOString();
        if (!(await this.repository.takeOver(ctx, keyHash, stale, nowIso))) {
          throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
        }
      }
    }
    let outcome: IdempotencyOutcome;
    try {
      outcome = await call.run();
    } catch (error) {
      await this.repository.release(ctx, keyHash);
      throw error;
    }
    if (outcome.json) await this.repository.complete(ctx, keyHash, outcome.status, JSON.stringify(outcome.json));
    else await this.repository.release(ctx, keyHash);
    return outcome;
  }
}
