import { apiPost } from '../../../lib/api-client';

/** POST /c3api/checkout/eway/logerror: what went wrong in the browser (never card data). Never throws. */
export async function logEwayError(errorData: Record<string, unknown>): Promise<void> {
  try {
    await apiPost<unknown>('/c3api/checkout/eway/logerror', { ErrorData: errorData });
  } catch {
    // Logging must never stand in the shopper's way.
  }
}
