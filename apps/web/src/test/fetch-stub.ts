import { describeFieldErrors, type FieldError, failure } from '@shop/contract';
import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export function envelope(value: unknown, status = 200, message: string | null = null): Response {
  return new Response(JSON.stringify({ WasSuccessful: status < 400, Value: value, Message: message }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A 400 that names fields, as the server sends it: the Message's one sentence and the FieldErrors data. */
export function invalidInputReply(fields: FieldError[]): Response {
  return new Response(JSON.stringify(failure(describeFieldErrors(fields), fields)), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch with a router from "METHOD path" (path without the query string) to a reply, and
 * records every call in order. An unrouted call answers 404, so a test sees what it did not expect.
 */
export function stubFetch(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const call: RecordedCall = {
        url,
        method,
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${url.split('?')[0]}`];
      return route ? route(call) : envelope(null, 404, `unexpected ${method} ${url}`);
    }),
  );
  return calls;
}
