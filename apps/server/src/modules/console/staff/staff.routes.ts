import {
  ConsoleAcceptBodySchema,
  ConsoleInviteBodySchema,
  ConsoleMeValueSchema,
  ConsoleRegisterBodySchema,
  ConsoleStaffValueSchema,
} from '@shop/contract';
import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from './staff.guard.js';
import type { ConsoleStaffService } from './staff.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';

/** Who is asking: the console's first call (signed-in only; 403 for customers without a role). */
export function consoleMeRoutes(staff: ConsoleStaffService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/console/me',
      summary: "The staff member's role and the stores of this region they run (403 for customers)",
      tag: TAG,
      auth: 'required',
      value: ConsoleMeValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx) => staff.me(ctx),
    }),
  ];
}

/**
 * Staff and invitations. The admin's calls are checked by requireAdmin before the body is read,
 * so a caller without the role learns nothing of the form; accepting and registering are the
 * invitee's own (signed in, or not yet an account).
 */
export function staffRoutes(staff: ConsoleStaffService, guard: Pick<StaffGuard, 'requireAdmin'>): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/console/staff',
      summary: 'Staff members and recent invitations (marketplace admins)',
      tag: TAG,
      auth: 'required',
      guard: (ctx) => guard.requireAdmin(ctx),
      value: ConsoleStaffValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx) => staff.staff(ctx),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/invitations',
      summary:
        'Invites an e-mail address to a role and stores: a single-use link, valid 7 days, e-mailed (marketplace admins)',
      tag: TAG,
      auth: 'required',
      guard: (ctx) => guard.requireAdmin(ctx),
      body: ConsoleInviteBodySchema,
      value: z.object({ Id: z.number().int(), ExpiresAt: z.string() }),
      cacheControl: PRIVATE,
      handler: (ctx, { body }) => staff.invite(ctx, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/invitations/accept',
      summary: "Accepts an invitation while signed in with the invited address: the role is the account's",
      tag: TAG,
      auth: 'required',
      body: ConsoleAcceptBodySchema,
      value: ConsoleMeValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { body }) => staff.accept(ctx, body.Token),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/invitations/register',
      summary: 'Creates an account for the invited address (signed in) and accepts the invitation',
      tag: TAG,
      auth: 'optional',
      body: ConsoleRegisterBodySchema,
      rateLimit: { max: 10, windowMs: 15 * 60 * 1000 },
      value: ConsoleMeValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { body }) => staff.register(ctx, body),
    }),
  ];
}
