import {
  CartAddQuerySchema,
  CartAddValueSchema,
  CartQuerySchema,
  CartRemoveQuerySchema,
  CartSchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toCart } from './cart.mapper.js';
import type { CartService } from './cart.service.js';

export function cartRoutes(cart: CartService): ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/cart/add',
      summary:
        "Adds an available item to the guest's cart (again: no change) and answers the cart; with stateHash and price it only checks for changes and answers { changeTypes, newPrice }",
      tag: 'cart',
      query: CartAddQuerySchema,
      value: CartAddValueSchema,
      handler: async (ctx, { query }) => {
        if (query.stateHash !== undefined && query.price !== undefined) {
          return cart.check(ctx, query.productId, query.stateHash, query.price);
        }
        return toCart(await cart.add(ctx, query.productId), ctx.region);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/cart/query',
      summary: "The guest's cart grouped by store; with validate=true also the items changed since they were added",
      tag: 'cart',
      query: CartQuerySchema,
      value: CartSchema,
      handler: async (ctx, { query }) => toCart(await cart.query(ctx, query.validate === 'true'), ctx.region),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/cart/remove',
      summary: "Removes an item from the guest's cart (not there: no change) and answers the cart",
      tag: 'cart',
      query: CartRemoveQuerySchema,
      value: CartSchema,
      handler: async (ctx, { query }) => toCart(await cart.remove(ctx, query.productId), ctx.region),
    }),
  ];
}
