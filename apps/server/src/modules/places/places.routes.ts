import { PlaceResolveQuerySchema, PlaceResolveValueSchema } from '@shop/contract';
import { invalidInput } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { type PlacesService, toShopperPlace, unknownPlaceMessage } from './places.service.js';

export function placeRoutes(places: PlacesService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/places/resolve',
      summary: 'The place a shopper typed (postcode, suburb, UK district or lat,lng), as a point',
      tag: 'places',
      query: PlaceResolveQuerySchema,
      value: PlaceResolveValueSchema,
      handler: async (ctx, { query }) => {
        const text = query.q ?? '';
        const place = places.resolve(ctx.region, text);
        if (!place) throw invalidInput('q', unknownPlaceMessage(ctx.region, text));
        return { Place: toShopperPlace(place) };
      },
    }),
  ];
}
