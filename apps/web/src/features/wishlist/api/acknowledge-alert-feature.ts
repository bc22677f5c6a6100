import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/wishlistalert/acknowledgefeature, made once after the wishlist is initialised
 * (storefront.md 4); answers whether alerts are on, when it says.
 */
export async function acknowledgeAlertFeature(): Promise<boolean | null> {
  const value = await apiPost<unknown>('/c3api/wishlistalert/acknowledgefeature', {});
  if (value && typeof value === 'object' && 'AlertEnabled' in value && typeof value.AlertEnabled === 'boolean')
    return value.AlertEnabled;
  return null;
}
