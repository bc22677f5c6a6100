import { PostageQuoteSchema, postageQuoteQuerySchema, type Region } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { ItemPostage } from './item-postage.js';

const MINUTE_MS = 60 * 1000;

/** The product page's postage quote (its postcode box); checkout's own postage calls are in postage.routes.ts. */
export function itemPostageRoutes(itemPostage: ItemPostage, region: Region): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/product/postage',
      summary:
        "One item's postage to a postcode as checkout charges it (the store's table rates, surcharge and handling included): Regular, Express, delivery times, or MissingTableRateMessage; 400 for a postcode of the wrong shape, 404 for an unknown code",
      tag: 'product',
      query: postageQuoteQuerySchema(region),
      value: PostageQuoteSchema,
      rateLimit: { max: 300, windowMs: 5 * MINUTE_MS },
      handler: (ctx, { query }) => itemPostage.quote(ctx, query.code, query.postcode),
    }),
  ];
}
