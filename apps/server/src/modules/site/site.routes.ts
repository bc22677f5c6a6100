import { SiteValueSchema } from '@shop/contract';
import { z } from 'zod';
import { type ApiRoute, defineRawRoute, defineRoute } from '../../lib/route.js';
import type { SiteService } from './site.service.js';

export function siteRoutes(site: SiteService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/site',
      summary: 'Page-level settings: region, currency and feature flags',
      tag: 'site',
      value: SiteValueSchema,
      handler: async (ctx) => site.settings(ctx),
      auth: 'none',
    }),
  ];
}

const HealthSchema = z.object({ status: z.literal('ok'), database: z.string(), region: z.string() });

/** For load balancers: answers while the process can reach its database. Not in the envelope. */
export function healthRoutes(): ApiRoute[] {
  return [
    defineRawRoute({
      method: 'GET',
      url: '/healthz',
      summary: 'Liveness for load balancers: { status: "ok", database, region } (no envelope)',
      tag: 'site',
      auth: 'none',
      cookieless: true,
      produces: ['application/json'],
      handler: async (ctx) => ({
        kind: 'body',
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(HealthSchema.parse({ status: 'ok', database: ctx.dialect, region: ctx.region })),
        headers: { 'Cache-Control': 'no-store' },
      }),
    }),
  ];
}
