import { DIGEST_MAX_ITEMS, SearchResultsQuerySchema } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { productUrl } from '../catalogue/catalogue.mapper.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { SearchService } from '../search/search.service.js';
import { DigestRepository, type DigestSearchRow } from './digest.repository.js';
import type { DigestLinks } from './digest-links.js';
import { type DigestItem, renderDigestMail } from './digest-mail.js';
import { DIGEST_CADENCES, DIGEST_SEND_JOB, digestPeriodStart } from './digest-schedule.js';

/** One search's digest for one period: what the send job carries. */
export interface DigestJob {
  searchId: number;
  frequency: number;
  /** The period's start (epoch ms): the digest lists what is new up to here, and the mark moves here. */
  periodStart: number;
}

export type DigestOutcome =
  /** One mail queued, the mark moved in the same transaction. */
  | { kind: 'sent'; items: number; total: number; mailId: number }
  /** Nothing new: no mail; the mark still moved to the period's start. */
  | { kind: 'nothing-new' }
  /** No such search (deleted), or another region's. */
  | { kind: 'missing' }
  /** Never, or the frequency changed since the job was queued: nothing sent, nothing moved. */
  | { kind: 'not-due' }
  /** This period was done already (a repeated job, a restart): nothing sent. */
  | { kind: 'done' }
  /** Another worker moved the mark first and sent it: this one sent nothing. */
  | { kind: 'lost-race' };

export interface DigestDeps {
  search: SearchService;
  catalogue: CatalogueService;
  mail: MailService;
  jobs: JobsService;
  links: DigestLinks;
  /** The region's time zone (Australia/Sydney, Europe/London): periods start at its local times. */
  timeZone: string;
  now: () => number;
  /** Whether the region offers saved searches now (the site's SavedSearchesEnabled); off: no digests go. */
  offered?: (ctx: Ctx) => Promise<boolean>;
}

/** A stored query string as the search route would read it (a key given twice is one comma-joined value). */
export function parseSavedQuery(searchUrl: string) {
  const params = new URLSearchParams(searchUrl.replace(/^\?/, ''));
  const raw: Record<string, string> = {};
  for (const key of new Set(params.keys())) raw[key] = params.getAll(key).join(',');
  return SearchResultsQuerySchema.safeParse(raw);
}

/**
 * Saved-search alerts ("digests"): each due search is e-mailed the items listed, or reduced in price,
 * since its last alert that its search finds, found by the search page's own engine and filters.
 *
 * Exactly once per search and period, however often it runs:
 * 1. the run job (one per frequency, in the region's local time) works out the period's start from
 *    the clock alone and queues one send job per search keyed `digest:{id}:{periodStart}` (a key
 *    exists once, so a repeated or concurrent run queues nothing new);
 * 2. the send job reads the search's mark (`alert_since`), finds what is new in (mark, periodStart]
 *    outside any transaction (the search index is in memory), then in ONE transaction moves the mark
 *    to periodStart with a conditional write on the mark it read and queues the mail: a second
 *    worker's write matches no row and it rolls back, so the mail is queued once;
 * 3. nothing new: no mail, and the mark still moves to the period's start (the next digest looks at
 *    its own period only; an item that did not match then is not new later unless it is reduced).
 */
export class DigestService {
  private readonly repository = new DigestRepository();

  constructor(private readonly deps: DigestDeps) {}

  /** The run job of one frequency: queues the period's send job for each search with that frequency. */
  async queueDue(ctx: Ctx, frequency: number): Promise<{ periodStart: number; queued: number }> {
    if (!DIGEST_CADENCES[frequency]) return { periodStart: 0, queued: 0 };
    if (this.deps.offered && !(await this.deps.offered(ctx))) return { periodStart: 0, queued: 0 };
    const periodStart = digestPeriodStart(frequency, this.deps.timeZone, this.deps.now());
    let queued = 0;
    for (const searchId of await this.repository.idsWithFrequency(ctx, ctx.region, frequency)) {
      const payload: DigestJob = { searchId, frequency, periodStart };
      const job = await this.deps.jobs.enqueue(ctx, {
        type: DIGEST_SEND_JOB,
        key: `digest:${searchId}:${new Date(periodStart).toISOString()}`,
        payload,
      });
      if (job.created) queued++;
    }
    return { periodStart, queued };
  }

  /** The send job: one search's digest for one period (see the class comment for why it is once). */
  async send(ctx: Ctx, job: DigestJob): Promise<DigestOutcome> {
    const search = await this.repository.find(ctx, job.searchId);
    if (!search || search.region !== ctx.region) return { kind: 'missing' };
    if (search.frequency === 0 || search.frequency !== job.frequency) return { kind: 'not-due' };
    const since = Number(search.alert_since);
    if (since >= job.periodStart) return { kind: 'done' };

    const items = await this.newMatches(ctx, search, since, job.periodStart);
    return inTransaction(ctx, async (tx) => {
      if (!(await this.repository.advanceMark(tx, search.id, search.frequency, since, job.periodStart)))
        return { kind: 'lost-race' } as const;
      if (items.total === 0) return { kind: 'nothing-new' } as const;
      const unsubscribeUrl = this.deps.links.unsubscribeUrl(search.id);
      const rendered = renderDigestMail({
        region: tx.region,
        searchName: search.name,
        items: items.shown,
        total: items.total,
        resultsUrl: this.deps.links.absolute(`/search-results?${search.search_url.replace(/^\?/, '')}`),
        unsubscribeUrl,
        manageUrl: this.deps.links.absolute('/my-account/saved-searches'),
      });
      const mailId = await this.deps.mail.queue(tx, {
        to: search.email,
        ...rendered,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return { kind: 'sent', items: items.shown.length, total: items.total, mailId } as const;
    });
  }

  /** The items of (since, until] the search finds, newest change first, at most DIGEST_MAX_ITEMS shown. */
  private async newMatches(
    ctx: Ctx,
    search: DigestSearchRow,
    since: number,
    until: number,
  ): Promise<{ total: number; shown: DigestItem[] }> {
    const query = parseSavedQuery(search.search_url);
    // A stored query the search page could not run finds nothing (the mark still moves).
    if (!query.success) return { total: 0, shown: [] };
    const sinceIso = new Date(since).toISOString();
    const untilIso = new Date(until).toISOString();
    const changed = await this.deps.catalogue.listedOrReducedBetween(ctx, sinceIso, untilIso);
    if (changed.length === 0) return { total: 0, shown: [] };
    const changedAt = new Map(changed.map((c) => [c.id, c.changedAt]));
    const found = await this.deps.search.matchesAmong(
      ctx,
      query.data,
      changed.map((c) => c.id),
    );
    // Newest change first; ties keep the search's own order (the sort is stable).
    const ordered = [...found].sort((a, b) => (changedAt.get(b) ?? '').localeCompare(changedAt.get(a) ?? ''));
    const items = new Map(
      (await this.deps.catalogue.items(ctx, ordered.slice(0, DIGEST_MAX_ITEMS))).map((item) => [item.id, item]),
    );
    const shown = ordered.slice(0, DIGEST_MAX_ITEMS).flatMap((id): DigestItem[] => {
      const item = items.get(id);
      if (!item) return [];
      const reducedHere =
        item.priceReducedAt !== null && item.priceReducedAt > sinceIso && item.priceReducedAt <= untilIso;
      return [
        {
          code: item.code,
          title: item.title,
          storeName: item.storeName,
          priceMinor: item.priceMinor,
          wasMinor: reducedHere ? item.priceBeforeReductionMinor : null,
          url: this.deps.links.absolute(productUrl(item.code, item.slug)),
          imageUrl:
            item.pictureCount > 0 ? this.deps.links.absolute(`/c3api/images/product/${item.code}/1?w=300`) : null,
        },
      ];
    });
    return { total: found.length, shown };
  }

  /**
   * The one-click unsubscribe: a token we signed names the search, whose frequency becomes Never.
   * Null when the token is bad or its search is gone (or another region's).
   */
  async unsubscribe(ctx: Ctx, token: unknown): Promise<{ name: string } | null> {
    const id = this.deps.links.searchIdOf(token);
    if (id === null) return null;
    const search = await this.repository.find(ctx, id);
    if (!search || search.region !== ctx.region) return null;
    await inTransaction(ctx, (tx) => this.repository.setNever(tx, id, this.deps.now()));
    return { name: search.name };
  }

  /** Whether a token is ours and its search exists (the confirmation page). */
  async searchForToken(ctx: Ctx, token: unknown): Promise<{ name: string; frequency: number } | null> {
    const id = this.deps.links.searchIdOf(token);
    if (id === null) return null;
    const search = await this.repository.find(ctx, id);
    return search && search.region === ctx.region ? { name: search.name, frequency: search.frequency } : null;
  }
}
