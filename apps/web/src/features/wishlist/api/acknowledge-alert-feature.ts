import { apiPost } from '../../../lib/api-client';
import { wishlistToken } from '../../../lib/wishlist';

/** What the acknowledgement answers that the page uses (read defensively: each part may be missing). */
export interface AlertFeatureAcknowledgement {
  wishlistId: number | null;
  alertEnabled: boolean | null;
  /** The first time this wishlist saw the alerts feature: the switch is introduced by its tooltip. */
  firstTime: boolean;
}

/**
 * POST /c3api/wishlistalert/acknowledgefeature {Token}, made once after the wishlist is initialised
 * (storefront.md 4): the wishlist to toggle (a customer's is made if missing), whether alerts are
 * on, and whether this was the first acknowledgement.
 */
export async function acknowledgeAlertFeature(): Promise<AlertFeatureAcknowledgement> {
  const value = await apiPost<unknown>('/c3api/wishlistalert/acknowledgefeature', { Token: wishlistToken() });
  const data = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    wishlistId: typeof data.WishlistId === 'number' ? data.WishlistId : null,
    alertEnabled: typeof data.AlertEnabled === 'boolean' ? data.AlertEnabled : null,
    firstTime: data.FirstAcknowledgement === true,
  };
}
