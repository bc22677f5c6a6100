import {
  type CheckoutSubmission,
  MISSING_TABLE_RATE_MESSAGE,
  SPLIT_INCOMPLETE_MESSAGE,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { MELBOURNE, postageSubmission, SYDNEY } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL, TEST_RATE_CARD } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import type { PaymentProvider } from '../payments/payment-provider.js';

/**
 * Postage orders. The only real payment option so far (Generic, pay in store) is pickup-only, so
 * this file registers a stand-in online provider (Eway's name, answering page-data) through the
 * server's paymentProviders seam (Eway's rule is in the region's options; its real adapter is elsewhere).
 */
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

const submission = (overrides: Partial<CheckoutSubmission> = {}): CheckoutSubmission =>
  postageSubmission({ PaymentOption: 'Eway', ...overrides });

describe.each(testDatabaseTargets())('placing a postage order on $name', (target) => {
  let guitars: number;
  let sydney: { id: number; name: string };
  let perth: { id: number; name: string };
  let hobart: { id: number; name: string };

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      sydney = await makeStore(db, { name: 'Sydney', state: 'NSW', postcode: '2000', pickup_disabled: 0 });
      perth = await makeStore(db, { name: 'Perth', state: 'WA', postcode: '6000', pickup_disabled: 0 });
      hobart = await makeStore(db, { name: 'Hobart', state: 'TAS', postcode: '7000', pickup_disabled: 1 });
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
    server: { paymentProviders: [new StandInCardProvider()] },
  });

  beforeAll(async () => {
    const ctx = server.ctx();
    const card = await server.services.shipping.createRateCard(ctx, TEST_RATE_CARD);
    const surcharge = { surchargeThresholdMinor: 50_000, surchargeMinor: 1295 };
    await server.services.shipping.setStoreSettings(ctx, { storeId: sydney.id, rateCardId: card, ...surcharge });
    await server.services.shipping.setStoreSettings(ctx, {
      storeId: perth.id,
      rateCardId: card,
      expressEnabled: false,
      handlingMinor: 200,
      ...surcharge,
    });
    await server.services.shipping.setStoreSettings(ctx, { storeId: hobart.id, rateCardId: card, ...surcharge });
  });

  const item = (storeId: number, price: number, weight: number = SMALL_PARCEL.weight_grams) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
      ...SMALL_PARCEL,
      weight_grams: weight,
    });
  async function shopperWith(ids: number[]) {
    const client = new TestClient(server.baseUrl);
    for (const id of ids) expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    return client;
  }
  const place = (client: TestClient, body: CheckoutSubmission) =>
    client.post<{ TrackingNumber: string }>('/c3api/checkout/purchase/process', body);
  const orderCount = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The order behind an online attempt: the process call answers the provider's page data and its TrackingNumber. */
  async function orderOf(trackingNumber: string) {
    const db = database.handle.db;
    const order = await db
      .selectFrom('orders')
      .innerJoin('payment_attempts', 'payment_attempts.order_id', 'orders.id')
      .selectAll('orders')
      .where('payment_attempts.tracking_number', '=', trackingNumber)
      .executeTakeFirstOrThrow();
    const shipments = await db
      .selectFrom('order_shipments')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    const lines = await db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    return { order, shipments, lines };
  }

  it('prices Express postage on the server, copies the quote and spreads it over the lines to the cent', async () => {
    // 300 g + 700 g = 1 kg: the 3 kg band. $500.03 with SAVE10: the surcharge applies (threshold $500).
    const a = await item(sydney.id, 20_001, 300);
    const b = await item(sydney.id, 30_002, 700);
    const client = await shopperWith([a.id, b.id]);
    expect((await client.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' })).status).toBe(200);
    const reply = await place(client, submission({ IsExpress: true }));
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const { order, shipments, lines } = await orderOf(reply.body.Value.TrackingNumber);
    const postage = 2095 + 1295;
    expect(order).toMatchObject({
      status: 'pending_payment',
      delivery_option: 'AustraliaPost',
      items_minor: 50_003,
      discount_minor: 5_000,
      postage_minor: postage,
      total_minor: 50_003 - 5_000 + postage,
    });
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ method: 'postage', service: 'Express', postage_minor: postage });
    expect(JSON.parse(shipments[0]?.address ?? '{}')).toMatchObject({ Line1: '1 George St', PostCode: '2000' });
    expect(JSON.parse(shipments[0]?.postage_snapshot ?? 'null')).toEqual({
      zone: 'Metro',
      service: 'Express',
      band: { maxWeightGrams: 3000, chargeableGrams: 1000 },
      rateMinor: 2095,
      handlingMinor: 0,
      surchargeMinor: 1295,
      signatureOnDelivery: true,
      insurance: true,
      timeline: '1-2 business days',
      totalMinor: postage,
    });
    expect(lines.reduce((sum, line) => sum + Number(line.postage_share_minor), 0)).toBe(postage);
    // By price, 20,001:30,002 (the tax invoice's ItemProportionateShippingCost), the odd cent to the largest remainder.
    expect(lines.map((line) => Number(line.postage_share_minor))).toEqual([1356, 2034]);
  });

  it('posts to the billing address when the shopper says it is the same', async () => {
    const client = await shopperWith([(await item(perth.id, 10_000)).id]);
    const reply = await place(
      client,
      submission({ DeliveryAddress: null, IsShippingAddressSameAsBillingAddress: true, BillingAddress: SYDNEY }),
    );
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const { order, shipments } = await orderOf(reply.body.Value.TrackingNumber);
    expect(order.postage_minor).toBe(995 + 200);
    expect(shipments[0]).toMatchObject({ service: 'Regular', postage_minor: 1195 });
  });

  it('splits an order across two stores: one collected, one posted', async () => {
    const kept = await item(sydney.id, 10_000);
    const posted = await item(hobart.id, 20_000);
    const client = await shopperWith([kept.id, posted.id]);
    const reply = await place(
      client,
      submission({
        DeliveryOption: 'SplitPostage',
        DeliveryAddress: null,
        IsPaidPostage: false,
        SplitPostageShipments: [
          { ShipmentId: sydney.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
          { ShipmentId: hobart.id, ShippingMethodId: 'AustraliaPost', IsExpress: true, DeliveryAddress: SYDNEY },
        ],
      }),
    );
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const { order, shipments, lines } = await orderOf(reply.body.Value.TrackingNumber);
    expect(order).toMatchObject({ delivery_option: 'SplitPostage', postage_minor: 1395, total_minor: 31_395 });
    const byStore = new Map(shipments.map((s) => [s.store_id, s]));
    expect(byStore.get(sydney.id)).toMatchObject({ method: 'pickup', service: null, postage_minor: 0 });
    expect(byStore.get(hobart.id)).toMatchObject({ method: 'postage', service: 'Express', postage_minor: 1395 });
    expect(lines.find((l) => l.product_id === posted.id)?.postage_share_minor).toBe(1395);
    expect(lines.find((l) => l.product_id === kept.id)?.postage_share_minor).toBe(0);
  });

  it('refuses what cannot be posted or chosen with a 400, and places nothing', async () => {
    const before = await orderCount();
    const perthClient = await shopperWith([(await item(perth.id, 10_000)).id]);
    const sydneyClient = await shopperWith([(await item(sydney.id, 10_000)).id]);
    const twoStores = await shopperWith([(await item(sydney.id, 10_000)).id, (await item(hobart.id, 10_000)).id]);
    const split = (entries: NonNullable<CheckoutSubmission['SplitPostageShipments']>) =>
      submission({ DeliveryOption: 'SplitPostage', DeliveryAddress: null, SplitPostageShipments: entries });
    const cases: [TestClient, CheckoutSubmission, string][] = [
      // Express off at the store.
      [perthClient, submission({ IsExpress: true }), 'IsExpress'],
      // No zone for Victoria.
      [sydneyClient, submission({ DeliveryAddress: MELBOURNE }), MISSING_TABLE_RATE_MESSAGE],
      [sydneyClient, submission({ DeliveryAddress: null }), 'DeliveryAddress'],
      [sydneyClient, submission({ DeliveryOption: 'Generic' }), 'DeliveryOption'],
      // Pay in store is for pickup only.
      [sydneyClient, submission({ PaymentOption: 'Generic' }), 'collected in store'],
      [
        twoStores,
        split([{ ShipmentId: sydney.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null }]),
        SPLIT_INCOMPLETE_MESSAGE,
      ],
      [
        twoStores,
        split([
          { ShipmentId: sydney.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
          { ShipmentId: hobart.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
        ]),
        UNAVAILABLE_ITEMS_MESSAGE,
      ],
      [
        twoStores,
        split([
          { ShipmentId: sydney.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
          { ShipmentId: hobart.id, ShippingMethodId: 'AustraliaPost', IsExpress: false, DeliveryAddress: null },
        ]),
        'DeliveryAddress',
      ],
      [
        twoStores,
        split([
          { ShipmentId: sydney.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
          { ShipmentId: perth.id, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
        ]),
        'ShipmentId',
      ],
      [
        twoStores,
        split([
          { ShipmentId: sydney.id, ShippingMethodId: 'SplitPostage', IsExpress: false, DeliveryAddress: null },
          { ShipmentId: hobart.id, ShippingMethodId: 'AustraliaPost', IsExpress: false, DeliveryAddress: SYDNEY },
        ]),
        'ShippingMethodId',
      ],
      [twoStores, split([]), SPLIT_INCOMPLETE_MESSAGE],
      [twoStores, submission({ DeliveryOption: 'SplitPostage', SplitPostageShipments: null }), 'SplitPostageShipments'],
    ];
    for (const [client, body, message] of cases) {
      const reply = await place(client, body);
      expect(reply.status, `${JSON.stringify(body)} -> ${reply.body.Message}`).toBe(400);
      expect(reply.body.Message).toContain(message);
    }
    expect(await orderCount()).toBe(before);
  });
});
