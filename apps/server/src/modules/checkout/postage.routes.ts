import {
  formatMoney,
  type Region,
  SetExpressCostValueSchema,
  ShippingEstimateSchema,
  SplitCheckoutViewValueSchema,
  setExpressCostBodySchema,
  shippingEstimateBodySchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { CheckoutService } from './checkout.service.js';

const MINUTE_MS = 60 * 1000;

/**
 * The checkout's postage calls (checkout.md section 7). Postage is priced by this module's table
 * rates; the cart's chosen delivery lives in checkout's state, so the calls go through checkout.
 */
export function postageRoutes(checkout: CheckoutService, region: Region): ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/shipping/estimate',
      summary:
        "Postage for the cart (or one store's items, StoreId) to the delivery address from the stores' table rates: Regular, Express, timelines, signature and insurance, or MissingTableRateMessage; keeps the choice in the checkout state",
      tag: 'checkout',
      body: shippingEstimateBodySchema(region),
      value: ShippingEstimateSchema,
      rateLimit: { max: 120, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => checkout.estimateShipping(ctx, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/shipping/setexpresscost',
      summary:
        'Keeps the chosen delivery and cost type (one entry, or one per store with ShipmentId for split postage); Value is the order total now (items - discount + chosen postage)',
      tag: 'checkout',
      body: setExpressCostBodySchema(region),
      value: SetExpressCostValueSchema,
      rateLimit: { max: 120, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        const total = await checkout.setExpressCost(ctx, body);
        return { Amount: total, Display: formatMoney(total, ctx.region) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/checkout/splitcheckoutview',
      summary:
        "Split postage: per store of the cart its address, items, pickup (unless disabled) and postage (unless an item cannot be posted) with the estimate for the store's or the checkout's address",
      tag: 'checkout',
      value: SplitCheckoutViewValueSchema,
      cacheControl: 'no-store',
      handler: async (ctx) => checkout.splitView(ctx),
    }),
  ];
}
