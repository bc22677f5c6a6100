import { createHash } from 'node:crypto';
import type { CaptchaValue } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { newToken, sameSecret } from '../../lib/tokens.js';
import { CaptchaRepository } from './captcha.repository.js';
import { captchaSvg, randomAnswer } from './captcha-image.js';

export const CAPTCHA_LIFETIME_MS = 10 * 60 * 1000;
/** Expired challenges are swept at most this often, on the way to issuing a new one. */
const SWEEP_INTERVAL_MS = 60 * 1000;

function answerHash(token: string, answer: string): string {
  return createHash('sha256').update(`${token}:${answer.trim().toUpperCase()}`).digest('hex');
}

/**
 * Our own captcha: a picture of five characters, its token and the hash of its answer kept for ten
 * minutes. An answer comes back as `${Token}:${answer}` (case-insensitive) and is checked once:
 * right or wrong, that uses the challenge up, so a guess costs a new picture.
 */
export class CaptchaService {
  private readonly repository = new CaptchaRepository();
  private lastSweep = 0;

  constructor(
    /** DEV_CAPTCHA_ANSWER: scripted demos and browser tests only. */
    private readonly fixedAnswer?: string,
  ) {}

  /** Issues a challenge. `answer` is for tests that need to know it; shoppers get a random one. */
  async issue(ctx: Ctx, answer: string = this.fixedAnswer ?? randomAnswer()): Promise<CaptchaValue> {
    // Drawn first: an answer the picture cannot show is a bug, and must not leave a row behind.
    const svg = captchaSvg(answer.toUpperCase());
    const token = newToken();
    const now = Date.now();
    const expiresAt = new Date(now + CAPTCHA_LIFETIME_MS).toISOString();
    if (now - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await this.repository.deleteExpired(ctx, new Date(now).toISOString());
    }
    await this.repository.insert(ctx, {
      token,
      answer_hash: answerHash(token, answer),
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
    });
    return {
      Token: token,
      Image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      ExpiresAt: expiresAt,
    };
  }

  /** True when `${Token}:${answer}` answers an unused, unexpired challenge. Uses the challenge up either way. */
  async verify(ctx: Ctx, recaptchaToken: string): Promise<boolean> {
    const separator = recaptchaToken.indexOf(':');
    if (separator <= 0) return false;
    const token = recaptchaToken.slice(0, separator);
    const answer = recaptchaToken.slice(separator + 1);
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
    const stored = await this.repository.use(ctx, token, new Date().toISOString());
    if (!stored) return false;
    return sameSecret(answerHash(token, answer), stored);
  }
}
