import {
  type CheckoutViewValue,
  MISSING_TABLE_RATE_MESSAGE,
  type Money,
  type ShippingEstimate,
  type SplitShipment,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { MELBOURNE, SYDNEY } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL, TEST_RATE_CARD } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('postage calls on $name', (target) => {
  let guitars: number;
  /** Express on, surcharge $12.95 from $500, no handling. */
  let sydney: { id: number; name: string };
  /** Express off, $2.00 handling. */
  let perth: { id: number; name: string };
  /** Pickup disabled; posts with express on. */
  let hobart: { id: number; name: string };
  /** Pickup disabled; sells only things it cannot post. */
  let darwin: { id: number; name: string };

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      sydney = await makeStore(db, { name: 'Sydney', state: 'NSW', postcode: '2000', pickup_disabled: 0 });
      perth = await makeStore(db, { name: 'Perth', state: 'WA', postcode: '6000', pickup_disabled: 0 });
      hobart = await makeStore(db, {
        name: 'Hobart',
        state: 'TAS',
        address: '9 Elizabeth St',
        suburb: 'Hobart',
        postcode: '7000',
        pickup_disabled: 1,
      });
      darwin = await makeStore(db, { name: 'Darwin', state: 'NT', postcode: '0800', pickup_disabled: 1 });
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
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
    await server.services.shipping.setStoreSettings(ctx, { storeId: darwin.id, rateCardId: card, ...surcharge });
  });

  const item = (storeId: number, price: number, overrides: { postable?: number; weight_grams?: number } = {}) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
      ...SMALL_PARCEL,
      ...overrides,
    });
  async function shopperWith(ids: number[]) {
    const client = new TestClient(server.baseUrl);
    for (const id of ids) expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    return client;
  }
  const estimate = (client: TestClient, body: Record<string, unknown>) =>
    client.post<ShippingEstimate>('/c3api/checkout/shipping/estimate', body);
  const setExpress = (client: TestClient, body: unknown) =>
    client.post<Money>('/c3api/checkout/shipping/setexpresscost', body);
  const view = async (client: TestClient) => (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;

  it('estimates a cart from two stores: summed Regular, no Express when one store has it off', async () => {
    const client = await shopperWith([(await item(sydney.id, 10_000)).id, (await item(perth.id, 20_000)).id]);
    const reply = await estimate(client, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY });
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    expect(reply.body.Value).toEqual({
      Regular: { Amount: 995 + 995 + 200, Display: '$21.90' },
      Express: null,
      RegularTimeLine: '2-4 business days',
      ExpressTimeLine: '',
      SodAndInsuranceCost: { Amount: 0, Display: '$0.00' },
      HasSignatureOnDelivery: false,
      HasInsurance: false,
      IsExpressPostageEnabled: false,
      MissingTableRateMessage: null,
    });
    // Chosen in the checkout state: the view selects it; the total includes postage once set.
    let value = await view(client);
    expect(value.ShippingInformation.Options.find((o) => o.Selected)?.SystemName).toBe('AustraliaPost');
    expect(value.ShippingAddress).toMatchObject({ Line1: '1 George St', PostCode: '2000', State: 'NSW' });
    const express = await setExpress(client, [{ IsExpress: true, ShippingMethodId: 'AustraliaPost' }]);
    expect(express.status).toBe(400);
    expect(express.body.Message).toContain('IsExpress');
    const regular = await setExpress(client, [{ IsExpress: false, ShippingMethodId: 'AustraliaPost' }]);
    expect(regular.status, regular.body.Message ?? '').toBe(200);
    expect(regular.body.Value).toEqual({ Amount: 32_190, Display: '$321.90' });
    value = await view(client);
    expect(value.Cart.CartTotal.Amount).toBe(32_190);
    expect(value.Cart.OriginalTotal.Amount).toBe(30_000);
    expect(value.ShippingInformation.MissingTableRateMessage).toBeNull();
    // Store pickup puts the total back to the items'.
    const pickup = await setExpress(client, [{ IsExpress: false, ShippingMethodId: 'StorePickup' }]);
    expect(pickup.body.Value.Amount).toBe(30_000);
    expect((await view(client)).ShippingInformation.Options.find((o) => o.Selected)?.SystemName).toBe('StorePickup');
  });

  it('adds the surcharge above the threshold (not at it), offers Express, and totals with a discount code', async () => {
    const below = await shopperWith([(await item(sydney.id, 50_000)).id]);
    const cheap = await estimate(below, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY });
    expect(cheap.body.Value).toMatchObject({
      Regular: { Amount: 995 },
      Express: { Amount: 1395 },
      HasSignatureOnDelivery: false,
      SodAndInsuranceCost: { Amount: 0 },
    });

    const client = await shopperWith([(await item(sydney.id, 50_001)).id]);
    const applied = await client.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' });
    expect(applied.status, applied.body.Message ?? '').toBe(200);
    const reply = await estimate(client, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY });
    expect(reply.body.Value).toEqual({
      Regular: { Amount: 995 + 1295, Display: '$22.90' },
      Express: { Amount: 1395 + 1295, Display: '$26.90' },
      RegularTimeLine: '2-4 business days',
      ExpressTimeLine: '1-2 business days',
      SodAndInsuranceCost: { Amount: 1295, Display: '$12.95' },
      HasSignatureOnDelivery: true,
      HasInsurance: true,
      IsExpressPostageEnabled: true,
      MissingTableRateMessage: null,
    });
    const total = await setExpress(client, [{ IsExpress: true, ShippingMethodId: 'AustraliaPost' }]);
    expect(total.status, total.body.Message ?? '').toBe(200);
    // $500.01 - 10 % (rounded to $50.00) + Express with the surcharge.
    expect(total.body.Value.Amount).toBe(50_001 - 5_000 + 2690);
    const value = await view(client);
    expect(value.Cart.CartTotal.Amount).toBe(47_691);
    expect(value.Cart.DiscountAmount.Amount).toBe(5_000);
    expect(value.ShippingInformation.Options.find((o) => o.Selected)?.DeliveryType.IsExpress).toBe(true);
  });

  it('says a table rate is missing: no zone, not postable, too heavy', async () => {
    const client = await shopperWith([(await item(sydney.id, 10_000)).id]);
    const victoria = await estimate(client, { SystemName: 'AustraliaPost', DeliveryAddress: MELBOURNE });
    expect(victoria.status).toBe(200);
    expect(victoria.body.Value).toMatchObject({
      Regular: null,
      Express: null,
      MissingTableRateMessage: MISSING_TABLE_RATE_MESSAGE,
    });
    expect((await view(client)).ShippingInformation.MissingTableRateMessage).toBe(MISSING_TABLE_RATE_MESSAGE);
    const refused = await setExpress(client, [{ IsExpress: false, ShippingMethodId: 'AustraliaPost' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(MISSING_TABLE_RATE_MESSAGE);

    const bulky = await shopperWith([
      (await item(sydney.id, 10_000)).id,
      (await item(sydney.id, 10_000, { postable: 0 })).id,
    ]);
    const notPostable = await estimate(bulky, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY });
    expect(notPostable.body.Value.MissingTableRateMessage).toBe(MISSING_TABLE_RATE_MESSAGE);

    const heavy = await shopperWith([(await item(sydney.id, 10_000, { weight_grams: 23_000 })).id]);
    const tooHeavy = await estimate(heavy, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY });
    expect(tooHeavy.body.Value.MissingTableRateMessage).toBe(MISSING_TABLE_RATE_MESSAGE);
  });

  it('answers store pickup and split postage with a zero estimate', async () => {
    const client = await shopperWith([(await item(sydney.id, 10_000)).id]);
    for (const SystemName of ['StorePickup', 'SplitPostage']) {
      const reply = await estimate(client, { SystemName });
      expect(reply.status).toBe(200);
      expect(reply.body.Value).toMatchObject({ Regular: { Amount: 0 }, Express: null, MissingTableRateMessage: null });
    }
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const empty = new TestClient(server.baseUrl);
    expect((await estimate(empty, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY })).status).toBe(400);
    const client = await shopperWith([(await item(sydney.id, 10_000)).id]);
    const cases: [Record<string, unknown>, string][] = [
      [{ SystemName: 'AustraliaPost' }, 'DeliveryAddress'],
      [{ SystemName: 'Generic', DeliveryAddress: SYDNEY }, 'SystemName'],
      [{ SystemName: 'Courier', DeliveryAddress: SYDNEY }, 'SystemName'],
      [{ SystemName: 'AustraliaPost', DeliveryAddress: { ...SYDNEY, PostCode: '20' } }, 'PostCode'],
      [{ SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY, StoreId: perth.id }, 'StoreId'],
      [{ SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY, StoreId: 'x' }, 'StoreId'],
    ];
    for (const [body, field] of cases) {
      const reply = await estimate(client, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.Message).toContain(field);
    }
    const badSets: [unknown, string][] = [
      [[], ''],
      [{ IsExpress: true }, ''],
      [[{ IsExpress: 'yes' }], 'IsExpress'],
      [[{ IsExpress: false, ShipmentId: perth.id, ShippingMethodId: 'StorePickup' }], 'ShipmentId'],
      [[{ IsExpress: false, ShipmentId: sydney.id, ShippingMethodId: 'SplitPostage' }], 'ShippingMethodId'],
      [[{ IsExpress: false, ShippingMethodId: 'AustraliaPost' }], 'DeliveryAddress'],
    ];
    const fresh = await shopperWith([(await item(sydney.id, 10_000)).id]);
    for (const [body, field] of badSets) {
      const reply = await setExpress(fresh, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.Message).toContain(field);
    }
    expect((await setExpress(fresh, [{ IsExpress: false }])).body.Message).toContain('ShippingMethodId');
  });

  it('lists each store for split postage, keeps each store’s choice and totals them', async () => {
    const a = await item(sydney.id, 10_000);
    const b = await item(hobart.id, 20_000);
    const c = await item(perth.id, 5_000, { postable: 0 });
    const d = await item(darwin.id, 7_000, { postable: 0 });
    const client = await shopperWith([a.id, b.id, c.id, d.id]);
    let split = (await client.get<SplitShipment[]>('/c3api/checkout/splitcheckoutview')).body.Value;
    const byStore = (id: number) => split.find((s) => s.store.id === id);
    expect(split).toHaveLength(4);
    expect(byStore(sydney.id)?.shippingOptions.map((o) => [o.SystemName, o.Estimate])).toEqual([
      ['StorePickup', null],
      ['AustraliaPost', null],
    ]);
    expect(byStore(hobart.id)).toMatchObject({
      store: { name: 'Hobart', addressLine1: '9 Elizabeth St', addressLine2: 'Hobart TAS 7000', pickupDisabled: true },
      items: [b.id],
      shippingAddress: null,
    });
    expect(byStore(hobart.id)?.shippingOptions.map((o) => o.SystemName)).toEqual(['AustraliaPost']);
    expect(byStore(perth.id)?.shippingOptions.map((o) => o.SystemName)).toEqual(['StorePickup']);
    // Pickup disabled and nothing postable: no options (the page shows the unavailable-items message).
    expect(byStore(darwin.id)).toMatchObject({ store: { pickupDisabled: true }, shippingOptions: [] });

    // One store's estimate keeps its address; the view then shows its costs.
    const one = await estimate(client, { SystemName: 'AustraliaPost', DeliveryAddress: SYDNEY, StoreId: hobart.id });
    expect(one.body.Value).toMatchObject({ Regular: { Amount: 995 }, Express: { Amount: 1395 } });
    const refused = await setExpress(client, [
      { IsExpress: false, ShipmentId: hobart.id, ShippingMethodId: 'StorePickup' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(UNAVAILABLE_ITEMS_MESSAGE);
    const total = await setExpress(client, [
      { IsExpress: false, ShipmentId: sydney.id, ShippingMethodId: 'StorePickup' },
      { IsExpress: true, ShipmentId: hobart.id, ShippingMethodId: 'AustraliaPost' },
      { IsExpress: false, ShipmentId: perth.id, ShippingMethodId: 'StorePickup' },
    ]);
    expect(total.status, total.body.Message ?? '').toBe(200);
    expect(total.body.Value.Amount).toBe(10_000 + 20_000 + 5_000 + 7_000 + 1395);
    split = (await client.get<SplitShipment[]>('/c3api/checkout/splitcheckoutview')).body.Value;
    const posted = byStore(hobart.id)?.shippingOptions.find((o) => o.SystemName === 'AustraliaPost');
    expect(byStore(hobart.id)?.shippingAddress).toMatchObject({ PostCode: '2000' });
    expect(posted?.Costs.map((cost) => [cost.Type, cost.Amount.Amount, cost.Selected, cost.IsEnabled])).toEqual([
      ['Regular', 995, false, true],
      ['Express', 1395, true, true],
    ]);
    const value = await view(client);
    expect(value.ShippingInformation.Options.find((o) => o.Selected)?.SystemName).toBe('SplitPostage');
    expect(value.Cart.CartTotal.Amount).toBe(42_000 + 1395);
  });
});
