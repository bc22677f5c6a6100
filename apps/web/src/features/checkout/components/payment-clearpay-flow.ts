import { CHECKOUT_ERROR_MESSAGE, type ClearpayConfigurationValue } from '@shop/contract';
import { useCallback, useEffect, useState } from 'react';
import { getClearpayConfiguration } from '../api/clearpay-configuration';
import type { ProviderPanelProps } from './payment-providers';

/** Leaving for Clearpay's page (a seam tests replace: jsdom cannot navigate). */
export const clearpayNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Clearpay's page address from the process reply, only when it is an http(s) URL. */
export function redirectUrlOf(page: Record<string, unknown>): string | null {
  const url = page.RedirectCheckoutUrl;
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The range Clearpay takes, for the panel's note (null until known or when the call fails). */
export function useClearpayRange(): ClearpayConfigurationValue | null {
  const [range, setRange] = useState<ClearpayConfigurationValue | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    getClearpayConfiguration(abort.signal)
      .then(setRange)
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  return range;
}

/**
 * Clearpay's redirect flow (checkout.md section 4): place the order, mark its attempt pending,
 * then leave for Clearpay's page; the shopper comes back through the server's return route, which
 * lands on the confirmation, or on the checkout with ?error= (the page's banner shows it; a decline
 * is said on step 3, where the checkout reopens: clearpay-return.ts).
 */
export function useClearpayPayment(props: Pick<ProviderPanelProps, 'placeOrder' | 'setPending' | 'release'>) {
  const { placeOrder, setPending, release } = props;
  const [leaving, setLeaving] = useState(false);

  // Back from Clearpay's page through the browser's history: the page is usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const pay = useCallback(async () => {
    const page = await placeOrder();
    if (!page) return;
    const url = redirectUrlOf(page);
    const tracking = typeof page.TrackingNumber === 'string' ? page.TrackingNumber : null;
    if (!url || !tracking) {
      release(CHECKOUT_ERROR_MESSAGE);
      return;
    }
    setPending(tracking);
    setLeaving(true);
    clearpayNavigation.assign(url);
  }, [placeOrder, setPending, release]);

  return { leaving, pay };
}
