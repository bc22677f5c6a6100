import type { PredictiveValue } from '@shop/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /c3api/search/predective (the spec's spelling): suggestions for what the shopper is typing. */
export function getSuggestions(
  query: string,
  options: { isMobileDevice: boolean; referrer: string },
  signal?: AbortSignal,
): Promise<PredictiveValue> {
  const params = new URLSearchParams({
    query,
    isMobileDevice: String(options.isMobileDevice),
    referrer: options.referrer,
  });
  return apiGet<PredictiveValue>(`/c3api/search/predective?${params}`, signal);
}
