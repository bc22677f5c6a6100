import type { WishlistChangeValue, WishlistMergeValue, WishlistSummaryValue } from '@shop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { WishlistRepository } from './wishlist.repository.js';

let emails = 0;
const newEmail = () => `merger${++emails}.${Date.now()}@example.com`;

/** GET /c3api/wishlist/merge: a guest wishlist joins the signed-in customer's. */
describe.each(testDatabaseTargets())('the wishlist merge on $name', (target) => {
  let guitars: number;
  let storeId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      storeId = (await makeStore(db, { name: 'Fremantle', state: 'WA' })).id;
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const browser = () => new TestClient(server.baseUrl);
  const item = () => makeProduct(database.handle.db, { store_id: storeId, category_id: guitars, price_minor: 12345 });

  it('merges a guest wishlist all at once, idempotently, and the token then holds nothing', async () => {
    const client = browser();
    const [a, b, c] = [await item(), await item(), await item()];
    const codeOf = async (id: number) =>
      (await database.handle.db.selectFrom('products').select('code').where('id', '=', id).executeTakeFirstOrThrow())
        .code;
    const added = await client.post<WishlistChangeValue>('/c3api/wishlist/add', { ItemCode: await codeOf(a.id) });
    const token = added.body.Value.Token ?? '';
    await client.post('/c3api/wishlist/add', { Token: token, ItemCode: await codeOf(b.id) });
    await client.register(newEmail());
    await client.post('/c3api/wishlist/add', { ItemCode: await codeOf(c.id) });
    await client.post('/c3api/wishlist/add', { ItemCode: await codeOf(b.id) });

    // Without the anti-forgery header the GET changes nothing.
    expect((await client.get(`/c3api/wishlist/merge?token=${token}`)).status).toBe(403);
    const merged = await client.get<WishlistMergeValue>(`/c3api/wishlist/merge?token=${token}`, {
      antiForgery: true,
    });
    expect(merged.status, merged.body.Message ?? '').toBe(200);
    const codes = [await codeOf(a.id), await codeOf(b.id), await codeOf(c.id)].sort();
    expect([...merged.body.Value.Data.Summary].sort()).toEqual(codes);
    expect(merged.body.Value.Data.ViewModel.TotalItems).toBe(3);
    expect(merged.body.Value.Data.ViewModel.Items.map((i) => i.Code).sort()).toEqual(codes);
    expect(merged.body.Value.Token).toBeNull();

    const again = await client.get<WishlistMergeValue>(`/c3api/wishlist/merge?token=${token}`, { antiForgery: true });
    expect(again.body.Value.Data.ViewModel.TotalItems).toBe(3);
    const guest = await browser().get<WishlistSummaryValue>(`/c3api/wishlist/query/summary?token=${token}`);
    expect(guest.body.Value).toMatchObject({ Token: null, Data: [] });
    // A signed-in customer's wishlist works without a token, and ignores one.
    const mine = await client.get<WishlistSummaryValue>('/c3api/wishlist/query/summary?token=whatever');
    expect([...mine.body.Value.Data].sort()).toEqual(codes);
  });

  it('merges nothing when any part of the merge fails', async () => {
    const client = browser();
    const a = await item();
    const code = (
      await database.handle.db.selectFrom('products').select('code').where('id', '=', a.id).executeTakeFirstOrThrow()
    ).code;
    const token = (await client.post<WishlistChangeValue>('/c3api/wishlist/add', { ItemCode: code })).body.Value.Token;
    await client.register(newEmail());
    vi.spyOn(WishlistRepository.prototype, 'delete').mockRejectedValueOnce(new Error('disk full'));
    const failed = await client.get(`/c3api/wishlist/merge?token=${token}`, { antiForgery: true });
    expect(failed.status).toBe(500);
    expect((await client.get<WishlistSummaryValue>('/c3api/wishlist/query/summary')).body.Value.Data).toEqual([]);
    const guest = await browser().get<WishlistSummaryValue>(`/c3api/wishlist/query/summary?token=${token}`);
    expect(guest.body.Value.Data).toEqual([code]);
    const retried = await client.get<WishlistMergeValue>(`/c3api/wishlist/merge?token=${token}`, {
      antiForgery: true,
    });
    expect(retried.body.Value.Data.Summary).toEqual([code]);
  });

  it('asks a guest to sign in before merging', async () => {
    const guest = await browser().visit();
    const reply = await guest.get('/c3api/wishlist/merge?token=x', { antiForgery: true });
    expect(reply.status).toBe(401);
  });
});
