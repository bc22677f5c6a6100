import { type Config, offeredPaymentProviders, paymentSandboxOn, paymentSandboxPort } from '../../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { clearpaySetup } from './providers/clearpay/clearpay.setup.js';
import { ewaySetup } from './providers/eway/eway.setup.js';
import { globalpaySetup } from './providers/globalpay/globalpay.setup.js';
import { paypalSetup } from './providers/paypal/paypal.setup.js';
import { type RunningSandbox, type SandboxMount, startPaymentSandbox } from './sandbox/sandbox-server.js';

/** Where a provider's sandbox is reached (null: the sandbox is off). */
export type SandboxUrls = ((prefix: string) => string) | null;

/** What one provider's setup gives: its adapter (when offered and configured) and its sandbox's mount. */
export interface ProviderSetup {
  provider: PaymentProvider | null;
  mount: SandboxMount;
}

export interface ProviderSetupInput {
  config: Config;
  /** The shop's own address (response URLs, webhooks). */
  publicUrl: string;
  sandbox: SandboxUrls;
  /** Whether PAYMENT_PROVIDERS offers it. */
  offered: boolean;
}

/**
 * The online payment providers of this shop: each offered one (PAYMENT_PROVIDERS) with its real
 * credentials, or pointed at its sandbox when PAYMENT_SANDBOX is on; and every sandbox's mount for
 * the sandbox server. A provider neither configured nor sandboxed is simply not offered.
 */
export function paymentSetup(config: Config, publicUrl: string, sandbox: SandboxUrls) {
  const offered = new Set(offeredPaymentProviders(config));
  const setups: ProviderSetup[] = [
    ewaySetup({ config, publicUrl, sandbox, offered: offered.has('Eway') }),
    globalpaySetup({ config, publicUrl, sandbox, offered: offered.has('GlobalPay') }),
    paypalSetup({ config, publicUrl, sandbox, offered: offered.has('PayPal') }),
    clearpaySetup({ config, publicUrl, sandbox, offered: offered.has('Clearpay') }),
  ];
  return {
    providers: setups.flatMap((s) => (s.provider ? [s.provider] : [])),
    mounts: setups.map((s) => s.mount),
  };
}

/**
 * The offered providers without starting anything (`npm run worker`): pointed at the sandbox the
 * server process runs (PAYMENT_SANDBOX on) when they have no real credentials.
 */
export function paymentProvidersOnly(config: Config, publicUrl: string): PaymentProvider[] {
  const sandboxBase = `http://${new URL(publicUrl).hostname}:${paymentSandboxPort(config)}`;
  const urls: SandboxUrls = paymentSandboxOn(config) ? (prefix) => `${sandboxBase}/${prefix}` : null;
  return paymentSetup(config, publicUrl, urls).providers;
}

/** The real providers' browser-facing origins (scripts, hosted pages), for the page's security policy. */
const REAL_ORIGINS: Record<string, string[]> = {
  Eway: ['https://secure.ewaypayments.com', 'https://secure-au.sandbox.ewaypayments.com'],
  GlobalPay: ['https://pay.realexpayments.com', 'https://pay.sandbox.realexpayments.com'],
  PayPal: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  Clearpay: ['https://portal.clearpay.co.uk', 'https://portal.sandbox.clearpay.co.uk'],
};

/**
 * Starts the sandbox server when PAYMENT_SANDBOX is on, then builds the offered providers (pointed
 * at it unless they have real credentials). The caller hands `providers` and `origins` to buildApp
 * and closes `sandbox` on shutdown.
 */
export async function preparePayments(
  config: Config,
  publicUrl: string,
  host = '127.0.0.1',
): Promise<{ providers: PaymentProvider[]; origins: string[]; sandbox: RunningSandbox | null }> {
  const { mounts } = paymentSetup(config, publicUrl, null);
  const sandbox = paymentSandboxOn(config)
    ? await startPaymentSandbox({
        port: paymentSandboxPort(config),
        host,
        publicHost: new URL(publicUrl).hostname,
        mounts,
        nodeEnv: config.NODE_ENV,
      })
    : null;
  const { providers } = paymentSetup(config, publicUrl, sandbox ? sandbox.urlOf : null);
  const origins = [
    ...(sandbox ? [sandbox.baseUrl] : []),
    ...offeredPaymentProviders(config).flatMap((name) => REAL_ORIGINS[name] ?? []),
  ];
  return { providers, origins, sandbox };
}
