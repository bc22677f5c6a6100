import { PAYMENT_RECEIVED_PATH } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { AttemptContext, PaymentOptionName } from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import type { Order } from './orders.service.js';

/**
 * Gives an attempt's whole amount back through its provider (never inside a transaction) and
 * records the outcome against the payment: a refund the provider refused or could not be asked
 * about is an 'error' event for the console to follow up.
 */
export async function refundAttempt(
  deps: { payments: PaymentsService; publicUrl: string; now: () => number },
  ctx: Ctx,
  attempt: PaymentAttempt,
  order: Order,
  detail: { reason: string },
  /** Part of the payment only (one cancelled item), named by `key` (see PaymentProvider.refund). */
  part?: { amountMinor: number; key: string },
): Promise<void> {
  const amountMinor = part?.amountMinor ?? attempt.amount_minor;
  try {
    const provider = deps.payments.provider(attempt.provider as PaymentOptionName);
    await provider.refund(
      ctx,
      attemptContext(attempt, order, deps.publicUrl),
      amountMinor,
      part ? { key: part.key } : undefined,
    );
    await deps.payments.record(
      ctx,
      attempt.id,
      'refund',
      { amountMinor, ok: true, ...(part ? { key: part.key } : {}), ...detail },
      deps.now(),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.payments.record(
      ctx,
      attempt.id,
      'error',
      { during: 'refund', amountMinor, ...(part ? { key: part.key } : {}), message },
      deps.now(),
    );
  }
}

/** What a provider needs to know of an attempt, rebuilt from what we stored. */
export function attemptContext(attempt: PaymentAttempt, order: Order, publicUrl: string): AttemptContext {
  const customer = JSON.parse(order.customer) as {
    EmailAddress?: string;
    FirstName?: string;
    LastName?: string;
    PhoneNumber?: string;
  };
  return {
    trackingNumber: attempt.tracking_number,
    orderReference: order.reference,
    amountMinor: attempt.amount_minor,
    currency: attempt.currency,
    customer: {
      email: customer.EmailAddress ?? order.email,
      firstName: customer.FirstName ?? '',
      lastName: customer.LastName ?? '',
      phone: customer.PhoneNumber ?? '',
    },
    // A provider's page may send the browser here when it is not framed (Eway's redirect flow); the
    // provider keeps it, so it is the neutral page, never a signed link to the order.
    returnUrl: `${publicUrl}${PAYMENT_RECEIVED_PATH}`,
    cancelUrl: `${publicUrl}/checkout/`,
    providerReference: attempt.provider_reference,
    billing: billingOf(order.billing_address),
    deliveryOption: order.delivery_option,
  };
}

function billingOf(json: string): AttemptContext['billing'] {
  const a = JSON.parse(json) as { Line1?: string; Line2?: string; Suburb?: string; PostCode?: string };
  return { line1: a.Line1 ?? '', line2: a.Line2 ?? '', city: a.Suburb ?? '', postCode: a.PostCode ?? '' };
}
