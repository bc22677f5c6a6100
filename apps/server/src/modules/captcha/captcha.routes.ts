import { CaptchaValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { CaptchaService } from './captcha.service.js';

export function captchaRoutes(captcha: CaptchaService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/captcha',
      summary:
        'A new captcha picture; answer it once, within 10 minutes, as recaptchaToken = Token, a colon, the characters',
      // Each call costs a database row (and, for enquiries, an e-mail to a store): bound it per visitor.
      rateLimit: { max: 120, windowMs: 60_000 },
      tag: 'captcha',
      value: CaptchaValueSchema,
      cacheControl: 'no-store',
      handler: (ctx) => captcha.issue(ctx),
    }),
  ];
}
