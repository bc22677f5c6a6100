import { type CheckoutViewValue, formatMoney, type Money, POSTAGE_NOTE_NONE_CHOSEN, type Region } from '@shop/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { scrollToElement, scrollWindowTo } from '../../lib/smooth-scroll';
import { reportCheckout } from './checkout-analytics';
import type { CheckoutStepNumber, DeliveryChoice, PlacementAttempt, PostageNote, StepStatus } from './checkout-types';
import type { PaymentOptionName } from './components/payment-rules';
import type { CompletedDetails, CustomerValues } from './customer-details';
import {
  detailsOnLeavingStepOne,
  entryState,
  entryStepOf,
  loadStepMemory,
  reachableStep,
  restoredStep,
  saveStepMemory,
} from './step-memory';

/** The active step is open, earlier ones complete, later ones pending (checkout.md section 2). */
export function stepStatus(step: CheckoutStepNumber, active: CheckoutStepNumber): StepStatus {
  return step < active ? 'complete' : step === active ? 'active' : 'pending';
}

/**
 * The total before this page has a delivery choice: the items less any discount. The view's
 * CartTotal also holds the postage of a delivery chosen on an earlier visit, which would contradict
 * the summary's "+ postage (if applicable)" until step 2 prices it again.
 */
export function totalBeforeDelivery(view: CheckoutViewValue, region: Region): Money {
  const amount = view.Cart.OriginalTotal.Amount - view.Cart.DiscountAmount.Amount;
  return { Amount: amount, Display: formatMoney(amount, region) };
}

/** What the checkout reopens with (step-memory.ts): the step and the choices made for this cart. */
export interface RestoredCheckout {
  cart: string;
  step: CheckoutStepNumber;
  /** Step 1's details, when the step opened is a later one (step 1 starts from what the form keeps). */
  details: CompletedDetails | null;
  delivery: DeliveryChoice | null;
  payment: PaymentOptionName | null;
}

/**
 * Reads, once, where this shopper was in the checkout of this cart: the history entry's step (a
 * reload, Back or Forward onto the page) or this tab's remembered one (a payment provider's return).
 */
export function useRestoredCheckout(view: CheckoutViewValue, region: Region): RestoredCheckout {
  const location = useLocation();
  const [restored] = useState<RestoredCheckout>(() => {
    const cart = view.Cart.Version;
    const memory = loadStepMemory(region, cart);
    const step = restoredStep(entryStepOf(location.state), memory);
    return {
      cart,
      step,
      details: step >= 2 ? (memory?.details ?? null) : null,
      delivery: memory?.delivery ?? null,
      payment: memory?.payment ?? null,
    };
  });
  return restored;
}

/**
 * The page's checkout state (checkout.md section 3, "General state"): the active step, step 1's
 * details, step 2's choice, the total and postage note as the steps report them, and the banner.
 * Changing step scrolls to it over 400 ms; setting an error scrolls to the top.
 *
 * Each step the shopper moves to is a history entry of its own, so Back and Forward move between
 * steps (as far as the choices made allow), and the step with its choices is remembered for a
 * reload or a provider's return (step-memory.ts); the page then opens at that step.
 */
export function useCheckoutFlow(
  view: CheckoutViewValue,
  region: Region,
  restored: RestoredCheckout,
  values: CustomerValues,
) {
  const [activeStep, setActiveStep] = useState<CheckoutStepNumber>(restored.step);
  const [reached, setReached] = useState<CheckoutStepNumber>(restored.step);
  const [completed, setCompleted] = useState<CompletedDetails | null>(restored.details);
  const [delivery, setDelivery] = useState<DeliveryChoice | null>(restored.step === 3 ? restored.delivery : null);
  // The delivery step's choice as it stands (complete or null), which Forward from step 2 takes.
  const [currentDelivery, setCurrentDelivery] = useState<DeliveryChoice | null>(null);
  const [payment, setPayment] = useState<PaymentOptionName | null>(restored.payment);
  // Reopened on step 3: the server's total already holds the kept delivery's postage.
  const [totalOverride, setTotalOverride] = useState<Money | null>(restored.step === 3 ? view.Cart.CartTotal : null);
  const [postageNote, setPostageNote] = useState<PostageNote>(POSTAGE_NOTE_NONE_CHOSEN);
  const [error, setErrorState] = useState<string | null>(null);
  const stepRefs = useRef<Partial<Record<CheckoutStepNumber, HTMLElement | null>>>({});
  const moved = useRef(false);
  // False while the move is to show the banner at the top instead (a failed placement).
  const scrollToStep = useRef(true);
  const begun = useRef(restored.step > 1);
  const attempt = useRef<PlacementAttempt | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ activeStep, completed, delivery, currentDelivery, values, location });
  latest.current = { activeStep, completed, delivery, currentDelivery, values, location };

  // Runs when the step changes, not on the first render.
  useEffect(() => {
    if (!moved.current) return;
    const section = stepRefs.current[activeStep];
    if (!section) return;
    if (scrollToStep.current) void scrollToElement(section);
    scrollToStep.current = true;
    section.querySelector<HTMLElement>('.checkout-step__header')?.focus({ preventScroll: true });
  }, [activeStep]);

  // Reopened on a later step: the page opens at it, not where the window was on another layout.
  // Not while the top of the page says something first: an unfinished payment's notice (the error
  // banner scrolls to the top itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    const section = stepRefs.current[restored.step];
    if (restored.step > 1 && section && !view.UnfinishedPayment) void scrollToElement(section, 0);
  }, []);

  // The step and choices, remembered as they change.
  useEffect(() => {
    saveStepMemory({
      cart: restored.cart,
      step: activeStep,
      details: completed ?? restored.details,
      delivery: currentDelivery ?? delivery ?? restored.delivery,
      payment,
    });
  }, [restored, activeStep, completed, delivery, currentDelivery, payment]);

  /** Shows `step` on the current history entry (push: a new entry for it; replace: this one). */
  const markEntry = useCallback(
    (step: CheckoutStepNumber, replace: boolean) => {
      const { pathname, search, hash } = latest.current.location;
      navigate({ pathname, search, hash }, { replace, state: entryState(step) });
    },
    [navigate],
  );

  const show = useCallback((step: CheckoutStepNumber) => {
    moved.current = true;
    setActiveStep(step);
    setReached((previous) => (step > previous ? step : previous));
  }, []);

  const goTo = useCallback(
    (step: CheckoutStepNumber) => {
      if (step !== latest.current.activeStep) markEntry(step, false);
      show(step);
    },
    [markEntry, show],
  );

  // Every entry names its step: the arrival's (and one whose address was rewritten) is marked; Back
  // or Forward onto another step's entry shows that step, or the furthest one the choices allow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry.
  useEffect(() => {
    const wanted = entryStepOf(location.state);
    const now = latest.current;
    if (wanted === null) {
      markEntry(now.activeStep, true);
      return;
    }
    if (wanted === now.activeStep) return;
    const details = now.activeStep === 1 ? detailsOnLeavingStepOne(region, now.values, now.completed) : now.completed;
    const chosen = now.activeStep === 2 ? now.currentDelivery : (now.currentDelivery ?? now.delivery);
    const step = wanted < now.activeStep ? wanted : reachableStep(wanted, { details: !!details, delivery: !!chosen });
    if (step !== wanted) markEntry(step, true);
    if (step === now.activeStep) return;
    if (step > 1) setCompleted(details);
    if (step === 3) setDelivery(chosen);
    show(step);
  }, [location.key]);

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
    /** The delivery step's starting choice: the one remembered for this cart. */
    initialDelivery: restored.delivery,
    completeDelivery(choice: DeliveryChoice) {
      setDelivery(choice);
      goTo(3);
    },
    setCurrentDelivery,
    payment,
    setPayment,
    /** The last submission attempt, kept while step 3 comes and goes (see PlacementAttempt). */
    attempt,
    /**
     * A failed placement: "step 1 is shown with" the banner (checkout.md section 8). The page goes
     * to its top, where the banner is, rather than to step 1's header; the header takes the focus.
     */
    placementFailed(message: string) {
      moved.current = true;
      scrollToStep.current = false;
      if (latest.current.activeStep !== 1) markEntry(1, true);
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
