import type {
  AdminBanner,
  AdminBannerListValue,
  AdminDiscount,
  AdminDiscountListValue,
  AdminFlagsValue,
  AdminStore,
  AdminStoreListValue,
  BannersValue,
  ConsoleItem,
  DiscountCouponValue,
  SiteValue,
  StoreQueryValue,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../../test/factories.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

let emails = 0;
const newEmail = (tag: string) => `${tag}${++emails}.${Date.now()}@example.com`;
const ADMIN = '/c3api/console/admin';
let slugs = 0;

const storeBody = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Katoomba Store',
  Slug: `katoomba-${Date.now().toString(36)}-${++slugs}`,
  Region: 'AU',
  Address: '12 Main St',
  Suburb: 'Katoomba',
  State: 'NSW',
  Postcode: '2780',
  Phone: '02 4782 1234',
  Email: 'katoomba@example.com',
  Latitude: -33.71,
  Longitude: 150.31,
  ...overrides,
});

const bannerBody = (overrides: Record<string, unknown> = {}) => ({
  Title: 'Winter sale',
  Description: '<p>Up to <strong>half off</strong> <a href="/search?query=coat">coats</a></p>',
  BannerClickUrl: '/search?query=coat',
  PrimaryButton: { DisplayName: 'Shop coats', OnClickUrl: '/search?query=coat' },
  Position: 0,
  ...overrides,
});

const discountBody = (overrides: Record<string, unknown> = {}) => ({
  Code: `ADM${++slugs}`,
  Method: 'Value',
  Amount: 1_500,
  Description: '$15 off',
  MinSpendMinor: 5_000,
  MaxUses: 100,
  MaxUsesPerCustomer: 1,
  ...overrides,
});

describe.each(testDatabaseTargets())('the marketplace admin API on $name', (target) => {
  let guest: TestClient;
  let customer: TestClient;
  let staff: TestClient;
  let admin: TestClient;
  let adminId: number;
  let staffStore: { id: number };
  let guitars: number;
  const shop = useTestShop(target, { seed: { products: 0, seed: 1 }, env: { TRUST_PROXY: 'true' } });
  const { database, server } = shop;

  const db = () => database.handle.db;

  /** The marketplace's audit lines (no store) and a store's, newest last. */
  const auditLines = (action: string) =>
    db().selectFrom('console_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    staffStore = await makeStore(db(), { name: 'Orange' });
    guitars = await categoryIdBySlug(db(), 'guitars');
    guest = await new TestClient(server.baseUrl).visit();
    customer = new TestClient(server.baseUrl);
    await customer.register(newEmail('customer'));
    staff = (await staffAccount(server, 'store_staff', [staffStore.id])).client;
    const made = await staffAccount(server, 'marketplace_admin', []);
    admin = made.client;
    adminId = made.userId;
  });

  it('answers every call to admins only: a guest 401, a customer 403, store staff 403, and changes nothing', async () => {
    const banner = (await admin.post<AdminBanner>(`${ADMIN}/banners`, bannerBody({ Title: 'Role check' }))).body.Value;
    const code = (await admin.post<AdminDiscount>(`${ADMIN}/discount-codes`, discountBody())).body.Value;
    const calls: [string, string, unknown][] = [
      ['GET', `${ADMIN}/stores`, undefined],
      ['POST', `${ADMIN}/stores`, storeBody()],
      ['POST', `${ADMIN}/stores/${staffStore.id}`, storeBody()],
      ['GET', `${ADMIN}/banners`, undefined],
      ['POST', `${ADMIN}/banners`, bannerBody()],
      ['POST', `${ADMIN}/banners/${banner.Id}`, bannerBody()],
      ['POST', `${ADMIN}/banners/${banner.Id}/remove`, {}],
      ['GET', `${ADMIN}/discount-codes`, undefined],
      ['POST', `${ADMIN}/discount-codes`, discountBody()],
      ['POST', `${ADMIN}/discount-codes/${code.Id}`, discountBody({ Code: undefined })],
      ['POST', `${ADMIN}/discount-codes/${code.Id}/deactivate`, {}],
      ['GET', `${ADMIN}/flags`, undefined],
      ['POST', `${ADMIN}/flags`, { Flags: [{ Name: 'WishlistsEnabled', Enabled: false }] }],
      ['GET', '/c3api/console/staff', undefined],
      [
        'POST',
        '/c3api/console/invitations',
        { Email: newEmail('invitee'), Role: 'store_staff', StoreIds: [staffStore.id] },
      ],
    ];
    const auditBefore = await db().selectFrom('console_audit').select('id').execute();
    const storesBefore = await db().selectFrom('stores').selectAll().orderBy('id').execute();
    for (const [who, client, expected] of [
      ['guest', guest, 401],
      ['customer', customer, 403],
      ['store staff', staff, 403],
    ] as const) {
      for (const [method, url, body] of calls) {
        const reply = method === 'GET' ? await client.get(url) : await client.post(url, body);
        expect(reply.status, `${who} ${method} ${url}: ${reply.body.Message ?? ''}`).toBe(expected);
      }
    }
    expect(await db().selectFrom('console_audit').select('id').execute()).toEqual(auditBefore);
    expect(await db().selectFrom('stores').selectAll().orderBy('id').execute()).toEqual(storesBefore);
    expect((await admin.get<AdminBannerListValue>(`${ADMIN}/banners`)).body.Value.Banners).toContainEqual(banner);
    expect((await server.get<SiteValue>('/c3api/site')).body.Value.WishlistsEnabled).toBe(true);
    // And the admin may make every one of them.
    for (const [method, url, body] of calls) {
      const reply = method === 'GET' ? await admin.get(url) : await admin.post(url, body);
      expect(reply.status, `admin ${method} ${url}: ${reply.body.Message ?? ''}`).toBe(200);
    }
    await admin.post(`${ADMIN}/flags`, { Flags: [{ Name: 'WishlistsEnabled', Enabled: true }] });
  });

  it("answers who is asking before what they sent: a bad body still gets 401 or 403, never the form's fields", async () => {
    const otherStore = await makeStore(db(), { name: 'Bathurst' });
    const nonsense = { Nonsense: true };
    const adminForms = [
      `${ADMIN}/stores`,
      `${ADMIN}/stores/${staffStore.id}`,
      `${ADMIN}/banners`,
      `${ADMIN}/discount-codes`,
      `${ADMIN}/flags`,
      '/c3api/console/invitations',
    ];
    for (const [who, client, expected] of [
      ['guest', guest, 401],
      ['customer', customer, 403],
      ['store staff', staff, 403],
    ] as const) {
      for (const url of adminForms) {
        const reply = await client.post(url, nonsense);
        expect(reply.status, `${who} POST ${url}: ${reply.body.Message ?? ''}`).toBe(expected);
        expect(reply.body.Message ?? '').not.toMatch(/Invalid input/);
      }
    }
    // The admin is told what is wrong with the form.
    const told = await admin.post(`${ADMIN}/stores`, nonsense);
    expect(told.status).toBe(400);
    expect(told.body.Message).toMatch(/Invalid input/);

    // A store's forms: a customer 403, staff of another store the store's 404, its own staff the 400.
    const storeForm = (id: number) => `/c3api/console/stores/${id}/items`;
    const settingsForm = (id: number) => `/c3api/console/stores/${id}/settings/pickup`;
    for (const form of [storeForm, settingsForm]) {
      expect((await guest.post(form(staffStore.id), nonsense)).status).toBe(401);
      expect((await customer.post(form(staffStore.id), nonsense)).status).toBe(403);
      const elsewhere = await staff.post(form(otherStore.id), nonsense);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.Message ?? '').not.toMatch(/Invalid input/);
      const own = await staff.post(form(staffStore.id), nonsense);
      expect(own.status).toBe(400);
      expect(own.body.Message).toMatch(/Invalid input/);
    }
  });

  it('adds a store: its page finds it, its items are found by search though the index was built before, and it is audited', async () => {
    // The search index is built now, before the store exists.
    expect((await server.get('/c3api/search/results?query=guitar')).status).toBe(200);
    const body = storeBody({ Name: 'Blackheath', Slug: `upper-mountains-${Date.now().toString(36)}` });
    const created = await admin.post<AdminStore>(`${ADMIN}/stores`, body);
    expect(created.status, created.body.Message ?? '').toBe(200);
    const store = created.body.Value;
    expect(store).toMatchObject({ Name: 'Blackheath', Slug: body.Slug, Region: 'AU', Address: '12 Main St' });
    expect((await admin.get<AdminStoreListValue>(`${ADMIN}/stores`)).body.Value.Stores).toContainEqual(store);

    // The store page asks the store query by the slug's first word ('upper', in neither name nor town).
    const page = await server.get<StoreQueryValue>('/c3api/store/query/?query=upper&sort=name');
    const shown = page.body.Value.Stores.find((s) => s.Slug === body.Slug);
    expect(shown).toMatchObject({ Name: 'Blackheath', Suburb: 'Katoomba', Postcode: '2780', Phone: '02 4782 1234' });
    expect(shown?.Address).toBe('12 Main St, Katoomba NSW 2780');

    // The admin runs every store: it lists an item there, and shoppers find it.
    const item = await admin.post<ConsoleItem>(`/c3api/console/stores/${store.Id}/items`, {
      Title: 'Gibson Les Paul wombatburst',
      CategoryId: guitars,
      Brand: 'Gibson',
      Condition: 4,
      PriceMinor: 250_000,
      WeightGrams: 4500,
      LengthCm: 110,
      WidthCm: 45,
      HeightCm: 12,
      Postable: true,
    });
    expect(item.status, item.body.Message ?? '').toBe(200);
    let found = 0;
    for (let tries = 0; tries < 50 && found === 0; tries++) {
      const search = await server.get<{ ProductList: { ProductListItemCount: number } }>(
        '/c3api/search/results?query=wombatburst',
      );
      found = search.body.Value.ProductList.ProductListItemCount;
      if (found === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found).toBe(1);

    const line = (await auditLines('store.create')).find((l) => l.store_id === store.Id);
    expect(line).toMatchObject({ store_id: store.Id, user_id: adminId });
    expect(JSON.parse(line?.detail ?? '{}')).toMatchObject({ slug: body.Slug, name: 'Blackheath' });
  });

  it('edits a store: the shop shows the change; a taken slug, a bad postcode or a missing store change nothing', async () => {
    const store = (await admin.post<AdminStore>(`${ADMIN}/stores`, storeBody({ Name: 'Leura' }))).body.Value;
    const other = await makeStore(db(), { name: 'Wentworth Falls' });
    const edits = await auditLines('store.edit');
    const before = await db().selectFrom('stores').selectAll().where('id', '=', store.Id).executeTakeFirstOrThrow();

    for (const [bad, message] of [
      [{ Slug: other.slug }, 'Slug: is already used by another store'],
      [{ Postcode: '27800' }, 'Postcode: must be 4 digits'],
      [{ State: 'LND' }, 'State: must be one of'],
      [{ Region: 'UK' }, 'Postcode: must be a UK postcode'],
      [{ Email: 'not an address' }, 'Email:'],
      [{ Slug: 'Bad Slug!' }, 'Slug: must be lower-case'],
      [{ Name: '' }, 'Name: is required'],
      [{ Latitude: 123 }, 'Latitude: must be -90 to 90'],
    ] as const) {
      const reply = await admin.post(
        `${ADMIN}/stores/${store.Id}`,
        storeBody({ ...bad, Slug: bad.Slug ?? store.Slug }),
      );
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.Message).toContain(message);
    }
    expect(await db().selectFrom('stores').selectAll().where('id', '=', store.Id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect((await admin.post(`${ADMIN}/stores/999999`, storeBody())).status).toBe(404);
    expect(await auditLines('store.edit')).toEqual(edits);

    const edited = await admin.post<AdminStore>(
      `${ADMIN}/stores/${store.Id}`,
      storeBody({ Name: 'Leura Mall', Slug: store.Slug, Phone: '02 4784 9999' }),
    );
    expect(edited.status, edited.body.Message ?? '').toBe(200);
    const page = await server.get<StoreQueryValue>(`/c3api/store/query/?query=leura&sort=name`);
    expect(page.body.Value.Stores.find((s) => s.Id === store.Id)).toMatchObject({
      Name: 'Leura Mall',
      Phone: '02 4784 9999',
    });
    const [line] = (await auditLines('store.edit')).slice(edits.length);
    expect(JSON.parse(line?.detail ?? '{}').changed).toEqual(['Name', 'Phone']);
    // The same again changes nothing and records nothing.
    await admin.post(
      `${ADMIN}/stores/${store.Id}`,
      storeBody({ Name: 'Leura Mall', Slug: store.Slug, Phone: '02 4784 9999' }),
    );
    expect(await auditLines('store.edit')).toHaveLength(edits.length + 1);
  });

  it('adds, edits and removes a banner: the description is sanitised on the way in and the home carousel follows', async () => {
    const created = await admin.post<AdminBanner>(
      `${ADMIN}/banners`,
      bannerBody({
        Title: 'Spring clean',
        Description:
          '<p onclick="steal()">Half <em>off</em><script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      }),
    );
    expect(created.status, created.body.Message ?? '').toBe(200);
    const banner = created.body.Value;
    expect(banner.Description).toBe('<p>Half <em>off</em> <a>x</a></p>');
    const stored = await db()
      .selectFrom('banners')
      .select('description')
      .where('id', '=', banner.Id)
      .executeTakeFirst();
    expect(stored?.description).toBe('<p>Half <em>off</em> <a>x</a></p>');
    const home = async () => (await server.get<BannersValue>('/c3api/banners?placement=home')).body.Value.Banners;
    expect((await home()).find((b) => b.Title === 'Spring clean')).toMatchObject({
      Description: '<p>Half <em>off</em> <a>x</a></p>',
      BannerClickUrl: '/search?query=coat',
      PrimaryButton: { DisplayName: 'Shop coats', OnClickUrl: '/search?query=coat', IsYellowStyle: false },
    });

    // Bad input: 400 with the field, nothing changed.
    for (const [bad, message] of [
      [{ BannerClickUrl: 'javascript:alert(1)' }, 'BannerClickUrl: must be a path on this site'],
      [{ Title: '' }, 'Title: is required'],
      [{ TitleColour: 'red' }, 'TitleColour: must be a colour'],
      [{ PrimaryButton: { DisplayName: 'Go', OnClickUrl: '//evil.example' } }, 'PrimaryButton.OnClickUrl'],
      [{ Position: -1 }, 'Position'],
    ] as const) {
      const reply = await admin.post(`${ADMIN}/banners/${banner.Id}`, bannerBody({ Title: 'Changed', ...bad }));
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.Message).toContain(message);
    }
    expect((await home()).find((b) => b.Title === 'Spring clean')).toBeDefined();

    const edited = await admin.post<AdminBanner>(
      `${ADMIN}/banners/${banner.Id}`,
      bannerBody({ Title: 'Spring clean-out', Description: 'Plain <b>words</b>', PrimaryButton: null }),
    );
    expect(edited.status, edited.body.Message ?? '').toBe(200);
    expect(edited.body.Value.Description).toBe('Plain words');
    expect((await home()).find((b) => b.Title === 'Spring clean-out')).toMatchObject({ PrimaryButton: null });

    // Hidden: listed for the admin, gone from the carousel.
    await admin.post(`${ADMIN}/banners/${banner.Id}`, bannerBody({ Title: 'Spring clean-out', Active: false }));
    expect((await home()).find((b) => b.Title === 'Spring clean-out')).toBeUndefined();
    expect((await admin.get<AdminBannerListValue>(`${ADMIN}/banners`)).body.Value.Banners).toContainEqual(
      expect.objectContaining({ Id: banner.Id, Active: false }),
    );

    // Another region's banner is not this shop's: 404.
    const uk = await db()
      .insertInto('banners')
      .values({
        region: 'UK',
        placement: 'home',
        position: 0,
        active: 1,
        title: 'UK only',
        title_size: 'Large',
        title_colour: '#ffffff',
        description: '',
        description_colour: '#ffffff',
        hide_text: 0,
        primary_button: null,
        secondary_button: null,
        background_image_url: null,
        background_image_alt_text: '',
        banner_background_image_url: null,
        gradient_colour_start: '#000000',
        gradient_colour_end: '#000000',
        darkened_colour: null,
        banner_click_url: null,
        banner_click_target: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin.post(`${ADMIN}/banners/${uk.id}`, bannerBody())).status).toBe(404);
    expect((await admin.post(`${ADMIN}/banners/${uk.id}/remove`, {})).status).toBe(404);

    const removed = await admin.post(`${ADMIN}/banners/${banner.Id}/remove`, {});
    expect(removed.status).toBe(200);
    expect((await admin.post(`${ADMIN}/banners/${banner.Id}/remove`, {})).status).toBe(404);
    expect(await db().selectFrom('banners').select('id').where('id', '=', banner.Id).execute()).toEqual([]);

    const actions = (await db().selectFrom('console_audit').selectAll().where('action', 'like', 'banner.%').execute())
      .filter((l) => JSON.parse(l.detail).id === banner.Id)
      .map((l) => [l.action, l.store_id, l.user_id]);
    expect(actions).toEqual([
      ['banner.create', null, adminId],
      ['banner.edit', null, adminId],
      ['banner.edit', null, adminId],
      ['banner.remove', null, adminId],
    ]);
  });

  it('adds a discount code that checkout takes, edits and deactivates it; bad input changes nothing', async () => {
    const created = await admin.post<AdminDiscount>(`${ADMIN}/discount-codes`, discountBody({ Code: ' take12 ' }));
    expect(created.status, created.body.Message ?? '').toBe(200);
    const code = created.body.Value;
    expect(code).toMatchObject({
      Code: 'TAKE12',
      Method: 'Value',
      Amount: 1_500,
      AmountDisplay: '$15.00',
      Active: true,
    });
    expect((await admin.get<AdminDiscountListValue>(`${ADMIN}/discount-codes`)).body.Value.Codes).toContainEqual(code);

    const shopperWith = async (priceMinor: number) => {
      const client = new TestClient(server.baseUrl);
      const { id } = await makeProduct(db(), {
        store_id: staffStore.id,
        category_id: guitars,
        price_minor: priceMinor,
        disable_in_store_pickup: 0,
      });
      expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
      return client;
    };
    const shopper = await shopperWith(8_000);
    const applied = await shopper.post<DiscountCouponValue>('/c3api/promotion/discountcoupon', { code: 'take12' });
    expect(applied.status, applied.body.Message ?? '').toBe(200);
    expect(applied.body.Value.DiscountAmount).toEqual({ Amount: 1_500, Display: '$15.00' });

    const codesBefore = await db().selectFrom('discount_codes').selectAll().orderBy('id').execute();
    for (const [path, body, message] of [
      [`${ADMIN}/discount-codes`, discountBody({ Code: 'take12' }), 'Code: is already a code of this region'],
      [`${ADMIN}/discount-codes`, discountBody({ Code: 'TOOLONGCODE1' }), 'Code: must be at most 10'],
      [`${ADMIN}/discount-codes`, discountBody({ Code: 'NO-DASH' }), 'Code: must be letters and digits'],
      [
        `${ADMIN}/discount-codes`,
        discountBody({ Method: 'Percentage', Amount: 20_000 }),
        'Amount: must be at most 10000',
      ],
      [`${ADMIN}/discount-codes`, discountBody({ Amount: 12.5 }), 'Amount: must be a whole number'],
      [
        `${ADMIN}/discount-codes`,
        discountBody({ StartsAt: '2030-01-02T00:00:00Z', EndsAt: '2030-01-01T00:00:00Z' }),
        'EndsAt: must be after the start',
      ],
      [`${ADMIN}/discount-codes/${code.Id}`, discountBody({ MinSpendMinor: -1 }), 'MinSpendMinor'],
      [`${ADMIN}/discount-codes/${code.Id}`, discountBody({ StartsAt: 'soon' }), 'StartsAt: must be a date'],
    ] as const) {
      const reply = await admin.post(path, body);
      expect(reply.status, message).toBe(400);
      expect(reply.body.Message).toContain(message);
    }
    expect(await db().selectFrom('discount_codes').selectAll().orderBy('id').execute()).toEqual(codesBefore);
    expect((await admin.post(`${ADMIN}/discount-codes/999999`, discountBody())).status).toBe(404);

    const edited = await admin.post<AdminDiscount>(
      `${ADMIN}/discount-codes/${code.Id}`,
      discountBody({ Method: 'Percentage', Amount: 1_250, MinSpendMinor: 0, EndsAt: '2099-01-01T00:00:00.000Z' }),
    );
    expect(edited.status, edited.body.Message ?? '').toBe(200);
    expect(edited.body.Value).toMatchObject({
      Code: 'TAKE12',
      AmountDisplay: '12.5%',
      EndsAt: '2099-01-01T00:00:00.000Z',
    });
    const second = await shopperWith(8_000);
    const percent = await second.post<DiscountCouponValue>('/c3api/promotion/discountcoupon', { code: 'TAKE12' });
    expect(percent.status, percent.body.Message ?? '').toBe(200);
    expect(percent.body.Value.DiscountAmount.Amount).toBe(1_000);

    const off = await admin.post<AdminDiscount>(`${ADMIN}/discount-codes/${code.Id}/deactivate`, {});
    expect(off.body.Value.Active).toBe(false);
    expect((await admin.post<AdminDiscount>(`${ADMIN}/discount-codes/${code.Id}/deactivate`, {})).status).toBe(200);
    const other = await shopperWith(9_000);
    const refused = await other.post('/c3api/promotion/discountcoupon', { code: 'TAKE12' });
    expect(refused.status).toBe(400);

    const lines = (await db().selectFrom('console_audit').selectAll().where('action', 'like', 'discount.%').execute())
      .filter((l) => JSON.parse(l.detail).code === 'TAKE12')
      .map((l) => l.action);
    expect(lines).toEqual(['discount.create', 'discount.edit', 'discount.deactivate']);
  });

  it('switches feature flags that GET /c3api/site reads; the environment’s off still wins; bad input changes nothing', async () => {
    const off = await admin.post<AdminFlagsValue>(`${ADMIN}/flags`, {
      Flags: [{ Name: 'DiscountsEnabled', Enabled: false }],
    });
    expect(off.status, off.body.Message ?? '').toBe(200);
    expect(off.body.Value.Flags.find((f) => f.Name === 'DiscountsEnabled')).toEqual({
      Name: 'DiscountsEnabled',
      Label: 'Discount codes at checkout',
      Enabled: false,
      EnvironmentEnabled: true,
      Effective: false,
    });
    expect((await server.get<SiteValue>('/c3api/site')).body.Value).toMatchObject({
      DiscountsEnabled: false,
      WishlistsEnabled: true,
    });
    const [line] = (await auditLines('flags.set')).slice(-1);
    expect(line).toMatchObject({ store_id: null, user_id: adminId });
    expect(JSON.parse(line?.detail ?? '{}')).toEqual({ DiscountsEnabled: false });

    const count = (await auditLines('flags.set')).length;
    for (const body of [
      { Flags: [{ Name: 'NoSuchFlag', Enabled: false }] },
      { Flags: [{ Name: 'DiscountsEnabled', Enabled: 'yes' }] },
      { Flags: [] },
    ]) {
      const reply = await admin.post(`${ADMIN}/flags`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.Message).toMatch(/^Invalid input\. Flags/);
    }
    // Setting what is already so records nothing.
    await admin.post(`${ADMIN}/flags`, { Flags: [{ Name: 'DiscountsEnabled', Enabled: false }] });
    expect(await auditLines('flags.set')).toHaveLength(count);

    await admin.post(`${ADMIN}/flags`, { Flags: [{ Name: 'DiscountsEnabled', Enabled: true }] });
    expect((await server.get<SiteValue>('/c3api/site')).body.Value.DiscountsEnabled).toBe(true);

    // A second server of the same database with the environment's switch off: the admin's on cannot turn it on.
    const locked = await shop.startServer({ WISHLISTS_ENABLED: 'false' });
    try {
      expect((await locked.get<SiteValue>('/c3api/site')).body.Value.WishlistsEnabled).toBe(false);
    } finally {
      await locked.close();
    }
  });
});
