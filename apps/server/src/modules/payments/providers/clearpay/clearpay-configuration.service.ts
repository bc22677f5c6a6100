import type { Region } from '@shop/contract';
import type { DbCtx } from '../../../../lib/context.js';
import { clearpayAmountMessage } from './clearpay.protocol.js';
import { ClearpayConfigurationRepository, type StoredRange } from './clearpay-configuration.repository.js';

/** What the configuration call gives, in minor units. */
export interface ConfigurationSource {
  configuration(): Promise<{ range: { minimumMinor: number; maximumMinor: number } }>;
}

/** The option's limits as PaymentsService reads them (AmountLimitsSource). */
export interface ClearpayLimits {
  minMinor: number;
  maxMinor: number;
  message: string;
  /** When the range was read from Clearpay; null: the defaults, never read yet. */
  fetchedAt: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often an instance re-reads the shared row (another instance's job may have refreshed it). */
const RELOAD_MS = 5 * 60 * 1000;
/** Clearpay's usual UK range, used until the configuration call has answered once. */
export const CLEARPAY_DEFAULT_RANGE = { minimumMinor: 100, maximumMinor: 120_000 };

/**
 * Clearpay's configured order range (checkout.md section 4: "Clearpay is disabled by its
 * configuration"): read from Clearpay by the daily job or on first use, stored in the database so
 * every instance shares it, and kept in memory so the option rules (synchronous) can read it. The
 * memory copy is re-read from the database every few minutes in the background; Clearpay is asked
 * again only when the stored range is a day old. Never called inside a transaction.
 */
export class ClearpayConfigurationService {
  private readonly repository = new ClearpayConfigurationRepository();
  private cached: StoredRange | null = null;
  private loadedAt = 0;
  private lastCtx: DbCtx | null = null;
  private loading: Promise<unknown> | null = null;

  constructor(
    private readonly source: ConfigurationSource,
    private readonly region: Region,
    private readonly now: () => number = Date.now,
  ) {}

  /** The limits now (synchronous): the stored range, or the defaults until it is known. */
  current(): ClearpayLimits {
    if (this.lastCtx && this.now() - this.loadedAt > RELOAD_MS && !this.loading) {
      const ctx = this.lastCtx;
      this.loading = this.ensure(ctx)
        .catch(() => undefined)
        .finally(() => {
          this.loading = null;
        });
    }
    const range = this.cached ?? CLEARPAY_DEFAULT_RANGE;
    return {
      minMinor: range.minimumMinor,
      maxMinor: range.maximumMinor,
      message: clearpayAmountMessage(range.minimumMinor, range.maximumMinor),
      fetchedAt: this.cached?.fetchedAt ?? null,
    };
  }

  /** First use: the stored range, read from Clearpay when there is none or it is a day old. */
  async ensure(ctx: DbCtx): Promise<ClearpayLimits> {
    this.lastCtx = ctx;
    const stored = await this.repository.find(ctx, this.region);
    this.loadedAt = this.now();
    if (stored) this.cached = stored;
    if (!stored || this.now() - stored.fetchedAt >= DAY_MS) {
      try {
        await this.refresh(ctx);
      } catch (error) {
        // Clearpay unreachable: keep what we had (or the defaults) and try again on the next use.
        // (the error is the next caller's to see in the request log of the job)
        void error;
      }
    }
    return this.current();
  }

  /** The daily job: asks Clearpay and stores the answer. */
  async refresh(ctx: DbCtx): Promise<ClearpayLimits> {
    this.lastCtx = ctx;
    const { range } = await this.source.configuration();
    const stored = { minimumMinor: range.minimumMinor, maximumMinor: range.maximumMinor, fetchedAt: this.now() };
    await this.repository.save(ctx, this.region, stored);
    this.cached = stored;
    this.loadedAt = this.now();
    return this.current();
  }
}
