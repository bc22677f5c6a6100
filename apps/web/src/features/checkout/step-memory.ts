import { checkoutSubmissionSchema, PAYMENT_OPTION_NAMES, type Region } from '@shop/contract';
import { z } from 'zod';
import { ADDRESS_PARTS } from '../../lib/address-parts';
import { OWN_SCROLL_FIELD } from '../../lib/own-scroll';
import type { CheckoutStepNumber, DeliveryChoice } from './checkout-types';
import type { PaymentOptionName } from './components/payment-rules';
import { type CompletedDetails, type CustomerValues, completedDetails } from './customer-details';

/**
 * Where the shopper was in the checkout, so Back, Forward, a reload and a payment provider's
 * return (a full page load on a new history entry) come back to that step with the choices made.
 *
 * Two places hold it:
 * - each history entry's state carries the step it showed (entryState), so Back and Forward move
 *   between steps and a reload reopens the entry's own step;
 * - this tab's sessionStorage keeps the latest step and choices (StepMemory), for the entries that
 *   carry none (the provider's return) and for what the state cannot hold across a reload.
 *
 * Kept: step 1's details without Consent and Terms (checkout.md section 3 keeps neither), the
 * delivery choice and the payment option's name. Never a card detail or a provider's token. The
 * record is for one cart: a cart whose items or prices changed (Cart.Version) starts afresh.
 * sessionStorage, not the consent-gated local storage: it lives only as long as the tab, and the
 * shopper needs it to finish the purchase they started.
 */
export const STEP_MEMORY_KEY = 'checkout.step-memory';

export interface StepMemory {
  /** The Cart.Version the choices were made for. */
  cart: string;
  step: CheckoutStepNumber;
  /** Step 1's details as Continue handed them on; Consent is not kept (always false here). */
  details: CompletedDetails | null;
  delivery: DeliveryChoice | null;
  payment: PaymentOptionName | null;
}

/** The stored record, checked with the submission's own rules: an altered or outdated one is ignored. */
function memorySchema(region: Region) {
  const submission = checkoutSubmissionSchema(region);
  return z.object({
    cart: z.string(),
    step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    details: z
      .object({
        details: submission.shape.CustomerDetails.omit({ Consent: true }),
        billingAddress: submission.shape.BillingAddress,
      })
      .nullable(),
    delivery: submission
      .pick({
        DeliveryOption: true,
        IsStorePickup: true,
        IsPaidPostage: true,
        IsExpress: true,
        DeliveryAddress: true,
        IsShippingAddressSameAsBillingAddress: true,
        SplitPostageShipments: true,
      })
      .nullable(),
    payment: z.enum(PAYMENT_OPTION_NAMES).nullable(),
  });
}

/** The record as stored: Consent left out. */
export function serialiseStepMemory(memory: StepMemory): string {
  const details = memory.details
    ? {
        details: {
          EmailAddress: memory.details.details.EmailAddress,
          FirstName: memory.details.details.FirstName,
          LastName: memory.details.details.LastName,
          PhoneNumber: memory.details.details.PhoneNumber,
        },
        billingAddress: memory.details.billingAddress,
      }
    : null;
  return JSON.stringify({ ...memory, details });
}

/** The stored record for this cart, or null (none, unreadable, or made for another cart). */
export function parseStepMemory(raw: string | null, region: Region, cart: string): StepMemory | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = memorySchema(region).safeParse(json);
  if (!parsed.success || parsed.data.cart !== cart) return null;
  const { details, ...rest } = parsed.data;
  return {
    ...rest,
    details: details
      ? { details: { ...details.details, Consent: false }, billingAddress: details.billingAddress }
      : null,
  };
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** This tab's record for the cart; a record for another cart is removed. */
export function loadStepMemory(region: Region, cart: string): StepMemory | null {
  const storage = session();
  const raw = storage?.getItem(STEP_MEMORY_KEY) ?? null;
  const memory = parseStepMemory(raw, region, cart);
  if (raw && !memory) storage?.removeItem(STEP_MEMORY_KEY);
  return memory;
}

/** Drops this tab's record (an order was placed from it). */
export function forgetStepMemory(): void {
  try {
    session()?.removeItem(STEP_MEMORY_KEY);
  } catch {
    // Storage refused: there is nothing kept to drop.
  }
}

export function saveStepMemory(memory: StepMemory): void {
  try {
    session()?.setItem(STEP_MEMORY_KEY, serialiseStepMemory(memory));
  } catch {
    // Storage full or refused: the checkout works, it just will not remember the step.
  }
}

/**
 * The furthest step up to `wanted` that can be shown with what is known: step 2 needs step 1's
 * details, step 3 also a delivery choice.
 */
export function reachableStep(
  wanted: CheckoutStepNumber,
  have: { details: boolean; delivery: boolean },
): CheckoutStepNumber {
  if (wanted === 3 && have.details && have.delivery) return 3;
  if (wanted >= 2 && have.details) return 2;
  return 1;
}

/**
 * The step to open on arrival: the history entry's own (a reload, Back or Forward onto the page),
 * else the remembered one (a provider's return), as far as the remembered choices allow.
 */
export function restoredStep(entryStep: CheckoutStepNumber | null, memory: StepMemory | null): CheckoutStepNumber {
  if (!memory) return 1;
  return reachableStep(entryStep ?? memory.step, {
    details: memory.details !== null,
    delivery: memory.delivery !== null,
  });
}

/**
 * Step 1's details when Forward leaves it for a later step without Continue: the form's, when
 * valid; the ones handed on before, when the form still holds them and only the terms box is
 * unticked (the terms are asked again on step 3); otherwise null (the shopper stays on step 1).
 */
export function detailsOnLeavingStepOne(
  region: Region,
  values: CustomerValues,
  before: CompletedDetails | null,
): CompletedDetails | null {
  const now = completedDetails(region, values);
  if (now) return now;
  const asTyped = completedDetails(region, { ...values, TermsAndConditions: true });
  if (!asTyped || !before) return null;
  return sameDetails(asTyped, before) ? before : null;
}

const PERSON_FIELDS = ['EmailAddress', 'FirstName', 'LastName', 'PhoneNumber'] as const;

function sameDetails(a: CompletedDetails, b: CompletedDetails): boolean {
  return (
    PERSON_FIELDS.every((field) => a.details[field] === b.details[field]) &&
    ADDRESS_PARTS.every((part) => a.billingAddress[part] === b.billingAddress[part])
  );
}

/** The field of a history entry's state holding the step it shows. */
const STEP_FIELD = 'checkoutStep';

/** The state a checkout history entry carries: its step, and that the page places its own scroll. */
export function entryState(step: CheckoutStepNumber): Record<string, unknown> {
  return { [STEP_FIELD]: step, [OWN_SCROLL_FIELD]: true };
}

/** The step a history entry's state (location.state) names, or null. */
export function entryStepOf(state: unknown): CheckoutStepNumber | null {
  if (typeof state !== 'object' || state === null) return null;
  const step = (state as Record<string, unknown>)[STEP_FIELD];
  return step === 1 || step === 2 || step === 3 ? step : null;
}
