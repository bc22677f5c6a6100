import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../components/modal';
import { trackEcommerce } from '../lib/analytics';
import { useSiteSettings } from '../lib/site-settings';
import { useViewer } from '../lib/viewer';
import { WishlistContext, type WishlistContextValue } from '../lib/wishlist';
import { changeWishlist } from '../lib/wishlist-api/change-wishlist';
import { wishlistSummaryKey, wishlistSummaryQueryOptions } from '../lib/wishlist-api/get-wishlist-summary';

const CHANGED = 'wishlist-changed';

const NO_CODES: ReadonlySet<string> = new Set();

/** The wishlist summary (codes) shared by every heart, only while WishlistsEnabled is on, held in the query cache. */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const { WishlistsEnabled, Region } = useSiteSettings();
  const client = useQueryClient();
  const viewer = useViewer();
  const signedIn = viewer.kind === 'customer';
  // A failure leaves the hearts empty. Waits for whoami: a customer's wishlist needs no token.
  const summary = useQuery({
    ...wishlistSummaryQueryOptions(signedIn),
    enabled: WishlistsEnabled && viewer.kind !== 'loading',
  });
  const codes = useMemo<ReadonlySet<string>>(() => (summary.data ? new Set(summary.data) : NO_CODES), [summary.data]);
  const [prompt, setPrompt] = useState(false);

  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: wishlistSummaryKey });
  }, [client]);

  useEffect(() => {
    if (!WishlistsEnabled) return;
    const onChange = () => void refresh();
    window.addEventListener(CHANGED, onChange);
    return () => window.removeEventListener(CHANGED, onChange);
  }, [WishlistsEnabled, refresh]);

  const toggle = useCallback<WishlistContextValue['toggle']>(
    async (code, add, analytics) => {
      try {
        const data = await changeWishlist(add ? 'add' : 'remove', code);
        await refresh();
        window.dispatchEvent(new Event(CHANGED));
        if (add) {
          if (analytics) {
            void trackEcommerce('add_to_wishlist', Region, {
              item_id: code,
              item_name: analytics.name,
              price: analytics.price,
              ...(analytics.brand ? { item_brand: analytics.brand } : {}),
            });
          }
          // The reminder asks guests to sign in; a customer has nothing to do yet.
          if (!data.HideWishlistAlertReminder && !signedIn) setPrompt(true);
        }
        return true;
      } catch {
        return false;
      }
    },
    [refresh, Region, signedIn],
  );

  const value = useMemo<WishlistContextValue>(
    () => ({ enabled: WishlistsEnabled, codes, toggle, refresh }),
    [WishlistsEnabled, codes, toggle, refresh],
  );

  return (
    <WishlistContext.Provider value={value}>
      {children}
      <Modal open={prompt} title="Wishlist alerts" onClose={() => setPrompt(false)} className="wishlist-prompt">
        <p>Get an e-mail when items on your wishlist change. Log in or register to turn on wishlist alerts.</p>
        <div className="cart__actions">
          <Link className="button button--yellow" to="/login" onClick={() => setPrompt(false)}>
            Log in
          </Link>
          <button type="button" className="button button--secondary" onClick={() => setPrompt(false)}>
            Maybe later
          </button>
        </div>
      </Modal>
    </WishlistContext.Provider>
  );
}
