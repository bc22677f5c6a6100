import { describe, expect, it } from 'vitest';
import {
  amountRefusal,
  basicAuthorization,
  checkoutRequest,
  clearpayAmountMessage,
  configurationRange,
  errorKeyFor,
  fromMoney,
  listPaymentsQuery,
  luhnValid,
  parseReturn,
  paymentVerdict,
  requestIdFor,
  TEST_CARDS,
  toMoney,
  userAgent,
} from './clearpay.protocol.js';

describe('Clearpay protocol', () => {
  it('writes and reads Money as two-decimal strings in whole minor units', () => {
    expect(toMoney(10000, 'GBP')).toEqual({ amount: '100.00', currency: 'GBP' });
    expect(toMoney(5, 'GBP')).toEqual({ amount: '0.05', currency: 'GBP' });
    expect(fromMoney({ amount: '29.99', currency: 'GBP' })).toBe(2999);
    expect(fromMoney({ amount: '1200', currency: 'GBP' })).toBe(120000);
    expect(fromMoney({ amount: '1.5', currency: 'GBP' })).toBe(150);
    expect(() => fromMoney({ amount: '1.005', currency: 'GBP' })).toThrow(RangeError);
    expect(() => fromMoney({ amount: '-1.00', currency: 'GBP' })).toThrow(RangeError);
    expect(() => toMoney(10.5, 'GBP')).toThrow(RangeError);
  });

  it('builds Basic credentials and the documented User-Agent shape', () => {
    expect(basicAuthorization('merchant', 'secret')).toBe(`Basic ${Buffer.from('merchant:secret').toString('base64')}`);
    // The reference's example: MyClearpayModule/1.0.0 (E-Commerce Platform Name/1.0.0; PHP/7.0.0; Merchantname/60032000) https://merchant.example.com
    expect(
      userAgent({
        module: 'MyClearpayModule/1.0.0',
        platform: 'E-Commerce Platform Name/1.0.0',
        system: 'PHP/7.0.0',
        merchantName: 'Merchantname',
        merchantId: '60032000',
        websiteUrl: 'https://merchant.example.com',
      }),
    ).toBe(
      'MyClearpayModule/1.0.0 (E-Commerce Platform Name/1.0.0; PHP/7.0.0; Merchantname/60032000) https://merchant.example.com',
    );
  });

  it('derives stable UUID request ids', () => {
    const id = requestIdFor('PAY-1:refund:500');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFor('PAY-1:refund:500')).toBe(id);
    expect(requestIdFor('PAY-1:refund:501')).not.toBe(id);
  });

  it('builds the create-checkout body with the reference field names', () => {
    const body = checkoutRequest({
      amountMinor: 4550,
      currency: 'GBP',
      consumer: { firstName: 'Joe', lastName: 'Consumer', email: 'test@example.com', phone: '07000000000' },
      merchantReference: 'PAY-123',
      redirectConfirmUrl: 'https://shop.example/confirm',
      redirectCancelUrl: 'https://shop.example/cancel',
      items: [{ name: 'Lamp', sku: 'P1', quantity: 1, priceMinor: 4000 }],
      shippingAmountMinor: 550,
    });
    expect(body).toEqual({
      amount: { amount: '45.50', currency: 'GBP' },
      consumer: { givenNames: 'Joe', surname: 'Consumer', email: 'test@example.com', phoneNumber: '07000000000' },
      merchant: {
        redirectConfirmUrl: 'https://shop.example/confirm',
        redirectCancelUrl: 'https://shop.example/cancel',
      },
      merchantReference: 'PAY-123',
      items: [{ name: 'Lamp', sku: 'P1', quantity: 1, price: { amount: '40.00', currency: 'GBP' } }],
      shippingAmount: { amount: '5.50', currency: 'GBP' },
    });
  });

  it('repeats List Payments array parameters instead of joining them', () => {
    expect(listPaymentsQuery({ merchantReferences: ['A', 'B'], statuses: ['APPROVED'], limit: 250 })).toBe(
      'merchantReferences=A&merchantReferences=B&statuses=APPROVED&limit=250',
    );
  });

  it('reads the return query (the documented ?&status=SUCCESS&orderToken=… form) and refuses anything else', () => {
    const url = new URL(
      'https://www.merchant-example.com/confirm?&status=SUCCESS&orderToken=003.5lmerr3k945d00c7htvcrdff83q36kp10a247m212fjpa5ju',
    );
    expect(parseReturn(Object.fromEntries(url.searchParams))).toEqual({
      status: 'SUCCESS',
      orderToken: '003.5lmerr3k945d00c7htvcrdff83q36kp10a247m212fjpa5ju',
    });
    expect(parseReturn({ status: 'OK', orderToken: '003.abcdefgh' })).toBeNull();
    expect(parseReturn({ status: 'SUCCESS', orderToken: '<script>' })).toBeNull();
  });

  it('judges payments and maps outcomes to the spec error keys', () => {
    expect(paymentVerdict({ status: 'APPROVED', paymentState: 'CAPTURED' })).toBe('succeeded');
    expect(paymentVerdict({ status: 'DECLINED', paymentState: 'CAPTURE_DECLINED' })).toBe('failed');
    expect(paymentVerdict({ status: 'APPROVED', paymentState: 'VOIDED' })).toBe('failed');
    expect(errorKeyFor({ declined: true })).toBe('GenericAccountProblem');
    expect(errorKeyFor({ httpStatus: 402, errorCode: 'invalid_token' })).toBe('default');
    expect(errorKeyFor({ httpStatus: 412, errorCode: 'invalid_order_transaction_status' })).toBe('default');
    expect(errorKeyFor({ httpStatus: 503 })).toBe('GenericSystemProblem');
    expect(errorKeyFor({ httpStatus: 401, errorCode: 'unauthorized' })).toBe('GenericSystemProblem');
  });

  it("states the range in the spec's exact words", () => {
    expect(clearpayAmountMessage(100, 120000)).toBe(
      'The Clearpay order amount, including postage fees, must be between £1.00 and £1,200.00.',
    );
    const range = configurationRange({
      minimumAmount: { amount: '1.00', currency: 'GBP' },
      maximumAmount: { amount: '1200.00', currency: 'GBP' },
    });
    expect(range).toEqual({ minimumMinor: 100, maximumMinor: 120000, currency: 'GBP' });
    expect(amountRefusal(range, 99)).toBe(clearpayAmountMessage(100, 120000));
    expect(amountRefusal(range, 100)).toBeNull();
    expect(amountRefusal(range, 120000)).toBeNull();
    expect(amountRefusal(range, 120001)).not.toBeNull();
  });

  it('knows the published sandbox cards pass Luhn', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
});
