import {
  WishlistChangeValueSchema,
  WishlistCleanupValueSchema,
  WishlistClearBodySchema,
  WishlistContainsQuerySchema,
  WishlistContainsValueSchema,
  WishlistItemBodySchema,
  WishlistPageQuerySchema,
  WishlistPageValueSchema,
  WishlistSummaryValueSchema,
  WishlistTokenQuerySchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { WishlistService } from './wishlist.service.js';

export function wishlistRoutes(wishlist: WishlistService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/wishlist/query/summary',
      summary: "The codes of the items in the token's wishlist (none for an unknown or expired token)",
      tag: 'wishlist',
      query: WishlistTokenQuerySchema,
      value: WishlistSummaryValueSchema,
      handler: ({ query }) => wishlist.summary(query.token),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/wishlist/query/page',
      summary: "One page of the token's wishlist as wishlist cards, sorted as asked, with the sort options",
      tag: 'wishlist',
      query: WishlistPageQuerySchema,
      value: WishlistPageValueSchema,
      handler: ({ query }) => wishlist.page(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/wishlist/contains',
      summary: "Whether the token's wishlist holds the item",
      tag: 'wishlist',
      query: WishlistContainsQuerySchema,
      value: WishlistContainsValueSchema,
      handler: ({ query }) => wishlist.contains(query.itemCode, query.token),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/wishlist/add',
      summary: 'Adds an item to the wishlist (again: no change); a missing or unknown Token starts a new wishlist',
      tag: 'wishlist',
      body: WishlistItemBodySchema,
      value: WishlistChangeValueSchema,
      handler: ({ body }) => wishlist.add(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/wishlist/remove',
      summary: 'Removes an item from the wishlist; a missing or unknown Token starts a new wishlist',
      tag: 'wishlist',
      body: WishlistItemBodySchema,
      value: WishlistChangeValueSchema,
      handler: ({ body }) => wishlist.remove(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/wishlist/cleanup',
      summary: "Removes the sold items from the token's wishlist (idempotent) and names them",
      tag: 'wishlist',
      query: WishlistTokenQuerySchema,
      value: WishlistCleanupValueSchema,
      handler: ({ query }) => wishlist.cleanup(query.token),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/wishlist/clear',
      summary: 'Empties the wishlist; a missing or unknown Token starts a new, empty wishlist',
      tag: 'wishlist',
      body: WishlistClearBodySchema,
      value: WishlistChangeValueSchema,
      handler: ({ body }) => wishlist.clear(body.Token),
    }),
  ] as ApiRoute[];
}
