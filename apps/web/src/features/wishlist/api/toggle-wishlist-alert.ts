import type { Envelope, WishlistAlertToggleBody, WishlistAlertToggleValue } from '@shop/contract';
import { apiPostEnvelope } from '../../../lib/api-client';

/**
 * POST /c3api/wishlistalert/toggle {WishlistId, AlertEnabled, Email, VerificationCode}: the whole
 * reply, for a verification error's Value comes with WasSuccessful false (storefront.md 7).
 */
export function toggleWishlistAlert(
  body: WishlistAlertToggleBody,
): Promise<Envelope<Partial<WishlistAlertToggleValue> | null>> {
  return apiPostEnvelope<Partial<WishlistAlertToggleValue>>('/c3api/wishlistalert/toggle', body);
}
