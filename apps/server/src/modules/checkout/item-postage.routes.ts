import {
  CARD_POSTAGE_MAX_CODES,
  CardPostageSchema,
  cardPostageQuerySchema,
  PostageQuoteSchema,
  postageQuoteQuerySchema,
  type Region,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { ItemPostage } from './item-postage.js';

const MINUTE_MS = 60 * 1000;

/**
 * The product page's postage quote (its postcode box) and the cards' postage lines once the
 * shopper's postcode is known; checkout's own postage calls are in postage.routes.ts.
 */
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
    defineRoute({
      method: 'GET',
      url: '/c3api/product/postage/cards',
      summary: `Up to ${CARD_POSTAGE_MAX_CODES} cards' postage to a postcode: per item on sale, the cheapest service checkout offers for it alone (surcharge and handling included; null when it cannot be posted there) and the card's line; unknown codes are left out; 400 for a postcode of the wrong shape or too many codes`,
      tag: 'product',
      query: cardPostageQuerySchema(region),
      value: CardPostageSchema,
      rateLimit: { max: 300, windowMs: 5 * MINUTE_MS },
      handler: async (ctx, { query }) => ({ Items: await itemPostage.cards(ctx, query.codes, query.postcode) }),
    }),
  ];
}
