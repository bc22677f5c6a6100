import { CLEARPAY_RETURN_PATH } from '@shop/contract';
import type { ProviderSetup, ProviderSetupInput } from '../../payment-setup.js';
import { ClearpayProvider } from './clearpay.adapter.js';
import { clearpaySandbox } from './clearpay.sandbox.js';
import { ClearpayConfigurationService } from './clearpay-configuration.service.js';

const SANDBOX_MERCHANT = { merchantId: 'sandbox-clearpay-merchant', secretKey: 'sandbox-clearpay-secret' };

/**
 * Clearpay for the shop: its real API with credentials, or the sandbox; the shopper comes back to
 * our return route (CLEARPAY_RETURN_PATH) with the attempt's TrackingNumber; the option's limits
 * come from the stored configuration (clearpay-configuration.service.ts).
 */
export function clearpaySetup({ config, publicUrl, sandbox, offered }: ProviderSetupInput): ProviderSetup {
  const mount = {
    prefix: 'clearpay',
    plugin: (url: string) => clearpaySandbox({ publicUrl: url, merchant: SANDBOX_MERCHANT }),
  };
  if (!offered) return { provider: null, mount };
  const common = {
    userAgent: { platform: 'Secondhand/1.0', merchantName: 'Secondhand', websiteUrl: publicUrl },
    returnUrl: `${publicUrl}${CLEARPAY_RETURN_PATH}`,
  };
  let provider: ClearpayProvider | null = null;
  if (config.CLEARPAY_API_URL && config.CLEARPAY_MERCHANT_ID && config.CLEARPAY_SECRET_KEY) {
    provider = new ClearpayProvider({
      baseUrl: config.CLEARPAY_API_URL,
      merchantId: config.CLEARPAY_MERCHANT_ID,
      secretKey: config.CLEARPAY_SECRET_KEY,
      ...common,
    });
  } else if (sandbox) {
    provider = new ClearpayProvider({ baseUrl: sandbox('clearpay'), ...SANDBOX_MERCHANT, ...common });
  }
  if (provider) provider.limits = new ClearpayConfigurationService(provider, config.REGION);
  return { provider, mount };
}
