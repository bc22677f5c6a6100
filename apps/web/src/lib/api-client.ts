import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, type Envelope, type FieldError } from '@shop/contract';

/**
 * Thrown when a call fails or answers WasSuccessful: false; carries the server's message, HTTP status
 * (0: no reply) and, for a 400 that names fields, those fields as the server sent them (read them
 * with lib/field-errors.ts).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }

  /** The server-rendered page hands its failed queries over as JSON (a 404 product stays a 404). */
  toJSON(): { message: string; status: number } {
    return { message: this.message, status: this.status };
  }
}

/**
 * How the app reaches /c3api: the browser's fetch, or on the server (entry-server.tsx) the shop's
 * own API in the same process, set once when the server loads the rendering bundle.
 */
let apiFetch: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);

export function setApiFetch(fetcher: (path: string, init: RequestInit) => Promise<Response>): void {
  apiFetch = fetcher;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** GETs a /c3api call and returns its Value, or throws ApiError with the server's message. */
export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiCall<T>(path, { headers: { Accept: 'application/json' }, signal: signal ?? null });
}

/** The anti-forgery header echoed from its cookie (spec section 7), when the cookie is there. */
function antiForgeryHeaders(): Record<string, string> {
  // Served over HTTPS the server names it with the __Host- prefix.
  const token = readCookie(`__Host-${ANTI_FORGERY_COOKIE}`) ?? readCookie(ANTI_FORGERY_COOKIE);
  return token ? { [ANTI_FORGERY_HEADER]: token } : {};
}

/**
 * GETs a call that changes data although the spec makes it a GET (the wishlist merge): the server
 * asks for the anti-forgery header on it as on a POST.
 */
export function apiGetWithAntiForgery<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiCall<T>(path, {
    headers: { Accept: 'application/json', ...antiForgeryHeaders() },
    signal: signal ?? null,
    credentials: 'same-origin',
  });
}

/**
 * POSTs JSON with the anti-forgery header echoed from its cookie (spec section 7). `extraHeaders`
 * carries per-call headers such as the order placement's Idempotency-Key.
 */
export function apiPost<T>(
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  return apiSend<T>('POST', path, body, signal, extraHeaders);
}

/** DELETEs with the anti-forgery header (the discount code's removal). */
export function apiDelete<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiSend<T>('DELETE', path, undefined, signal, {});
}

function apiSend<T>(
  method: 'POST' | 'DELETE',
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...antiForgeryHeaders(), ...extraHeaders };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return apiCall<T>(path, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
    credentials: 'same-origin',
  });
}

async function apiCall<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Please check your connection and try again.');
  }
  let body: (Envelope<T> & { FieldErrors?: FieldError[] }) | null = null;
  try {
    body = (await response.json()) as Envelope<T> & { FieldErrors?: FieldError[] };
  } catch {
    throw new ApiError(`The server answered ${response.status} without a readable reply.`, response.status);
  }
  if (!response.ok || !body.WasSuccessful) {
    throw new ApiError(
      body.Message ?? `The server answered ${response.status}.`,
      response.status,
      body.FieldErrors ?? [],
    );
  }
  return body.Value;
}

/**
 * POSTs like apiPost but hands back the whole envelope, whatever WasSuccessful says, for the
 * calls whose unsuccessful reply still carries a Value to act on (the e-mail verification of a
 * saved search or a wishlist alert). Throws ApiError only when no readable reply came back.
 */
export async function apiPostEnvelope<T>(
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Envelope<T | null>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...antiForgeryHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Please check your connection and try again.');
  }
  let parsed: Partial<Envelope<T>> | null = null;
  try {
    parsed = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    throw new ApiError(`The server answered ${response.status} without a readable reply.`, response.status);
  }
  return {
    WasSuccessful: response.ok && parsed?.WasSuccessful === true,
    Value: (parsed?.Value ?? null) as T | null,
    Message: typeof parsed?.Message === 'string' ? parsed.Message : null,
  };
}
