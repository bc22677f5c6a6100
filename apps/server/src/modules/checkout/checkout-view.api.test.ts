import type { CheckoutViewValue, ProfileValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('the checkout view on $name', (target) => {
  let guitars: number;
  let perth: { id: number; name: string };
  let hobart: { id: number; name: string };
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      perth = await makeStore(db, {
        name: 'Perth',
        state: 'WA',
        address: '1 Hay St',
        suburb: 'Perth',
        postcode: '6000',
        pickup_disabled: 0,
      });
      hobart = await makeStore(db, { name: 'Hobart', state: 'TAS', pickup_disabled: 1 });
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
  });

  const item = (storeId: number, price: number) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
    });

  it("shows a guest's cart by store with pickup addresses, the region's options and empty details", async () => {
    const client = new TestClient(server.baseUrl);
    const a = await item(perth.id, 123_456);
    const b = await item(hobart.id, 10_000);
    for (const id of [a.id, b.id]) await client.post(`/c3api/cart/add?productId=${id}`);
    const reply = await client.get<CheckoutViewValue>('/c3api/checkout/view');
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const view = reply.body.Value;
    expect(view.Cart).toMatchObject({
      CartTotal: { Amount: 133_456, Display: '$1,334.56' },
      StoreCount: 2,
      ItemCount: 2,
      DiscountsEnabled: true,
      DiscountCodeApplied: false,
    });
    const perthItem = view.Cart.CartItems.find((i) => i.ProductId === a.id);
    expect(perthItem).toMatchObject({
      StoreName: 'Perth',
      StoreAddressLine1: '1 Hay St',
      StoreAddressLine2: 'Perth WA 6000',
      PickupDisabled: false,
      Price: { Amount: 123_456, Display: '$1,234.56' },
    });
    expect(view.Cart.CartItems.find((i) => i.ProductId === b.id)?.PickupDisabled).toBe(true);
    expect(view.ShippingInformation.Options.map((o) => o.SystemName)).toEqual([
      'StorePickup',
      'AustraliaPost',
      'SplitPostage',
    ]);
    expect(view.PaymentInformation.Options).toEqual([
      {
        Id: 1,
        Name: 'Pay in store when you collect',
        SystemName: 'Generic',
        Selected: true,
        Disabled: false,
        DisabledMessage: null,
        AmountRange: {
          Minimum: { Amount: 100, Display: '$1.00' },
          Maximum: { Amount: 1_000_000, Display: '$10,000.00' },
          Message: 'The order amount, including postage, must be between $1.00 and $10,000.00.',
        },
      },
    ]);
    expect(view.CustomerDetails).toMatchObject({ EmailAddress: '', IsGuestUser: true, BillingAddress: null });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it("prefills a signed-in customer's details from their profile", async () => {
    const client = new TestClient(server.baseUrl);
    await client.register(`view.${Date.now()}@example.com`);
    const saved = await client.post<ProfileValue>('/c3api/account/profile', {
      FirstName: 'Ada',
      LastName: 'Lovelace',
      PhoneNumber: '0412 345 678',
      BillingAddress: { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
      Consent: false,
    });
    expect(saved.status).toBe(200);
    const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(view.CustomerDetails).toMatchObject({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      PhoneNumber: '0412 345 678',
      IsGuestUser: false,
      BillingAddress: { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000', CountryCode: 'AUS' },
    });
    expect(view.Cart.ItemCount).toBe(0);
    // Nothing to pay for yet: the amount is below every option's minimum.
    expect(view.PaymentInformation.Options[0]?.Disabled).toBe(true);
    expect(view.PaymentInformation.Options[0]?.DisabledMessage).toBe(
      'The order amount, including postage, must be between $1.00 and $10,000.00.',
    );
  });
});
