import {
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  emailVerificationMessage,
  isValidEmail,
  REQUIRED_MESSAGE,
  type WishlistAlertAcknowledgeValue,
  type WishlistAlertToggleBody,
  type WishlistAlertToggleValue,
} from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { HttpError, invalidInput, NotFoundError } from '../../lib/errors.js';
import { hashToken, isTokenShape, newToken, sameSecret, sign } from '../../lib/tokens.js';
import type { CatalogueItem, CatalogueService } from '../catalogue/catalogue.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { MailService } from '../mail/mail.service.js';
import { WishlistRepository, type WishlistRow } from './wishlist.repository.js';
import { type AlertItem, wishlistAlertMail } from './wishlist-alert.mail.js';

/** The hourly run that finds wishlists with news, and the job that sends one wishlist's alert. */
export const WISHLIST_ALERTS_JOB = 'wishlist.alerts';
export const WISHLIST_ALERT_SEND_JOB = 'wishlist.alert-send';

const HOUR_MS = 60 * 60 * 1000;
const PAGE = 200;
export const ALERT_EMAIL_MAX_MESSAGE = `Please provide an email address with ${EMAIL_MAX_LENGTH} or fewer characters.`;

/**
 * The e-mail verification the toggle needs (VerificationService.requireVerified): verified already
 * or by the code given, or the kind to report (2 wrong code, 3 a code was sent, 4 wait).
 */
export interface EmailVerifier {
  requireVerified(
    ctx: Ctx,
    userId: number,
    email: string,
    code: string | null | undefined,
  ): Promise<{ verified: true } | { verified: false; kind: number; hoursToWait: number | null }>;
}

export interface WishlistAlertDependencies {
  catalogue: CatalogueService;
  verification: EmailVerifier;
  mail: MailService;
  jobs: JobsService;
  /** The server's secret key: unsubscribe links are HMAC-signed under it. */
  secret: string;
  /** The shop's absolute address, for the links in the e-mail. */
  publicUrl: string;
  now: () => number;
  /** Whether the region offers wishlist alerts now (the site's WishlistAlertsEnabled); off: none go. */
  offered?: (ctx: Ctx) => Promise<boolean>;
}

/** A toggle's answer: the Value, and a message when the page must show a verification step. */
export interface ToggleOutcome {
  refusal: string | null;
  value: WishlistAlertToggleValue;
}

/** The alert e-mail field's rules (storefront.md 5), the first that fails; null when the address is fine. */
export function alertEmailProblem(email: string | null | undefined): string | null {
  const value = email?.trim() ?? '';
  if (value === '') return REQUIRED_MESSAGE;
  if (value.length > EMAIL_MAX_LENGTH) return ALERT_EMAIL_MAX_MESSAGE;
  if (!isValidEmail(value)) return EMAIL_MESSAGE;
  return null;
}

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Wishlist alerts (storefront.md sections 2, 4, 7).
 *
 * Toggle: off to on needs a signed-in customer, their own wishlist (anyone else's is the same 404)
 * and an address they verified (the code step of the verification service); on success alerts go
 * to that address about what changes from now (alert_since), and the first time ever the page is
 * told to welcome them. On to off is immediate. Repeats change nothing.
 *
 * Alerts: an hourly run queues, for each wishlist with alerts on whose items dropped in price or
 * sold since its mark, one send job keyed by the wishlist and the hour, so a second run (a restart,
 * another worker) in the same hour queues nothing more. The send job moves the mark with one
 * conditional write and queues the e-mail in the same transaction: of two workers, one sends.
 * Every alert carries a signed one-click unsubscribe that turns alerts off.
 */
export class WishlistAlertService {
  private readonly repository = new WishlistRepository();

  constructor(private readonly deps: WishlistAlertDependencies) {}

  /** The customer's own wishlist with this id, or the same 404 for any other. */
  private async ownWishlist(ctx: Ctx, wishlistId: number): Promise<{ userId: number; wishlist: WishlistRow }> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    const wishlist = await this.repository.byUser(ctx, ctx.viewer.userId);
    if (!wishlist || wishlist.id !== wishlistId) throw new NotFoundError('No such wishlist.');
    return { userId: ctx.viewer.userId, wishlist };
  }

  private value(row: WishlistRow, showWelcome = false): WishlistAlertToggleValue {
    return {
      EmailVerificationError: null,
      TimeUntilUserCanReattempt: null,
      AlertEnabled: row.alert_enabled === 1,
      AlertEmail: row.alert_email,
      ShowWelcome: showWelcome,
    };
  }

  async toggle(ctx: Ctx, body: WishlistAlertToggleBody): Promise<ToggleOutcome> {
    const { userId, wishlist } = await this.ownWishlist(ctx, body.WishlistId);
    if (!body.AlertEnabled) {
      const row = await inTransaction(ctx, async (tx) => {
        await this.repository.turnAlertsOff(tx, wishlist.id);
        return (await this.repository.byId(tx, wishlist.id)) ?? wishlist;
      });
      return { refusal: null, value: this.value(row) };
    }
    const problem = alertEmailProblem(body.Email);
    if (problem) throw invalidInput('Email', problem);
    const email = (body.Email ?? '').trim();
    // Already on to this address: nothing to verify, nothing changes.
    if (wishlist.alert_enabled === 1 && sameAddress(wishlist.alert_email, email))
      return { refusal: null, value: this.value(wishlist) };
    const check = await this.deps.verification.requireVerified(ctx, userId, email, body.VerificationCode);
    if (!check.verified) {
      return {
        refusal: emailVerificationMessage(check.kind, check.hoursToWait),
        value: {
          ...this.value(wishlist),
          EmailVerificationError: check.kind,
          TimeUntilUserCanReattempt: check.hoursToWait,
        },
      };
    }
    const now = this.deps.now();
    return inTransaction(ctx, async (tx) => {
      const current = (await this.repository.byId(tx, wishlist.id)) ?? wishlist;
      if (current.alert_enabled === 1) {
        if (!sameAddress(current.alert_email, email)) await this.repository.changeAlertEmail(tx, wishlist.id, email);
      } else {
        await this.repository.turnAlertsOn(tx, wishlist.id, email, now);
      }
      const welcome = await this.repository.markWelcomed(tx, wishlist.id, now);
      const row = (await this.repository.byId(tx, wishlist.id)) ?? current;
      return { refusal: null, value: this.value(row, welcome) };
    });
  }

  /**
   * The wishlist page's acknowledgement (made once after the wishlist is initialised): records
   * when this wishlist first saw the alerts feature and answers what the switch needs. A
   * customer's wishlist is made if they have none yet (the switch needs a WishlistId); a guest's
   * is the token's, if it names a live one (a guest without one gets WishlistId null and nothing is
   * recorded). Repeats record nothing more and answer FirstAcknowledgement false.
   */
  async acknowledge(ctx: Ctx, guestToken: string | null | undefined): Promise<WishlistAlertAcknowledgeValue> {
    const now = this.deps.now();
    return inTransaction(ctx, async (tx) => {
      let wishlist: WishlistRow | undefined;
      if (ctx.viewer.kind === 'customer') {
        wishlist = await this.repository.ensureForUser(
          tx,
          ctx.viewer.userId,
          hashToken(newToken()),
          new Date(now).toISOString(),
        );
      } else if (isTokenShape(guestToken)) {
        wishlist = await this.repository.liveByTokenHash(tx, hashToken(guestToken), new Date(now).toISOString());
      }
      if (!wishlist) return { WishlistId: null, AlertEnabled: false, AlertEmail: null, FirstAcknowledgement: false };
      const first = await this.repository.markFeatureSeen(tx, wishlist.id, now);
      return {
        WishlistId: wishlist.id,
        AlertEnabled: wishlist.alert_enabled === 1,
        AlertEmail: wishlist.alert_email,
        FirstAcknowledgement: first,
      };
    });
  }

  // Unsubscribe links.

  private signature(wishlistId: number): string {
    return sign(this.deps.secret, `wishlist-alert-unsubscribe:${wishlistId}`);
  }

  unsubscribeToken(wishlistId: number): string {
    return `${wishlistId}.${this.signature(wishlistId)}`;
  }

  unsubscribeUrl(wishlistId: number): string {
    return `${this.deps.publicUrl}/c3api/wishlistalert/unsubscribe?token=${this.unsubscribeToken(wishlistId)}`;
  }

  /** The wishlist a token names, when its signature is ours; null otherwise. */
  verifyUnsubscribeToken(token: string): number | null {
    const [id, mac] = token.split('.');
    const wishlistId = Number(id);
    if (!Number.isSafeInteger(wishlistId) || wishlistId <= 0 || !mac) return null;
    return sameSecret(mac, this.signature(wishlistId)) ? wishlistId : null;
  }

  /** The one-click unsubscribe: alerts off (again, or for a wishlist gone: nothing more to do). */
  async unsubscribe(ctx: Ctx, token: string): Promise<void> {
    const wishlistId = this.verifyUnsubscribeToken(token);
    if (wishlistId === null) throw invalidInput('token', 'this unsubscribe link is not valid');
    await inTransaction(ctx, (tx) => this.repository.turnAlertsOff(tx, wishlistId));
  }

  // The alerts.

  /** The wishlist's items (this region's) that dropped in price or sold after `since`, as the e-mail lists them. */
  private async changes(ctx: Ctx, wishlist: WishlistRow, since: number): Promise<AlertItem[]> {
    const items = await this.repository.items(ctx, wishlist.id);
    if (items.length === 0) return [];
    const rows = await this.deps.catalogue.items(
      ctx,
      items.map((i) => i.product_id),
    );
    const order = new Map(items.map((item, index) => [item.product_id, index]));
    const mark = new Date(since).toISOString();
    // Most recently wishlisted first, as the wishlist page lists them.
    const sorted = [...rows].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return sorted.flatMap((row): AlertItem[] => {
      const change = changeOf(row, mark);
      return change ? [toAlertItem(row, change)] : [];
    });
  }

  /**
   * The hourly run: for every wishlist with alerts on and something to tell, one send job keyed
   * `wishlist-alert:<id>@<hour>` (a key exists once, so a second run in the hour queues nothing).
   * Answers how many jobs it queued.
   */
  async queueDue(ctx: Ctx): Promise<number> {
    if (this.deps.offered && !(await this.deps.offered(ctx))) return 0;
    const hour = new Date(Math.floor(this.deps.now() / HOUR_MS) * HOUR_MS).toISOString();
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const page = await this.repository.alertsOn(ctx, afterId, PAGE);
      for (const wishlist of page) {
        if (wishlist.alert_since === null || !wishlist.alert_email) continue;
        if ((await this.changes(ctx, wishlist, wishlist.alert_since)).length === 0) continue;
        const job = await this.deps.jobs.enqueue(ctx, {
          type: WISHLIST_ALERT_SEND_JOB,
          payload: { wishlistId: wishlist.id },
          key: `wishlist-alert:${wishlist.id}@${hour}`,
        });
        if (job.created) queued++;
      }
      if (page.length < PAGE) return queued;
      afterId = page[page.length - 1]?.id ?? afterId;
    }
  }

  /**
   * Sends one wishlist's alert: what changed since its mark, in one e-mail, and the mark moves to
   * now in the same transaction with a conditional write (another worker that moved it first
   * wins; this one sends nothing). Nothing changed, alerts off, or no address: nothing is sent.
   * Answers whether an e-mail was queued.
   */
  async send(ctx: Ctx, wishlistId: number): Promise<boolean> {
    const now = this.deps.now();
    return inTransaction(ctx, async (tx) => {
      const wishlist = await this.repository.byId(tx, wishlistId);
      if (wishlist?.alert_enabled !== 1 || wishlist.alert_since === null || !wishlist.alert_email) return false;
      const items = await this.changes(tx, wishlist, wishlist.alert_since);
      if (items.length === 0) return false;
      if (!(await this.repository.moveAlertSince(tx, wishlist.id, wishlist.alert_since, now))) return false;
      await this.deps.mail.queue(
        tx,
        wishlistAlertMail({
          to: wishlist.alert_email,
          items,
          region: tx.region,
          publicUrl: this.deps.publicUrl,
          unsubscribeUrl: this.unsubscribeUrl(wishlist.id),
        }),
      );
      return true;
    });
  }
}

/** Sold after the mark, or reduced after it (still for sale): what the alert says; null otherwise. */
function changeOf(item: CatalogueItem, mark: string): AlertItem['change'] | null {
  if (item.status === 'sold') return item.updatedAt > mark ? { kind: 'sold' } : null;
  if (item.status === 'available' && item.priceReducedAt !== null && item.priceReducedAt > mark) {
    const was = item.priceBeforeReductionMinor;
    if (was !== null && was > item.priceMinor) return { kind: 'reduced', wasMinor: was, nowMinor: item.priceMinor };
  }
  return null;
}

function toAlertItem(item: CatalogueItem, change: AlertItem['change']): AlertItem {
  return {
    code: item.code,
    slug: item.slug,
    title: item.title,
    storeName: item.storeName,
    storeState: item.storeState,
    imageCount: item.pictureCount,
    change,
  };
}
