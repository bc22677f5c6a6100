import {
  CHECKOUT_ERROR_MESSAGE,
  type CheckoutSubmission,
  type CheckoutViewValue,
  EXISTING_ORDER,
  type Money,
  type PAYMENT_OPTION_NAMES,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { ApiError } from '../../../lib/api-client';
import type { DeliveryChoice, PaymentStepProps } from '../checkout-types';
import { paypalDeliveryMessage } from './payment-paypal-rules';
import { PAYMENT_PROVIDERS } from './payment-providers';

/**
 * The payment step's rules (checkout.md sections 4, 7 and 8) as plain functions: which options can
 * be used, the submission, and what each failed placement tells the shopper.
 */

export type PaymentOptionName = (typeof PAYMENT_OPTION_NAMES)[number];
type PaymentOption = CheckoutViewValue['PaymentInformation']['Options'][number];

/** The error-key message for ExistingOrder (checkout.md section 8). */
export const EXISTING_ORDER_MESSAGE =
  'An order containing some items from your cart is already in progress. Please complete that order, or wait for it to lapse, before trying again.';
/** A network failure (checkout.md section 8). */
export const NETWORK_ERROR_MESSAGE = 'Sorry, an error has occurred. Please try again.';
/** The server's PICKUP_ONLY_MESSAGE (payments.service.ts): pay in store needs every item collected. */
export const PICKUP_ONLY_MESSAGE = 'Pay in store is available when every item is collected in store.';
/** An option whose browser side is not built yet (the hosted card page, PayPal's buttons, Clearpay). */
export const NOT_YET_AVAILABLE_MESSAGE = 'This payment option is not available yet.';

/** Whether this browser code can take payment with an option: Generic (one call), or a provider with its panel. */
export function isSupportedOption(name: PaymentOptionName): boolean {
  return name === 'Generic' || PAYMENT_PROVIDERS[name]?.Panel !== undefined;
}

export interface PaymentOptionState {
  option: PaymentOption;
  usable: boolean;
  /** Why it cannot be used, or null. */
  message: string | null;
}

/** Does every item get collected in store (whole-cart pickup, or split postage with pickup for every store)? */
export function isAllPickup(delivery: DeliveryChoice): boolean {
  if (delivery.SplitPostageShipments)
    return delivery.SplitPostageShipments.every((s) => s.ShippingMethodId === 'StorePickup');
  return delivery.IsStorePickup;
}

/** Is the total (postage included) inside the option's amount range (checkout.md section 5)? */
export function withinAmountRange(option: PaymentOption, total: Money): boolean {
  const { Minimum, Maximum } = option.AmountRange;
  return total.Amount >= Minimum.Amount && total.Amount <= Maximum.Amount;
}

/**
 * Each offered option with whether it can be used. The server judged Disabled on the checkout as
 * it stood when the view was read, before this visit's delivery choice; so pay in store is also
 * disabled here for anything but all-pickup, and the amount range is judged here on the total as
 * it stands, postage included (the total the set-express call answered, which the server judges
 * again on placing). An amount judgement of the server's is replaced by this one: with postage
 * chosen or changed since, the total it judged is not the shopper's.
 */
export function paymentOptionStates(
  options: PaymentOption[],
  delivery: DeliveryChoice,
  total: Money,
): PaymentOptionState[] {
  return options.map((option) => {
    const amountJudgement = option.DisabledMessage === option.AmountRange.Message;
    if (option.Disabled && !amountJudgement) {
      return { option, usable: false, message: option.DisabledMessage ?? NOT_YET_AVAILABLE_MESSAGE };
    }
    if (!isSupportedOption(option.SystemName)) {
      return { option, usable: false, message: NOT_YET_AVAILABLE_MESSAGE };
    }
    const paypalRefusal = option.SystemName === 'PayPal' ? paypalDeliveryMessage(delivery) : null;
    if (paypalRefusal) return { option, usable: false, message: paypalRefusal };
    if (option.SystemName === 'Generic' && !isAllPickup(delivery)) {
      return { option, usable: false, message: PICKUP_ONLY_MESSAGE };
    }
    if (!withinAmountRange(option, total)) return { option, usable: false, message: option.AmountRange.Message };
    return { option, usable: true, message: null };
  });
}

/** The option chosen at first: the only usable one, else the server's usable selected one. */
export function initialPaymentOption(states: PaymentOptionState[]): PaymentOptionName | null {
  const usable = states.filter((s) => s.usable);
  if (usable.length === 1) return usable[0]?.option.SystemName ?? null;
  return usable.find((s) => s.option.Selected)?.option.SystemName ?? null;
}

/** The submission payload (checkout.md section 3) from the page's props. */
export function buildSubmission(props: PaymentStepProps, paymentOption: PaymentOptionName): CheckoutSubmission {
  const { delivery } = props;
  return {
    PaymentOption: paymentOption,
    DeliveryOption: delivery.DeliveryOption,
    CustomerDetails: props.details,
    BillingAddress: props.billingAddress,
    DeliveryAddress: delivery.DeliveryAddress,
    IsShippingAddressSameAsBillingAddress: delivery.IsShippingAddressSameAsBillingAddress,
    IsStorePickup: delivery.IsStorePickup,
    IsPaidPostage: delivery.IsPaidPostage,
    IsExpress: delivery.IsExpress,
    CartVersion: props.view.Cart.Version,
    SplitPostageShipments: delivery.SplitPostageShipments,
  };
}

export type PlaceOrderFailure =
  | { kind: 'reload' }
  | { kind: 'message'; message: string; outcomeKnown: boolean; backToDetails: boolean };

/**
 * What a failed placement means (checkout.md sections 7 and 8). `outcomeKnown` is false when the
 * answer does not say whether the order exists: the next press retries the same attempt with the
 * same Idempotency-Key, so it cannot place a second order. `backToDetails`: a process failure
 * shows step 1 with the banner; a network failure (no answer at all) has its own text and no such
 * rule, so the shopper stays on step 3 to press again.
 */
export function placeOrderFailure(error: unknown): PlaceOrderFailure {
  const failed = (message: string, outcomeKnown: boolean) =>
    ({ kind: 'message', message, outcomeKnown, backToDetails: true }) as const;
  if (!(error instanceof ApiError)) return failed(CHECKOUT_ERROR_MESSAGE, false);
  if (error.status === 205) return { kind: 'reload' };
  if (error.status === 0) {
    return { kind: 'message', message: NETWORK_ERROR_MESSAGE, outcomeKnown: false, backToDetails: false };
  }
  if (error.status < 400 && error.message === EXISTING_ORDER) return failed(EXISTING_ORDER_MESSAGE, true);
  if (error.status === 400 && error.message === UNAVAILABLE_ITEMS_MESSAGE)
    return failed(UNAVAILABLE_ITEMS_MESSAGE, true);
  // A refusal (bad input, not found) placed nothing; a conflict or server error may hide a placed order.
  return failed(CHECKOUT_ERROR_MESSAGE, [400, 403, 404, 422].includes(error.status));
}
