import type { ProviderSetup, ProviderSetupInput } from '../../payment-setup.js';
import { GlobalPayProvider } from './globalpay.adapter.js';
import { globalpaySandbox } from './globalpay.sandbox.js';

const SANDBOX_MERCHANT = {
  merchantId: 'sandboxmerchant',
  account: 'internet',
  sharedSecret: 'sandbox-shared-secret',
  rebatePassword: 'sandbox-rebate',
};

export function globalpaySetup({ config, publicUrl, sandbox, offered }: ProviderSetupInput): ProviderSetup {
  const mount = {
    prefix: 'globalpay',
    plugin: (url: string) => globalpaySandbox({ publicUrl: url, ...SANDBOX_MERCHANT }),
  };
  if (!offered) return { provider: null, mount };
  const shop = { responseUrl: `${publicUrl}/c3api/checkout/globalpay/response`, shopOrigin: new URL(publicUrl).origin };
  if (
    config.GLOBALPAY_HPP_URL &&
    config.GLOBALPAY_API_URL &&
    config.GLOBALPAY_MERCHANT_ID &&
    config.GLOBALPAY_ACCOUNT &&
    config.GLOBALPAY_SHARED_SECRET &&
    config.GLOBALPAY_REBATE_PASSWORD
  ) {
    return {
      provider: new GlobalPayProvider({
        hppUrl: config.GLOBALPAY_HPP_URL,
        apiUrl: config.GLOBALPAY_API_URL,
        merchantId: config.GLOBALPAY_MERCHANT_ID,
        account: config.GLOBALPAY_ACCOUNT,
        sharedSecret: config.GLOBALPAY_SHARED_SECRET,
        rebatePassword: config.GLOBALPAY_REBATE_PASSWORD,
        ...shop,
      }),
      mount,
    };
  }
  if (!sandbox) return { provider: null, mount };
  return { provider: new GlobalPayProvider({ baseUrl: sandbox('globalpay'), ...SANDBOX_MERCHANT, ...shop }), mount };
}
