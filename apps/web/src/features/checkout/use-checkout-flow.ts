import { type CheckoutViewValue, formatMoney, type Money, POSTAGE_NOTE_NONE_CHOSEN, type Region } from '@shop/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { scrollToElement, scrollWindowTo } from '../../lib/smooth-scroll';
import { reportCheckout } from './checkout-analytics';
import type { CheckoutStepNumber, DeliveryChoice, PlacementAttempt, PostageNote, StepStatus } from './checkout-types';
import type { CompletedDetails } from './customer-details';

/** The active step is open, earlier ones complete, later ones pending (checkout.md section 2). */
export function stepStatus(step: CheckoutStepNumber, active: CheckoutStepNumber): StepStatus {
  return step < active ? 'complete' : step === active ? 'active' : 'pending';
}

/**
 * The page's checkout state (checkout.md section 3, "General state"): the active step, step 1's
 * details, step 2's choice, the total and postage note as the steps report them, and the banner.
 * Changing step scrolls to it over 400 ms; setting an error scrolls to the top.
 */
/**
 * The total before this page has a delivery choice: the items less any discount. The view's
 * CartTotal also holds the postage of a delivery chosen on an earlier visit, which would contradict
 * the summary's "+ postage (if applicable)" until step 2 prices it again.
 */
export function totalBeforeDelivery(view: CheckoutViewValue, region: Region): Money {
  const amount = view.Cart.OriginalTotal.Amount - view.Cart.DiscountAmount.Amount;
  return { Amount: amount, Display: formatMoney(amount, region) };
}

export function useCheckoutFlow(view: CheckoutViewValue, region: Region) {
  const [activeStep, setActiveStep] = useState<CheckoutStepNumber>(1);
  const [reached, setReached] = useState<CheckoutStepNumber>(1);
  const [completed, setCompleted] = useState<CompletedDetails | null>(null);
  const [delivery, setDelivery] = useState<DeliveryChoice | null>(null);
  const [totalOverride, setTotalOverride] = useState<Money | null>(null);
  const [postageNote, setPostageNote] = useState<PostageNote>(POSTAGE_NOTE_NONE_CHOSEN);
  const [error, setErrorState] = useState<string | null>(null);
  const stepRefs = useRef<Partial<Record<CheckoutStepNumber, HTMLElement | null>>>({});
  const moved = useRef(false);
  // False while the move is to show the banner at the top instead (a failed placement).
  const scrollToStep = useRef(true);
  const begun = useRef(false);
  const attempt = useRef<PlacementAttempt | null>(null);

  // Runs when the step changes, not on the first render.
  useEffect(() => {
    if (!moved.current) return;
    const section = stepRefs.current[activeStep];
    if (!section) return;
    if (scrollToStep.current) void scrollToElement(section);
    scrollToStep.current = true;
    section.querySelector<HTMLElement>('.checkout-step__header')?.focus({ preventScroll: true });
  }, [activeStep]);

  const goTo = useCallback((step: CheckoutStepNumber) => {
    moved.current = true;
    setActiveStep(step);
    setReached((previous) => (step > previous ? step : previous));
  }, []);

  const setError = useCallback((message: string | null) => {
    setErrorState(message);
    if (message) void scrollWindowTo(0);
  }, []);

  const total = totalOverride ?? totalBeforeDelivery(view, region);

  return {
    activeStep,
    reached,
    goTo,
    status: (step: CheckoutStepNumber) => stepStatus(step, activeStep),
    stepRef: (step: CheckoutStepNumber) => (element: HTMLElement | null) => {
      stepRefs.current[step] = element;
    },
    completed,
    completeDetails(details: CompletedDetails) {
      // "A valid press goes to step 2 and reports the cart total to analytics" (checkout.md
      // section 4): begin_checkout, once per checkout however often step 1 is passed again.
      if (!begun.current) {
        begun.current = true;
        void reportCheckout('begin_checkout', region, view.Cart, total);
      }
      setCompleted(details);
      setError(null);
      goTo(2);
    },
    delivery,
    completeDelivery(choice: DeliveryChoice) {
      setDelivery(choice);
      goTo(3);
    },
    /** The last submission attempt, kept while step 3 comes and goes (see PlacementAttempt). */
    attempt,
    /**
     * A failed placement: "step 1 is shown with" the banner (checkout.md section 8). The page goes
     * to its top, where the banner is, rather than to step 1's header; the header takes the focus.
     */
    placementFailed(message: string) {
      moved.current = true;
      scrollToStep.current = false;
      setActiveStep(1);
      setError(message);
    },
    /** The total as the steps and discount calls last reported it; the items less discount until then. */
    total,
    setTotal: setTotalOverride,
    postageNote,
    setPostageNote,
    error,
    setError,
  };
}
export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;
