import type { ProviderSetup, ProviderSetupInput } from '../../payment-setup.js';
import { EwayProvider } from './eway.adapter.js';
import { ewaySandbox } from './eway.sandbox.js';

/** The sandbox's own credentials: both sides use them when no real ones are configured. */
const SANDBOX_CREDENTIALS = { apiKey: 'sandbox-eway-key', password: 'sandbox-eway-password' };

export function ewaySetup({ config, sandbox, offered }: ProviderSetupInput): ProviderSetup {
  const mount = {
    prefix: 'eway',
    plugin: (url: string) => ewaySandbox({ publicUrl: url, credentials: SANDBOX_CREDENTIALS, mode: 'always-approve' }),
  };
  if (!offered) return { provider: null, mount };
  if (config.EWAY_API_URL && config.EWAY_API_KEY && config.EWAY_API_PASSWORD) {
    return {
      provider: new EwayProvider({
        baseUrl: config.EWAY_API_URL,
        apiKey: config.EWAY_API_KEY,
        password: config.EWAY_API_PASSWORD,
        ...(config.EWAY_SCRIPT_URL ? { scriptUrl: config.EWAY_SCRIPT_URL } : {}),
      }),
      mount,
    };
  }
  if (!sandbox) return { provider: null, mount };
  return {
    provider: new EwayProvider({
      baseUrl: sandbox('eway'),
      ...SANDBOX_CREDENTIALS,
      scriptUrl: `${sandbox('eway')}/scripts/eCrypt.js`,
    }),
    mount,
  };
}
