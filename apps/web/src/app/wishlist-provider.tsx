import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { markAlertReminderShown, shouldShowAlertReminder } from '../features/wishlist/alert-reminder';
import { AlertReminder } from '../features/wishlist/components/alert-reminder';
import { WishlistConsentPrompt } from '../features/wishlist/components/wishlist-consent-prompt';
import { SYNC_ERROR_PREFIX, wishlistError, wishlistErrorMessage } from '../features/wishlist/wishlist-state';
import { trackEcommerce } from '../lib/analytics';
import { hasFunctionalConsent, onConsentChange, setConsent } from '../lib/consent';
import { useSiteSettings } from '../lib/site-settings';
import { useViewer } from '../lib/viewer';
import {
  onWishlistMergeFailure,
  WishlistContext,
  type WishlistContextValue,
  wishlistMergeFailure,
} from '../lib/wishlist';
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
  // A failure leaves the hearts empty (and is reported as syncError). Waits for whoami: a customer's wishlist needs no token.
  const summary = useQuery({
    ...wishlistSummaryQueryOptions(signedIn),
    enabled: WishlistsEnabled && viewer.kind !== 'loading',
  });
  const codes = useMemo<ReadonlySet<string>>(() => (summary.data ? new Set(summary.data) : NO_CODES), [summary.data]);
  // Out of sync: the summary could not be read (the hearts show none), or the guest wishlist did
  // not merge at sign-in. The wishlist page says so with the spec's prefix.
  const mergeFailure = useSyncExternalStore(onWishlistMergeFailure, wishlistMergeFailure, () => null);
  const failure = WishlistsEnabled ? (summary.error ?? mergeFailure) : null;
  const syncError = failure ? wishlistError(SYNC_ERROR_PREFIX, wishlistErrorMessage(failure)) : null;
  // The heart whose add prompted the alerts reminder (undefined: no reminder open).
  const [prompt, setPrompt] = useState<HTMLElement | null | undefined>(undefined);
  // A visitor's heart pressed without functional-cookie consent, waiting on the consent prompt.
  const [asking, setAsking] = useState<Parameters<WishlistContextValue['toggle']> | null>(null);

  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: wishlistSummaryKey });
  }, [client]);

  // A change of cookie choice keeps or lets go of a visitor's wishlist: the hearts follow.
  useEffect(() => {
    if (!WishlistsEnabled) return;
    return onConsentChange(() => void refresh());
  }, [WishlistsEnabled, refresh]);

  useEffect(() => {
    if (!WishlistsEnabled) return;
    const onChange = () => void refresh();
    window.addEventListener(CHANGED, onChange);
    return () => window.removeEventListener(CHANGED, onChange);
  }, [WishlistsEnabled, refresh]);

  const save = useCallback<WishlistContextValue['toggle']>(
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

  // A visitor's wishlist is kept on this device only with functional-cookie consent; without it
  // a heart would look saved and vanish on reload, so the visitor is asked first.
  const toggle = useCallback<WishlistContextValue['toggle']>(
    async (code, add, analytics, origin) => {
      if (add && !signedIn && !hasFunctionalConsent()) {
        setAsking([code, add, analytics, origin]);
        return false;
      }
      return save(code, add, analytics, origin);
    },
    [save, signedIn],
  );

  const value = useMemo<WishlistContextValue>(
    () => ({ enabled: WishlistsEnabled, codes, toggle, refresh, syncError }),
    [WishlistsEnabled, codes, toggle, refresh, syncError],
  );

  return (
    <WishlistContext.Provider value={value}>
      {children}
      <AlertReminder origin={prompt} onClose={() => setPrompt(undefined)} />
      <WishlistConsentPrompt
        open={asking !== null}
        origin={asking?.[3] ?? null}
        onAllow={() => {
          setConsent('accepted');
          if (asking) void save(...asking);
        }}
        onClose={() => setAsking(null)}
      />
    </WishlistContext.Provider>
  );
}
