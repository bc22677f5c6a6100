import {
  ConsoleCancelItemBodySchema,
  ConsoleCollectBodySchema,
  ConsoleDispatchBodySchema,
  ConsoleOrderItemParamsSchema,
  ConsoleOrderListValueSchema,
  ConsoleOrderParamsSchema,
  ConsoleOrderSchema,
  ConsoleOrdersQuerySchema,
  ConsoleStoreParamsSchema,
} from '@shop/contract';
import { z } from 'zod';
import type { Ctx } from '../../../lib/context.js';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsoleFulfilmentService } from './fulfilment.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';

/**
 * A store's orders and the fulfilment actions on them. Staff of the store (or an admin) only,
 * checked before the body is read; every service call checks it again.
 */
export function fulfilmentRoutes(
  fulfilment: ConsoleFulfilmentService,
  guard: Pick<StaffGuard, 'requireStaff'>,
): ApiRoute[] {
  const order = '/c3api/console/stores/:storeId/orders/:reference';
  const staffOfStore = (ctx: Ctx, params: { storeId: number }) => guard.requireStaff(ctx, params.storeId);
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/console/stores/:storeId/orders',
      summary:
        "A page of the store's orders (its shipment of each: its items, the shopper's contact and address, its totals, what to do next), by state: open (the default, to do, oldest first), ready, dispatched, collected, cancelled or all",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleStoreParamsSchema,
      query: ConsoleOrdersQuerySchema,
      value: ConsoleOrderListValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, query }) => fulfilment.list(ctx, params.storeId, query),
    }),
    defineRoute({
      method: 'GET',
      url: order,
      summary: 'One order as the store sees it (its own shipment only); 404 for an order with nothing from this store',
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleOrderParamsSchema,
      value: ConsoleOrderSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => fulfilment.order(ctx, params.storeId, params.reference),
    }),
    defineRoute({
      method: 'POST',
      url: `${order}/ready`,
      summary:
        "Marks the store's pickup ready (e-mails the shopper once; a repeat answers the same); 409 for a posted, collected or cancelled shipment",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleOrderParamsSchema,
      body: z.object({}).optional(),
      value: ConsoleOrderSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => fulfilment.ready(ctx, params.storeId, params.reference),
    }),
    defineRoute({
      method: 'POST',
      url: `${order}/collected`,
      summary:
        "Marks the store's pickup collected (pay in store: records the payment taken) once staff confirm they checked the shopper's photo ID (IdChecked) and, paid in store, that the payment was taken (PaymentTaken): 400 without them; 409 for a posted or cancelled shipment",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleOrderParamsSchema,
      body: ConsoleCollectBodySchema,
      value: ConsoleOrderSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => fulfilment.collected(ctx, params.storeId, params.reference, body),
    }),
    defineRoute({
      method: 'POST',
      url: `${order}/dispatched`,
      summary:
        "Marks the store's parcel dispatched with carrier, tracking number and tracking URL (e-mails the shopper once; a repeat answers the same); 409 for a pickup or a cancelled shipment",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleOrderParamsSchema,
      body: ConsoleDispatchBodySchema,
      value: ConsoleOrderSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => fulfilment.dispatched(ctx, params.storeId, params.reference, body),
    }),
    defineRoute({
      method: 'POST',
      url: `${order}/items/:code/cancel`,
      summary:
        "Cancels one item of the store's shipment: refunds its price (and the shipment's postage with its last item) through the payment provider, back on sale unless Restock is false; 409 once dispatched or collected",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleOrderItemParamsSchema,
      body: ConsoleCancelItemBodySchema.optional(),
      value: ConsoleOrderSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) =>
        fulfilment.cancelItem(ctx, params.storeId, params.reference, params.code, body?.Restock ?? true),
    }),
  ];
}
