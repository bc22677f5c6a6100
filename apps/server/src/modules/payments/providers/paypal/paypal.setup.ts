import type { Ctx } from '../../../../lib/context.js';
import { OrdersService } from '../../../orders/orders.service.js';
import type { AttemptContext } from '../../payment-provider.js';
import type { ProviderSetup, ProviderSetupInput } from '../../payment-setup.js';
import { type PayPalAttemptContext, PayPalProvider, type PayPalProviderOptions } from './paypal.adapter.js';
import { paypalSandbox } from './paypal.sandbox.js';

const SANDBOX_CLIENT = { clientId: 'sandbox-paypal-client', clientSecret: 'sandbox-paypal-secret' };
const SANDBOX_WEBHOOK_ID = 'sandbox-webhook';

export function paypalSetup({ config, publicUrl, sandbox, offered }: ProviderSetupInput): ProviderSetup {
  const mount = {
    prefix: 'paypal',
    plugin: (url: string) =>
      paypalSandbox({
        publicUrl: url,
        ...SANDBOX_CLIENT,
        notify: { url: `${publicUrl}/c3api/checkout/paypal/webhook`, webhookId: SANDBOX_WEBHOOK_ID },
      }),
  };
  if (!offered) return { provider: null, mount };
  // The shop's side: our accept and cancel routes, the order's lines and address, capture on reconcile.
  const shop: Partial<PayPalProviderOptions> = {
    shopUrl: publicUrl,
    describeOrder: describeOrderFor(new OrdersService()),
    captureApprovedOnReconcile: true,
  };
  if (config.PAYPAL_API_URL && config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    return {
      provider: new PayPalProvider({
        ...shop,
        baseUrl: config.PAYPAL_API_URL,
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        ...(config.PAYPAL_WEBHOOK_ID ? { webhookId: config.PAYPAL_WEBHOOK_ID } : {}),
        ...(config.PAYPAL_SDK_URL ? { sdkUrl: config.PAYPAL_SDK_URL } : {}),
      }),
      mount,
    };
  }
  if (!sandbox) return { provider: null, mount };
  return {
    provider: new PayPalProvider({
      ...shop,
      baseUrl: sandbox('paypal'),
      ...SANDBOX_CLIENT,
      webhookId: SANDBOX_WEBHOOK_ID,
      sdkUrl: `${sandbox('paypal')}/sdk/js`,
    }),
    mount,
  };
}

interface StoredAddress {
  BusinessName?: string;
  Line1?: string;
  Line2?: string;
  Suburb?: string;
  State?: string;
  PostCode?: string;
}

/**
 * The purchase unit's lines, postage, discount and shipping address, read from the order as written
 * (PayPal checks they add up to the amount). PayPal takes one address: the first posted shipment's
 * (availability refuses PayPal for pickup, mixed or several addresses). Null address for none.
 */
export function describeOrderFor(orders: OrdersService) {
  return async (ctx: Ctx, attempt: AttemptContext): Promise<PayPalAttemptContext['paypal'] | undefined> => {
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
