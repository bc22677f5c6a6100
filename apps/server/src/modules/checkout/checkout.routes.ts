import { checkoutSubmissionSchema, ProcessValueSchema, type Region } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { PlaceOrderFlow } from './place-order.flow.js';

const MINUTE_MS = 60 * 1000;

export function checkoutRoutes(flow: PlaceOrderFlow, region: Region): ApiRoute[] {
  const submission = checkoutSubmissionSchema(region);
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/purchase/process',
      summary:
        'Places the order: reserves every item, writes the order and starts its payment in one transaction (Idempotency-Key honoured; an item of an open order answers Message ExistingOrder)',
      tag: 'checkout',
      body: submission,
      value: ProcessValueSchema,
      idempotency: 'optional',
      rateLimit: { max: 30, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        const placed = await flow.place(ctx, body);
        return { ConfirmationUrl: placed.confirmationUrl };
      },
    }),
  ];
}
