import { BannersQuerySchema, BannersValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toBannersValue } from './banners.mapper.js';
import type { BannersService } from './banners.service.js';

export function bannerRoutes(banners: BannersService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/banners',
      summary: "A carousel's banners for the region, descriptions sanitised, with its autoplay settings",
      tag: 'content',
      query: BannersQuerySchema,
      value: BannersValueSchema,
      handler: async (ctx, { query }) => toBannersValue(await banners.list(ctx, query.placement)),
    }),
  ];
}
