import {
  ABN_MESSAGE,
  ANTI_FORGERY_HEADER,
  type ConsoleStoreSettingsValue,
  type GstInvoiceValue,
  NO_RATE_CARD_MESSAGE,
  NO_SUCH_STORE_MESSAGE,
  NO_SUCH_ZONE_MESSAGE,
  POSTAGE_EXISTS_MESSAGE,
  type ProductDetail,
  type ShippingEstimate,
  type SplitShipment,
  STAFF_ONLY_MESSAGE,
  type StoreQueryValue,
  VAT_NUMBER_REQUIRED_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreRow } from '../../../db/schema.js';
import { abnFromBase } from '../../../lib/tax-numbers.js';
import { SYDNEY } from '../../../test/checkout-fixtures.js';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL, TEST_RATE_CARD } from '../../../test/factories.js';
import { OrderFixtures } from '../../../test/order-fixtures.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

let emails = 0;
const newEmail = (tag: string) => `${tag}${++emails}.${Date.now()}@example.com`;

const WEEK = [
  { Day: 'Monday', Hours: '8:30am - 5:00pm' },
  { Day: 'Tuesday', Hours: '8:30am - 5:00pm' },
  { Day: 'Wednesday', Hours: '8:30am - 5:00pm' },
  { Day: 'Thursday', Hours: '8:30am - 8:00pm' },
  { Day: 'Friday', Hours: '8:30am - 5:00pm' },
  { Day: 'Saturday', Hours: '9:00am - 1:00pm' },
  { Day: 'Sunday', Hours: 'Closed' },
];

describe.each(testDatabaseTargets())('store settings in the console on $name', (target) => {
  let fixtures: OrderFixtures;
  /** Ballarat and Bendigo share one rate table; Castlemaine has none. */
  let ballarat: StoreRow;
  let bendigo: StoreRow;
  let castlemaine: StoreRow;
  let ukStore: { id: number };
  let guitars: number;
  let guest: TestClient;
  let customer: TestClient;
  let admin: TestClient;
  let staff: TestClient;
  let otherStaff: TestClient;
  const shop = useTestShop(target, { seed: { products: 0, seed: 1 }, env: { TRUST_PROXY: 'true' } });
  const { database, server } = shop;

  const db = () => database.handle.db;
  const url = (storeId: number, section = '') => `/c3api/console/stores/${storeId}/settings${section}`;

  const storeRow = (id: number) => db().selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditLines = async (storeId: number) =>
    db()
      .selectFrom('console_audit')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('action', '=', 'store.settings')
      .orderBy('id')
      .execute();
  const settingsOf = async (client: TestClient, storeId: number) => {
    const reply = await client.get<ConsoleStoreSettingsValue>(url(storeId));
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return reply.body.Value;
  };
  /** The details form as it stands, with what a test changes. */
  const details = (value: ConsoleStoreSettingsValue, overrides: Record<string, unknown> = {}) => ({
    ...value.Details,
    ...overrides,
  });
  const postageBody = (value: ConsoleStoreSettingsValue, overrides: Record<string, unknown> = {}) => {
    const {
      RateCardName: _name,
      RateCardShared: _shared,
      Zones: _zones,
      ...postage
    } = value.Postage ?? {
      RateCardName: '',
      RateCardShared: false,
      Zones: [],
    };
    return { ...postage, ...overrides };
  };
  const item = (storeId: number, price = 10_000) =>
    makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      status: 'available',
      disable_in_store_pickup: 0,
      ...SMALL_PARCEL,
    });
  const shopperWith = async (ids: number[]) => {
    const client = new TestClient(server.baseUrl);
    for (const id of ids) expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    return client;
  };
  /** What the shop's store page reads. */
  const publicStore = async (store: StoreRow) => {
    const reply = await guest.get<StoreQueryValue>(`/c3api/store/query/?query=${encodeURIComponent(store.name)}`);
    return reply.body.Value.Stores.find((s) => s.Id === store.id);
  };

  beforeAll(async () => {
    fixtures = new OrderFixtures(server);
    const victorian = (name: string, postcode: string) => ({
      name,
      state: 'VIC',
      suburb: name,
      postcode,
      address: `1 Main St, ${name} VIC ${postcode}`,
    });
    ballarat = await fixtures.store(victorian('Ballarat', '3350'));
    bendigo = await fixtures.store(victorian('Bendigo', '3550'));
    castlemaine = await fixtures.store({ name: 'Castlemaine', state: 'VIC', postcode: '3450' });
    ukStore = await makeStore(db(), { region: 'UK', state: 'LND', name: 'Camden' });
    guitars = await categoryIdBySlug(db(), 'guitars');
    const ctx = server.ctx();
    const card = await server.services.shipping.createRateCard(ctx, TEST_RATE_CARD);
    for (const store of [ballarat, bendigo])
      await server.services.shipping.setStoreSettings(ctx, {
        storeId: store.id,
        rateCardId: card,
        surchargeThresholdMinor: 50_000,
        surchargeMinor: 1295,
      });
    guest = await new TestClient(server.baseUrl).visit();
    customer = new TestClient(server.baseUrl);
    await customer.register(newEmail('customer'));
    admin = (await staffAccount(server, 'marketplace_admin', [])).client;
    staff = (await staffAccount(server, 'store_staff', [ballarat.id, castlemaine.id, ukStore.id])).client;
    otherStaff = (await staffAccount(server, 'store_staff', [bendigo.id])).client;
  });

  it('answers every section: contact and seven days of hours, pickup, the shared table, the invoice identity', async () => {
    const value = await settingsOf(staff, ballarat.id);
    expect(value).toMatchObject({
      StoreId: ballarat.id,
      Name: 'Ballarat',
      Region: 'AU',
      State: 'VIC',
      StateName: 'Victoria',
      Url: `/stores/${ballarat.slug}`,
      Pickup: { PickupEnabled: true },
      Invoice: { TaxRegistered: true },
    });
    expect(value.Details.OpeningHours.map((r) => r.Day)).toEqual(WEEK.map((r) => r.Day));
    expect(value.Details.Suburb).toBe('Ballarat');
    expect(value.Details.Street).toBe('1 Main St');
    expect(value.Postage).toMatchObject({
      ExpressEnabled: true,
      SurchargeThresholdMinor: 50_000,
      SurchargeMinor: 1295,
      HandlingMinor: 0,
      RateCardName: 'Test card',
      RateCardShared: true,
    });
    expect(value.Postage?.Zones.map((z) => z.Name)).toEqual(['Metro', 'Regional', 'Remote']);
    expect(value.Postage?.Zones[0]?.Areas).toBe('2000-2234');
    expect(value.Postage?.Rates).toHaveLength(
      TEST_RATE_CARD.zones.reduce((count, zone) => count + zone.rates.length, 0),
    );
    expect(value.Invoice.Printed.TaxNumber).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
    expect((await settingsOf(staff, castlemaine.id)).Postage).toBeNull();
  });

  it('lets only the store’s staff and admins in: guest 401, customer 403, another store’s staff and another region 404', async () => {
    const value = await settingsOf(staff, ballarat.id);
    const calls: [string, unknown][] = [
      [url(ballarat.id), undefined],
      [url(ballarat.id, '/details'), details(value)],
      [url(ballarat.id, '/pickup'), { PickupEnabled: true }],
      [url(ballarat.id, '/postage'), postageBody(value)],
      [url(ballarat.id, '/invoice'), { ...value.Invoice, Printed: undefined }],
    ];
    const before = await storeRow(ballarat.id);
    for (const [path, body] of calls) {
      const call = (client: TestClient, at = path) => (body === undefined ? client.get(at) : client.post(at, body));
      expect((await call(guest)).status, path).toBe(401);
      const refused = await call(customer);
      expect(refused.status, path).toBe(403);
      expect(refused.body.Message).toBe(STAFF_ONLY_MESSAGE);
      const foreign = await call(otherStaff);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body.Message).toBe(NO_SUCH_STORE_MESSAGE);
      // A store of the other region, run by this very staff member, is not this shop's.
      expect((await call(staff, path.replace(String(ballarat.id), String(ukStore.id)))).status, path).toBe(404);
      expect((await call(staff, path.replace(String(ballarat.id), '999999'))).status, path).toBe(404);
      const allowed = await call(admin);
      expect(allowed.status, `${path}: ${allowed.body.Message}`).toBe(200);
    }
    // Every allowed call sent the settings as they were: nothing changed, nothing recorded.
    expect(await storeRow(ballarat.id)).toEqual(before);
    expect(await auditLines(ballarat.id)).toHaveLength(0);
    // A POST without the anti-forgery header is refused before anything else.
    const forged = await staff.post(
      url(ballarat.id, '/pickup'),
      { PickupEnabled: false },
      { headers: { [ANTI_FORGERY_HEADER]: 'forged' } },
    );
    expect(forged.status).toBe(403);
    expect((await storeRow(ballarat.id)).pickup_disabled).toBe(0);
  });

  it('saves phone, e-mail, address and hours: the store page shows them; the audit has the change once', async () => {
    const value = await settingsOf(staff, ballarat.id);
    const reply = await staff.post<ConsoleStoreSettingsValue>(
      url(ballarat.id, '/details'),
      details(value, {
        Phone: '(03) 5331 2000',
        Email: 'ballarat@example.com',
        Street: 'Shop 4, 12 Sturt St',
        Postcode: '3350',
        OpeningHours: WEEK,
      }),
    );
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    expect(reply.body.Value.Details).toMatchObject({ Phone: '(03) 5331 2000', Street: 'Shop 4, 12 Sturt St' });
    const shown = await publicStore(ballarat);
    expect(shown).toMatchObject({
      Phone: '(03) 5331 2000',
      Email: 'ballarat@example.com',
      Address: 'Shop 4, 12 Sturt St, Ballarat VIC 3350',
      OpeningHours: WEEK,
    });
    const lines = await auditLines(ballarat.id);
    expect(lines).toHaveLength(1);
    const detail = JSON.parse(lines[0]?.detail ?? '{}');
    expect(detail.section).toBe('details');
    expect(detail.phone.to).toBe('(03) 5331 2000');
    expect(Object.keys(detail)).not.toContain('suburb');
    // The same again changes nothing and records nothing.
    const again = await staff.post(url(ballarat.id, '/details'), details(reply.body.Value));
    expect(again.status).toBe(200);
    expect(await auditLines(ballarat.id)).toHaveLength(1);
    // A store whose address is kept in another form keeps it when the form is saved as shown.
    const other = await settingsOf(staff, castlemaine.id);
    const kept = await staff.post(url(castlemaine.id, '/details'), details(other, { OpeningHours: WEEK }));
    expect(kept.status, kept.body.Message ?? '').toBe(200);
    expect((await storeRow(castlemaine.id)).address).toBe(castlemaine.address);
  });

  it('refuses bad details with every field named, and changes nothing', async () => {
    const value = await settingsOf(staff, ballarat.id);
    const before = await storeRow(ballarat.id);
    const audits = (await auditLines(ballarat.id)).length;
    const bad = [
      [{ Phone: '12' }, 'Phone: Please enter a valid Australian phone number'],
      [{ Email: 'not an address' }, 'Email: Please enter a valid email address'],
      [{ Street: '  ' }, 'Street: Street address is required'],
      [{ Postcode: '33500' }, 'Postcode: Please enter a 4 digit postcode'],
      [{ OpeningHours: WEEK.slice(0, 6) }, 'OpeningHours: Give the hours of every day of the week'],
      [
        { OpeningHours: WEEK.map((r, i) => (i === 2 ? { ...r, Hours: '' } : r)) },
        "OpeningHours.2.Hours: Enter the day's hours, or Closed",
      ],
      [{ OpeningHours: [...WEEK].reverse() }, 'OpeningHours.0.Day: Must be Monday'],
      [{ Suburb: 'Two\nlines' }, 'Suburb: Please enter this on a single line'],
    ] as const;
    for (const [overrides, message] of bad) {
      const reply = await staff.post(url(ballarat.id, '/details'), details(value, overrides));
      expect(reply.status, message).toBe(400);
      expect(reply.body.Message).toContain(message);
    }
    // Several at once: each is named.
    const several = await staff.post(url(ballarat.id, '/details'), details(value, { Phone: 'x', Email: 'y' }));
    expect(several.body.Message).toMatch(/Phone: .*Email: /);
    expect(await storeRow(ballarat.id)).toEqual(before);
    expect(await auditLines(ballarat.id)).toHaveLength(audits);
  });

  it('turns pickup off and on: checkout and the product page stop offering the store, then offer it again', async () => {
    const product = await item(ballarat.id);
    const shopper = await shopperWith([product.id]);
    const split = async () =>
      (await shopper.get<SplitShipment[]>('/c3api/checkout/splitcheckoutview')).body.Value.find(
        (s) => s.store.id === ballarat.id,
      );
    const page = async () =>
      (await guest.get<ProductDetail>(`/c3api/product/query?code=${product.code}`)).body.Value
        .ItemUnavailableAsStoreDisabledPickup;
    expect((await split())?.store.pickupDisabled).toBe(false);
    expect(await page()).toBe(false);
    const bulkChanges = async () =>
      (await db().selectFrom('product_changes').select('seq').where('product_id', 'is', null).execute()).length;
    const bulkBefore = await bulkChanges();

    const off = await staff.post<ConsoleStoreSettingsValue>(url(ballarat.id, '/pickup'), { PickupEnabled: false });
    expect(off.status, off.body.Message ?? '').toBe(200);
    expect(off.body.Value.Pickup.PickupEnabled).toBe(false);
    expect((await split())?.store.pickupDisabled).toBe(true);
    expect(await page()).toBe(true);
    expect((await publicStore(ballarat))?.PickupDisabled).toBe(true);
    // The search index is told: its copy of the store is rebuilt (a bulk change in the feed).
    expect(await bulkChanges()).toBe(bulkBefore + 1);

    const on = await staff.post<ConsoleStoreSettingsValue>(url(ballarat.id, '/pickup'), { PickupEnabled: true });
    expect(on.body.Value.Pickup.PickupEnabled).toBe(true);
    expect((await split())?.store.pickupDisabled).toBe(false);
    expect(await page()).toBe(false);
    const pickups = (await auditLines(ballarat.id)).filter((l) => JSON.parse(l.detail).section === 'pickup');
    expect(pickups).toHaveLength(2);

    const bad = await staff.post(url(ballarat.id, '/pickup'), { PickupEnabled: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('PickupEnabled');
  });

  it('changes the postage table for this store alone (its shared table is copied), Express and the surcharge', async () => {
    const product = await item(ballarat.id, 60_000);
    const neighbour = await item(bendigo.id, 60_000);
    const estimate = async (id: number) => {
      const shopper = await shopperWith([id]);
      const reply = await shopper.post<ShippingEstimate>('/c3api/checkout/shipping/estimate', {
        SystemName: 'AustraliaPost',
        DeliveryAddress: SYDNEY,
      });
      expect(reply.status, reply.body.Message ?? '').toBe(200);
      return reply.body.Value;
    };
    const before = await estimate(product.id);
    expect(before.Regular?.Amount).toBe(995 + 1295);
    expect(before.Express?.Amount).toBe(1395 + 1295);

    const value = await settingsOf(staff, ballarat.id);
    const metro = value.Postage?.Zones.find((z) => z.Name === 'Metro')?.Id as number;
    const rates = (value.Postage?.Rates ?? []).map((r) =>
      r.ZoneId === metro && r.Service === 'Regular' && r.MaxWeightGrams === 500 ? { ...r, PriceMinor: 750 } : r,
    );
    const saved = await staff.post<ConsoleStoreSettingsValue>(
      url(ballarat.id, '/postage'),
      postageBody(value, { Rates: rates, ExpressEnabled: false, SurchargeThresholdMinor: 70_000, HandlingMinor: 150 }),
    );
    expect(saved.status, saved.body.Message ?? '').toBe(200);
    expect(saved.body.Value.Postage).toMatchObject({
      RateCardShared: false,
      ExpressEnabled: false,
      HandlingMinor: 150,
    });
    expect(saved.body.Value.Postage?.RateCardName).toBe(`Test card (store ${ballarat.id})`);

    // The shop quotes the new rate: $7.50 + $1.50 handling, no Express, no surcharge under $700.
    const after = await estimate(product.id);
    expect(after.Regular?.Amount).toBe(750 + 150);
    expect(after.Express).toBeNull();
    expect(after.HasSignatureOnDelivery).toBe(false);
    // Bendigo shared the table: its quote is as it was.
    expect((await estimate(neighbour.id)).Regular?.Amount).toBe(995 + 1295);
    const line = (await auditLines(ballarat.id)).filter((l) => JSON.parse(l.detail).section === 'postage');
    expect(line).toHaveLength(1);
    expect(JSON.parse(line[0]?.detail ?? '{}').TableCopied).toBe(true);

    // Its own table now: a further change is made in place (no second copy).
    const own = saved.body.Value;
    const cards = async () => (await db().selectFrom('shipping_rate_cards').select('id').execute()).length;
    const cardCount = await cards();
    const ownMetro = own.Postage?.Zones.find((z) => z.Name === 'Metro')?.Id;
    expect(ownMetro).not.toBe(metro);
    const removed = await staff.post<ConsoleStoreSettingsValue>(
      url(ballarat.id, '/postage'),
      postageBody(own, { Rates: (own.Postage?.Rates ?? []).filter((r) => r.ZoneId !== ownMetro) }),
    );
    expect(removed.status, removed.body.Message ?? '').toBe(200);
    expect(await cards()).toBe(cardCount);
    // Without Metro's bands the Sydney address falls back to nothing: a missing table rate.
    expect((await estimate(product.id)).MissingTableRateMessage).not.toBeNull();
  });

  it('refuses a bad postage table with the row and field named, and changes nothing', async () => {
    const value = await settingsOf(otherStaff, bendigo.id);
    const rates = value.Postage?.Rates ?? [];
    const first = rates[0] as NonNullable<typeof rates>[number];
    const settingsRows = () => db().selectFrom('store_shipping_settings').selectAll().orderBy('store_id').execute();
    const rateRows = () => db().selectFrom('shipping_rates').selectAll().orderBy('id').execute();
    const before = [await settingsRows(), await rateRows()];
    const bad = [
      [{ Rates: [{ ...first, MinDays: 5, MaxDays: 2 }] }, 'Rates.0.MaxDays: Must be at least the earliest day'],
      [
        { Rates: [first, { ...first }] },
        'Rates.1.MaxWeightGrams: Another row of this zone and service has this weight',
      ],
      [{ Rates: [{ ...first, PriceMinor: -1 }] }, 'Rates.0.PriceMinor: Must not be negative'],
      [{ Rates: [{ ...first, PriceMinor: 9.5 }] }, 'Rates.0.PriceMinor'],
      [{ Rates: [{ ...first, Service: 'Overnight' }] }, 'Rates.0.Service'],
      [{ SurchargeMinor: 'ten' }, 'SurchargeMinor'],
      [{ Rates: [{ ...first, ZoneId: 999_999 }] }, `Rates.0.ZoneId: ${NO_SUCH_ZONE_MESSAGE}`],
    ] as const;
    for (const [overrides, message] of bad) {
      const reply = await otherStaff.post(url(bendigo.id, '/postage'), postageBody(value, overrides));
      expect(reply.status, message).toBe(400);
      expect(reply.body.Message).toContain(message);
    }
    // A zone of another store's table is not this store's either.
    const ballaratZone = (await settingsOf(staff, ballarat.id)).Postage?.Zones[0]?.Id as number;
    const foreign = await otherStaff.post(
      url(bendigo.id, '/postage'),
      postageBody(value, { Rates: [{ ...first, ZoneId: ballaratZone }] }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toContain(NO_SUCH_ZONE_MESSAGE);
    expect([await settingsRows(), await rateRows()]).toEqual(before);
    // A store without a table cannot set one up here.
    const none = await staff.post(url(castlemaine.id, '/postage'), postageBody(value, { Rates: [] }));
    expect(none.status).toBe(409);
    expect(none.body.Message).toBe(NO_RATE_CARD_MESSAGE);
    expect(await auditLines(bendigo.id)).toHaveLength(0);
  });

  it("starts a store without a postage table on the region's usual one, once", async () => {
    const start = url(castlemaine.id, '/postage/start');
    expect((await guest.post(start)).status).toBe(401);
    expect((await customer.post(start)).status).toBe(403);
    expect((await otherStaff.post(start)).status).toBe(404);
    expect((await settingsOf(staff, castlemaine.id)).Postage).toBeNull();
    const started = await staff.post<ConsoleStoreSettingsValue>(start);
    expect(started.status, started.body.Message ?? '').toBe(200);
    expect(started.body.Value.Postage).toMatchObject({
      ExpressEnabled: true,
      SurchargeThresholdMinor: null,
      SurchargeMinor: 0,
      HandlingMinor: 0,
      RateCardShared: true,
    });
    expect(started.body.Value.Postage?.Rates.length).toBeGreaterThan(0);
    const again = await staff.post(start);
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe(POSTAGE_EXISTS_MESSAGE);
    const lines = (await auditLines(castlemaine.id)).map((l) => JSON.parse(l.detail));
    expect(lines.filter((l) => l.Started)).toHaveLength(1);
    // Its items can now be posted: checkout quotes them.
    const shopper = await shopperWith([(await item(castlemaine.id)).id]);
    const quote = await shopper.post<ShippingEstimate>('/c3api/checkout/shipping/estimate', {
      SystemName: 'AustraliaPost',
      DeliveryAddress: SYDNEY,
    });
    expect(quote.status, quote.body.Message ?? '').toBe(200);
    expect(quote.body.Value.MissingTableRateMessage).toBeNull();
    expect(quote.body.Value.Regular?.Amount).toBeGreaterThan(0);
  });

  it('saves the invoice identity: a new tax invoice prints it; a bad ABN changes nothing', async () => {
    const value = await settingsOf(staff, ballarat.id);
    const before = await storeRow(ballarat.id);
    const invoiceBody = (overrides: Record<string, unknown>) => ({
      EntityName: value.Invoice.EntityName,
      BusinessNumber: value.Invoice.BusinessNumber,
      TaxRegistered: true,
      Licences: value.Invoice.Licences,
      ...overrides,
    });
    const wrong = await staff.post(url(ballarat.id, '/invoice'), invoiceBody({ BusinessNumber: '12 345 678 901' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe(`Invalid input. BusinessNumber: ${ABN_MESSAGE}`);
    const blank = await staff.post(url(ballarat.id, '/invoice'), invoiceBody({ EntityName: ' ', Licences: [''] }));
    expect(blank.status).toBe(400);
    expect(blank.body.Message).toMatch(/EntityName: .*Licences\.0: /);
    expect(await storeRow(ballarat.id)).toEqual(before);

    const abn = abnFromBase('123456789');
    const saved = await staff.post<ConsoleStoreSettingsValue>(
      url(ballarat.id, '/invoice'),
      invoiceBody({
        EntityName: 'Sturt Street Traders Pty Ltd',
        BusinessNumber: abn.replace(/\s/g, ''),
        Licences: ['Second-hand Dealers and Pawnbrokers Licence VIC-654321'],
      }),
    );
    expect(saved.status, saved.body.Message ?? '').toBe(200);
    expect(saved.body.Value.Invoice).toMatchObject({
      EntityName: 'Sturt Street Traders Pty Ltd',
      BusinessNumber: abn,
      Printed: {
        TaxNumber: abn,
        Licences: [{ Name: 'Second-hand Dealers and Pawnbrokers Licence', Number: 'VIC-654321' }],
      },
    });

    const email = newEmail('invoice');
    const owner = new TestClient(server.baseUrl);
    await owner.register(email);
    const order = await fixtures.order({
      userId: await fixtures.userIdOf(email),
      email,
      shipments: [{ store: await storeRow(ballarat.id), method: 'pickup', items: [{ price: 12_000 }] }],
    });
    const invoice = await owner.get<GstInvoiceValue>(`/c3api/invoice?id=${order.reference}`);
    expect(invoice.status, invoice.body.Message ?? '').toBe(200);
    expect(invoice.body.Value.StoreInvoiceDetails[0]).toMatchObject({
      EntityName: 'Sturt Street Traders Pty Ltd',
      ABN: abn,
      Licenses: [{ Name: 'Second-hand Dealers and Pawnbrokers Licence', Number: 'VIC-654321' }],
    });

    // Not registered for GST: the store issues no invoice for a new order.
    const unregistered = await staff.post(url(ballarat.id, '/invoice'), invoiceBody({ TaxRegistered: false }));
    expect(unregistered.status).toBe(200);
    const next = await fixtures.order({
      userId: await fixtures.userIdOf(email),
      email,
      shipments: [{ store: await storeRow(ballarat.id), method: 'pickup', items: [{ price: 5_000 }] }],
    });
    expect((await owner.get(`/c3api/invoice?id=${next.reference}`)).status).toBe(404);
  });

  it('checks a UK store’s VAT number on a UK shop', async () => {
    // The UK store's own shop (REGION=UK) on the same database.
    const uk = await shop.startServer({ TRUST_PROXY: 'true', REGION: 'UK' });
    try {
      const { client } = await staffAccount(uk, 'store_staff', [ukStore.id], newEmail('ukstaff'));
      const path = `/c3api/console/stores/${ukStore.id}/settings/invoice`;
      const body = {
        EntityName: 'Camden Second Hand Traders Ltd',
        BusinessNumber: '',
        TaxRegistered: true,
        Licences: [],
      };
      const missing = await client.post(path, { ...body, VatNumber: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.Message).toBe(`Invalid input. VatNumber: ${VAT_NUMBER_REQUIRED_MESSAGE}`);
      const saved = await client.post<ConsoleStoreSettingsValue>(path, { ...body, VatNumber: 'gb 123 4567 82' });
      expect(saved.status, saved.body.Message ?? '').toBe(200);
      expect(saved.body.Value.Invoice).toMatchObject({
        VatNumber: 'GB123456782',
        Printed: { TaxNumber: 'GB123456782' },
      });
      // The UK's phone rule and postcode on the details.
      const value = saved.body.Value;
      const details = await client.post(`/c3api/console/stores/${ukStore.id}/settings/details`, {
        ...value.Details,
        Phone: '020 7946 0000',
        Postcode: 'nw1 8aa',
        OpeningHours: WEEK,
      });
      expect(details.status, details.body.Message ?? '').toBe(200);
      expect((await storeRow(ukStore.id)).postcode).toBe('NW1 8AA');
    } finally {
      await uk.close();
    }
  });
});
