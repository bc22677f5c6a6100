import {
  CartAddQuerySchema,
  CartAddValueSchema,
  CartQuerySchema,
  CartRemoveQuerySchema,
  CartSchema,
} from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_SECONDS, type CartService } from './cart.service.js';

function cartToken(request: FastifyRequest): string | undefined {
  return request.cookies[CART_COOKIE];
}

function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}

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
      handler: async ({ query }, request, reply) => {
        if (query.stateHash !== undefined && query.price !== undefined) {
          return cart.check(query.productId, query.stateHash, query.price);
        }
        const { cart: value, newToken } = await cart.add(cartToken(request), query.productId);
        if (newToken) setCartCookie(request, reply, newToken);
        return value;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/cart/query',
      summary: "The guest's cart grouped by store; with validate=true also the items changed since they were added",
      tag: 'cart',
      query: CartQuerySchema,
      value: CartSchema,
      handler: ({ query }, request) => cart.query(cartToken(request), query.validate === 'true'),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/cart/remove',
      summary: "Removes an item from the guest's cart (not there: no change) and answers the cart",
      tag: 'cart',
      query: CartRemoveQuerySchema,
      value: CartSchema,
      handler: ({ query }, request) => cart.remove(cartToken(request), query.productId),
    }),
  ] as ApiRoute[];
}
