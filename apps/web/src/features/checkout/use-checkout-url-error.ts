import { checkoutUrlErrorMessage } from '@shop/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A checkout URL carrying ?error= (a provider's return, e.g. Clearpay's decline) shows the
 * default error in the banner, or BannedCustomer's when that word is present (checkout.md
 * section 8). The parameter is then taken out of the address, so a reload does not show it again.
 */
export function useCheckoutUrlError(setError: (message: string | null) => void): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  useEffect(() => {
    const message = checkoutUrlErrorMessage(error);
    if (message === null) return;
    setError(message);
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
