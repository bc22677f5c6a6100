import {
  EmailVerificationError,
  emailField,
  emailVerificationMessage,
  ResendCodeBodySchema,
  type ResendCodeValue,
  ResendCodeValueSchema,
} from '@shop/contract';
import { HttpError, invalidInput } from '../../lib/errors.js';
import { type ApiRoute, defineRoute, refuse } from '../../lib/route.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { VerificationService } from './verification.service.js';

const email = emailField();

export function verificationRoutes(verification: VerificationService, accounts: AccountsService): ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/emailverification/resendcode',
      summary:
        "Sends a new 6-digit verification code to Email (or the account's address); at most 3 an hour per address, then kind 4 with the hours to wait",
      tag: 'verification',
      auth: 'required',
      body: ResendCodeBodySchema,
      value: ResendCodeValueSchema,
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        const user = await accounts.identity(ctx);
        if (!user || ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
        let address = user.email;
        if (body?.Email !== undefined) {
          const parsed = email.safeParse(body.Email);
          if (!parsed.success) throw invalidInput('Email', parsed.error.issues[0]?.message ?? '');
          address = parsed.data;
        }
        const sent = await verification.send(ctx, ctx.viewer.userId, address);
        if (sent.sent) {
          const value: ResendCodeValue = {
            Message: `We have sent a new verification code to ${address}.`,
            EmailVerificationError: EmailVerificationError.Success,
            TimeUntilUserCanReattempt: null,
          };
          return value;
        }
        const message = emailVerificationMessage(EmailVerificationError.MustWait, sent.hoursToWait);
        return refuse(message, {
          Message: message,
          EmailVerificationError: EmailVerificationError.MustWait,
          TimeUntilUserCanReattempt: sent.hoursToWait,
        });
      },
    }),
  ];
}
