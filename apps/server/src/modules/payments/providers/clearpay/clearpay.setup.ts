import type { ProviderSetup, ProviderSetupInput } from '../../payment-setup.js';
import { ClearpayProvider } from './clearpay.adapter.js';
import { clearpaySandbox } from './clearpay.sandbox.js';

const SANDBOX_MERCHANT = { merchantId: 'sandbox-clearpay-merchant', secretKey: 'sandbox-clearpay-secret' };

export function clearpaySetup({ config, publicUrl, sandbox, offered }: ProviderSetupInput): ProviderSetup {
  const mount = {
    prefix: 'clearpay',
    plugin: (url: string) => clearpaySandbox({ publicUrl: url, merchant: SANDBOX_MERCHANT }),
  };
  if (!offered) return { provider: null, mount };
  const userAgent = { platform: 'Secondhand/1.0', merchantName: 'Secondhand', websiteUrl: publicUrl };
  if (config.CLEARPAY_API_URL && config.CLEARPAY_MERCHANT_ID && config.CLEARPAY_SECRET_KEY) {
    return {
      provider: new ClearpayProvider({
        baseUrl: config.CLEARPAY_API_URL,
        merchantId: config.CLEARPAY_MERCHANT_ID,
        secretKey: config.CLEARPAY_SECRET_KEY,
        userAgent,
      }),
      mount,
    };
  }
  if (!sandbox) return { provider: null, mount };
  return { provider: new ClearpayProvider({ baseUrl: sandbox('clearpay'), ...SANDBOX_MERCHANT, userAgent }), mount };
}
