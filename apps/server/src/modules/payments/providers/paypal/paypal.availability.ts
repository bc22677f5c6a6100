import type { PaymentProvider } from '../../payment-provider.js';
import type { PayPalProvider } from './paypal.adapter.js';
import { payLaterParameters, paypalRefusal } from './paypal.protocol.js';

/**
 * Where PayPal can pay (checkout.md sections 4 and 5), for the payment options of the checkout view
 * and for placing an order: pickup, a mix of pickup and posted stores, or posted stores going to
 * more than one address each get the spec's message.
 */

/** One store's shipment as the checkout knows it: collected, or posted to an address (null: not chosen yet). */
export interface ShipmentChoice {
  method: 'pickup' | 'postage' | null;
  address: { Line1?: string; Line2?: string; Suburb?: string; State?: string; PostCode?: string } | null;
}

/** Compares addresses by what a courier reads: lines, suburb, state and postcode. */
export function addressKey(address: ShipmentChoice['address']): string | null {
  if (!address) return null;
  return [address.Line1, address.Line2, address.Suburb, address.State, address.PostCode]
    .map((part) => (part ?? '').trim().toLowerCase().replace(/\s+/g, ' '))
    .join('|');
}

/** The spec's message saying why PayPal cannot pay for this delivery, or null. */
export function paypalDeliveryRefusal(
  delivery: 'pickup' | 'postage' | 'split' | null,
  shipments: ShipmentChoice[] = [],
): string | null {
  return paypalRefusal({
    delivery,
    splitShipments: shipments
      .filter((s) => s.method !== null)
      .map((s) => ({ pickup: s.method === 'pickup', addressKey: addressKey(s.address) })),
  });
}

/**
 * The PaymentMethodParameters of the checkout view when PayPal is offered: pay later's caption and
 * amount range, and the buttons' script URL with the client id.
 */
export function paypalMethodParameters(
  region: 'AU' | 'UK',
  provider: PaymentProvider | undefined,
): { Parameter: string; Value: string }[] {
  if (provider?.name !== 'PayPal') return [];
  const script = (provider as PayPalProvider).browserScript?.() ?? null;
  return [
    ...payLaterParameters(region),
    ...(script
      ? [
          { Parameter: 'PayPalSdkUrl', Value: script.sdkUrl },
          { Parameter: 'PayPalClientId', Value: script.clientId },
        ]
      : []),
  ];
}
