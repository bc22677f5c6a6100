import {
  OrderDetailQuerySchema,
  OrderDetailValueSchema,
  OrderHistoryQuerySchema,
  OrderHistoryValueSchema,
} from '@shop/contract';
import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { OrderHistoryService } from './order-history.service.js';

/** Nobody's orders may be cached by a browser or a proxy. */
const PRIVATE = 'no-store';

export function orderRoutes(history: OrderHistoryService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/account/orders',
      summary:
        "The signed-in customer's order history (account.md 2.2): orders ever confirmed, newest first; page 1 when missing or not a number, the last page when past the end (currentPage says which)",
      tag: 'orders',
      auth: 'required',
      query: OrderHistoryQuerySchema,
      value: OrderHistoryValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { query }) => history.history(ctx, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/account/orders/:orderid',
      summary:
        "One order by its public reference (account.md 2.3), for its customer or with the signed key of the order e-mail's link (?key=); anyone else gets the same 404 as a missing order",
      tag: 'orders',
      params: z.object({ orderid: z.string().max(100) }),
      query: OrderDetailQuerySchema,
      value: OrderDetailValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, query }) => history.detail(ctx, params.orderid, query.key),
    }),
  ];
}
