/**
 * The one HTTP core every payment provider's client speaks through: the request timeout, the table
 * that classifies each provider's HTTP status codes, and what a call that never got an answer
 * (timeout, network failure) throws. The providers disagree on what some codes mean (a 429 is
 * "try later" at Eway and PayPal but a refusal at Clearpay and Global Payments; a 409 is Clearpay's
 * "idempotent request still in progress" and a plain refusal elsewhere); the table records each
 * difference explicitly rather than unifying it, so every provider behaves as its API documents.
 */
import { type PaymentOptionName, ProviderUnavailableError, type UnavailableReason } from './payment-provider.js';

/** The providers that are reached over HTTP (Generic, pay in store, calls nobody). */
export type HttpProvider = Exclude<PaymentOptionName, 'Generic'>;

/**
 * How a provider's HTTP status is read:
 * - ok: an answer to read (its body may still say no: Eway's Errors, Global Payments' result);
 * - refused: the provider answered and said no (its body says why);
 * - unauthorised: the credentials were refused (Eway: a refusal with code S9993; PayPal: the
 *   token is fetched again once, then it is a refusal);
 * - conflict: the same idempotent request is still being processed (retry with the same key);
 * - rate-limited: too many requests, try later;
 * - unavailable: the provider's own trouble (5xx).
 * conflict, rate-limited and unavailable leave the outcome unknown: ProviderUnavailableError.
 */
export type StatusClass = 'ok' | 'refused' | 'unauthorised' | 'conflict' | 'rate-limited' | 'unavailable';

interface StatusRules {
  /** Statuses below this (and not listed in `codes`) are ok; from it up to 499, refused; 5xx unavailable. */
  okBelow: 300 | 400;
  /** Codes whose class differs from that range rule. */
  codes: Readonly<Record<number, StatusClass>>;
}

/** Each provider's reading of HTTP statuses, as its client has always acted on them. */
export const PROVIDER_STATUS_RULES: Readonly<Record<HttpProvider, StatusRules>> = {
  // Eway: a 3xx is read as an answer; 401/403 are bad credentials; 429 is "try later".
  Eway: { okBelow: 400, codes: { 401: 'unauthorised', 403: 'unauthorised', 429: 'rate-limited' } },
  // PayPal: 401 is an expired token (fetched again once); 403 is a refusal; 429 is "try later".
  PayPal: { okBelow: 400, codes: { 401: 'unauthorised', 429: 'rate-limited' } },
  // Clearpay: 409 is an idempotent request still in progress; 401 and 429 are refusals with Clearpay's error body.
  Clearpay: { okBelow: 400, codes: { 409: 'conflict' } },
  // Global Payments' XML API answers 200 whatever the result: any other non-5xx status (3xx, 401, 429) is
  // not its protocol, a refusal of the exchange (GlobalPayProtocolError).
  GlobalPay: { okBelow: 300, codes: {} },
};

/** The class of `status` at `provider` (PROVIDER_STATUS_RULES). */
export function classifyStatus(provider: HttpProvider, status: number): StatusClass {
  const rules = PROVIDER_STATUS_RULES[provider];
  const listed = rules.codes[status];
  if (listed) return listed;
  if (status >= 500) return 'unavailable';
  if (status < rules.okBelow) return 'ok';
  return 'refused';
}

/** True for the classes whose outcome is unknown: the caller leaves the attempt pending. */
export function outcomeUnknown(statusClass: StatusClass): boolean {
  return statusClass === 'unavailable' || statusClass === 'rate-limited' || statusClass === 'conflict';
}

/**
 * The request timeout of each provider's calls (ms), overridable per client. Clearpay publishes
 * two read timeouts: 20 s for reads and checkouts, 70 s for the calls that move money (capture,
 * reversal, refund).
 */
export const PROVIDER_TIMEOUT_MS = {
  Eway: 10_000,
  PayPal: 15_000,
  GlobalPay: 15_000,
  Clearpay: 20_000,
  ClearpayMoney: 70_000,
} as const satisfies Record<HttpProvider | 'ClearpayMoney', number>;

/**
 * What each client has always said when no answer came (its message and reason are recorded with
 * the attempt): Eway names the timeout; Global Payments reports every failure as 'network'
 * ("did not complete") with its cause.
 */
function unreachable(
  provider: HttpProvider,
  operation: string,
  timedOut: boolean,
  timeoutMs: number,
  cause: unknown,
): ProviderUnavailableError {
  const reason: UnavailableReason = timedOut ? 'timeout' : 'network';
  switch (provider) {
    case 'Eway':
      return new ProviderUnavailableError(provider, operation, reason, {
        detail: timedOut ? `no reply within ${timeoutMs} ms` : 'network failure',
      });
    case 'GlobalPay':
      return new ProviderUnavailableError(provider, operation, 'network', { detail: 'did not complete', cause });
    default:
      return new ProviderUnavailableError(provider, operation, reason);
  }
}

export interface ProviderRequest {
  provider: HttpProvider;
  /** Names the call in errors: an operation or a path's shape, never a credential or a body. */
  operation: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

/**
 * One request with the provider's timeout. A network failure or timeout throws the provider's
 * ProviderUnavailableError; any status comes back as a Response (classify it with classifyStatus).
 */
export async function providerFetch(request: ProviderRequest, url: string, init: RequestInit): Promise<Response> {
  try {
    return await request.fetch(url, { ...init, signal: AbortSignal.timeout(request.timeoutMs) });
  } catch (error) {
    throw unreachable(request.provider, request.operation, isTimeout(error), request.timeoutMs, error);
  }
}

/**
 * The reply's body as text. A connection that dies while the body is on its way leaves the outcome
 * unknown: each client has always said so in its own words (Eway "the reply was cut off", PayPal
 * "response lost"; Clearpay and Global Payments as for no answer at all).
 */
export async function providerText(request: ProviderRequest, response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    switch (request.provider) {
      case 'Eway':
        throw new ProviderUnavailableError('Eway', request.operation, 'network', { detail: 'the reply was cut off' });
      case 'PayPal':
        throw new ProviderUnavailableError('PayPal', request.operation, 'network', { detail: 'response lost' });
      default:
        throw unreachable(request.provider, request.operation, isTimeout(error), request.timeoutMs, error);
    }
  }
}

/** The error a status of an unknown outcome (conflict, rate-limited, unavailable) throws. */
export function unavailableStatus(provider: HttpProvider, operation: string, status: number): ProviderUnavailableError {
  return new ProviderUnavailableError(provider, operation, 'server', { httpStatus: status });
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
