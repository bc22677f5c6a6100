import type { CheckoutSubmission, CheckoutViewValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

const submission = (): CheckoutSubmission => pickupSubmission({ PaymentOption: 'Eway' });

/**
 * The shop as main.ts builds it with online payments: the sandboxes on a port of their own, the
 * offered providers' real adapters pointed at them, and the page allowed to reach them.
 */
describe.each(testDatabaseTargets())('online payments wired into the shop on $name', (target) => {
  let storeId: number;
  let guitars: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Bendigo', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: 'Eway' },
    server: { withPayments: true },
  });

  it('offers the card option, and starting it asks the Eway sandbox for a shared page over HTTP', async () => {
    const guitar = await makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: 12_300,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(view.PaymentInformation.Options.map((o) => o.SystemName)).toEqual(['Eway', 'Generic']);

    const reply = await client.post<Record<string, string>>('/c3api/checkout/purchase/process', submission());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const value = reply.body.Value;
    expect(value.TrackingNumber).toMatch(/^PAY-/);
    expect(value.EwayFormActionUrl?.startsWith(`${server.sandboxUrl}/eway/`)).toBe(true);
    expect(value.EwayScriptUrl).toBe(`${server.sandboxUrl}/eway/scripts/eCrypt.js`);
    const attempt = await database.handle.db
      .selectFrom('payment_attempts')
      .select(['provider_reference', 'status'])
      .where('tracking_number', '=', value.TrackingNumber ?? '')
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ provider_reference: value.Accesstoken, status: 'pending' });

    // The shop's pages may load the sandbox's script and frame, and nothing else from outside.
    const page = await fetch(`${server.baseUrl}/healthz`);
    await page.arrayBuffer();
    const policy = (await fetch(`${server.baseUrl}/c3api/site`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' ${server.sandboxUrl}`);
    expect(policy).toContain(`frame-src 'self' ${server.sandboxUrl}`);
  });
});
