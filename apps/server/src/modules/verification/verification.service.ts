import { randomInt } from 'node:crypto';
import {
  EmailVerificationError,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODES_PER_HOUR,
  VERIFICATION_MAX_WRONG_TRIES,
  type VerificationValue,
} from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { escapeHtml } from '../../lib/rich-text.js';
import { sameSecret, sign } from '../../lib/tokens.js';
import type { MailService } from '../mail/mail.service.js';
import { mailFrame } from '../mail/mail-layout.js';
import { VerificationRepository } from './verification.repository.js';

const HOUR_MS = 60 * 60 * 1000;

export interface VerificationDependencies {
  mail: MailService;
  /** The server's secret key: codes are stored as HMAC-SHA256 under it. */
  secret: string;
  now: () => number;
}

/**
 * What a check answers: the address is verified (already, or by the code just given), or the
 * kind to report (account.md section 4): 2 the code does not match, 3 a code was just sent
 * (empty message), 4 too many codes were sent lately (with the hours to wait).
 */
export type VerificationResult = { verified: true } | { verified: false; kind: 2 | 3 | 4; hoursToWait: number | null };

/** The Value a save or toggle carries for a result (null fields when verified). */
export function verificationValue(result: VerificationResult): VerificationValue {
  if (result.verified) return { EmailVerificationError: null, TimeUntilUserCanReattempt: null };
  return { EmailVerificationError: result.kind, TimeUntilUserCanReattempt: result.hoursToWait };
}

/** The form of an address that is compared: trimmed, lower case (as accounts key users). */
export function verificationKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * E-mail verification for saved searches and wishlist alerts. A customer proves they read an
 * address once with a 6-digit code from the CSPRNG, e-mailed through the outbox; after that the
 * address is in verified_emails for them and needs no code again. The account's own address is
 * no exception: there is no verified flag on users, so it is verified the first time it is used
 * for alerts, like any other.
 *
 * A code is stored as HMAC-SHA256 under the server's secret (bound to the user and address),
 * lives 10 minutes, works once (a conditional write on used_at IS NULL), and dies after five wrong
 * tries. Codes sent to an address are counted from their rows: at most three an hour, then kind 4.
 */
export class VerificationService {
  private readonly repository = new VerificationRepository();

  constructor(private readonly deps: VerificationDependencies) {}

  private hash(userId: number, key: string, code: string): string {
    return sign(this.deps.secret, `email-verification|${userId}|${key}|${code}`);
  }

  async isVerified(ctx: Ctx, userId: number, email: string): Promise<boolean> {
    return this.repository.isVerified(ctx, userId, verificationKey(email));
  }

  /**
   * The check every alert setting makes before it saves: verified already -> verified; a code
   * given -> it is right (the address is recorded as verified) or kind 2; no code -> one is sent
   * (kind 3), or kind 4 when the address had its codes for the hour.
   */
  async requireVerified(
    ctx: Ctx,
    userId: number,
    email: string,
    code: string | null | undefined,
  ): Promise<VerificationResult> {
    const key = verificationKey(email);
    if (await this.repository.isVerified(ctx, userId, key)) return { verified: true };
    const given = code?.trim() ?? '';
    if (given === '') {
      const sent = await this.send(ctx, userId, email);
      return sent.sent
        ? { verified: false, kind: EmailVerificationError.EmptyMessage, hoursToWait: null }
        : { verified: false, kind: EmailVerificationError.MustWait, hoursToWait: sent.hoursToWait };
    }
    return (await this.useCode(ctx, userId, key, given))
      ? { verified: true }
      : { verified: false, kind: EmailVerificationError.CodeDoesNotMatch, hoursToWait: null };
  }

  /** Checks a code and, when it is right, uses it and records the address, in one transaction. */
  private async useCode(ctx: Ctx, userId: number, key: string, code: string): Promise<boolean> {
    const now = this.deps.now();
    const candidate = this.hash(userId, key, code);
    return inTransaction(ctx, async (tx) => {
      const live = await this.repository.liveCodes(tx, userId, key, now, VERIFICATION_MAX_WRONG_TRIES);
      // Every live code is compared (in constant time), so the answer takes as long whichever matches.
      let match: number | null = null;
      for (const row of live) if (sameSecret(row.code_hash, candidate) && match === null) match = row.id;
      if (match !== null && (await this.repository.use(tx, match, now, VERIFICATION_MAX_WRONG_TRIES))) {
        await this.repository.markVerified(tx, userId, key, now);
        return true;
      }
      await this.repository.countWrong(
        tx,
        live.map((row) => row.id),
      );
      return false;
    });
  }

  /**
   * Sends a new code to the address unless it had VERIFICATION_CODES_PER_HOUR in the last hour
   * (then: the whole hours until the oldest of them leaves the window, at least 1). The count and
   * the new row are written under the address's lock, so two requests cannot both slip past it.
   */
  async send(ctx: Ctx, userId: number, email: string): Promise<{ sent: true } | { sent: false; hoursToWait: number }> {
    const key = verificationKey(email);
    const now = this.deps.now();
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    return inTransaction(ctx, async (tx) => {
      await this.repository.lockAddress(tx, key);
      const recent = await this.repository.sentSince(tx, key, now - HOUR_MS);
      if (recent.count >= VERIFICATION_CODES_PER_HOUR) {
        const waitMs = (recent.oldest ?? now) + HOUR_MS - now;
        return { sent: false as const, hoursToWait: Math.max(1, Math.ceil(waitMs / HOUR_MS)) };
      }
      await this.repository.insert(tx, {
        email_key: key,
        user_id: userId,
        code_hash: this.hash(userId, key, code),
        created_at: now,
        expires_at: now + VERIFICATION_CODE_TTL_MS,
      });
      // The message exists exactly when the code does (same transaction).
      await this.deps.mail.queue(tx, verificationMail(email.trim(), code));
      return { sent: true as const };
    });
  }

  /** The clean-up: codes a day old count for nothing any more. */
  async deleteOldCodes(ctx: Ctx): Promise<void> {
    await this.repository.deleteOlderThan(ctx, this.deps.now() - 24 * HOUR_MS);
  }
}

const MINUTES = VERIFICATION_CODE_TTL_MS / 60000;

export function verificationMail(to: string, code: string) {
  return {
    to,
    subject: 'Your Secondhand verification code',
    text: [
      'Hello,',
      '',
      `Your verification code is ${code}`,
      '',
      `Enter it where you were asked for it within ${MINUTES} minutes. It works once.`,
      `It confirms that ${to} is yours, so we can send your saved-search and wishlist alerts there.`,
      '',
      'If you did not ask for this, ignore this message: nothing will be sent to this address.',
    ].join('\n'),
    html: mailFrame(
      [
        '<p>Hello,</p>',
        `<p>Your verification code is <strong>${escapeHtml(code)}</strong></p>`,
        `<p>Enter it where you were asked for it within ${MINUTES} minutes. It works once.</p>`,
        `<p>It confirms that ${escapeHtml(to)} is yours, so we can send your saved-search and wishlist alerts there.</p>`,
        '<p>If you did not ask for this, ignore this message: nothing will be sent to this address.</p>',
      ].join(''),
    ),
  };
}
