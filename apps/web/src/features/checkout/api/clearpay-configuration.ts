import type { ClearpayConfigurationValue } from '@shop/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /c3api/checkout/clearpay/configuration: Clearpay's order range as the shop last read it
 * (the option itself is already enabled or disabled by the checkout view; this is for the text).
 */
export function getClearpayConfiguration(signal?: AbortSignal): Promise<ClearpayConfigurationValue> {
  return apiGet<ClearpayConfigurationValue>('/c3api/checkout/clearpay/configuration', signal);
}
