import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  buildAccessCodeSharedRequest,
  buildRefundRequest,
  checkAgainstAttempt,
  EWAY_ERROR_KEYS,
  EWAY_ERROR_MESSAGES,
  ewayErrorKey,
  parseCodes,
  readAccessCodeResult,
  sanitizeErrorData,
} from './eway.protocol.js';

describe('Eway protocol', () => {
  it('authenticates with HTTP Basic apiKey:password', () => {
    const header = basicAuthorization('key', 'p@ss:word');
    expect(header).toBe(`Basic ${Buffer.from('key:p@ss:word').toString('base64')}`);
  });

  it('parses comma-separated code lists', () => {
    expect(parseCodes('D4405,F7003')).toEqual(['D4405', 'F7003']);
    expect(parseCodes('V6011, V6068')).toEqual(['V6011', 'V6068']);
    expect(parseCodes('')).toEqual([]);
    expect(parseCodes(null)).toEqual([]);
  });

  it('builds the AccessCodesShared body in cents with the tracking number as InvoiceReference', () => {
    const body = buildAccessCodeSharedRequest({
      amountMinor: 12_345,
      currency: 'AUD',
      trackingNumber: 'PAY-abc123',
      orderReference: 'ORD-1234567890XYZ',
      customer: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee'.repeat(30), phone: '04 1234 5678' },
      redirectUrl: 'https://shop.example/return',
      cancelUrl: 'https://shop.example/cancel',
    });
    expect(body.Method).toBe('ProcessPayment');
    expect(body.TransactionType).toBe('Purchase');
    expect(body.Payment).toMatchObject({ TotalAmount: 12_345, InvoiceReference: 'PAY-abc123', CurrencyCode: 'AUD' });
    expect(body.Payment.InvoiceNumber).toHaveLength(12);
    expect(body.Customer.Phone).toBe('0412345678');
    expect(body.Customer.LastName).toHaveLength(50);
    expect(body.Customer.Country).toBe('au');
    expect(body.CustomerReadOnly).toBe(true);
  });

  it('refuses amounts that are not whole positive cents', () => {
    const input = {
      currency: 'AUD' as const,
      trackingNumber: 'PAY-1',
      orderReference: 'O1',
      customer: { email: 'a@b.co', firstName: 'A', lastName: 'B', phone: '0412345678' },
      redirectUrl: 'https://x.test/r',
      cancelUrl: 'https://x.test/c',
    };
    expect(() => buildAccessCodeSharedRequest({ ...input, amountMinor: 10.5 })).toThrow(RangeError);
    expect(() => buildAccessCodeSharedRequest({ ...input, amountMinor: 0 })).toThrow(RangeError);
    expect(() => buildRefundRequest(1, -1)).toThrow(RangeError);
  });

  it('builds the refund body like the SDK fixture ({"Refund":{"TransactionID","TotalAmount"}})', () => {
    expect(buildRefundRequest(12_345_678, 1000).Refund).toMatchObject({ TransactionID: 12_345_678, TotalAmount: 1000 });
  });

  it.each([
    ['51', 'InsufficientCardFunds'],
    ['D4451', 'InsufficientCardFunds'],
    ['05', 'GenericAccountProblem'],
    ['D4405', 'GenericAccountProblem'],
    ['14', 'InvalidCardNumber'],
    ['D4414', 'InvalidCardNumber'],
    ['V6110', 'InvalidCardNumber'],
    ['01', 'ContactCardIssuer'],
    ['02', 'ContactCardIssuer'],
    ['D4401', 'ContactCardIssuer'],
    ['D4462', 'ContactCardIssuer'],
    ['D4454', 'GenericCardProblem'],
    ['D4482', 'GenericCardProblem'],
    ['V6033', 'GenericCardProblem'],
    ['V6153', 'UnsupportedCardType'],
    ['F9011', 'AustralianOrdersOnly'],
    ['F9113', 'AustralianOrdersOnly'],
    ['F7005', 'AustralianOrdersOnly'],
    ['F7009', 'BannedCustomer'],
    ['F9001', 'BannedCustomer'],
    ['D4405,F7003', 'AustralianOrdersOnly'],
    ['S5000', 'GenericSystemProblem'],
    ['D4496', 'GenericSystemProblem'],
    ['D4491', 'GenericSystemProblem'],
    ['V6011', 'default'],
    ['XYZ', 'default'],
  ])('maps %s to %s', (codes, key) => {
    expect(ewayErrorKey(codes)).toBe(key);
  });

  it.each(['A2000', 'A2008', '00', '08', 'S5099', ''])('treats %s as no error', (code) => {
    expect(ewayErrorKey(code)).toBeNull();
  });

  it('has a full sentence for every error key', () => {
    for (const key of EWAY_ERROR_KEYS) expect(EWAY_ERROR_MESSAGES[key]).toMatch(/^[A-Z].+\.$/);
    expect(EWAY_ERROR_MESSAGES.UnsupportedCardType).toMatch(/Mastercard and Visa/);
    expect(EWAY_ERROR_MESSAGES.AustralianOrdersOnly).toMatch(/VPN/);
  });

  it('reads a successful query (the SDK fixture shape) and checks amount and reference', () => {
    const result = readAccessCodeResult('AC1', {
      AccessCode: 'AC1',
      AuthorisationCode: '944929',
      ResponseCode: '00',
      ResponseMessage: 'A2000',
      InvoiceNumber: '',
      InvoiceReference: 'PAY-1',
      TotalAmount: 1000,
      TransactionID: 11_818_347,
      TransactionStatus: true,
      Errors: null,
    });
    expect(result).toMatchObject({
      outcome: 'succeeded',
      amountMinor: 1000,
      transactionId: 11_818_347,
      errorKey: null,
    });
    expect(checkAgainstAttempt(result, { amountMinor: 1000, trackingNumber: 'PAY-1' })).toBe('ok');
    expect(checkAgainstAttempt(result, { amountMinor: 1001, trackingNumber: 'PAY-1' })).toBe('amount-mismatch');
    expect(checkAgainstAttempt(result, { amountMinor: 1000, trackingNumber: 'PAY-2' })).toBe('reference-mismatch');
  });

  it('reads an unused access code (S5099) as pending and a declined one with its key', () => {
    const base = {
      AccessCode: 'AC1',
      AuthorisationCode: null,
      InvoiceNumber: null,
      InvoiceReference: 'PAY-1',
      TotalAmount: 1051,
      Errors: null,
    };
    const pending = readAccessCodeResult('AC1', {
      ...base,
      ResponseCode: null,
      ResponseMessage: 'S5099',
      TransactionID: null,
      TransactionStatus: false,
    });
    expect(pending.outcome).toBe('pending');
    const declined = readAccessCodeResult('AC1', {
      ...base,
      ResponseCode: '51',
      ResponseMessage: 'D4451',
      TransactionID: 5,
      TransactionStatus: false,
    });
    expect(declined).toMatchObject({ outcome: 'declined', errorKey: 'InsufficientCardFunds' });
    expect(checkAgainstAttempt(declined, { amountMinor: 1051, trackingNumber: 'PAY-1' })).toBe('declined');
  });

  it('masks card-like digit runs in logged browser errors', () => {
    const text = sanitizeErrorData({ message: 'failed for 4444 3333 2222 1111', code: 'V6110' });
    expect(text).not.toMatch(/4444/);
    expect(text).toMatch(/V6110/);
  });
});
