import {
  AlertFrequency,
  emailField,
  emailVerificationMessage,
  REQUIRED_MESSAGE,
  SAVED_SEARCH_TITLE_MAX,
  SAVED_SEARCH_TITLE_TOO_LONG_MESSAGE,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  SAVED_SEARCHES_MAX,
  type SavedSearchAddBody,
  type SavedSearchEditBody,
  type SavedSearchListValue,
  type VerificationValue,
} from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx, CustomerViewer } from '../../lib/context.js';
import { HttpError, NotFoundError } from '../../lib/errors.js';
import type { VerificationService } from '../verification/verification.service.js';
import { verificationValue } from '../verification/verification.service.js';
import { normaliseSearchUrl } from './saved-search-url.js';
import { toSavedSearch } from './saved-searches.mapper.js';
import { SavedSearchesRepository } from './saved-searches.repository.js';

export interface SavedSearchesDependencies {
  verification: VerificationService;
  now: () => number;
}

/** What a save answers: done, or refused with the message to show and the verification outcome. */
export type SaveOutcome = { saved: true } | { saved: false; message: string; value: VerificationValue };

const NO_VERIFICATION: VerificationValue = { EmailVerificationError: null, TimeUntilUserCanReattempt: null };
const NOT_FOUND = 'No such saved search';
/** Ids are integer columns: anything outside them names no search (and must not reach PostgreSQL). */
const MAX_ID = 2_147_483_647;
const email = emailField();

/**
 * A customer's saved searches in this region. Each keeps the search exactly as the search page
 * runs it (saved-search-url.ts), its term and filter count, the alert frequency and address.
 * Saving (add, or edit) checks the form's rules (account.md section 5), then the customer's limit,
 * then that the address is verified (VerificationService: a code is sent, or checked); only then
 * is anything written. Rows are reached by owner, region and id together: another customer's id
 * reads as missing (404).
 */
export class SavedSearchesService {
  private readonly repository = new SavedSearchesRepository();

  constructor(private readonly deps: SavedSearchesDependencies) {}

  private customerOf(ctx: Ctx): CustomerViewer {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    return ctx.viewer;
  }

  async list(ctx: Ctx): Promise<SavedSearchListValue> {
    const { userId } = this.customerOf(ctx);
    const rows = await this.repository.list(ctx, userId, ctx.region);
    return { searches: rows.map(toSavedSearch), totalSearches: rows.length };
  }

  /** The overview tile's figure. */
  async count(ctx: Ctx, userId: number): Promise<number> {
    return this.repository.count(ctx, userId, ctx.region);
  }

  async add(ctx: Ctx, body: SavedSearchAddBody): Promise<SaveOutcome> {
    const { userId } = this.customerOf(ctx);
    const search = normaliseSearchUrl(body.SearchUrl);
    const fields = checkFields(body.Title, body.Email);
    if ('message' in fields) return refused(fields.message);
    if ((await this.repository.count(ctx, userId, ctx.region)) >= SAVED_SEARCHES_MAX)
      return refused(SAVED_SEARCHES_LIMIT_MESSAGE);
    const verified = await this.verify(ctx, userId, fields.email, body.VerificationCode);
    if (verified) return verified;
    const now = this.deps.now();
    return inTransaction(ctx, async (tx) => {
      // Counted again under the customer's lock: two saves at once cannot pass the limit together.
      await this.repository.lockOwner(tx, userId);
      if ((await this.repository.count(tx, userId, tx.region)) >= SAVED_SEARCHES_MAX)
        return refused(SAVED_SEARCHES_LIMIT_MESSAGE);
      await this.repository.insert(tx, {
        user_id: userId,
        region: tx.region,
        name: fields.title,
        search_url: search.queryString,
        search_term: search.term,
        filters_number: search.filtersNumber,
        frequency: body.NotificationFrequency,
        email: fields.email,
        // The first digest lists only what is new after saving.
        alert_since: now,
        created_at: now,
        updated_at: now,
      });
      return { saved: true as const };
    });
  }

  async edit(ctx: Ctx, body: SavedSearchEditBody): Promise<SaveOutcome> {
    const { userId } = this.customerOf(ctx);
    const existing = await this.owned(ctx, userId, body.Id);
    const fields = checkFields(body.Name, body.Email);
    if ('message' in fields) return refused(fields.message);
    const verified = await this.verify(ctx, userId, fields.email, body.VerificationCode);
    if (verified) return verified;
    const now = this.deps.now();
    // Alerts switched back on start from now, not from whenever the last digest went out.
    const restarting = existing.frequency === AlertFrequency.None && body.NotificationFrequency !== AlertFrequency.None;
    const changed = await this.repository.update(ctx, userId, ctx.region, body.Id, {
      name: fields.title,
      email: fields.email,
      frequency: body.NotificationFrequency,
      updated_at: now,
      ...(restarting ? { alert_since: now } : {}),
    });
    if (!changed) throw new NotFoundError(NOT_FOUND);
    return { saved: true };
  }

  async delete(ctx: Ctx, id: number): Promise<void> {
    const { userId } = this.customerOf(ctx);
    if (!isIdShape(id) || !(await this.repository.delete(ctx, userId, ctx.region, id)))
      throw new NotFoundError(NOT_FOUND);
  }

  private async owned(ctx: Ctx, userId: number, id: number) {
    const row = isIdShape(id) ? await this.repository.owned(ctx, userId, ctx.region, id) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** Undefined when the address is verified; otherwise the refusal carrying the kind to show. */
  private async verify(
    ctx: Ctx,
    userId: number,
    address: string,
    code: string | null | undefined,
  ): Promise<SaveOutcome | undefined> {
    const result = await this.deps.verification.requireVerified(ctx, userId, address, code);
    if (result.verified) return undefined;
    return {
      saved: false,
      message: emailVerificationMessage(result.kind, result.hoursToWait),
      value: verificationValue(result),
    };
  }
}

function isIdShape(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;
}

function refused(message: string): SaveOutcome {
  return { saved: false, message, value: NO_VERIFICATION };
}

/** The form's rules (account.md section 5), on trimmed values: the first failing field's message. */
function checkFields(rawTitle: string, rawEmail: string): { title: string; email: string } | { message: string } {
  const title = rawTitle.trim();
  if (title === '') return { message: REQUIRED_MESSAGE };
  if (title.length > SAVED_SEARCH_TITLE_MAX) return { message: SAVED_SEARCH_TITLE_TOO_LONG_MESSAGE };
  const parsed = email.safeParse(rawEmail);
  if (!parsed.success) return { message: parsed.error.issues[0]?.message ?? REQUIRED_MESSAGE };
  return { title, email: parsed.data };
}
