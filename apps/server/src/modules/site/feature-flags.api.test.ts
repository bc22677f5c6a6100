import type { AccountOverviewValue, CheckoutViewValue, FeatureFlagName, SiteValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { SiteRepository } from './site.repository.js';

let emails = 0;
const newEmail = () => `flags${++emails}.${Date.now()}@example.com`;

/**
 * A flag the marketplace admin switched off is off on the server too, not only on the page: each
 * feature's calls answer 404 with words that say so (never a 500), and switched on they work again.
 */
describe.each(testDatabaseTargets())('feature flags the server enforces on $name', (target) => {
  let customer: TestClient;
  let itemCode: string;

  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true' },
  });

  const setFlag = (name: FeatureFlagName, enabled: boolean) =>
    new SiteRepository().setFlag(server.ctx(), {
      region: 'AU',
      name,
      enabled,
      updatedAt: Date.now(),
      updatedBy: null,
    });

  beforeAll(async () => {
    const db = database.handle.db;
    const store = await makeStore(db, { name: 'Flagstaff', pickup_disabled: 0 });
    const item = await makeProduct(db, {
      store_id: store.id,
      category_id: await categoryIdBySlug(db, 'guitars'),
      price_minor: 8_000,
      disable_in_store_pickup: 0,
    });
    itemCode = item.code;
    customer = new TestClient(server.baseUrl);
    await customer.register(newEmail());
    expect((await customer.post(`/c3api/cart/add?productId=${item.id}`)).status).toBe(200);
  });

  const overview = async () => (await customer.get<AccountOverviewValue>('/c3api/account/overview')).body.Value;

  it('discount codes off: the code call and a code already applied are refused, and checkout says off', async () => {
    expect((await customer.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' })).status).toBe(200);
    await setFlag('DiscountsEnabled', false);
    try {
      // Placing the order straight away (no checkout view between): refused in words, nothing placed.
      const placed = await customer.post('/c3api/checkout/purchase/process', pickupSubmission());
      expect(placed.status).toBe(404);
      expect(placed.body.Message).toBe('Discount codes are not offered');
      const orders = await database.handle.db.selectFrom('orders').select('id').execute();
      expect(orders).toHaveLength(0);
      expect((await server.get<SiteValue>('/c3api/site')).body.Value.DiscountsEnabled).toBe(false);
      const refused = await customer.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' });
      expect(refused.status).toBe(404);
      expect(refused.body.Message).toBe('Discount codes are not offered');
      const view = (await customer.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value.Cart;
      expect(view).toMatchObject({ DiscountsEnabled: false, DiscountCodeApplied: false, DiscountCodes: [] });
      expect(view.CartTotal.Amount).toBe(8_000);
    } finally {
      await setFlag('DiscountsEnabled', true);
    }
    // The checkout view dropped the code while discounts were off; it can be applied again.
    expect((await customer.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value.Cart.DiscountCodes).toEqual([]);
    const applied = await customer.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' });
    expect(applied.status, applied.body.Message ?? '').toBe(200);
    expect((await customer.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value.Cart.DiscountsEnabled).toBe(true);
  });

  it('wishlists off: adding is refused and the account overview says off; a guest wishlist still joins at sign-in', async () => {
    await setFlag('WishlistsEnabled', false);
    try {
      const refused = await customer.post('/c3api/wishlist/add', { ItemCode: itemCode });
      expect(refused.status).toBe(404);
      expect(refused.body.Message).toBe('Wishlists are not offered');
      expect((await customer.get('/c3api/wishlist/query/summary')).status).toBe(404);
      expect((await overview()).Wishlist).toEqual({ WishlistsEnabled: false, NumItems: 0 });
      expect((await customer.get('/c3api/wishlist/merge?token=x')).status).not.toBe(404);
    } finally {
      await setFlag('WishlistsEnabled', true);
    }
    const added = await customer.post('/c3api/wishlist/add', { ItemCode: itemCode });
    expect(added.status, added.body.Message ?? '').toBe(200);
    expect((await overview()).Wishlist).toEqual({ WishlistsEnabled: true, NumItems: 1 });
  });

  it('saved searches off: saving and listing are refused and the overview says off', async () => {
    await setFlag('SavedSearchesEnabled', false);
    try {
      const refused = await customer.post('/c3api/savedsearch/add', {
        NotificationFrequency: 1,
        Title: 'Guitars',
        SearchUrl: '/search-results?query=guitar',
        Email: 'flags-alerts@example.com',
      });
      expect(refused.status).toBe(404);
      expect(refused.body.Message).toBe('Saved searches are not offered');
      expect((await customer.get('/c3api/savedsearch/list')).status).toBe(404);
      expect((await overview()).SavedSearches.SavedSearchesEnabled).toBe(false);
    } finally {
      await setFlag('SavedSearchesEnabled', true);
    }
    expect((await customer.get('/c3api/savedsearch/list')).status).toBe(200);
    expect((await overview()).SavedSearches.SavedSearchesEnabled).toBe(true);
  });

  it('wishlist alerts off: turning alerts on is refused; the e-mail’s unsubscribe page still opens', async () => {
    await setFlag('WishlistAlertsEnabled', false);
    try {
      const refused = await customer.post('/c3api/wishlistalert/toggle', { WishlistId: 1, AlertEnabled: false });
      expect(refused.status).toBe(404);
      expect(refused.body.Message).toBe('Wishlist alerts are not offered');
      const acknowledged = await customer.post('/c3api/wishlistalert/acknowledgefeature', {});
      expect(acknowledged.status).toBe(404);
      const unsubscribe = await fetch(`${server.baseUrl}/c3api/wishlistalert/unsubscribe?token=x`);
      expect(unsubscribe.status).not.toBe(404);
      expect(unsubscribe.status).toBeLessThan(500);
    } finally {
      await setFlag('WishlistAlertsEnabled', true);
    }
    expect((await customer.post('/c3api/wishlistalert/acknowledgefeature', {})).status).toBe(200);
  });

  it('alert e-mails stop while their flag is off: no wishlist alert nor saved-search digest is queued', async () => {
    const ctx = server.ctx();
    const db = database.handle.db;
    const user = await db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const item = await makeProduct(db, {
      store_id: (await makeStore(db, { name: 'Alertville' })).id,
      category_id: await categoryIdBySlug(db, 'guitars'),
      price_minor: 9_000,
    });
    expect((await customer.post('/c3api/wishlist/add', { ItemCode: item.code })).status).toBe(200);
    // Alerts on since a moment ago (the toggle's verification is the wishlist module's own test).
    await db
      .updateTable('wishlists')
      .set({ alert_enabled: 1, alert_email: 'flags-alerts@example.com', alert_since: Date.now() - 60_000 })
      .where('user_id', '=', user.id)
      .execute();
    expect(await server.services.catalogue.changePrice(ctx, item.id, 7_000)).toBe(true);
    await db
      .insertInto('saved_searches')
      .values({
        user_id: user.id,
        region: 'AU',
        name: 'Guitars',
        search_url: 'query=guitar',
        search_term: 'guitar',
        filters_number: 0,
        frequency: 1,
        email: 'flags-alerts@example.com',
        alert_since: Date.now() - 60_000,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();

    await setFlag('WishlistAlertsEnabled', false);
    await setFlag('SavedSearchesEnabled', false);
    try {
      expect(await server.services.wishlistAlerts.queueDue(ctx)).toBe(0);
      expect((await server.services.digests.queueDue(ctx, 1)).queued).toBe(0);
    } finally {
      await setFlag('WishlistAlertsEnabled', true);
      await setFlag('SavedSearchesEnabled', true);
    }
    expect(await server.services.wishlistAlerts.queueDue(ctx)).toBe(1);
    expect((await server.services.digests.queueDue(ctx, 1)).queued).toBe(1);
  });

  it('the environment’s off wins over the admin’s on', async () => {
    const locked = await startTestServer(database, { SAVED_SEARCHES_ENABLED: 'false' });
    try {
      const client = new TestClient(locked.baseUrl);
      await client.register(newEmail());
      const refused = await client.get('/c3api/savedsearch/list');
      expect(refused.status).toBe(404);
      expect(refused.body.Message).toBe('Saved searches are not offered');
    } finally {
      await locked.close();
    }
  });
});
