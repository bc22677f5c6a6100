import { ConsoleAuditQuerySchema, ConsoleAuditValueSchema, ConsoleStoreParamsSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsoleAuditService } from './audit.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';

/** A store's audit trail; staff of the store (or an admin) only, checked before the query is read. */
export function auditRoutes(audit: ConsoleAuditService, guard: Pick<StaffGuard, 'requireStaff'>): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/console/stores/:storeId/audit',
      summary: "The store's audit trail: every console change (who, what, when, which order and item), newest first",
      tag: TAG,
      auth: 'required',
      guard: (ctx, params) => guard.requireStaff(ctx, params.storeId),
      params: ConsoleStoreParamsSchema,
      query: ConsoleAuditQuerySchema,
      value: ConsoleAuditValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, query }) => audit.trail(ctx, params.storeId, query.page, query.pageSize),
    }),
  ];
}
