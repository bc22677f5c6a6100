import { CLEARPAY_DECLINED_MESSAGE } from '@shop/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutStepNumber } from './checkout-types';

/**
 * Back from a Clearpay decline: the checkout reopens where the shopper left it, step 3 (the step
 * memory keeps it for a provider's return), and step 3 says "Clearpay declined this payment. Choose
 * another way to pay." above the options, where the shopper chooses again (the page's banner sits
 * above the summary, out of sight on a phone once step 3 is scrolled to). `shown` answers false when
 * the checkout did not reopen on step 3: the page's banner then says it. The note goes once the
 * shopper leaves step 3.
 */
export function useClearpayDecline(activeStep: CheckoutStepNumber) {
  const [notice, setNotice] = useState<string | null>(null);

  const shown = useCallback((): boolean => {
    if (activeStep !== 3) return false;
    setNotice(CLEARPAY_DECLINED_MESSAGE);
    return true;
  }, [activeStep]);

  // Leaving step 3 (not arriving on it) ends the note.
  const previous = useRef(activeStep);
  useEffect(() => {
    if (previous.current === 3 && activeStep !== 3) setNotice(null);
    previous.current = activeStep;
  }, [activeStep]);

  return { notice: activeStep === 3 ? notice : null, shown };
}
