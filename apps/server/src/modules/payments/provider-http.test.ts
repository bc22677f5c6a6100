import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from './payment-provider.js';
import {
  classifyStatus,
  type HttpProvider,
  outcomeUnknown,
  PROVIDER_TIMEOUT_MS,
  providerFetch,
  providerText,
  type StatusClass,
} from './provider-http.js';

/** The statuses whose reading matters, as each provider's client has always acted on them. */
const EXPECTED: Record<HttpProvider, Record<number, StatusClass>> = {
  Eway: {
    200: 'ok',
    302: 'ok',
    400: 'refused',
    401: 'unauthorised',
    403: 'unauthorised',
    404: 'refused',
    409: 'refused',
    422: 'refused',
    429: 'rate-limited',
    500: 'unavailable',
    503: 'unavailable',
  },
  PayPal: {
    200: 'ok',
    201: 'ok',
    204: 'ok',
    400: 'refused',
    401: 'unauthorised',
    403: 'refused',
    404: 'refused',
    409: 'refused',
    422: 'refused',
    429: 'rate-limited',
    500: 'unavailable',
    503: 'unavailable',
  },
  Clearpay: {
    200: 'ok',
    201: 'ok',
    204: 'ok',
    400: 'refused',
    401: 'refused',
    404: 'refused',
    409: 'conflict',
    412: 'refused',
    422: 'refused',
    429: 'refused',
    500: 'unavailable',
    503: 'unavailable',
  },
  GlobalPay: {
    200: 'ok',
    302: 'refused',
    400: 'refused',
    401: 'refused',
    404: 'refused',
    409: 'refused',
    429: 'refused',
    500: 'unavailable',
    502: 'unavailable',
  },
};

describe('classifyStatus', () => {
  for (const [provider, codes] of Object.entries(EXPECTED) as [HttpProvider, Record<number, StatusClass>][]) {
    for (const [status, expected] of Object.entries(codes)) {
      it(`${provider} ${status} is ${expected}`, () => {
        expect(classifyStatus(provider, Number(status))).toBe(expected);
      });
    }
  }

  it('where the providers disagree, the table says so', () => {
    // 429: try later at Eway and PayPal; a refusal at Clearpay and Global Payments.
    expect(outcomeUnknown(classifyStatus('Eway', 429))).toBe(true);
    expect(outcomeUnknown(classifyStatus('PayPal', 429))).toBe(true);
    expect(outcomeUnknown(classifyStatus('Clearpay', 429))).toBe(false);
    expect(outcomeUnknown(classifyStatus('GlobalPay', 429))).toBe(false);
    // 409: Clearpay's idempotent request in progress (unknown outcome); a refusal elsewhere.
    expect(outcomeUnknown(classifyStatus('Clearpay', 409))).toBe(true);
    expect(outcomeUnknown(classifyStatus('Eway', 409))).toBe(false);
    expect(outcomeUnknown(classifyStatus('PayPal', 409))).toBe(false);
    expect(outcomeUnknown(classifyStatus('GlobalPay', 409))).toBe(false);
  });

  it('leaves the outcome unknown only for unavailable, rate-limited and conflict', () => {
    expect(outcomeUnknown('unavailable')).toBe(true);
    expect(outcomeUnknown('rate-limited')).toBe(true);
    expect(outcomeUnknown('conflict')).toBe(true);
    expect(outcomeUnknown('ok')).toBe(false);
    expect(outcomeUnknown('refused')).toBe(false);
    expect(outcomeUnknown('unauthorised')).toBe(false);
  });
});

describe('providerFetch', () => {
  const failing = (name: string): typeof fetch =>
    (async () => {
      throw Object.assign(new Error('boom'), { name });
    }) as typeof fetch;

  it('says what each provider has always said when no answer came', async () => {
    const timedOut = failing('TimeoutError');
    const ask = (provider: HttpProvider, f: typeof fetch) =>
      providerFetch({ provider, operation: 'op', fetch: f, timeoutMs: 5 }, 'http://x', {}).catch((e) => e);
    const eway = await ask('Eway', timedOut);
    expect(eway).toBeInstanceOf(ProviderUnavailableError);
    expect(eway).toMatchObject({ reason: 'timeout', message: 'Eway op: no reply within 5 ms' });
    expect(await ask('Eway', failing('TypeError'))).toMatchObject({
      reason: 'network',
      message: 'Eway op: network failure',
    });
    expect(await ask('PayPal', timedOut)).toMatchObject({ reason: 'timeout', message: 'PayPal op: timeout' });
    expect(await ask('Clearpay', failing('TypeError'))).toMatchObject({
      reason: 'network',
      message: 'Clearpay op: network',
    });
    expect(await ask('GlobalPay', timedOut)).toMatchObject({
      reason: 'network',
      message: 'GlobalPay op: did not complete',
    });
  });

  it('passes the timeout as an abort signal', async () => {
    let signal: AbortSignal | null | undefined;
    const f = (async (_url: string, init: RequestInit) => {
      signal = init.signal;
      return new Response('ok');
    }) as unknown as typeof fetch;
    const response = await providerFetch(
      { provider: 'Eway', operation: 'op', fetch: f, timeoutMs: PROVIDER_TIMEOUT_MS.Eway },
      'http://x',
      {},
    );
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(await providerText({ provider: 'Eway', operation: 'op', fetch: f, timeoutMs: 1 }, response)).toBe('ok');
  });
});

describe('the shared refusal and mismatch errors', () => {
  it("every adapter's refusal and mismatch is one, with its provider and code", async () => {
    const { ProviderMismatchError, ProviderRefusalError } = await import('./payment-provider.js');
    const { EwayMismatchError, EwayRefusedError } = await import('./providers/eway/eway.adapter.js');
    const { PayPalMismatchError, PayPalRefusalError } = await import('./providers/paypal/paypal.adapter.js');
    const { PayPalAmountError } = await import('./providers/paypal/paypal.protocol.js');
    const { ClearpayApiError, PaymentMismatchError } = await import('./providers/clearpay/clearpay.adapter.js');
    const { GlobalPayRefusedError } = await import('./providers/globalpay/globalpay.adapter.js');
    const refusals = [
      [new EwayRefusedError(['V6107'], 400, 'No access code'), 'Eway', 'V6107', 400],
      [
        new PayPalRefusalError('capture', 422, 'INSTRUMENT_DECLINED', 'default', null),
        'PayPal',
        'INSTRUMENT_DECLINED',
        422,
      ],
      [new ClearpayApiError('capture', 402, 'declined', undefined, 'no'), 'Clearpay', 'declined', 402],
      [new GlobalPayRefusedError('101', 'Declined'), 'GlobalPay', '101', undefined],
    ] as const;
    for (const [error, provider, code, httpStatus] of refusals) {
      expect(error).toBeInstanceOf(ProviderRefusalError);
      expect(error).toMatchObject({ provider, code, httpStatus });
    }
    const mismatches = [
      [new EwayMismatchError('amount-mismatch', null), 'Eway', 'amount-mismatch'],
      [new PayPalMismatchError('amount'), 'PayPal', 'amount'],
      [new PayPalAmountError('items 1 != amount 2'), 'PayPal', 'amount'],
      [new PaymentMismatchError('amount', 'no'), 'Clearpay', 'amount'],
    ] as const;
    for (const [error, provider, code] of mismatches) {
      expect(error).toBeInstanceOf(ProviderMismatchError);
      expect(error).toMatchObject({ provider, code });
    }
  });
});
