import { createHash, randomBytes } from 'node:crypto';
import type { WishlistChangeValue, WishlistPageValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { WISHLIST_PAGE_SIZE, WISHLIST_SORT_OPTIONS } from './wishlist.service.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseTargets())('the guest wishlist on $name', (target) => {
  let storeId: number;
  let guitars: number;
  let britishCode: string;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(db, { name: 'Fremantle', state: 'WA' })).id;
      guitars = await categoryIdBySlug(db, 'guitars');
      const london = await makeStore(db, { region: 'UK', state: 'LND', name: 'Soho' });
      britishCode = (await makeProduct(db, { store_id: london.id, category_id: guitars })).code;
    },
  });

  const item = (overrides: { price_minor?: number; title?: string; status?: 'available' | 'sold' | 'reserved' } = {}) =>
    makeProduct(database.handle.db, { store_id: storeId, category_id: guitars, ...overrides });

  const add = (ItemCode: string, Token?: string | null) =>
    server.post<WishlistChangeValue>('/c3api/wishlist/add', { Token, ItemCode });
  const remove = (ItemCode: string, Token?: string | null) =>
    server.post<WishlistChangeValue>('/c3api/wishlist/remove', { Token, ItemCode });
  const summary = async (token: string) => {
    const reply = await server.get<{ Token: string | null; ExpiryDate: string | null; Data: string[] }>(
      `/c3api/wishlist/query/summary?token=${encodeURIComponent(token)}`,
    );
    expect(reply.status).toBe(200);
    return reply.body.Value;
  };
  const page = async (token: string, params = '') => {
    const reply = await server.get<WishlistPageValue>(
      `/c3api/wishlist/query/page?token=${encodeURIComponent(token)}${params}`,
    );
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return reply.body.Value;
  };
  const contains = async (code: string, token: string) =>
    (
      await server.get<{ Data: boolean }>(
        `/c3api/wishlist/contains?itemCode=${code}&token=${encodeURIComponent(token)}`,
      )
    ).body.Value.Data;
  const wishlistCount = async () => (await database.handle.db.selectFrom('wishlists').select('id').execute()).length;

  /** A new wishlist holding these codes, in this order of adding; returns its token. */
  async function wishlistOf(codes: string[]): Promise<string> {
    let token: string | null = null;
    for (const code of codes) {
      const reply = await add(code, token);
      expect(reply.status, reply.body.Message ?? '').toBe(200);
      token = reply.body.Value.Token;
    }
    if (!token) throw new Error('no token');
    return token;
  }

  it('starts a wishlist on the first add with a 256-bit token, stored only as its hash, expiring in 90 days', async () => {
    const guitar = await item();
    const reply = await add(guitar.code.toLowerCase());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const value = reply.body.Value;
    expect(value.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.Data).toEqual({ HideWishlistAlertReminder: false });
    const expiry = Date.parse(value.ExpiryDate ?? '');
    expect(Math.abs(expiry - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    const hashes = (await database.handle.db.selectFrom('wishlists').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(hashes).toContain(
      createHash('sha256')
        .update(value.Token ?? '')
        .digest('hex'),
    );
    expect(hashes).not.toContain(value.Token);

    const token = value.Token ?? '';
    expect(await summary(token)).toMatchObject({ Token: token, Data: [guitar.code] });
    expect(await contains(guitar.code, token)).toBe(true);
    // Adding again changes nothing and keeps the token; an empty Token starts another wishlist.
    const again = await add(guitar.code, token);
    expect(again.body.Value.Token).toBe(token);
    expect((await summary(token)).Data).toEqual([guitar.code]);
    const other = await add(guitar.code, '');
    expect(other.body.Value.Token).not.toBe(token);
  });

  it('renews the expiry on use', async () => {
    const token = await wishlistOf([(await item()).code]);
    const db = database.handle.db;
    const soon = new Date(Date.now() + DAY).toISOString();
    await db.updateTable('wishlists').set({ expires_at: soon }).execute();
    const value = await summary(token);
    expect(Date.parse(value.ExpiryDate ?? '')).toBeGreaterThan(Date.now() + 89 * DAY);
    const row = await db
      .selectFrom('wishlists')
      .select('expires_at')
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(value.ExpiryDate);
  });

  it('reads nothing of anyone else’s with a foreign, forged or expired token, and writes start a new wishlist', async () => {
    const mine = await item();
    const theirs = await item();
    const myToken = await wishlistOf([mine.code]);
    const theirToken = await wishlistOf([theirs.code]);
    expect((await summary(theirToken)).Data).toEqual([theirs.code]);
    expect(await contains(mine.code, theirToken)).toBe(false);

    // One character off the owner's token (the first: a 32-byte token's last character is 'A' one time in 16).
    const oneOff = `${myToken.startsWith('A') ? 'B' : 'A'}${myToken.slice(1)}`;
    const forged = [randomBytes(32).toString('base64url'), 'not a token', oneOff, ''];
    for (const token of forged) {
      expect(await summary(token)).toEqual({ Token: null, ExpiryDate: null, Data: [] });
      expect(await contains(mine.code, token)).toBe(false);
      const list = await page(token);
      expect(list).toMatchObject({ Token: null, Data: { Items: [], TotalItems: 0, WishlistId: null } });
      expect((await server.get(`/c3api/wishlist/cleanup?token=${encodeURIComponent(token)}`)).status).toBe(200);
    }
    // A write with a forged token starts a new wishlist, never touching the owner's.
    const written = await add(theirs.code, forged[0]);
    expect(written.body.Value.Token).not.toBe(forged[0]);
    expect((await summary(written.body.Value.Token ?? '')).Data).toEqual([theirs.code]);
    const removed = await remove(mine.code, oneOff);
    expect(removed.status).toBe(200);
    expect(removed.body.Value.Token).not.toBe(myToken);
    expect((await summary(myToken)).Data).toEqual([mine.code]);

    // Expired: reads as empty, a write starts a new one, and the old items are not carried over.
    const db = database.handle.db;
    await db
      .updateTable('wishlists')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(myToken).digest('hex'))
      .execute();
    expect(await summary(myToken)).toEqual({ Token: null, ExpiryDate: null, Data: [] });
    const fresh = await add(theirs.code, myToken);
    expect(fresh.body.Value.Token).not.toBe(myToken);
    expect((await summary(fresh.body.Value.Token ?? '')).Data).toEqual([theirs.code]);
  });

  it('pages and sorts the wishlist', async () => {
    const a = await item({ title: 'Banjo', price_minor: 30000 });
    const b = await item({ title: 'Accordion', price_minor: 10000 });
    const c = await item({ title: 'Cello', price_minor: 20000 });
    const d = await item({ title: 'Drum kit', price_minor: 5000, status: 'sold' });
    const token = await wishlistOf([a.code, b.code, c.code, d.code]);
    const codes = (value: WishlistPageValue) => value.Data.Items.map((i) => i.Code);

    const first = await page(token);
    expect(first.Token).toBe(token);
    expect(first.Data).toMatchObject({
      TotalItems: 4,
      PageSize: WISHLIST_PAGE_SIZE,
      SortOptions: WISHLIST_SORT_OPTIONS,
      AlertEnabled: false,
    });
    expect(first.Data.WishlistId).toEqual(expect.any(Number));
    expect(codes(first)).toEqual([d.code, c.code, b.code, a.code]);
    expect(first.Data.Items[0]).toMatchObject({
      Code: d.code,
      DisplayName: 'Drum kit',
      SalePrice: '$50.00',
      IsAvailable: false,
      IsInCart: false,
      IsCartBusy: false,
      ItemType: 'Product',
      ProductList: 'Wishlist',
      StoreNameAndState: 'Fremantle, WA',
    });
    expect(first.Data.Items[0]?.ProductPageUrl).toMatch(new RegExp(`^/product/${d.code.toLowerCase()}/`));

    expect(codes(await page(token, '&sortBy=price'))).toEqual([d.code, b.code, c.code, a.code]);
    expect(codes(await page(token, '&sortBy=price&sortDescending=true'))).toEqual([a.code, c.code, b.code, d.code]);
    expect(codes(await page(token, '&sortBy=name'))).toEqual([b.code, a.code, c.code, d.code]);
    expect(codes(await page(token, '&sortBy=added&sortDescending=false'))).toEqual([a.code, b.code, c.code, d.code]);

    const p1 = await page(token, '&sortBy=name&pageSize=3&page=1');
    const p2 = await page(token, '&sortBy=name&pageSize=3&page=2');
    const p3 = await page(token, '&sortBy=name&pageSize=3&page=3');
    expect([codes(p1), codes(p2), codes(p3)]).toEqual([[b.code, a.code, c.code], [d.code], []]);
    expect(p2.Data).toMatchObject({ TotalItems: 4, PageSize: 3 });

    for (const bad of ['&page=0', '&page=x', '&sortBy=colour', '&sortDescending=yes', '&pageSize=1000']) {
      const reply = await server.get(`/c3api/wishlist/query/page?token=${token}${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.WasSuccessful).toBe(false);
    }
  });

  it('removes an item, and clears the wishlist', async () => {
    const [x, y, z] = [await item(), await item(), await item()];
    const token = await wishlistOf([x.code, y.code, z.code]);
    const removed = await remove(y.code, token);
    expect(removed.status).toBe(200);
    expect(removed.body.Value).toMatchObject({ Token: token, Data: { HideWishlistAlertReminder: false } });
    expect((await summary(token)).Data).toEqual([z.code, x.code]);
    expect((await remove(y.code, token)).status).toBe(200);
    expect(await contains(y.code, token)).toBe(false);

    const cleared = await server.post<WishlistChangeValue>('/c3api/wishlist/clear', { Token: token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.Value.Token).toBe(token);
    expect((await summary(token)).Data).toEqual([]);
  });

  it('cleans up the sold items only, idempotently', async () => {
    const [kept, sold, reserved] = [await item(), await item(), await item()];
    const token = await wishlistOf([kept.code, sold.code, reserved.code]);
    await server.services.catalogue.setStatus(server.ctx(), sold.id, 'sold');
    await server.services.catalogue.setStatus(server.ctx(), reserved.id, 'reserved');
    const first = await server.get<{ Data: { RemovedCodes: string[] } }>(`/c3api/wishlist/cleanup?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body.Value.Data.RemovedCodes).toEqual([sold.code]);
    expect((await summary(token)).Data).toEqual([reserved.code, kept.code]);
    const second = await server.get<{ Data: { RemovedCodes: string[] } }>(`/c3api/wishlist/cleanup?token=${token}`);
    expect(second.body.Value.Data.RemovedCodes).toEqual([]);
    expect((await summary(token)).Data).toEqual([reserved.code, kept.code]);
  });

  it('counts the sold items of the whole wishlist on every page, as cleanup would remove them', async () => {
    const [a, b, c, d] = [await item(), await item(), await item(), await item()];
    const token = await wishlistOf([a.code, b.code, c.code, d.code]);
    expect((await page(token)).Data.TotalSoldItems).toBe(0);
    // The oldest two: on page 2 of 2 when sorted newest first, two to a page.
    await server.services.catalogue.setStatus(server.ctx(), a.id, 'sold');
    await server.services.catalogue.setStatus(server.ctx(), b.id, 'reserved');
    const first = await page(token, '&pageSize=2&page=1');
    expect(first.Data.Items.map((i) => i.IsAvailable)).toEqual([true, true]);
    expect(first.Data).toMatchObject({ TotalItems: 4, TotalSoldItems: 1 });
    expect((await page(token, '&pageSize=2&page=2')).Data.TotalSoldItems).toBe(1);
    await server.get(`/c3api/wishlist/cleanup?token=${token}`);
    expect((await page(token)).Data).toMatchObject({ TotalItems: 3, TotalSoldItems: 0 });
  });

  it("says which items' stores turned pickup off", async () => {
    const closed = await makeStore(database.handle.db, { name: 'Midland', state: 'WA', pickup_disabled: 1 });
    const open = await item();
    const shut = await makeProduct(database.handle.db, { store_id: closed.id, category_id: guitars });
    const token = await wishlistOf([open.code, shut.code]);
    const flags = Object.fromEntries(
      (await page(token)).Data.Items.map((i) => [i.Code, i.ItemUnavailableAsStoreDisabledPickup]),
    );
    expect(flags).toEqual({ [open.code]: false, [shut.code]: true });
  });

  it('refuses unknown, foreign or malformed items without creating a wishlist', async () => {
    const before = await wishlistCount();
    for (const code of ['SH9999999', britishCode]) {
      const reply = await add(code);
      expect(reply.status).toBe(404);
      expect(reply.body.WasSuccessful).toBe(false);
    }
    for (const body of [{ ItemCode: '../x' }, {}, { ItemCode: 'A1', Token: 5 }]) {
      const reply = await server.post('/c3api/wishlist/add', body);
      expect(reply.status).toBe(400);
      expect(reply.body.Message).toMatch(/ItemCode|Token/);
    }
    expect((await server.get('/c3api/wishlist/contains?token=abc')).status).toBe(400);
    expect(await wishlistCount()).toBe(before);
  });

  it('refuses a POST with a missing or wrong anti-forgery header with 403, changing nothing', async () => {
    const held = await item();
    const other = await item();
    const token = await wishlistOf([held.code]);
    const before = await wishlistCount();
    for (const headers of [undefined, { 'X-XSRF-TOKEN': 'wrong-token-wrong-token-wrong' }]) {
      const options = headers ? { headers } : { antiForgery: false };
      for (const [path, body] of [
        ['/c3api/wishlist/add', { Token: token, ItemCode: other.code }],
        ['/c3api/wishlist/add', { ItemCode: other.code }],
        ['/c3api/wishlist/remove', { Token: token, ItemCode: held.code }],
        ['/c3api/wishlist/clear', { Token: token }],
      ] as const) {
        const reply = await server.post(path, body, options);
        expect(reply.status, path).toBe(403);
        expect(reply.body.WasSuccessful).toBe(false);
      }
    }
    expect(await wishlistCount()).toBe(before);
    expect((await summary(token)).Data).toEqual([held.code]);
  });
});
