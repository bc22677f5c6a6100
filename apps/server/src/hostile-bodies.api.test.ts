import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { SURROGATE_MESSAGE, TOO_DEEP_MESSAGE } from './lib/request-hygiene.js';
import { TestClient } from './test/test-client.js';
import { testDatabaseTargets } from './test/test-database.js';
import { useTestShop } from './test/test-shop.js';

/**
 * Bodies an attacker or a broken client sends, over real HTTP to the whole shop: JSON nested
 * thousands of levels deep (which once held the server for a minute, then overflowed its stack),
 * and text holding half of a UTF-16 surrogate pair (which once reached a payment provider's URL and
 * answered 500). Each is a 400 with a clear message, and the server keeps answering others.
 */
describe.each(testDatabaseTargets())('hostile request bodies, on $name', (target) => {
  const { server } = useTestShop(target, {
    seed: { products: 10, seed: 4 },
    env: { TRUST_PROXY: 'true' },
    server: { withPayments: true },
  });

  /** A guest's POST of raw JSON text, with the visitor's cookies and anti-forgery header. */
  async function postText(path: string, text: string): Promise<{ status: number; message: string }> {
    const client = await new TestClient(server.baseUrl).visit();
    const response = await fetch(server.baseUrl + path, {
      method: 'POST',
      headers: {
        Cookie: client.cookieHeader(),
        'X-Forwarded-For': client.address,
        'Content-Type': 'application/json',
        [ANTI_FORGERY_HEADER]: decodeURIComponent(client.cookie(ANTI_FORGERY_COOKIE) ?? ''),
      },
      body: text,
    });
    const body = (await response.json()) as { Message: string };
    return { status: response.status, message: body.Message };
  }

  it('refuses a megabyte of deeply nested arrays at once with a 400, while /healthz keeps answering', async () => {
    // 120 branches each 4,000 levels deep: under the stack's limit, and quadratic for a walk that
    // copies its path at every level (20-100 s of one core); then one branch 460,000 deep.
    const branch = `${'['.repeat(4_000)}${']'.repeat(4_000)}`;
    const bodies = [
      `{"Email":"a@example.com","Items":[${Array.from({ length: 120 }, () => branch).join(',')}]}`,
      `{"Email":${'['.repeat(460_000)}${']'.repeat(460_000)}}`,
    ];
    for (const body of bodies) {
      expect(body.length).toBeGreaterThan(900_000);
      const hostile = postText('/c3api/account/register', body);
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      const refused = await hostile;
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(TOO_DEEP_MESSAGE);
    }
  }, 20_000);

  it('refuses a lone surrogate in a body with a 400 naming the field, never a 500', async () => {
    const eway = await postText('/c3api/checkout/eway/validate', '{"AccessCode":"\\ud800","IsComplete":true}');
    expect(eway).toEqual({ status: 400, message: `Invalid input. AccessCode: ${SURROGATE_MESSAGE}` });
    const register = await postText(
      '/c3api/account/register',
      '{"Email":"lone@example.com","Password":"a long password \\udc00","FirstName":"Ada","LastName":"L"}',
    );
    expect(register).toEqual({ status: 400, message: `Invalid input. Password: ${SURROGATE_MESSAGE}` });
  });
});
