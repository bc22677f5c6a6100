import { CLEARPAY_DECLINED_KEY, checkoutUrlErrorMessage } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A checkout URL carrying ?error= (a provider's return, e.g. Clearpay's decline) shows the
 * default error in the banner, or BannedCustomer's when that word is present (checkout.md
 * section 8); Clearpay's decline says so, on step 3 when the checkout can be put back there. The
 * parameter is then taken out of the address, so a reload does not show it again.
 */
export function useCheckoutUrlError(
  setError: (message: string | null) => void,
  /** Clearpay's decline: true when it was shown where it happened (step 3); else the banner says it. */
  onClearpayDeclined?: () => boolean,
): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const declined = useRef(onClearpayDeclined);
  declined.current = onClearpayDeclined;
  useEffect(() => {
    const message = checkoutUrlErrorMessage(error);
    if (message === null) return;
    if (!(error === CLEARPAY_DECLINED_KEY && declined.current?.())) setError(message);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setError, setParams]);
}
