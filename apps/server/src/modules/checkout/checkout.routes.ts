import {
  CheckoutViewValueSchema,
  checkoutSubmissionSchema,
  DiscountCouponBodySchema,
  DiscountCouponQuerySchema,
  DiscountCouponValueSchema,
  formatMoney,
  OrderConfirmationQuerySchema,
  OrderConfirmationValueSchema,
  ProcessValueSchema,
  type Region,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { CheckoutService, DiscountTotals } from './checkout.service.js';
import type { PlaceOrderFlow } from './place-order.flow.js';

const MINUTE_MS = 60 * 1000;

function toDiscountValue(totals: DiscountTotals, region: Region) {
  return {
    UpdatedTotal: { Amount: totals.totalMinor, Display: formatMoney(totals.totalMinor, region) },
    DiscountAmount: { Amount: totals.discountMinor, Display: formatMoney(totals.discountMinor, region) },
    DiscountCodes: totals.codes,
  };
}

export function checkoutRoutes(checkout: CheckoutService, flow: PlaceOrderFlow, region: Region): ApiRoute[] {
  const submission = checkoutSubmissionSchema(region);
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/checkout/view',
      summary:
        "The checkout page's data: the cart with each store's pickup address, delivery and payment options, and a signed-in customer's details",
      tag: 'checkout',
      value: CheckoutViewValueSchema,
      cacheControl: 'no-store',
      handler: async (ctx) => checkout.view(ctx),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/checkout/confirmation',
      summary:
        "An order for its confirmation page: its customer's, or anyone's with the signed key from the confirmation URL or e-mail (else 404)",
      tag: 'checkout',
      query: OrderConfirmationQuerySchema,
      value: OrderConfirmationValueSchema,
      rateLimit: { max: 120, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { query }) => checkout.confirmation(ctx, query.reference, query.key),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/promotion/discountcoupon',
      summary:
        "Applies a discount code to the cart; answers the new total. 400 'The discount code is invalid, please try again', or, under the code's minimum spend or past its end, FieldErrors naming code with the reason ('Spend $50.00 or more to use SAVE10', 'This code expired on 1 January 2026')",
      tag: 'checkout',
      body: DiscountCouponBodySchema,
      value: DiscountCouponValueSchema,
      // Guessing codes costs: a few tries a minute per address.
      rateLimit: { max: 20, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => toDiscountValue(await checkout.applyDiscount(ctx, body.code), ctx.region),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/c3api/promotion/discountcoupon',
      summary: 'Takes the discount code off the cart; answers the new total',
      tag: 'checkout',
      query: DiscountCouponQuerySchema,
      value: DiscountCouponValueSchema,
      cacheControl: 'no-store',
      handler: async (ctx, { query }) =>
        toDiscountValue(await checkout.removeDiscount(ctx, query.couponCode), ctx.region),
    }),
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
        // Confirmed at once (pay in store): where to go. Online: what the page needs to reach the provider.
        return placed.pageData ?? { ConfirmationUrl: placed.confirmationUrl };
      },
    }),
  ];
}
