import { AdminPageBodySchema, AdminPageListValueSchema, AdminPageParamsSchema, AdminPageSchema } from '@shop/contract';
import type { Ctx } from '../../../lib/context.js';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsolePagesService } from './pages.service.js';

const BASE = '/c3api/console/admin/pages';

/**
 * The admin's help pages under /c3api/console/admin/pages: signed-in only, then requireAdmin
 * before the body is read, as every admin call.
 */
export function pagesRoutes(pages: ConsolePagesService, guard: Pick<StaffGuard, 'requireAdmin'>): ApiRoute[] {
  const common = {
    tag: 'console',
    auth: 'required',
    guard: (ctx: Ctx) => guard.requireAdmin(ctx),
    cacheControl: 'no-store',
  } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      url: BASE,
      summary: "The region's help pages (terms, privacy, cookies, returns, contact and the help articles) as stored",
      value: AdminPageListValueSchema,
      handler: (ctx) => pages.pages(ctx),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      url: `${BASE}/:slug`,
      summary: 'One help page of the region by its slug; 404 when there is none',
      params: AdminPageParamsSchema,
      value: AdminPageSchema,
      handler: (ctx, { params }) => pages.page(ctx, params.slug),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/:slug`,
      summary:
        "Changes a help page's title, description and body (HTML in the shop's rich-text rules, sanitised when saved); the shop shows it at once",
      params: AdminPageParamsSchema,
      body: AdminPageBodySchema,
      value: AdminPageSchema,
      handler: (ctx, { params, body }) => pages.editPage(ctx, params.slug, body),
    }),
  ];
}
