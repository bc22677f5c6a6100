import type { ProviderSetup, ProviderSetupInput } from '../../payment-setup.js';
import { PayPalProvider, type PayPalProviderOptions } from './paypal.adapter.js';
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
  // The shop's side: our accept and cancel routes, capture on reconcile. The order's lines and
  // address come with the attempt at start (AttemptContext.describeOrder).
  const shop: Partial<PayPalProviderOptions> = {
    shopUrl: publicUrl,
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
