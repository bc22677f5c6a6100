import { StoreQuerySchema, StoreQueryValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toStoreQueryValue } from './stores.mapper.js';
import type { StoresService } from './stores.service.js';

export function storeRoutes(stores: StoresService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/store/query/',
      summary: "The region's stores, optionally by state, text or distance",
      tag: 'stores',
      query: StoreQuerySchema,
      value: StoreQueryValueSchema,
      handler: async (ctx, { query }) => toStoreQueryValue(await stores.query(ctx, query)),
    }),
  ];
}
