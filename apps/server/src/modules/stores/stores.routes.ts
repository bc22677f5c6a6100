import { StoreQuerySchema, StoreQueryValueSchema } from '@shop/contract';
import { invalidInput } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { type PlacesService, unknownPlaceMessage } from '../places/places.service.js';
import { toStoreQueryValue } from './stores.mapper.js';
import type { StoresService } from './stores.service.js';

export function storeRoutes(stores: StoresService, places: PlacesService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/store/query/',
      summary: "The region's stores, optionally by state, text or distance from a place",
      tag: 'stores',
      query: StoreQuerySchema,
      value: StoreQueryValueSchema,
      handler: async (ctx, { query }) => {
        let place = null;
        if (query.near !== undefined && query.near !== '') {
          place = places.resolve(ctx.region, query.near);
          if (!place) throw invalidInput('near', unknownPlaceMessage(ctx.region, query.near));
        }
        return toStoreQueryValue(await stores.query(ctx, query, place));
      },
    }),
  ];
}
