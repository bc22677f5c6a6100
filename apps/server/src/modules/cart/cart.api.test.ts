import { createHash, randomBytes } from 'node:crypto';
import {
  ANTI_FORGERY_HEADER,
  type Cart,
  type CartChangeCheck,
  ChangeType,
  type Envelope,
  type ProductDetail,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer, Visitor } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { RESERVED_MESSAGE, SOLD_MESSAGE } from './cart.service.js';

/** A browser: keeps its visitor and cart cookies and sends the anti-forgery header (unless told not to). */
function shopper(server: TestServer) {
  const state = {
    cart: undefined as string | undefined,
    setCookie: [] as string[],
    visitor: undefined as Visitor | undefined,
  };
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { header?: string | null } = {},
  ): Promise<{ status: number; body: Envelope<T> }> {
    state.visitor ??= await server.visitor();
    const cookies = [state.visitor.cookie];
    if (state.cart) cookies.push(`cart=${state.cart}`);
    const headers: Record<string, string> = { Cookie: cookies.join('; ') };
    if (method === 'POST' && options.header !== null)
      headers[ANTI_FORGERY_HEADER] = options.header ?? state.visitor.token;
    const response = await fetch(server.baseUrl + path, { method, headers });
    state.setCookie = response.headers.getSetCookie().filter((c) => c.startsWith('cart='));
    const set = state.setCookie[0]?.match(/^cart=([^;]*)/)?.[1];
    if (set) state.cart = set;
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }
  return {
    state,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, options?: { header?: string | null }) => call<T>('POST', path, options),
    add: (id: number) => call<Cart>('POST', `/c3api/cart/add?productId=${id}`),
    cart: async (validate = false) => {
      const reply = await call<Cart>('GET', `/c3api/cart/query${validate ? '?validate=true' : ''}`);
      expect(reply.status).toBe(200);
      return reply.body.Value;
    },
  };
}

const codesIn = (cart: Cart) => cart.stores.flatMap((s) => s.items.map((i) => i.ProductId));

describe.each(testDatabaseTargets())('the guest cart on $name', (target) => {
  let storeA: { id: number; name: string };
  let storeB: { id: number; name: string };
  let guitars: number;
  let britishId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeA = await makeStore(db, { name: 'Fremantle', state: 'WA' });
      storeB = await makeStore(db, { name: 'Ringwood', state: 'VIC' });
      guitars = await categoryIdBySlug(db, 'guitars');
      const london = await makeStore(db, { region: 'UK', state: 'LND', name: 'Soho' });
      britishId = (await makeProduct(db, { store_id: london.id, category_id: guitars })).id;
    },
  });

  const item = (
    overrides: { price_minor?: number; rrp_minor?: number; status?: 'available' | 'sold' | 'reserved' } = {},
    store = storeA,
  ) =>
    makeProduct(database.handle.db, {
      store_id: store.id,
      category_id: guitars,
      price_minor: 10000,
      rrp_minor: 15000,
      ...overrides,
    });

  const cartRows = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('cart_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const detail = async (code: string) =>
    (await server.get<ProductDetail>(`/c3api/product/query?code=${code}`)).body.Value;

  it('answers an empty cart to a new shopper without creating one', async () => {
    const guest = shopper(server);
    expect(await guest.cart()).toEqual({
      stores: [],
      totalPrice: '$0.00',
      totalMinorUnits: 0,
      itemCount: 0,
      ProductChanges: [],
    });
    expect(guest.state.setCookie).toEqual([]);
  });

  it('adds an item into a cart held by an HttpOnly, SameSite=Lax cookie whose token is stored only as a hash', async () => {
    const guest = shopper(server);
    const guitar = await item({ price_minor: 12345, rrp_minor: 20000 });
    const { status, body } = await guest.add(guitar.id);
    expect(status, body.Message ?? '').toBe(200);
    const cookie = guest.state.setCookie[0] ?? '';
    expect(cookie).toMatch(/^cart=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const token = guest.state.cart ?? '';
    const carts = await database.handle.db.selectFrom('carts').select('token_hash').execute();
    expect(carts.map((c) => c.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(carts.map((c) => c.token_hash)).not.toContain(token);

    const cart = body.Value;
    expect(cart).toMatchObject({ totalPrice: '$123.45', totalMinorUnits: 12345, itemCount: 1, ProductChanges: [] });
    expect(cart.stores).toHaveLength(1);
    expect(cart.stores[0]).toMatchObject({
      id: storeA.id,
      name: storeA.name,
      totalMinorUnits: 12345,
      total: '$123.45',
    });
    const line = cart.stores[0]?.items[0];
    const page = await detail(guitar.code);
    expect(line).toMatchObject({
      ProductId: guitar.id,
      id: guitar.code,
      DisplayName: page.Title,
      Price: '$123.45',
      PriceMinorUnits: 12345,
      Discount: 20000 - 12345,
      Brand: page.Brand,
      Category: page.Category,
      StoreName: storeA.name,
      itemType: 'Product',
      productDetailsLink: page.Url,
      StateHash: page.StateHash,
      IsAvailable: true,
    });
    // A second add changes nothing and sets no new cookie.
    const again = await guest.add(guitar.id);
    expect(again.status).toBe(200);
    expect(again.body.Value).toEqual(cart);
    expect(guest.state.setCookie).toEqual([]);
    expect(await guest.cart()).toEqual(cart);
  });

  it('groups items by store with totals in minor units', async () => {
    const guest = shopper(server);
    const a1 = await item({ price_minor: 1050 });
    const b1 = await item({ price_minor: 2000 }, storeB);
    const a2 = await item({ price_minor: 99 });
    for (const id of [a1.id, b1.id, a2.id]) expect((await guest.add(id)).status).toBe(200);
    const cart = await guest.cart();
    expect(cart.stores.map((s) => [s.id, s.items.map((i) => i.ProductId), s.totalMinorUnits, s.total])).toEqual([
      [storeA.id, [a1.id, a2.id], 1149, '$11.49'],
      [storeB.id, [b1.id], 2000, '$20.00'],
    ]);
    expect(cart).toMatchObject({ totalMinorUnits: 3149, totalPrice: '$31.49', itemCount: 3 });
  });

  it('refuses a sold or reserved item with a clear 400, and an unknown or foreign one with a 404, adding nothing', async () => {
    const guest = shopper(server);
    const sold = await item({ status: 'sold' });
    const reserved = await item({ status: 'reserved' });
    const before = await cartRows();
    for (const [id, status, message] of [
      [sold.id, 400, SOLD_MESSAGE],
      [reserved.id, 400, RESERVED_MESSAGE],
      [999_999, 404, 'No item with id 999999'],
      [britishId, 404, `No item with id ${britishId}`],
    ] as const) {
      const reply = await guest.add(id);
      expect(reply.status).toBe(status);
      expect(reply.body).toEqual({ WasSuccessful: false, Value: null, Message: message });
    }
    for (const bad of ['abc', '-1', '1.5', '']) {
      const reply = await guest.post(`/c3api/cart/add?productId=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.body.Message).toContain('productId');
    }
    expect(await cartRows()).toBe(before);
    expect(guest.state.cart).toBeUndefined();
  });

  describe('the change check', () => {
    const check = async (id: number, stateHash: string, price: number) => {
      const guest = shopper(server);
      const reply = await guest.post<CartChangeCheck>(
        `/c3api/cart/add?productId=${id}&stateHash=${stateHash}&price=${price}`,
      );
      expect(reply.status, reply.body.Message ?? '').toBe(200);
      expect(guest.state.cart).toBeUndefined();
      return reply.body.Value;
    };
    const db = () => database.handle.db;

    it.each([
      ['nothing', {}, 0],
      ['a price increase', { price_minor: 10500 }, ChangeType.PriceIncrease],
      ['a price decrease', { price_minor: 9000 }, ChangeType.PriceDecrease],
      ['new details', { title: 'Retitled guitar' }, ChangeType.Details],
      ['a new description', { description: 'Now with a case' }, ChangeType.Details],
      ['a sale', { status: 'sold' as const }, ChangeType.Availability],
      ['a reservation', { status: 'reserved' as const }, ChangeType.Availability],
      ['new details and a higher price', { title: 'Retitled', price_minor: 11000 }, 3],
      ['new details and a lower price', { description: 'Scratched', price_minor: 9000 }, 5],
      ['a sale after a price increase', { status: 'sold' as const, price_minor: 12000 }, 10],
      ['a sale after a price decrease', { status: 'sold' as const, price_minor: 8000 }, 12],
      ['everything but a decrease', { status: 'sold' as const, price_minor: 12000, title: 'Other' }, 11],
      ['everything but an increase', { status: 'reserved' as const, price_minor: 100, description: 'x' }, 13],
    ])('flags %s', async (_label, change, flags) => {
      const guitar = await item();
      const seen = await detail(guitar.code);
      if (Object.keys(change).length > 0) {
        await db().updateTable('products').set(change).where('id', '=', guitar.id).execute();
      }
      const before = await cartRows();
      const value = await check(guitar.id, seen.StateHash, seen.SpMinorUnits);
      expect(value).toEqual({
        changeTypes: flags,
        newPrice: ('price_minor' in change ? change.price_minor : undefined) ?? 10000,
      });
      expect(await cartRows()).toBe(before);
    });

    it('flags the price against the price the shopper gives', async () => {
      const guitar = await item();
      const seen = await detail(guitar.code);
      await server.services.catalogue.setPrice(server.ctx(), guitar.id, 10100);
      expect(await check(guitar.id, seen.StateHash, 10000)).toEqual({ changeTypes: 2, newPrice: 10100 });
      const now = await detail(guitar.code);
      expect(await check(guitar.id, now.StateHash, 10100)).toEqual({ changeTypes: 0, newPrice: 10100 });
    });

    it('needs stateHash and price together, and refuses bad values', async () => {
      const guitar = await item();
      const guest = shopper(server);
      for (const query of ['stateHash=abc', 'price=100', 'stateHash=abc&price=-1', 'stateHash=a%20b&price=1']) {
        const reply = await guest.post(`/c3api/cart/add?productId=${guitar.id}&${query}`);
        expect(reply.status, query).toBe(400);
        expect(reply.body.WasSuccessful).toBe(false);
      }
      expect((await guest.post(`/c3api/cart/add?productId=999999&stateHash=abc&price=1`)).status).toBe(404);
      expect(guest.state.cart).toBeUndefined();
    });
  });

  it('flags, on validate, each item changed since it was added, keeping a sold one in the cart', async () => {
    const guest = shopper(server);
    const [same, dearer, cheaper, renamed, sold] = [
      await item(),
      await item(),
      await item(),
      await item(),
      await item(),
    ];
    for (const p of [same, dearer, cheaper, renamed, sold]) expect((await guest.add(p.id)).status).toBe(200);
    const catalogue = server.services.catalogue;
    await catalogue.setPrice(server.ctx(), dearer.id, 10001);
    await catalogue.setPrice(server.ctx(), cheaper.id, 9999);
    await database.handle.db.updateTable('products').set({ title: 'Renamed' }).where('id', '=', renamed.id).execute();
    await catalogue.setStatus(server.ctx(), sold.id, 'sold');

    const plain = await guest.cart();
    expect(plain.ProductChanges).toEqual([]);
    const cart = await guest.cart(true);
    expect(cart.ProductChanges).toEqual([
      { id: dearer.id, newPrice: 10001, oldPrice: 10000, changeTypes: ChangeType.PriceIncrease },
      { id: cheaper.id, newPrice: 9999, oldPrice: 10000, changeTypes: ChangeType.PriceDecrease },
      { id: renamed.id, newPrice: 10000, oldPrice: 10000, changeTypes: ChangeType.Details },
      { id: sold.id, newPrice: 10000, oldPrice: 10000, changeTypes: ChangeType.Availability },
    ]);
    expect(codesIn(cart)).toEqual([same.id, dearer.id, cheaper.id, renamed.id, sold.id]);
    const soldLine = cart.stores[0]?.items.find((i) => i.ProductId === sold.id);
    expect(soldLine?.IsAvailable).toBe(false);
    // What can be bought: the sold item is listed and flagged, but not counted in the total.
    expect(cart).toMatchObject({ itemCount: 5, totalMinorUnits: 10000 + 10001 + 9999 + 10000 });
  });

  it('answers add and remove with the changes of the items still in the cart, as the cart modal shows them', async () => {
    const guest = shopper(server);
    const [dearer, sold, extra] = [await item(), await item(), await item()];
    for (const p of [dearer, sold]) expect((await guest.add(p.id)).status).toBe(200);
    await server.services.catalogue.setPrice(server.ctx(), dearer.id, 10500);
    await server.services.catalogue.setStatus(server.ctx(), sold.id, 'sold');
    const flagged = [
      { id: dearer.id, newPrice: 10500, oldPrice: 10000, changeTypes: ChangeType.PriceIncrease },
      { id: sold.id, newPrice: 10000, oldPrice: 10000, changeTypes: ChangeType.Availability },
    ];

    const added = await guest.add(extra.id);
    expect(added.status).toBe(200);
    expect(added.body.Value.ProductChanges).toEqual(flagged);
    const removed = await guest.post<Cart>(`/c3api/cart/remove?productId=${extra.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.Value.ProductChanges).toEqual(flagged);
    const again = await guest.post<Cart>(`/c3api/cart/remove?productId=${sold.id}`);
    expect(again.body.Value.ProductChanges).toEqual([flagged[0]]);
  });

  it('lets two carts hold one item (only checkout reserves it) and flags both when it sells', async () => {
    const first = shopper(server);
    const second = shopper(server);
    const guitar = await item();
    const [a, b] = await Promise.all([first.add(guitar.id), second.add(guitar.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(first.state.cart).not.toBe(second.state.cart);
    expect(codesIn(await first.cart())).toEqual([guitar.id]);
    expect(codesIn(await second.cart())).toEqual([guitar.id]);
    expect((await detail(guitar.code)).Status).toBe('available');

    await server.services.catalogue.setStatus(server.ctx(), guitar.id, 'sold');
    for (const guest of [first, second]) {
      const cart = await guest.cart(true);
      expect(codesIn(cart)).toEqual([guitar.id]);
      expect(cart.ProductChanges).toEqual([
        { id: guitar.id, newPrice: 10000, oldPrice: 10000, changeTypes: ChangeType.Availability },
      ]);
    }
    // And it can no longer be added by anyone.
    expect((await shopper(server).add(guitar.id)).status).toBe(400);
  });

  it('removes an item; removing one that is not there changes nothing', async () => {
    const guest = shopper(server);
    const [keep, drop] = [await item(), await item()];
    await guest.add(keep.id);
    await guest.add(drop.id);
    const removed = await guest.post<Cart>(`/c3api/cart/remove?productId=${drop.id}`);
    expect(removed.status).toBe(200);
    expect(codesIn(removed.body.Value)).toEqual([keep.id]);
    const again = await guest.post<Cart>(`/c3api/cart/remove?productId=${drop.id}`);
    expect(again.status).toBe(200);
    expect(codesIn(again.body.Value)).toEqual([keep.id]);
    expect(codesIn(await guest.cart())).toEqual([keep.id]);
    const stranger = shopper(server);
    const none = await stranger.post<Cart>(`/c3api/cart/remove?productId=${keep.id}`);
    expect(none.status).toBe(200);
    expect(none.body.Value.itemCount).toBe(0);
    expect(codesIn(await guest.cart())).toEqual([keep.id]);
    expect((await guest.post(`/c3api/cart/remove?productId=x`)).status).toBe(400);
  });

  it('refuses a POST with a missing or wrong anti-forgery header with 403, changing nothing', async () => {
    const guest = shopper(server);
    const [held, other] = [await item(), await item()];
    await guest.add(held.id);
    const before = await cartRows();
    const cartsBefore = (await database.handle.db.selectFrom('carts').select('id').execute()).length;
    for (const header of [null, 'wrong-token-wrong-token-wrong']) {
      for (const path of [
        `/c3api/cart/add?productId=${other.id}`,
        `/c3api/cart/remove?productId=${held.id}`,
        `/c3api/cart/add?productId=${other.id}&stateHash=abc&price=1`,
      ]) {
        const reply = await guest.post(path, { header });
        expect(reply.status, path).toBe(403);
        expect(reply.body.WasSuccessful).toBe(false);
      }
      // A newcomer without a cart gets none either.
      const newcomer = shopper(server);
      expect((await newcomer.post(`/c3api/cart/add?productId=${other.id}`, { header })).status).toBe(403);
      expect(newcomer.state.cart).toBeUndefined();
    }
    expect(await cartRows()).toBe(before);
    expect((await database.handle.db.selectFrom('carts').select('id').execute()).length).toBe(cartsBefore);
    expect(codesIn(await guest.cart())).toEqual([held.id]);
  });

  it('treats a forged cart cookie as no cart, and starts a new one on add', async () => {
    const owner = shopper(server);
    const guitar = await item();
    await owner.add(guitar.id);
    const forger = shopper(server);
    for (const forged of [randomBytes(32).toString('base64url'), 'short', `${owner.state.cart}x`]) {
      forger.state.cart = forged;
      expect((await forger.cart()).itemCount).toBe(0);
    }
    forger.state.cart = randomBytes(32).toString('base64url');
    const forgedToken = forger.state.cart;
    const other = await item();
    expect(codesIn((await forger.add(other.id)).body.Value)).toEqual([other.id]);
    expect(forger.state.cart).not.toBe(forgedToken);
    expect(codesIn(await owner.cart())).toEqual([guitar.id]);
  });
});
