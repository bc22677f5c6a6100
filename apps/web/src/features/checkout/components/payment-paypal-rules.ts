import {
  type CheckoutViewValue,
  PAYPAL_MIXED_DELIVERY_MESSAGE,
  PAYPAL_MULTIPLE_ADDRESSES_MESSAGE,
  PAYPAL_PARAMETERS,
  PAYPAL_STORE_PICKUP_MESSAGE,
} from '@shop/contract';
import type { DeliveryChoice } from '../checkout-types';

/**
 * PayPal's rules in the browser (checkout.md sections 4 and 5), the same as the server's: no
 * store pickup, no mix of pickup and posted items, one shipping address; pay later only within
 * its amount range (PaymentMethodParameters).
 */

type AddressParts = { [K in 'Line1' | 'Line2' | 'Suburb' | 'State' | 'PostCode']?: string | null };
const addressKey = (a: AddressParts | null | undefined) =>
  [a?.Line1, a?.Line2, a?.Suburb, a?.State, a?.PostCode]
    .map((part) => (part ?? '').trim().toLowerCase().replace(/\s+/g, ' '))
    .join('|');

/** The spec's message saying why PayPal cannot pay for this delivery, or null. */
export function paypalDeliveryMessage(delivery: DeliveryChoice): string | null {
  const split = delivery.SplitPostageShipments;
  if (!split) return delivery.IsStorePickup ? PAYPAL_STORE_PICKUP_MESSAGE : null;
  const posted = split.filter((s) => s.ShippingMethodId !== 'StorePickup');
  if (posted.length === 0) return PAYPAL_STORE_PICKUP_MESSAGE;
  if (posted.length < split.length) return PAYPAL_MIXED_DELIVERY_MESSAGE;
  if (new Set(posted.map((s) => addressKey(s.DeliveryAddress))).size > 1) return PAYPAL_MULTIPLE_ADDRESSES_MESSAGE;
  return null;
}

export interface PayPalSettings {
  sdkUrl: string | null;
  clientId: string;
  payLaterCaption: string | null;
  /** Minor units. */
  payLaterMin: number | null;
  payLaterMax: number | null;
}

const toMinor = (value: string | undefined) =>
  value && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;

/** PayPal's PaymentMethodParameters from the checkout view. */
export function paypalSettings(view: CheckoutViewValue): PayPalSettings {
  const param = (name: string) =>
    view.PaymentInformation.PaymentMethodParameters.find((p) => p.Parameter === name)?.Value ?? undefined;
  return {
    sdkUrl: param(PAYPAL_PARAMETERS.sdkUrl) ?? null,
    clientId: param(PAYPAL_PARAMETERS.clientId) ?? 'sb',
    payLaterCaption: param(PAYPAL_PARAMETERS.caption) ?? null,
    payLaterMin: toMinor(param(PAYPAL_PARAMETERS.min)),
    payLaterMax: toMinor(param(PAYPAL_PARAMETERS.max)),
  };
}

/** Pay later is offered only within its range (checkout.md section 4). */
export function payLaterAvailable(settings: PayPalSettings, totalMinor: number): boolean {
  return (
    settings.payLaterMin !== null &&
    settings.payLaterMax !== null &&
    totalMinor >= settings.payLaterMin &&
    totalMinor <= settings.payLaterMax
  );
}
