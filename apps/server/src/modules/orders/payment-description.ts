import type { Ctx } from '../../lib/context.js';
import type { AttemptContext, OrderDescription } from '../payments/payment-provider.js';
import type { OrdersService } from './orders.service.js';

interface StoredAddress {
  BusinessName?: string;
  Line1?: string;
  Line2?: string;
  Suburb?: string;
  State?: string;
  PostCode?: string;
}

/**
 * The order's lines, postage, discount and shipping address, read as written, for a provider that
 * itemises the payment (PayPal checks they add up to the amount). One address: the first posted
 * shipment's (PayPal's availability refuses pickup, mixed or several addresses). Null address for
 * none; undefined when the order no longer matches the attempt's amount.
 */
export function describeOrderFor(orders: Pick<OrdersService, 'byReference' | 'lines' | 'shipments'>) {
  return async (ctx: Ctx, attempt: AttemptContext): Promise<OrderDescription | undefined> => {
    const order = await orders.byReference(ctx, attempt.orderReference);
    if (!order || order.total_minor !== attempt.amountMinor) return undefined;
    const [lines, shipments] = [await orders.lines(ctx, order.id), await orders.shipments(ctx, order.id)];
    const posted = shipments.find((s) => s.method === 'postage');
    const address = posted ? (JSON.parse(posted.address) as StoredAddress) : null;
    return {
      items: lines.map((line) => ({ name: line.title, sku: line.code, priceMinor: line.price_minor })),
      postageMinor: order.postage_minor,
      discountMinor: order.discount_minor,
      shipping: address
        ? {
            fullName: `${attempt.customer.firstName} ${attempt.customer.lastName}`.trim(),
            line1: address.Line1 ?? '',
            line2: address.Line2 ?? '',
            suburb: address.Suburb ?? '',
            state: address.State ?? '',
            postCode: address.PostCode ?? '',
            // The shop posts within its own country only.
            countryCode: order.region === 'AU' ? 'AU' : 'GB',
          }
        : null,
    };
  };
}
