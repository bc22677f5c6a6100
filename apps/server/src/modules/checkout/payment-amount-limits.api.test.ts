import { CHECKOUT_ERROR_MESSAGE, type CheckoutSubmission, type CheckoutViewValue, type Money } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { postageSubmission, SYDNEY } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL, TEST_RATE_CARD } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import type { PaymentProvider } from '../payments/payment-provider.js';

/** An online card option (Eway's rule: $1.00 to $15,000.00) that answers page data without a provider. */
class StandInCardProvider implements PaymentProvider {
  readonly name = 'Eway' as const;
  readonly paysOnItsOwnPage = true;
  async start() {
    return { kind: 'page-data' as const, value: { AccessCode: 'test' } };
  }
  async confirm() {
    return 'pending' as const;
  }
  async cancel() {}
  async refund() {}
  async reconcile() {
    return 'pending' as const;
  }
}

const CARD_LIMIT_MESSAGE = 'The order amount, including postage, must be between $1.00 and $15,000.00.';

/**
 * A payment option's amount limits are judged on the total including the chosen postage
 * (checkout.md section 5): the view gives each option its range, so the page can judge the total
 * the delivery step answers; the view and the placement judge that same total.
 */
describe.each(testDatabaseTargets())('payment amount limits include postage on $name', (target) => {
  let guitars: number;
  let sydney: { id: number };
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      sydney = await makeStore(db, { name: 'Sydney', state: 'NSW', postcode: '2000', pickup_disabled: 0 });
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
    server: { paymentProviders: [new StandInCardProvider()] },
  });

  beforeAll(async () => {
    const ctx = server.ctx();
    const card = await server.services.shipping.createRateCard(ctx, TEST_RATE_CARD);
    await server.services.shipping.setStoreSettings(ctx, { storeId: sydney.id, rateCardId: card });
  });

  async function shopperWith(price: number) {
    const product = await makeProduct(database.handle.db, {
      store_id: sydney.id,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
      ...SMALL_PARCEL,
    });
    const client = new TestClient(server.baseUrl);
    expect((await client.post(`/c3api/cart/add?productId=${product.id}`)).status).toBe(200);
    return { client, productId: product.id };
  }
  const card = async (client: TestClient) =>
    (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value.PaymentInformation.Options.find(
      (o) => o.SystemName === 'Eway',
    );
  const postTo = (client: TestClient, address = SYDNEY) =>
    client.post<Money>('/c3api/checkout/shipping/setexpresscost', [
      { IsExpress: false, ShippingMethodId: 'AustraliaPost', DeliveryAddress: address },
    ]);
  const place = (client: TestClient, body: CheckoutSubmission) => client.post('/c3api/checkout/purchase/process', body);

  it('gives each option its range and message, and judges the total with the chosen postage against it', async () => {
    // $14,995.00 of items: inside the card's $15,000.00 until postage is added.
    const { client, productId } = await shopperWith(1_499_500);
    const before = await card(client);
    expect(before).toMatchObject({
      Disabled: false,
      DisabledMessage: null,
      AmountRange: {
        Minimum: { Amount: 100, Display: '$1.00' },
        Maximum: { Amount: 1_500_000, Display: '$15,000.00' },
        Message: CARD_LIMIT_MESSAGE,
      },
    });

    const total = await postTo(client);
    expect(total.status, total.body.Message ?? '').toBe(200);
    expect(total.body.Value.Amount).toBeGreaterThan(1_500_000);
    // The total the page now holds is past the range the page was given: the page disables the option,
    // and the view, read again, says the same with the same message.
    expect(total.body.Value.Amount).toBeGreaterThan(before?.AmountRange.Maximum.Amount ?? 0);
    expect(await card(client)).toMatchObject({ Disabled: true, DisabledMessage: CARD_LIMIT_MESSAGE });

    // The placement judges the same total: refused with the same message, nothing held.
    const refused = await place(client, postageSubmission({ PaymentOption: 'Eway' }));
    expect([refused.status, refused.body.Message]).toEqual([400, CARD_LIMIT_MESSAGE]);
    expect(refused.body.Message).not.toBe(CHECKOUT_ERROR_MESSAGE);
    expect(refused.body.FieldErrors).toEqual([{ Field: 'PaymentOption', Message: CARD_LIMIT_MESSAGE }]);
    const product = await database.handle.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.status).toBe('available');

    // Collected instead: the items' total alone is inside the range again, and the option is usable.
    const pickup = await client.post<Money>('/c3api/checkout/shipping/setexpresscost', [
      { IsExpress: false, ShippingMethodId: 'StorePickup' },
    ]);
    expect(pickup.body.Value.Amount).toBe(1_499_500);
    expect(await card(client)).toMatchObject({ Disabled: false, DisabledMessage: null });
  });

  it('takes the order when the total with postage is inside the range', async () => {
    const { client } = await shopperWith(1_400_000);
    const total = await postTo(client);
    expect(total.body.Value.Amount).toBeLessThanOrEqual(1_500_000);
    expect(await card(client)).toMatchObject({ Disabled: false });
    const placed = await place(client, postageSubmission({ PaymentOption: 'Eway' }));
    expect(placed.status, placed.body.Message ?? '').toBe(200);
  });
});
