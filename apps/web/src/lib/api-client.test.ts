// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGetWithAntiForgery, apiPost } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of ['XSRF-TOKEN', '__Host-XSRF-TOKEN'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

function captureHeaders() {
  const seen: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      return new Response(JSON.stringify({ WasSuccessful: true, Value: 1, Message: null }));
    }),
  );
  return seen;
}

describe('apiPost', () => {
  it('echoes the anti-forgery cookie in the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=abc.def';
    const seen = captureHeaders();
    await apiPost('/c3api/cart/add?productId=1');
    expect(seen[0]?.['X-XSRF-TOKEN']).toBe('abc.def');
  });

  it('reads the __Host- cookie the server sets over HTTPS', async () => {
    // jsdom (rightly) refuses to set a __Host- cookie on http://; the browser hands it over on https.
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('other=1; __Host-XSRF-TOKEN=secure.value');
    const seen = captureHeaders();
    await apiPost('/c3api/cart/add?productId=1');
    expect(seen[0]?.['X-XSRF-TOKEN']).toBe('secure.value');
  });
});

describe('apiGetWithAntiForgery', () => {
  it('sends the anti-forgery header on a GET that changes data', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=get.token';
    const seen = captureHeaders();
    await apiGetWithAntiForgery('/c3api/wishlist/merge?token=t');
    expect(seen[0]?.['X-XSRF-TOKEN']).toBe('get.token');
  });
});
