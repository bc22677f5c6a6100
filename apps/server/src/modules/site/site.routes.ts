import { SiteValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { SiteService } from './site.service.js';

export function siteRoutes(site: SiteService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/site',
      summary: 'Page-level settings: region, currency and feature flags',
      tag: 'site',
      value: SiteValueSchema,
      handler: async () => site.settings(),
    }),
  ] as ApiRoute[];
}
