import { describe, expect, it } from 'vitest';
import { PaymentsService, PICKUP_ONLY_MESSAGE } from './payments.service.js';
import { GenericProvider } from './providers/generic/generic.provider.js';

describe('PaymentsService.refusal', () => {
  const payments = new PaymentsService([new GenericProvider()]);

  it('accepts an option the order can use', () => {
    expect(payments.refusal('AU', 'Generic', 'pickup', 5_000)).toBeNull();
  });

  it('refuses an option the order cannot use with its own sentence, naming the field', () => {
    expect(payments.refusal('AU', 'Generic', 'postage', 5_000)).toEqual({
      message: PICKUP_ONLY_MESSAGE,
      fieldError: { Field: 'PaymentOption', Message: PICKUP_ONLY_MESSAGE },
    });
  });

  it('refuses an option this instance does not offer in the sentence every 400 uses', () => {
    expect(payments.refusal('UK', 'Bitcoin', 'pickup', 5_000)).toEqual({
      message: 'Invalid input. PaymentOption: must be one of GlobalPay, PayPal, Clearpay, Generic',
      fieldError: { Field: 'PaymentOption', Message: 'must be one of GlobalPay, PayPal, Clearpay, Generic' },
    });
  });
});
