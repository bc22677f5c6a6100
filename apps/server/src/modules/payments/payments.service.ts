import { describeFieldErrors, type FieldError, formatMoney, REGION_INFO, type Region } from '@shop/contract';
import type { PaymentEventKind, PaymentStatus } from '../../db/tables/orders.js';
import type { DbCtx } from '../../lib/context.js';
import { newPublicReference } from '../../lib/public-reference.js';
import { type PaymentAttemptRow, PaymentAttemptsRepository } from './payment-attempts.repository.js';

/** A payment attempt as other modules take it from this service (the table's row type stays this module's). */
export type PaymentAttempt = PaymentAttemptRow;

import type { PaymentOptionName, PaymentProvider } from './payment-provider.js';
import {
  paypalDeliveryRefusal,
  paypalMethodParameters,
  type ShipmentChoice,
} from './providers/paypal/paypal.availability.js';

/** How the order reaches the shopper: what decides which payment options apply. */
export type DeliveryKind = 'pickup' | 'postage' | 'split';

export interface PaymentOptionRule {
  name: PaymentOptionName;
  displayName: string;
  /** Order amount limits including postage, minor units (checkout.md section 5). */
  minMinor: number;
  maxMinor: number;
  /** Generic (pay in store) needs every item collected in store. */
  pickupOnly: boolean;
}

/**
 * The options each region offers, in the order shown. An online option appears only where its
 * provider is registered (PAYMENT_PROVIDERS with credentials, or the sandbox): see payment-setup.ts.
 * Limits include postage; Clearpay's follow its provider's configuration call.
 */
export const PAYMENT_OPTIONS: Record<Region, PaymentOptionRule[]> = {
  AU: [
    { name: 'Eway', displayName: 'Credit or debit card', minMinor: 100, maxMinor: 1_500_000, pickupOnly: false },
    { name: 'PayPal', displayName: 'PayPal', minMinor: 100, maxMinor: 1_000_000, pickupOnly: false },
    {
      name: 'Generic',
      displayName: 'Pay in store when you collect',
      minMinor: 100,
      maxMinor: 1_000_000,
      pickupOnly: true,
    },
  ],
  UK: [
    { name: 'GlobalPay', displayName: 'Credit or debit card', minMinor: 100, maxMinor: 1_000_000, pickupOnly: false },
    { name: 'PayPal', displayName: 'PayPal', minMinor: 100, maxMinor: 1_000_000, pickupOnly: false },
    { name: 'Clearpay', displayName: 'Clearpay', minMinor: 100, maxMinor: 120_000, pickupOnly: false },
    {
      name: 'Generic',
      displayName: 'Pay in store when you collect',
      minMinor: 100,
      maxMinor: 800_000,
      pickupOnly: true,
    },
  ],
};

/** A provider whose amount range is its own (Clearpay's configuration call): it replaces its rule's limits and message. */
export interface AmountLimitsSource {
  amountLimits(): { minMinor: number; maxMinor: number; message: string } | null;
}

export const PICKUP_ONLY_MESSAGE = 'Pay in store is available when every item is collected in store.';

/** An option's order amount limits (minor units, postage included) and its message outside them. */
export interface AmountRange {
  minMinor: number;
  maxMinor: number;
  message: string;
}

export interface PaymentOptionView {
  name: PaymentOptionName;
  displayName: string;
  disabled: boolean;
  disabledMessage: string | null;
  selected: boolean;
  /** What `disabled` judged the total by: the page judges its own total by the same range. */
  amountRange: AmountRange;
}

/** "The order amount, including postage, must be between ${min} and ${max}." in the region's money. */
/** Why an order cannot be paid with the option it names: the 400's Message and its field error. */
export interface PaymentRefusal {
  message: string;
  fieldError: FieldError;
}

export function amountMessage(rule: PaymentOptionRule, region: Region): string {
  return `The order amount, including postage, must be between ${formatMoney(rule.minMinor, region)} and ${formatMoney(rule.maxMinor, region)}.`;
}

/**
 * Payment options and attempts. An attempt is created in the order's transaction with its own
 * tracking number; it is finalised by one conditional write, whoever gets there first.
 */
export class PaymentsService {
  private readonly attempts = new PaymentAttemptsRepository();
  private readonly providers = new Map<PaymentOptionName, PaymentProvider>();

  constructor(providers: PaymentProvider[]) {
    for (const provider of providers) this.providers.set(provider.name, provider);
  }

  /** Every provider this instance is configured with. */
  configuredProviders(): PaymentProvider[] {
    return [...this.providers.values()];
  }

  /** The provider by name when this instance offers it, else null. */
  offered(name: PaymentOptionName): PaymentProvider | null {
    return this.providers.get(name) ?? null;
  }

  provider(name: PaymentOptionName): PaymentProvider {
    const provider = this.providers.get(name);
    if (!provider) throw new Error(`no payment provider named ${name}`);
    return provider;
  }

  /** The region's options for this order: each disabled with its message when it cannot be used; a single usable one is selected. */
  options(
    region: Region,
    delivery: DeliveryKind | null,
    totalMinor: number,
    /** Each store's shipment (PayPal refuses a mix of pickup and postage, or several addresses). */
    shipments: ShipmentChoice[] = [],
  ): PaymentOptionView[] {
    const views = PAYMENT_OPTIONS[region]
      .filter((rule) => this.providers.has(rule.name))
      .map((rule): PaymentOptionView => {
        let disabledMessage: string | null = null;
        const own = (this.providers.get(rule.name) as Partial<AmountLimitsSource>).amountLimits?.() ?? null;
        const range: AmountRange = own
          ? { minMinor: own.minMinor, maxMinor: own.maxMinor, message: own.message }
          : { minMinor: rule.minMinor, maxMinor: rule.maxMinor, message: amountMessage(rule, region) };
        if (rule.pickupOnly && delivery !== null && delivery !== 'pickup') disabledMessage = PICKUP_ONLY_MESSAGE;
        else if (rule.name === 'PayPal' && paypalDeliveryRefusal(delivery, shipments))
          disabledMessage = paypalDeliveryRefusal(delivery, shipments);
        else if (totalMinor < range.minMinor || totalMinor > range.maxMinor) disabledMessage = range.message;
        return {
          name: rule.name,
          displayName: rule.displayName,
          disabled: disabledMessage !== null,
          disabledMessage,
          selected: false,
          amountRange: range,
        };
      });
    const usable = views.filter((v) => !v.disabled);
    if (usable.length === 1 && usable[0]) usable[0].selected = true;
    return views;
  }

  /** Why this option cannot pay for this order, or null when it can. */
  refusal(
    region: Region,
    name: string,
    delivery: DeliveryKind,
    totalMinor: number,
    shipments: ShipmentChoice[] = [],
  ): PaymentRefusal | null {
    const view = this.options(region, delivery, totalMinor, shipments).find((v) => v.name === name);
    if (!view) {
      const fieldError = {
        Field: 'PaymentOption',
        Message: `must be one of ${PAYMENT_OPTIONS[region].map((r) => r.name).join(', ')}`,
      };
      return { message: describeFieldErrors([fieldError]), fieldError };
    }
    if (view.disabledMessage === null) return null;
    // An offered option the order cannot use keeps its own sentence as the Message (the shopper
    // reads it as it is), and names the field as data like every other 400.
    return { message: view.disabledMessage, fieldError: { Field: 'PaymentOption', Message: view.disabledMessage } };
  }

  /** The view's PaymentMethodParameters: PayPal's pay later range and caption, and its buttons' script. */
  methodParameters(region: Region): { Parameter: string; Value: string }[] {
    return paypalMethodParameters(region, this.providers.get('PayPal'));
  }

  /** Starts an attempt for an order (inside its transaction). */
  async createAttempt(
    ctx: DbCtx,
    input: {
      orderId: number;
      provider: PaymentOptionName;
      amountMinor: number;
      region: Region;
      status: PaymentStatus;
      now: number;
    },
  ): Promise<PaymentAttemptRow> {
    const row = {
      order_id: input.orderId,
      tracking_number: newPublicReference('PAY'),
      provider: input.provider,
      status: input.status,
      amount_minor: input.amountMinor,
      currency: REGION_INFO[input.region].currencyCode,
      provider_reference: null,
      created_at: input.now,
      updated_at: input.now,
    };
    const id = await this.attempts.insert(ctx, row);
    return { id, ...row };
  }

  settle(ctx: DbCtx, attemptId: number, from: PaymentStatus[], to: PaymentStatus, now: number): Promise<boolean> {
    return this.attempts.settle(ctx, attemptId, from, to, now);
  }

  attemptsFor(ctx: DbCtx, orderId: number): Promise<PaymentAttemptRow[]> {
    return this.attempts.forOrder(ctx, orderId);
  }

  attemptByTrackingNumber(ctx: DbCtx, trackingNumber: string): Promise<PaymentAttemptRow | undefined> {
    return this.attempts.byTrackingNumber(ctx, trackingNumber);
  }

  attemptById(ctx: DbCtx, id: number): Promise<PaymentAttemptRow | undefined> {
    return this.attempts.byId(ctx, id);
  }

  /** Open attempts last touched before `before` (oldest first): what the reconciler asks about. */
  openAttemptsBefore(ctx: DbCtx, before: number, limit = 50): Promise<PaymentAttemptRow[]> {
    return this.attempts.openBefore(ctx, before, limit);
  }

  /** Cancelled attempts the reconciler should look at once more (see PaymentReconciler.lateCheck). */
  closedAttemptsUnchecked(
    ctx: DbCtx,
    providers: string[],
    from: number,
    to: number,
    limit = 50,
  ): Promise<PaymentAttemptRow[]> {
    return this.attempts.closedUnchecked(ctx, providers, from, to, limit);
  }

  touch(ctx: DbCtx, attemptId: number, now: number): Promise<void> {
    return this.attempts.touch(ctx, attemptId, now);
  }

  setProviderReference(ctx: DbCtx, attemptId: number, reference: string): Promise<void> {
    return this.attempts.setProviderReference(ctx, attemptId, reference);
  }

  /** Records a provider call or result against the attempt. Never pass card data: none reaches us. */
  record(ctx: DbCtx, attemptId: number, kind: PaymentEventKind, detail: object, now: number): Promise<void> {
    return this.attempts.addEvent(ctx, attemptId, kind, detail, now);
  }

  events(ctx: DbCtx, attemptId: number) {
    return this.attempts.events(ctx, attemptId);
  }
}
