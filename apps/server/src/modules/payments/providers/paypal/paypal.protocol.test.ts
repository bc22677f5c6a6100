import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildCreateOrderRequest,
  crc32,
  errorIssue,
  errorKeyForIssue,
  errorKeyForProcessorCode,
  minorToValue,
  PAY_LATER_RANGES,
  PAYPAL_MIXED_DELIVERY_MESSAGE,
  PAYPAL_MULTIPLE_ADDRESSES_MESSAGE,
  PAYPAL_STORE_PICKUP_MESSAGE,
  PayPalAmountError,
  payLaterEligible,
  payLaterParameters,
  paypalRefusal,
  valueToMinor,
  verifyWebhookSignatureOffline,
  webhookHeadersFrom,
  webhookSignedString,
  webhookSubject,
} from './paypal.protocol.js';

describe('PayPal money', () => {
  it('writes minor units as PayPal decimal strings and reads them back exactly', () => {
    expect(minorToValue(0)).toBe('0.00');
    expect(minorToValue(5)).toBe('0.05');
    expect(minorToValue(1234)).toBe('12.34');
    expect(minorToValue(200_000)).toBe('2000.00');
    expect(valueToMinor('12.34')).toBe(1234);
    expect(valueToMinor('12.3')).toBe(1230);
    expect(valueToMinor('12')).toBe(1200);
    // 0.1 + 0.2 style float drift never happens: every value round-trips.
    for (let minor = 0; minor < 5000; minor += 7) expect(valueToMinor(minorToValue(minor))).toBe(minor);
  });

  it('refuses what is not a PayPal amount', () => {
    for (const bad of ['-1.00', '1.234', '1e3', '', ' 1.00', '1,000.00'])
      expect(() => valueToMinor(bad)).toThrow(RangeError);
    expect(() => minorToValue(1.5)).toThrow(RangeError);
    expect(() => minorToValue(-1)).toThrow(RangeError);
  });
});

describe('create order body', () => {
  const input = {
    trackingNumber: 'PAY-abc123',
    currency: 'AUD' as const,
    amountMinor: 12_345 + 1_000 - 500,
    items: [
      { name: 'Fender Stratocaster', sku: 'P-1', priceMinor: 10_000 },
      { name: 'Guitar lead', priceMinor: 2_345 },
    ],
    postageMinor: 1_000,
    discountMinor: 500,
    shipping: {
      fullName: 'Jo Citizen',
      line1: '1 George St',
      line2: '',
      suburb: 'Sydney',
      state: 'NSW',
      postCode: '2000',
      countryCode: 'AUS',
    },
    returnUrl: 'https://shop.example/c3api/checkout/paypal/accept?securityKey=PAY-abc123',
    cancelUrl: 'https://shop.example/c3api/checkout/paypal/cancel',
  };

  it('has one purchase unit with our reference, items, postage and discount breakdown and the address', () => {
    const body = buildCreateOrderRequest(input);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units).toHaveLength(1);
    const unit = body.purchase_units[0];
    expect(unit.reference_id).toBe('PAY-abc123');
    expect(unit.custom_id).toBe('PAY-abc123');
    expect(unit.invoice_id).toBe('PAY-abc123');
    expect(unit.amount).toEqual({
      currency_code: 'AUD',
      value: '128.45',
      breakdown: {
        item_total: { currency_code: 'AUD', value: '123.45' },
        shipping: { currency_code: 'AUD', value: '10.00' },
        discount: { currency_code: 'AUD', value: '5.00' },
      },
    });
    expect(unit.items[0]).toEqual({
      name: 'Fender Stratocaster',
      sku: 'P-1',
      unit_amount: { currency_code: 'AUD', value: '100.00' },
      quantity: '1',
      category: 'PHYSICAL_GOODS',
    });
    expect(unit.shipping).toEqual({
      type: 'SHIPPING',
      name: { full_name: 'Jo Citizen' },
      address: {
        address_line_1: '1 George St',
        admin_area_2: 'Sydney',
        admin_area_1: 'NSW',
        postal_code: '2000',
        country_code: 'AU',
      },
    });
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      shipping_preference: 'SET_PROVIDED_ADDRESS',
      user_action: 'PAY_NOW',
      return_url: input.returnUrl,
      cancel_url: input.cancelUrl,
    });
  });

  it('refuses parts that do not add up to the amount', () => {
    expect(() => buildCreateOrderRequest({ ...input, amountMinor: input.amountMinor + 1 })).toThrow(PayPalAmountError);
  });

  it('sends NO_SHIPPING without an address, and GB for GBR', () => {
    expect(
      buildCreateOrderRequest({ ...input, shipping: null }).payment_source.paypal.experience_context
        .shipping_preference,
    ).toBe('NO_SHIPPING');
    const uk = buildCreateOrderRequest({
      ...input,
      currency: 'GBP',
      shipping: { ...input.shipping, countryCode: 'GBR' },
    });
    expect(uk.purchase_units[0].shipping?.address.country_code).toBe('GB');
    expect(uk.purchase_units[0].amount.currency_code).toBe('GBP');
  });
});

describe('error keys', () => {
  it("maps PayPal's issues and card processor codes to the spec's keys", () => {
    expect(errorKeyForIssue('INSTRUMENT_DECLINED')).toBe('GenericAccountProblem');
    expect(errorKeyForIssue('PAYER_CANNOT_PAY')).toBe('GenericAccountProblem');
    expect(errorKeyForIssue('PAYEE_BLOCKED_TRANSACTION')).toBe('BannedCustomer');
    expect(errorKeyForIssue('SOMETHING_NEW')).toBe('default');
    expect(errorKeyForProcessorCode('5120')).toBe('InsufficientCardFunds');
    expect(errorKeyForProcessorCode('5180')).toBe('InvalidCardNumber');
    expect(errorKeyForProcessorCode('1330')).toBe('InvalidCardNumber');
    expect(errorKeyForProcessorCode('5400')).toBe('GenericCardProblem');
    expect(errorKeyForProcessorCode('0500')).toBe('ContactCardIssuer');
    expect(errorKeyForProcessorCode('9520')).toBe('ContactCardIssuer');
    expect(errorKeyForProcessorCode('5100')).toBe('GenericAccountProblem');
    expect(errorKeyForProcessorCode(undefined)).toBe('default');
  });

  it("reads the issue of PayPal's published ORDER_ALREADY_CAPTURED error body", () => {
    const body = {
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'f5a2b4e4c8c4e',
    };
    expect(errorIssue(body)).toBe('ORDER_ALREADY_CAPTURED');
    expect(errorIssue({ name: 'RESOURCE_NOT_FOUND', message: 'x' })).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('webhook signatures', () => {
  it('computes CRC-32 as zlib does (check value of "123456789")', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });

  it('signs transmission_id|time|webhook_id|crc32 and verifies offline; any change fails', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const body = '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"C1"}}';
    const signed = webhookSignedString('tid-1', '2024-01-01T00:00:00Z', 'WEBHOOK-1', body);
    expect(signed).toBe(`tid-1|2024-01-01T00:00:00Z|WEBHOOK-1|${crc32(body)}`);
    const sig = sign('sha256', Buffer.from(signed), privateKey).toString('base64');
    const headers = webhookHeadersFrom({
      'PAYPAL-TRANSMISSION-ID': 'tid-1',
      'paypal-transmission-time': '2024-01-01T00:00:00Z',
      'paypal-transmission-sig': sig,
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-auth-algo': 'SHA256withRSA',
    });
    expect(headers).not.toBeNull();
    if (!headers) return;
    expect(verifyWebhookSignatureOffline(headers, body, 'WEBHOOK-1', pem)).toBe(true);
    expect(verifyWebhookSignatureOffline(headers, body.replace('C1', 'C2'), 'WEBHOOK-1', pem)).toBe(false);
    expect(verifyWebhookSignatureOffline(headers, body, 'WEBHOOK-2', pem)).toBe(false);
    expect(verifyWebhookSignatureOffline({ ...headers, transmissionId: 'tid-2' }, body, 'WEBHOOK-1', pem)).toBe(false);
    expect(webhookHeadersFrom({ 'paypal-transmission-id': 'x' })).toBeNull();
  });

  it('names the order, capture and our tracking number of an event', () => {
    expect(
      webhookSubject({
        id: 'WH-1',
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource_type: 'checkout-order',
        resource: { id: 'O1', purchase_units: [{ reference_id: 'PAY-1' }] },
      }),
    ).toEqual({
      eventId: 'WH-1',
      eventType: 'CHECKOUT.ORDER.APPROVED',
      orderId: 'O1',
      captureId: null,
      trackingNumber: 'PAY-1',
    });
    expect(
      webhookSubject({
        id: 'WH-2',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: { id: 'C1', custom_id: 'PAY-1', supplementary_data: { related_ids: { order_id: 'O1' } } },
      }),
    ).toEqual({
      eventId: 'WH-2',
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: 'O1',
      captureId: 'C1',
      trackingNumber: 'PAY-1',
    });
  });
});

describe('when PayPal and pay later are offered', () => {
  it("gives the spec's exact messages", () => {
    expect(paypalRefusal({ delivery: 'pickup' })).toBe(PAYPAL_STORE_PICKUP_MESSAGE);
    expect(paypalRefusal({ delivery: null, pickupIsOnlyOption: true })).toBe(PAYPAL_STORE_PICKUP_MESSAGE);
    expect(paypalRefusal({ delivery: 'postage' })).toBeNull();
    expect(
      paypalRefusal({
        delivery: 'split',
        splitShipments: [
          { pickup: true, addressKey: null },
          { pickup: false, addressKey: '1 George St Sydney' },
        ],
      }),
    ).toBe(PAYPAL_MIXED_DELIVERY_MESSAGE);
    expect(
      paypalRefusal({
        delivery: 'split',
        splitShipments: [
          { pickup: false, addressKey: '1 George St Sydney' },
          { pickup: false, addressKey: '2 Pitt St Sydney' },
        ],
      }),
    ).toBe(PAYPAL_MULTIPLE_ADDRESSES_MESSAGE);
    expect(
      paypalRefusal({
        delivery: 'split',
        splitShipments: [
          { pickup: false, addressKey: '1 George St  Sydney' },
          { pickup: false, addressKey: '1 george st sydney' },
        ],
      }),
    ).toBeNull();
    expect(PAYPAL_STORE_PICKUP_MESSAGE).toBe(
      'PayPal is not available for instore collection, please contact the store for more information.',
    );
  });

  it('offers pay later from 30.00 to 2,000.00 in AU and the UK, and serves the range as parameters', () => {
    expect(payLaterEligible('AU', 2_999)).toBe(false);
    expect(payLaterEligible('AU', 3_000)).toBe(true);
    expect(payLaterEligible('UK', 200_000)).toBe(true);
    expect(payLaterEligible('UK', 200_001)).toBe(false);
    expect(payLaterParameters('UK')).toEqual([
      { Parameter: 'PayLaterCaption', Value: PAY_LATER_RANGES.UK.caption },
      { Parameter: 'PayLaterAmountRangeMin', Value: '30.00' },
      { Parameter: 'PayLaterAmountRangeMax', Value: '2000.00' },
    ]);
  });
});
