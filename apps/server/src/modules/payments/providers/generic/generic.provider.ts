import type { PaymentProvider } from '../../payment-provider.js';

/**
 * "Pay in store when you collect": no money moves online. Starting confirms the order at once;
 * the store takes the money at collection (the store console marks it collected).
 */
export class GenericProvider implements PaymentProvider {
  readonly name = 'Generic' as const;
  readonly paysOnItsOwnPage = false;

  async start() {
    return { kind: 'confirmed' as const };
  }

  async confirm() {
    return 'succeeded' as const;
  }

  async cancel() {}

  async refund(): Promise<void> {
    throw new Error('Pay-in-store orders are refunded by the store at the counter');
  }

  async reconcile() {
    return 'succeeded' as const;
  }
}
