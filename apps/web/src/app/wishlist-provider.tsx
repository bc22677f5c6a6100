import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { markAlertReminderShown, shouldShowAlertReminder } from '../features/wishlist/alert-reminder';
import { AlertReminder } from '../features/wishlist/components/alert-reminder';
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
  const { WishlistsEnabled, WishlistAlertsEnabled, Region } = useSiteSettings();
  const client = useQueryClient();
  const viewer = useViewer();
  const signedIn = viewer.kind === 'customer';
  // A failure leaves the hearts empty. Waits for whoami: a customer's wishlist needs no token.
  const summary = useQuery({
    ...wishlistSummaryQueryOptions(signedIn),
    enabled: WishlistsEnabled && viewer.kind !== 'loading',
  });
  const codes = useMemo<ReadonlySet<string>>(() => (summary.data ? new Set(summary.data) : NO_CODES), [summary.data]);
  // The heart whose add prompted the alerts reminder (undefined: no reminder open).
  const [prompt, setPrompt] = useState<HTMLElement | null | undefined>(undefined);

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
    async (code, add, analytics, origin) => {
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
          // The reminder asks guests to sign in (a customer has nothing to do yet), once only.
          if (WishlistAlertsEnabled && !signedIn && shouldShowAlertReminder(data.HideWishlistAlertReminder)) {
            markAlertReminderShown();
            setPrompt(origin ?? null);
          }
        }
        return true;
      } catch {
        return false;
      }
    },
    [refresh, Region, signedIn, WishlistAlertsEnabled],
  );

  const value = useMemo<WishlistContextValue>(
    () => ({ enabled: WishlistsEnabled, codes, toggle, refresh }),
    [WishlistsEnabled, codes, toggle, refresh],
  );

  return (
    <WishlistContext.Provider value={value}>
      {children}
      <AlertReminder origin={prompt} onClose={() => setPrompt(undefined)} />
    </WishlistContext.Provider>
  );
}
