import { AddressLookupQuerySchema, AddressLookupValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toAddressDetail, toSuggestions } from './addresses.mapper.js';
import type { AddressesService } from './addresses.service.js';

const MINUTE_MS = 60 * 1000;

export function addressRoutes(addresses: AddressesService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/address',
      summary:
        "Address lookup: ?query= (more than 3 characters) answers up to 7 suggestions {Text, Reference} of the region's addresses; ?reference= answers that address's parts (404 when unknown)",
      tag: 'checkout',
      query: AddressLookupQuerySchema,
      value: AddressLookupValueSchema,
      // Typing fires a lookup every pause: generous for a shopper, a brake on scraping the table.
      rateLimit: { max: 120, windowMs: MINUTE_MS },
      cacheControl: 'private, max-age=300',
      handler: async (ctx, { query }) => {
        if (query.reference !== undefined) return toAddressDetail(await addresses.detail(ctx, query.reference));
        return toSuggestions(await addresses.suggest(ctx, query.query ?? ''));
      },
    }),
  ];
}
