import {
  type Cart,
  ChangeType,
  type ConsoleCategoriesValue,
  type ConsoleImportValue,
  type ConsoleItem,
  type ConsoleItemListValue,
  type ConsoleMeValue,
  ITEM_IN_LIVE_ORDER_MESSAGE,
  ITEM_OFF_SALE_MESSAGE,
  NO_SUCH_ITEM_MESSAGE,
  NO_SUCH_STORE_MESSAGE,
  type ProductDetail,
  type SearchResultsValue,
  STAFF_ONLY_MESSAGE,
  type WishlistPageValue,
} from '@shop/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreRow } from '../../../db/schema.js';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL } from '../../../test/factories.js';
import { OrderFixtures } from '../../../test/order-fixtures.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

let emails = 0;
const newEmail = (tag: string) => `${tag}${++emails}.${Date.now()}@example.com`;

describe.each(testDatabaseTargets())('the store console API on $name', (target) => {
  let clock = Date.now();
  let storeA: StoreRow;
  let storeB: StoreRow;
  let ukStore: { id: number };
  let guitars: number;
  let guest: TestClient;
  let customer: TestClient;
  let admin: TestClient;
  let staffA: TestClient;
  let staffB: TestClient;
  let fixtures: OrderFixtures;
  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const db = () => database.handle.db;

  const fields = (overrides: Record<string, unknown> = {}) => ({
    Title: 'Fender Stratocaster 1979 sunburst',
    CategoryId: guitars,
    Brand: 'Fender',
    Condition: 4,
    Description: 'Plays beautifully; new strings.',
    PriceMinor: 150_000,
    RrpMinor: 0,
    Promotion: null,
    WeightGrams: 4000,
    LengthCm: 100,
    WidthCm: 40,
    HeightCm: 12,
    Postable: true,
    ...overrides,
  });

  const items = (client: TestClient, storeId: number, query = '') =>
    client.get<ConsoleItemListValue>(`/c3api/console/stores/${storeId}/items${query}`);
  const add = (client: TestClient, storeId: number, overrides: Record<string, unknown> = {}) =>
    client.post<ConsoleItem>(`/c3api/console/stores/${storeId}/items`, fields(overrides));
  const itemUrl = (storeId: number, code: string) => `/c3api/console/stores/${storeId}/items/${code}`;
  const status = async (code: string) =>
    await db()
      .selectFrom('products')
      .select(['status', 'price_minor', 'title'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
  /** A fresh available item of store A, made directly (as the demo's items are). */
  const stocked = async (overrides: Record<string, unknown> = {}) =>
    makeProduct(db(), {
      store_id: storeA.id,
      category_id: guitars,
      price_minor: 20_000,
      status: 'available',
      disable_in_store_pickup: 0,
      ...SMALL_PARCEL,
      ...overrides,
    });

  beforeAll(async () => {
    fixtures = new OrderFixtures(server);
    storeA = await fixtures.store({ name: 'Ballarat' });
    storeB = await fixtures.store({ name: 'Bendigo' });
    ukStore = await makeStore(db(), { region: 'UK', state: 'LND', name: 'Camden' });
    guitars = await categoryIdBySlug(db(), 'guitars');
    guest = await new TestClient(server.baseUrl).visit();
    customer = new TestClient(server.baseUrl);
    await customer.register(newEmail('customer'));
    admin = (await staffAccount(server, 'marketplace_admin', [])).client;
    staffA = (await staffAccount(server, 'store_staff', [storeA.id, ukStore.id])).client;
    staffB = (await staffAccount(server, 'store_staff', [storeB.id])).client;
  });

  /** Every store call, against a store and one of its items (the body is valid for each). */
  const storeCalls = (storeId: number, code: string) =>
    [
      ['GET', `/c3api/console/stores/${storeId}/items`, undefined],
      ['GET', `/c3api/console/stores/${storeId}/categories`, undefined],
      ['GET', itemUrl(storeId, code), undefined],
      ['POST', `/c3api/console/stores/${storeId}/items`, fields()],
      ['POST', `${itemUrl(storeId, code)}/edit`, fields()],
      ['POST', `${itemUrl(storeId, code)}/price`, { PriceMinor: 12_345 }],
      ['POST', `${itemUrl(storeId, code)}/sell`, {}],
      ['POST', `${itemUrl(storeId, code)}/withdraw`, {}],
      [
        'POST',
        `/c3api/console/stores/${storeId}/import`,
        {
          Csv: 'title,category,condition,price,weight_grams,length_cm,width_cm,height_cm,postable\nA guitar,guitars,3,10,1,1,1,1,yes',
        },
      ],
    ] as const;
  const call = (client: TestClient, [method, url, body]: readonly [string, string, unknown]) =>
    method === 'GET' ? client.get(url) : client.post(url, body);

  it('answers guests 401 and customers without a role 403 on every call, changing nothing', async () => {
    const item = await stocked();
    const adminCalls = [
      ['GET', '/c3api/console/me', undefined],
      ['GET', '/c3api/console/staff', undefined],
      ['POST', '/c3api/console/invitations', { Email: 'x@example.com', Role: 'store_staff', StoreIds: [storeA.id] }],
    ] as const;
    // Accepting an invitation needs an account: a guest is asked to sign in.
    expect((await guest.post('/c3api/console/invitations/accept', { Token: 'a'.repeat(43) })).status).toBe(401);
    for (const spec of [...storeCalls(storeA.id, item.code), ...adminCalls]) {
      expect((await call(guest, spec)).status, `guest ${spec[0]} ${spec[1]}`).toBe(401);
      const reply = await call(customer, spec);
      expect(reply.status, `customer ${spec[0]} ${spec[1]}`).toBe(403);
      expect(reply.body.Message).toBe(STAFF_ONLY_MESSAGE);
    }
    expect(await status(item.code)).toMatchObject({ status: 'available', price_minor: 20_000 });
    const count = await db()
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeA.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
    expect((await items(staffA, storeA.id)).body.Value.TotalCount).toBe(Number(count.n));
  });

  it("answers another store's staff 404 on every call, by store id and by item code, exactly as for a missing store or item", async () => {
    const item = await stocked();
    // Staff of B asking for store A; for A's item under their own store B; and for a store that does not exist.
    for (const [index, spec] of storeCalls(storeA.id, item.code).entries()) {
      const reply = await call(staffB, spec);
      expect(reply.status, `${spec[0]} ${spec[1]}`).toBe(404);
      expect(reply.body.Message).toBe(NO_SUCH_STORE_MESSAGE);
      const missing = await call(staffB, storeCalls(999_999, item.code)[index] as typeof spec);
      expect(missing.status).toBe(404);
      expect(missing.body.Message).toBe(reply.body.Message);
    }
    for (const spec of storeCalls(storeB.id, item.code).filter(([, url]) => url.includes(item.code))) {
      const reply = await call(staffB, spec);
      expect(reply.status, `${spec[0]} ${spec[1]}`).toBe(404);
      expect(reply.body.Message).toBe(NO_SUCH_ITEM_MESSAGE);
      const missing = await call(staffB, [spec[0], spec[1].replace(item.code, 'ZZ0000000'), spec[2]]);
      expect(missing.body.Message).toBe(NO_SUCH_ITEM_MESSAGE);
    }
    // A store of another region is not this shop's: 404 even for its own staff.
    expect((await items(staffA, ukStore.id)).status).toBe(404);
    // Store staff are not admins.
    expect((await staffA.get('/c3api/console/staff')).status).toBe(403);
    expect(
      (await staffA.post('/c3api/console/invitations', { Email: 'x@example.com', Role: 'marketplace_admin' })).status,
    ).toBe(403);
    expect(await status(item.code)).toMatchObject({ status: 'available', price_minor: 20_000 });
  });

  it('lets the store staff and an admin make every call', async () => {
    for (const client of [staffA, admin]) {
      const item = await stocked();
      for (const spec of storeCalls(storeA.id, item.code)) {
        // Sold, the item can no longer be withdrawn: that one is a 409 after the sale.
        const reply = await call(client, spec);
        if (spec[1].endsWith('/withdraw')) expect(reply.status).toBe(409);
        else expect(reply.status, `${spec[0]} ${spec[1]}: ${reply.body.Message}`).toBe(200);
      }
    }
    const me = (await staffA.get<ConsoleMeValue>('/c3api/console/me')).body.Value;
    expect(me.Role).toBe('store_staff');
    // Only this region's stores: the UK store is the UK shop's.
    expect(me.Stores.map((s) => s.Id)).toEqual([storeA.id]);
    const adminMe = (await admin.get<ConsoleMeValue>('/c3api/console/me')).body.Value;
    expect(adminMe.Role).toBe('marketplace_admin');
    expect(adminMe.Stores.map((s) => s.Id)).toEqual(expect.arrayContaining([storeA.id, storeB.id]));
    expect(adminMe.Stores.every((s) => s.Region === 'AU')).toBe(true);
  });

  it('lists every category for the item forms, a parent before its children, with its path of names', async () => {
    const reply = await staffA.get<ConsoleCategoriesValue>(`/c3api/console/stores/${storeA.id}/categories`);
    expect(reply.status).toBe(200);
    const categories = reply.body.Value.Categories;
    const total = await db()
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(categories).toHaveLength(Number(total.n));
    const guitar = categories.find((c) => c.Id === guitars);
    expect(guitar).toMatchObject({ Slug: 'guitars', Name: 'Guitars' });
    expect(guitar?.Path).toMatch(/ › Guitars$/);
    const parent = categories.find(
      (c) => guitar?.Path.startsWith(`${c.Path} › `) && c.Depth === (guitar?.Depth ?? 0) - 1,
    );
    expect(parent).toBeDefined();
    expect(categories.indexOf(parent as (typeof categories)[number])).toBeLessThan(
      categories.indexOf(guitar as (typeof categories)[number]),
    );
  });

  it('adds an item with a picture: resized to every served size, served at the usual URL, and found by search at once', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const reply = await add(staffA, storeA.id, {
      Title: 'Gibson Les Paul zebracaster',
      RrpMinor: 200_000,
      PriceMinor: 150_000,
      Promotion: { Method: 'Percentage', Amount: 25 },
      Pictures: [png.toString('base64')],
    });
    expect(reply.status, reply.body.Message ?? undefined).toBe(200);
    const item = reply.body.Value;
    expect(item).toMatchObject({
      Title: 'Gibson Les Paul zebracaster',
      Status: 'available',
      PictureCount: 1,
      Price: '$1,500.00',
    });
    expect(item.Promotion).toEqual({ Method: 'Percentage', Amount: 25 });

    for (const [query, width, height] of [
      ['w=800', 800, 600],
      ['w=300', 300, 225],
      ['thumb=true', 300, 200],
    ] as const) {
      const image = await fetch(`${server.baseUrl}/c3api/images/product/${item.Code}/1?${query}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).stats();
      const info = await sharp(
        Buffer.from(
          await (await fetch(`${server.baseUrl}/c3api/images/product/${item.Code}/1?${query}`)).arrayBuffer(),
        ),
      ).metadata();
      expect([info.format, info.width, info.height]).toEqual(['webp', width, height]);
      // The store's red picture, not a drawing: the dominant channel is red.
      expect(meta.dominant.r).toBeGreaterThan(150);
      expect(meta.dominant.g).toBeLessThan(120);
    }
    expect((await fetch(`${server.baseUrl}/c3api/images/product/${item.Code}/2?w=800`)).status).toBe(404);

    const search = await server.get<{ ProductList: { ProductListItemCount: number } }>(
      '/c3api/search/results?query=zebracaster',
    );
    expect(search.body.Value.ProductList.ProductListItemCount).toBe(1);
  });

  it('refuses a bad item with a 400 naming the field, writing nothing', async () => {
    const before = (await items(staffA, storeA.id)).body.Value.TotalCount;
    const mismatch = await add(staffA, storeA.id, {
      RrpMinor: 200_000,
      Promotion: { Method: 'Percentage', Amount: 10 },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Message).toMatch(
      /^Invalid input\. Promotion\.Amount: The price is 25% below the RRP, not 10%/,
    );
    const picture = await add(staffA, storeA.id, { Pictures: [Buffer.from('not a picture').toString('base64')] });
    expect(picture.status).toBe(400);
    expect(picture.body.Message).toBe('Invalid input. Pictures.0: must be a JPEG, PNG or WebP picture');
    const category = await add(staffA, storeA.id, { CategoryId: 999_999 });
    expect(category.status).toBe(400);
    expect((await add(staffA, storeA.id, { Condition: 6 })).status).toBe(400);
    expect((await items(staffA, storeA.id)).body.Value.TotalCount).toBe(before);
  });

  it('lists, searches, filters and pages the store’s items newest first with the total', async () => {
    const store = await fixtures.store({ name: 'Horsham' });
    const staff = (await staffAccount(server, 'store_staff', [store.id])).client;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      made.push((await add(staff, store.id, { Title: `Yamaha acoustic number ${i}` })).body.Value.Code);
    }
    clock += 1000;
    const odd = (await add(staff, store.id, { Title: 'Ibanez bass', Brand: 'Ibanez' })).body.Value.Code;
    await staff.post(`${itemUrl(store.id, made[0] as string)}/sell`, {});
    await staff.post(`${itemUrl(store.id, made[1] as string)}/withdraw`, {});

    const all = (await items(staff, store.id, '?pageSize=4')).body.Value;
    expect(all.TotalCount).toBe(6);
    expect(all.Items.map((i) => i.Code)).toEqual([odd, ...made.slice(2).reverse()]);
    const second = (await items(staff, store.id, '?pageSize=4&page=2')).body.Value;
    expect(second.Items.map((i) => i.Code)).toEqual([made[1], made[0]]);
    expect((await items(staff, store.id, '?query=ibanez')).body.Value.Items.map((i) => i.Code)).toEqual([odd]);
    expect((await items(staff, store.id, '?query=yamaha%20number')).body.Value.TotalCount).toBe(5);
    expect((await items(staff, store.id, '?status=sold')).body.Value.Items.map((i) => i.Code)).toEqual([made[0]]);
    expect((await items(staff, store.id, '?status=withdrawn')).body.Value.Items.map((i) => i.Code)).toEqual([made[1]]);
    expect((await items(staff, store.id, '?status=available')).body.Value.TotalCount).toBe(4);
    expect((await items(staff, store.id, '?category=guitars')).body.Value.TotalCount).toBe(6);
    expect((await items(staff, store.id, '?category=no-such-thing')).body.Value.TotalCount).toBe(0);
    expect((await items(staff, store.id, '?query=100%25')).body.Value.TotalCount).toBe(0);
  });

  it('gives pictures replaced by an edit new URLs in the console, the product page and search (they are served immutable)', async () => {
    const picture = async (background: string) =>
      (
        await sharp({ create: { width: 800, height: 600, channels: 3, background } })
          .png()
          .toBuffer()
      ).toString('base64');
    const code = (await add(staffA, storeA.id, { Title: 'Okapicaster bass', Pictures: [await picture('#c0392b')] }))
      .body.Value.Code;
    const urls = async () => {
      const item = (await staffA.get<ConsoleItem>(itemUrl(storeA.id, code))).body.Value;
      const page = (await server.get<ProductDetail>(`/c3api/product/query?code=${code}`)).body.Value;
      const search = await server.get<SearchResultsValue>('/c3api/search/results?query=okapicaster');
      const card = search.body.Value.ProductList.ProductListItems.find((c) => c.Code === code);
      return [item.Thumbnail, page.Images[0]?.Url, page.Images[0]?.Thumbnail, card?.ImageUrl].map(String);
    };
    const before = await urls();
    for (const url of before) expect(url).toMatch(new RegExp(`^/c3api/images/product/${code}/1\\?.*v=[0-9a-f]{8}$`));

    clock += 1000;
    const edited = await staffA.post<ConsoleItem>(
      `${itemUrl(storeA.id, code)}/edit`,
      fields({ Title: 'Okapicaster bass', Pictures: [await picture('#1e8449')] }),
    );
    expect(edited.status, edited.body.Message ?? undefined).toBe(200);
    const after = await urls();
    for (const [index, url] of after.entries()) {
      // The same picture position, at a URL no browser or CDN has cached: the new (green) picture.
      expect(url).not.toBe(before[index]);
      expect(url.split('?')[0]).toBe(before[index]?.split('?')[0]);
      const image = await fetch(`${server.baseUrl}${url}`);
      expect(image.status).toBe(200);
      const { dominant } = await sharp(Buffer.from(await image.arrayBuffer())).stats();
      expect(dominant.g, url).toBeGreaterThan(dominant.r + 50);
    }
  });

  it('edits an item and changes its price through the catalogue, recording a cut', async () => {
    const code = (await add(staffA, storeA.id)).body.Value.Code;
    const edited = await staffA.post<ConsoleItem>(
      `${itemUrl(storeA.id, code)}/edit`,
      fields({ Title: 'Fender Stratocaster 1979 natural', PriceMinor: 140_000 }),
    );
    expect(edited.status, edited.body.Message ?? undefined).toBe(200);
    expect(edited.body.Value).toMatchObject({ Title: 'Fender Stratocaster 1979 natural', PriceMinor: 140_000 });
    const cut = await staffA.post<ConsoleItem>(`${itemUrl(storeA.id, code)}/price`, { PriceMinor: 120_000 });
    expect(cut.body.Value.Price).toBe('$1,200.00');
    const row = await db()
      .selectFrom('products')
      .select(['price_before_reduction_minor', 'price_reduced_at'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.price_before_reduction_minor).toBe(150_000);
    expect(row.price_reduced_at).not.toBeNull();
    // New pictures replace the old ones (two now), served at the same URLs.
    const green = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1e8449' } })
      .jpeg()
      .toBuffer();
    const replaced = await staffA.post<ConsoleItem>(
      `${itemUrl(storeA.id, code)}/edit`,
      fields({ PriceMinor: 120_000, Pictures: [green.toString('base64'), green.toString('base64')] }),
    );
    expect(replaced.body.Value.PictureCount).toBe(2);
    const second = await fetch(`${server.baseUrl}/c3api/images/product/${code}/2?w=450`);
    const { dominant } = await sharp(Buffer.from(await second.arrayBuffer())).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r + 50);
    // An edit without Pictures keeps them.
    await staffA.post(`${itemUrl(storeA.id, code)}/edit`, fields({ PriceMinor: 120_000 }));
    expect((await staffA.get<ConsoleItem>(itemUrl(storeA.id, code))).body.Value.PictureCount).toBe(2);
  });

  it('refuses to edit, reprice, sell or withdraw an item in a live order (409, nothing changed)', async () => {
    const reserved = await stocked({ title: 'Reserved guitar' });
    expect(await server.services.catalogue.reserve(server.ctx(), [reserved.id])).toEqual([reserved.id]);
    const order = await fixtures.order({ shipments: [{ store: storeA, method: 'pickup', items: [{ price: 5000 }] }] });
    const line = await db()
      .selectFrom('order_lines')
      .select(['code'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    for (const code of [reserved.code, line.code]) {
      const before = await status(code);
      for (const [path, body] of [
        ['edit', fields()],
        ['price', { PriceMinor: 1 }],
        ['sell', {}],
        ['withdraw', {}],
      ] as const) {
        const reply = await staffA.post(`${itemUrl(storeA.id, code)}/${path}`, body);
        expect(reply.status, `${code} ${path}`).toBe(409);
        expect(reply.body.Message).toBe(ITEM_IN_LIVE_ORDER_MESSAGE);
      }
      expect(await status(code)).toEqual(before);
      expect((await staffA.get<ConsoleItem>(itemUrl(storeA.id, code))).body.Value.InLiveOrder).toBe(true);
    }
    // Withdrawn, an item cannot be edited either; withdrawing again answers as done.
    const gone = await stocked();
    expect((await staffA.post<ConsoleItem>(`${itemUrl(storeA.id, gone.code)}/withdraw`, {})).body.Value.Status).toBe(
      'withdrawn',
    );
    expect((await staffA.post<ConsoleItem>(`${itemUrl(storeA.id, gone.code)}/withdraw`, {})).status).toBe(200);
    const edit = await staffA.post(`${itemUrl(storeA.id, gone.code)}/edit`, fields());
    expect([edit.status, edit.body.Message]).toEqual([409, ITEM_OFF_SALE_MESSAGE]);
  });

  it('races a checkout reserving an item against a sale in store: exactly one wins, every time', async () => {
    for (let round = 0; round < 8; round++) {
      const item = await stocked();
      const [reservedIds, sale] = await Promise.all([
        server.services.catalogue.reserve(server.ctx(), [item.id]),
        staffA.post<ConsoleItem>(`${itemUrl(storeA.id, item.code)}/sell`, {}),
      ]);
      const checkoutWon = reservedIds.length === 1;
      const storeWon = sale.status === 200;
      expect(checkoutWon !== storeWon, `round ${round}: checkout ${checkoutWon}, store ${storeWon}`).toBe(true);
      expect((await status(item.code)).status).toBe(checkoutWon ? 'reserved' : 'sold');
      if (checkoutWon) expect(sale.status).toBe(409);
    }
  });

  it("shows a console price change in the shopper's cart check, and a sale in store as unavailable in cart and wishlist", async () => {
    const shopper = new TestClient(server.baseUrl);
    await shopper.register(newEmail('shopper'));
    const up = await stocked({ title: 'Price goes up' });
    const down = await stocked({ title: 'Price goes down' });
    const sold = await stocked({ title: 'Sold over the counter' });
    for (const item of [up, down, sold])
      expect((await shopper.post(`/c3api/cart/add?productId=${item.id}`)).status).toBe(200);
    expect((await shopper.post('/c3api/wishlist/add', { ItemCode: sold.code })).status).toBe(200);

    await staffA.post(`${itemUrl(storeA.id, up.code)}/price`, { PriceMinor: 25_000 });
    await staffA.post(`${itemUrl(storeA.id, down.code)}/price`, { PriceMinor: 15_000 });
    await staffA.post(`${itemUrl(storeA.id, sold.code)}/sell`, {});

    const cart = (await shopper.get<Cart>('/c3api/cart/query?validate=true')).body.Value;
    const change = (id: number) => cart.ProductChanges.find((c) => c.id === id);
    expect(change(up.id)).toMatchObject({ newPrice: 25_000, oldPrice: 20_000 });
    expect((change(up.id)?.changeTypes ?? 0) & ChangeType.PriceIncrease).toBe(ChangeType.PriceIncrease);
    expect((change(down.id)?.changeTypes ?? 0) & ChangeType.PriceDecrease).toBe(ChangeType.PriceDecrease);
    expect((change(sold.id)?.changeTypes ?? 0) & ChangeType.Availability).toBe(ChangeType.Availability);

    const wishlist = (await shopper.get<WishlistPageValue>('/c3api/wishlist/query/page')).body.Value;
    expect(wishlist.Data.Items.find((i) => i.Code === sold.code)?.IsAvailable).toBe(false);
  });

  it('imports a CSV file: with bad rows nothing is imported and every error is listed; a good file imports every row', async () => {
    // Store B: a store the search index already knows (it learns of new stores on its next rebuild).
    const store = storeB;
    const staff = staffB;
    const before = (await items(staff, store.id)).body.Value.TotalCount;
    const header =
      'title,category,brand,condition,description,price,rrp,promotion_type,promotion_amount,weight_grams,length_cm,width_cm,height_cm,postable';
    const bad = [
      header,
      'Martin D-28 dreadnought,guitars,Martin,4,"Lovely, warm tone",2500.00,,,,3000,110,45,15,yes',
      'No,guitars,Martin,4,,2500,,,,3000,110,45,15,yes',
      'Taylor 214ce,no-such-category,Taylor,9,,abc,,,,3000,110,45,15,maybe',
      'Cort bass,guitars,Cort,3,,400.00,500.00,percentage,10,3000,110,45,15,no',
    ].join('\n');
    const refused = await staff.post<ConsoleImportValue>(`/c3api/console/stores/${store.id}/import`, { Csv: bad });
    expect(refused.status).toBe(200);
    expect(refused.body.WasSuccessful).toBe(false);
    expect(refused.body.Value.Imported).toBe(0);
    expect(refused.body.Value.Errors).toEqual([
      { Row: 3, Column: 'title', Message: 'Title must be at least 3 characters' },
      { Row: 4, Column: 'category', Message: "No category 'no-such-category' (use the category's slug)" },
      { Row: 4, Column: 'postable', Message: 'must be yes or no' },
      { Row: 4, Column: 'price', Message: 'must be an amount such as 12.50' },
      { Row: 4, Column: 'condition', Message: expect.any(String) },
      { Row: 5, Column: 'promotion_amount', Message: 'The price is 20% below the RRP, not 10%' },
    ]);
    expect((await items(staff, store.id)).body.Value.TotalCount).toBe(before);

    const good = [
      header,
      'Martin D-28 dreadnought,guitars,Martin,4,"Lovely, warm tone; ""as new""",2500.00,,,,3000,110,45,15,yes',
      'Cort bass quokkaphone,guitars,Cort,3,,400.00,500.00,percentage,20,3000,110,45,15,no',
      '',
    ].join('\r\n');
    const imported = await staff.post<ConsoleImportValue>(`/c3api/console/stores/${store.id}/import`, { Csv: good });
    expect(imported.body.WasSuccessful, JSON.stringify(imported.body.Value?.Errors)).toBe(true);
    expect(imported.body.Value.Imported).toBe(2);
    const listed = (await items(staff, store.id)).body.Value.Items;
    expect(listed.map((i) => [i.Title, i.PriceMinor, i.Postable])).toEqual(
      expect.arrayContaining([
        ['Martin D-28 dreadnought', 250_000, true],
        ['Cort bass quokkaphone', 40_000, false],
      ]),
    );
    expect(listed.find((i) => i.Title.startsWith('Martin'))?.Description).toBe('Lovely, warm tone; "as new"');
    const search = await server.get<{ ProductList: { ProductListItemCount: number } }>(
      '/c3api/search/results?query=quokkaphone',
    );
    expect(search.body.Value.ProductList.ProductListItemCount).toBe(1);
  });
});
