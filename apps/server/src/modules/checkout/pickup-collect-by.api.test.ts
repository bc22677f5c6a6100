import type { CheckoutSubmission, OrderConfirmationValue, OrderDetailValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

/** Open every day but Sunday; late on Thursday. */
const HOURS = [
  { Day: 'Monday', Hours: '9:00am - 5:30pm' },
  { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Wednesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Thursday', Hours: '9:00am - 9:00pm' },
  { Day: 'Friday', Hours: '9:00am - 5:30pm' },
  { Day: 'Saturday', Hours: '9:00am - 5:00pm' },
  { Day: 'Sunday', Hours: 'Closed' },
];

const UK_SHOPPER: Partial<CheckoutSubmission> = {
  CustomerDetails: {
    EmailAddress: 'sam@example.co.uk',
    FirstName: 'Sam',
    LastName: 'Shopper',
    PhoneNumber: '07700 900123',
    Consent: false,
  },
  BillingAddress: { Line1: '1 High Street', Suburb: 'Leeds', State: 'LDS', PostCode: 'LS1 5DA' },
};

/**
 * A pickup's collect-by: worked out when the order is placed from the store's opening days and
 * closing time in its own zone, and the same on the confirmation, the order page and the e-mails
 * (the shopper's, with the store's address, map link, hours and what ID to bring; and the store's).
 */
describe.each(testDatabaseTargets())('collect-by on $name', (target) => {
  // Sunday 29 November 2026, 5:27 am in Adelaide (ACDT): Sunday is closed, so Monday, Tuesday and
  // Wednesday: Wednesday at 5:30 pm Adelaide time (07:00 UTC). The old rule said Wednesday 4:57 am.
  let clock = Date.parse('2026-11-28T18:57:00Z');
  let adelaide: number;
  let leeds: number;
  let guitars: number;
  const shop = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      guitars = await categoryIdBySlug(db, 'guitars');
      const hours = JSON.stringify(HOURS);
      adelaide = (
        await makeStore(db, {
          name: 'Adelaide Central',
          state: 'SA',
          address: '12 Rundle Mall, Adelaide SA 5000',
          suburb: 'Adelaide',
          postcode: '5000',
          opening_hours: hours,
          pickup_disabled: 0,
        })
      ).id;
      leeds = (
        await makeStore(db, {
          name: 'Leeds Boar Lane',
          region: 'UK',
          state: 'LDS',
          address: '40 Boar Lane, Leeds LS1 5DA',
          suburb: 'Leeds',
          postcode: 'LS1 5DA',
          opening_hours: hours,
          pickup_disabled: 0,
        })
      ).id;
    },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });
  const uk = shop.alsoServe({ TRUST_PROXY: 'true', REGION: 'UK', JOBS_IN_PROCESS: 'false' }, { now: () => clock });

  async function placePickup(server: TestServer, storeId: number, overrides: Partial<CheckoutSubmission> = {}) {
    const item = await makeProduct(shop.database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: 12_500,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(server.baseUrl);
    expect((await client.post(`/c3api/cart/add?productId=${item.id}`)).status).toBe(200);
    const placed = await client.post<{ ConfirmationUrl: string }>(
      '/c3api/checkout/purchase/process',
      pickupSubmission(overrides),
    );
    expect(placed.status, placed.body.Message ?? '').toBe(200);
    const url = new URL(placed.body.Value.ConfirmationUrl, 'http://x');
    const reference = url.pathname.split('/').at(-1) ?? '';
    const key = url.searchParams.get('key') ?? '';
    const confirmation = await client.get<OrderConfirmationValue>(
      `/c3api/checkout/confirmation?reference=${reference}&key=${key}`,
    );
    const detail = await new TestClient(server.baseUrl).get<OrderDetailValue>(
      `/c3api/account/orders/${reference}?key=${encodeURIComponent(key)}`,
    );
    expect(detail.status, detail.body.Message ?? '').toBe(200);
    const mails = await shop.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', 'like', `%${reference}%`)
      .orderBy('id')
      .execute();
    const order = await shop.database.handle.db
      .selectFrom('orders')
      .select('hold_expires_at')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return { reference, confirmation: confirmation.body.Value, detail: detail.body.Value, mails, order };
  }

  it('AU: the store’s closing time on its 3rd opening day, in Adelaide time, everywhere', async () => {
    const placed = await placePickup(shop.server, adelaide);
    const collectBy = { At: '2026-12-02T07:00:00.000Z', TimeZone: 'Australia/Adelaide' };
    expect(placed.confirmation.Stores[0]?.CollectBy).toEqual(collectBy);
    expect(placed.detail.stores[0]?.shippingDetails.collectBy).toEqual(collectBy);
    // The hold lasts until then (not the 3 days that ended at 4:57 am on Wednesday).
    expect(Number(placed.order.hold_expires_at)).toBe(Date.parse(collectBy.At));

    const shopper = placed.mails.find((m) => m.to_address === 'pat@example.com');
    const store = placed.mails.find((m) => m.to_address !== 'pat@example.com');
    const words = 'Collect by Wednesday 2 December, 5:30 pm';
    for (const body of [shopper?.text_body, shopper?.html_body]) {
      expect(body).toContain(words);
      expect(body).toContain('Bring photo ID (driver licence or passport) and your order number.');
      expect(body).toContain('12 Rundle Mall');
      expect(body).toContain('Pay $125.00 when you collect.');
    }
    const map =
      'https://www.google.com/maps/search/?api=1&query=Adelaide%20Central%2C%2012%20Rundle%20Mall%2C%20Adelaide%20SA%205000';
    expect(shopper?.text_body).toContain(`Map: ${map}`);
    expect(shopper?.html_body).toContain(`<a href="${map.replace('&', '&amp;')}">View on a map</a>`);
    expect(shopper?.text_body).toContain('  Thursday: 9:00am - 9:00pm');
    expect(shopper?.html_body).toContain('<td style="padding:2px 0">Closed</td>');
    expect(store?.text_body).toContain('Please hold these items until Wednesday 2 December, 5:30 pm');

    // Ready for pickup: the same block, the same words.
    const moved = await shop.server.services.fulfilment.markReadyForPickup(
      shop.server.ctx(),
      placed.reference,
      adelaide,
    );
    expect(moved.changed).toBe(true);
    const ready = await shop.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', `Your order ${placed.reference} is ready to collect from Adelaide Central`)
      .executeTakeFirstOrThrow();
    expect(ready.text_body).toContain(words);
    expect(ready.html_body).toContain(words);
    expect(ready.html_body).toContain(`href="${map.replace('&', '&amp;')}"`);
  });

  it('UK: London time across the end of British Summer Time, in the UK’s words', async () => {
    // Friday 23 October 2026, 6 pm BST (after closing): Saturday (BST), then Monday and Tuesday (GMT).
    clock = Date.parse('2026-10-23T17:00:00Z');
    const placed = await placePickup(uk, leeds, UK_SHOPPER);
    const collectBy = { At: '2026-10-27T17:30:00.000Z', TimeZone: 'Europe/London' };
    expect(placed.confirmation.Stores[0]?.CollectBy).toEqual(collectBy);
    expect(placed.detail.stores[0]?.shippingDetails.collectBy).toEqual(collectBy);
    const shopper = placed.mails.find((m) => m.to_address === 'sam@example.co.uk');
    for (const body of [shopper?.text_body, shopper?.html_body]) {
      expect(body).toContain('Collect by Tuesday 27 October, 5:30 pm');
      expect(body).toContain('Bring photo ID (driving licence or passport) and your order number.');
      expect(body).toContain('Pay £125.00 when you collect.');
    }
  });
});
