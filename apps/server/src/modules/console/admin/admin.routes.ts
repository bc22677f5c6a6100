import {
  AdminBannerBodySchema,
  AdminBannerListValueSchema,
  AdminBannerSchema,
  AdminDiscountCreateBodySchema,
  AdminDiscountEditBodySchema,
  AdminDiscountListValueSchema,
  AdminDiscountSchema,
  AdminFlagsBodySchema,
  AdminFlagsValueSchema,
  AdminIdParamsSchema,
  AdminRemovedValueSchema,
  AdminStaffBodySchema,
  AdminStaffParamsSchema,
  AdminStoreBodySchema,
  AdminStoreListValueSchema,
  AdminStoreSchema,
  ConsoleStaffMemberSchema,
} from '@shop/contract';
import { z } from 'zod';
import type { Ctx } from '../../../lib/context.js';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsoleStaffService } from '../staff/staff.service.js';
import type { ConsoleAdminService } from './admin.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';
const BASE = '/c3api/console/admin';

/**
 * The marketplace admin's calls under /c3api/console/admin: signed-in only (guests 401), then the
 * console's requireAdmin (customers and store staff 403) before the body is read, so nobody else
 * learns the admin forms' fields; each service call checks it again.
 */
export function adminRoutes(
  admin: ConsoleAdminService,
  staff: Pick<ConsoleStaffService, 'setStaff' | 'removeStaff'>,
  guard: Pick<StaffGuard, 'requireAdmin'>,
): ApiRoute[] {
  const common = {
    tag: TAG,
    auth: 'required',
    guard: (ctx: Ctx) => guard.requireAdmin(ctx),
    cacheControl: PRIVATE,
  } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      url: `${BASE}/stores`,
      summary: 'Every store of the marketplace (both regions), by region and name (marketplace admins)',
      value: AdminStoreListValueSchema,
      handler: (ctx) => admin.stores(ctx),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/stores`,
      summary:
        'Adds a store (name, slug, region, address, contact, map point): its page and, once it lists items, search show it',
      body: AdminStoreBodySchema,
      value: AdminStoreSchema,
      handler: (ctx, { body }) => admin.createStore(ctx, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/stores/:id`,
      summary: "Changes a store's name, slug, region, address and contact",
      params: AdminIdParamsSchema,
      body: AdminStoreBodySchema,
      value: AdminStoreSchema,
      handler: (ctx, { params, body }) => admin.editStore(ctx, params.id, body),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      url: `${BASE}/banners`,
      summary: "The region's home carousel slides, hidden ones too, in order",
      value: AdminBannerListValueSchema,
      handler: (ctx) => admin.banners(ctx),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/banners`,
      summary: 'Adds a slide to the home carousel; its description is sanitised with the shop’s rich-text rules',
      body: AdminBannerBodySchema,
      value: AdminBannerSchema,
      handler: (ctx, { body }) => admin.createBanner(ctx, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/banners/:id`,
      summary: 'Changes a slide of the home carousel (description sanitised)',
      params: AdminIdParamsSchema,
      body: AdminBannerBodySchema,
      value: AdminBannerSchema,
      handler: (ctx, { params, body }) => admin.editBanner(ctx, params.id, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/banners/:id/remove`,
      summary: 'Removes a slide of the home carousel',
      params: AdminIdParamsSchema,
      body: z.object({}).optional(),
      value: AdminRemovedValueSchema,
      handler: (ctx, { params }) => admin.removeBanner(ctx, params.id),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      url: `${BASE}/discount-codes`,
      summary: "The region's discount codes with their rules and uses",
      value: AdminDiscountListValueSchema,
      handler: (ctx) => admin.discounts(ctx),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/discount-codes`,
      summary:
        'Adds a discount code of the region (Percentage in basis points or Value in minor units, dates, minimum spend, limits); checkout takes it at once',
      body: AdminDiscountCreateBodySchema,
      value: AdminDiscountSchema,
      handler: (ctx, { body }) => admin.createDiscount(ctx, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/discount-codes/:id`,
      summary: "Changes a discount code's rules (the code itself stays)",
      params: AdminIdParamsSchema,
      body: AdminDiscountEditBodySchema,
      value: AdminDiscountSchema,
      handler: (ctx, { params, body }) => admin.editDiscount(ctx, params.id, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/discount-codes/:id/deactivate`,
      summary: 'Turns a discount code off: checkout refuses it from now on',
      params: AdminIdParamsSchema,
      body: z.object({}).optional(),
      value: AdminDiscountSchema,
      handler: (ctx, { params }) => admin.deactivateDiscount(ctx, params.id),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/staff/:userId`,
      summary:
        "Sets a staff member's role and this region's stores they run (the other region's stay); 404 for an account without a role, 409 for the admin's own role",
      params: AdminStaffParamsSchema,
      body: AdminStaffBodySchema,
      value: ConsoleStaffMemberSchema,
      handler: (ctx, { params, body }) => staff.setStaff(ctx, params.userId, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/staff/:userId/remove`,
      summary:
        "Takes a staff member's role and stores away (the account stays a customer's); 409 for the admin themselves",
      params: AdminStaffParamsSchema,
      body: z.object({}).optional(),
      value: AdminRemovedValueSchema,
      handler: (ctx, { params }) => staff.removeStaff(ctx, params.userId),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      url: `${BASE}/flags`,
      summary: "The region's feature flags: the admin's switch, the environment's, and what the shop does",
      value: AdminFlagsValueSchema,
      handler: (ctx) => admin.flags(ctx),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/flags`,
      summary: "Sets the admin's switch of feature flags; GET /c3api/site follows (an environment's off still wins)",
      body: AdminFlagsBodySchema,
      value: AdminFlagsValueSchema,
      handler: (ctx, { body }) => admin.setFlags(ctx, body),
    }),
  ];
}
