import type { GstInvoiceValue, StoreInvoiceDetails } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, TaxTreatment } from '../../db/tables/orders.js';
import { systemContext } from '../../lib/context.js';
import { newPublicReference } from '../../lib/public-reference.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { OrderLinks } from '../orders/order-links.js';
import type { PaymentOptionName } from '../payments/payment-provider.js';
import { splitByLargestRemainder } from '../promotions/split.js';

const SECRET_KEY = 'invoice-tests-secret-key-0123456789abcdef';
const links = new OrderLinks(SECRET_KEY, 'http://shop.test');

const ADA = { EmailAddress: 'ada@example.com', FirstName: 'Ada', LastName: 'Lovelace', PhoneNumber: '0412 345 678' };
const SYDNEY = {
  BusinessName: '',
  Line1: '1 George St',
  Line2: 'Level 2',
  Suburb: 'Sydney',
  State: 'NSW',
  PostCode: '2000',
  CountryCode: 'AU',
  CountryName: 'Australia',
};
const LEEDS = {
  BusinessName: 'Analytical Engines Ltd',
  Line1: '1 Briggate',
  Line2: '',
  Suburb: 'Leeds',
  State: 'West Yorkshire',
  PostCode: 'LS1 6HD',
  CountryCode: 'GB',
  CountryName: 'United Kingdom',
};

interface StoreRef {
  id: number;
  name: string;
}
interface LineSpec {
  price: number;
  tax?: TaxTreatment;
}
interface ShipmentSpec {
  store: StoreRef;
  /** Postage in minor units; 0 or absent: collected in store. */
  postage?: number;
  lines: LineSpec[];
}
interface OrderSpec {
  region?: 'AU' | 'UK';
  userId?: number | null;
  status?: OrderStatus;
  provider?: PaymentOptionName;
  providerReference?: string | null;
  discount?: number;
  shipments: ShipmentSpec[];
}

let nextProductId = 900_000;

describe.each(testDatabaseTargets())('tax invoices (GET /c3api/invoice) on $name', (target) => {
  let alpha: StoreRef;
  let bravo: StoreRef;
  let charlie: StoreRef;
  let leeds: StoreRef;
  let owner: TestClient;
  let ownerId: number;
  let other: TestClient;

  const shop = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      alpha = await makeStore(db, {
        name: 'Parramatta',
        state: 'NSW',
        address: '12 Church St, Parramatta NSW 2150',
        suburb: 'Parramatta',
        postcode: '2150',
        phone: '(02) 9633 1234',
        email: 'parramatta@secondhandstores.com.au',
        entity_name: 'Parramatta Secondhand Traders Pty Ltd',
        business_number: '51824753556',
        dealer_licences: JSON.stringify([
          'Second-hand Dealers and Pawnbrokers Licence NSW-123456',
          'Motor Dealer Licence No. MD4471',
        ]),
        tax_registered: 1,
        pickup_disabled: 0,
      });
      bravo = await makeStore(db, { name: 'Penrith', state: 'NSW', tax_registered: 1, pickup_disabled: 0 });
      charlie = await makeStore(db, {
        name: 'Katoomba',
        state: 'NSW',
        entity_name: 'Katoomba Cash & Trade Pty Ltd',
        tax_registered: 0,
        pickup_disabled: 0,
      });
      leeds = await makeStore(db, {
        name: 'Leeds',
        region: 'UK',
        state: 'WYK',
        address: '40 Boar Lane, Leeds LS1 5DA',
        suburb: 'Leeds',
        postcode: 'LS1 5DA',
        phone: '0113 245 0000',
        email: 'leeds@secondhandstores.co.uk',
        entity_name: 'Leeds Resale Ltd',
        business_number: '08123456',
        vat_number: 'GB999999973',
        dealer_licences: '[]',
        tax_registered: 1,
      });
    },
    env: { TRUST_PROXY: 'true', SECRET_KEY },
  });
  const { database, server: au, startServer } = shop;
  const uk = shop.alsoServe({ TRUST_PROXY: 'true', SECRET_KEY, REGION: 'UK', JOBS_IN_PROCESS: 'false' });

  beforeAll(async () => {
    const db = database.handle.db;
    owner = new TestClient(au.baseUrl);
    await owner.register(ADA.EmailAddress, 'correct horse battery', { first: 'Ada', last: 'Lovelace' });
    ownerId = (
      await db.selectFrom('users').select('id').where('email', '=', ADA.EmailAddress).executeTakeFirstOrThrow()
    ).id;
    other = new TestClient(au.baseUrl);
    await other.register('babbage@example.com');
  });

  /**
   * An order as checkout stores it, written through the orders service: each shipment's postage
   * spread over its lines by price, the discount over every line by price (largest remainder), a
   * payment attempt (succeeded once confirmed).
   */
  async function makeOrder(spec: OrderSpec) {
    const region = spec.region ?? 'AU';
    const ctx = systemContext(database.handle, region);
    const status = spec.status ?? 'confirmed';
    const now = Date.UTC(2026, 10, 20, 3, 4, 5);
    const keyed = spec.shipments.map((s) => s.lines.map((line) => ({ ...line, productId: nextProductId++ })));
    const discounts = splitByLargestRemainder(
      keyed.flat().map((l) => ({ key: l.productId, weight: l.price })),
      spec.discount ?? 0,
    );
    const address = region === 'AU' ? SYDNEY : LEEDS;
    const shipments = spec.shipments.map((shipment, index) => {
      const lines = keyed[index] ?? [];
      const postage = shipment.postage ?? 0;
      const shares = splitByLargestRemainder(
        lines.map((l) => ({ key: l.productId, weight: l.price })),
        postage,
      );
      return {
        storeId: shipment.store.id,
        storeName: shipment.store.name,
        method: postage > 0 ? ('postage' as const) : ('pickup' as const),
        service: postage > 0 ? ('Regular' as const) : null,
        postageMinor: postage,
        address: postage > 0 ? address : { BusinessName: shipment.store.name, Line1: '12 Church St' },
        postageSnapshot: null,
        lines: lines.map((line) => ({
          productId: line.productId,
          code: `INV${line.productId}`,
          title: `Item ${line.productId}`,
          priceMinor: line.price,
          discountMinor: discounts.get(line.productId) ?? 0,
          postageShareMinor: shares.get(line.productId) ?? 0,
          taxTreatment: line.tax ?? 'standard',
          itemType: 'Guitars',
        })),
      };
    });
    const itemsMinor = keyed.flat().reduce((sum, l) => sum + l.price, 0);
    const postageMinor = shipments.reduce((sum, s) => sum + s.postageMinor, 0);
    const discountMinor = spec.discount ?? 0;
    const totalMinor = itemsMinor - discountMinor + postageMinor;
    const provider = spec.provider ?? 'Eway';
    const created = await au.services.orders.create(ctx, {
      region,
      userId: spec.userId === undefined ? ownerId : spec.userId,
      cartId: null,
      email: ADA.EmailAddress,
      customer: { ...ADA, Consent: false },
      billingAddress: address,
      status,
      paymentOption: provider,
      deliveryOption: 'SplitPostage',
      itemsMinor,
      postageMinor,
      discountMinor,
      totalMinor,
      discountCode: null,
      holdExpiresAt: now + 60_000,
      now,
      shipments,
    });
    const attempt = await au.services.payments.createAttempt(ctx, {
      orderId: created.id,
      provider,
      amountMinor: totalMinor,
      region,
      status: status === 'pending_payment' ? 'pending' : 'succeeded',
      now,
    });
    if (spec.providerReference)
      await au.services.payments.setProviderReference(ctx, attempt.id, spec.providerReference);
    return {
      ...created,
      totalMinor,
      attempt,
      key: links.key({ reference: created.reference, link_version: 0, created_at: now }),
    };
  }

  const invoicePath = (reference: string, key?: string) =>
    `/c3api/invoice?id=${encodeURIComponent(reference)}${key === undefined ? '' : `&key=${encodeURIComponent(key)}`}`;
  const storeOf = (invoice: GstInvoiceValue, name: string) =>
    invoice.StoreInvoiceDetails.find((s) => s.StoreDisplayName === name) as StoreInvoiceDetails;
  const counter = async (storeId: number) =>
    (
      await database.handle.db
        .selectFrom('store_invoice_numbers')
        .select('last_number')
        .where('store_id', '=', storeId)
        .executeTakeFirst()
    )?.last_number ?? 0;

  it('a guest order placed in checkout: the signed key opens its invoice, with the buyer, the store and the arithmetic', async () => {
    const guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    const guest = new TestClient(au.baseUrl);
    const prices = { [alpha.id]: 12_345, [bravo.id]: 6_789 };
    for (const store of [alpha, bravo]) {
      const { id } = await makeProduct(database.handle.db, {
        store_id: store.id,
        category_id: guitars,
        price_minor: prices[store.id] as number,
        disable_in_store_pickup: 0,
        tax_treatment: 'standard',
      });
      expect((await guest.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    }
    // SAVE10 (seeded): 10% off $191.34 = $19.13, spread over the two items by price.
    expect((await guest.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' })).status).toBe(200);
    const placed = await guest.post<{ ConfirmationUrl: string }>('/c3api/checkout/purchase/process', {
      PaymentOption: 'Generic',
      DeliveryOption: 'StorePickup',
      CustomerDetails: { ...ADA, EmailAddress: 'guest@example.com', FirstName: 'Grace', LastName: 'Hopper' },
      BillingAddress: { Line1: '1 George St', Line2: 'Level 2', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
      IsStorePickup: true,
    });
    expect(placed.status, placed.body.Message ?? '').toBe(200);
    const url = new URL(placed.body.Value.ConfirmationUrl, au.baseUrl);
    const reference = url.pathname.split('/').at(-1) as string;
    const key = url.searchParams.get('key') as string;

    expect((await new TestClient(au.baseUrl).get(invoicePath(reference))).status).toBe(404);
    const reply = await new TestClient(au.baseUrl).get<GstInvoiceValue>(invoicePath(reference, key));
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const invoice = reply.body.Value;
    const order = await au.services.orders.byReference(au.ctx(), reference);
    const attempt = (await au.services.payments.attemptsFor(au.ctx(), order?.id ?? 0))[0];
    expect(invoice).toMatchObject({
      DocumentKind: 'TaxInvoice',
      Currency: 'AUD',
      OrderReference: reference,
      OrderDate: new Date(Number(order?.created_at)).toISOString(),
      OrderDateTimeZone: 'AEST',
      PaymentType: 'PayInStore',
      PaymentGatewayReference: attempt?.tracking_number,
      BuyerIdentityRequired: false,
      CustomerDetails: {
        FirstName: 'Grace',
        LastName: 'Hopper',
        Line1: '1 George St',
        Line2: 'Level 2',
        City: 'Sydney',
        RegionCode: 'NSW',
        PostalCode: '2000',
        CountryName: 'Australia',
        DaytimePhoneNumber: '0412 345 678',
      },
    });
    expect(invoice.StoreInvoiceDetails).toHaveLength(2);
    const parramatta = storeOf(invoice, 'Parramatta');
    expect(parramatta).toMatchObject({
      StoreDisplayName: 'Parramatta',
      EntityName: 'Parramatta Secondhand Traders Pty Ltd',
      ABN: '51 824 753 556',
      Licenses: [
        { Name: 'Second-hand Dealers and Pawnbrokers Licence', Number: 'NSW-123456' },
        { Name: 'Motor Dealer Licence', Number: 'MD4471' },
      ],
      PostageReference: null,
      DispatchDate: null,
      DeliveryAddress: { FirstName: 'Grace', LastName: 'Hopper', IsInStorePickup: true },
      AddressLine1: '12 Church St',
      AddressLine2: 'Parramatta NSW 2150',
      Phone: '(02) 9633 1234',
      Email: 'parramatta@secondhandstores.com.au',
      PostageTotal: 0,
    });
    // $19.13 over $123.45 and $67.89 by price: 1234.26 and 678.74 -> 1234 and 679 (largest remainder),
    // so the items cost $111.11 and $61.10.
    expect(storeOf(invoice, 'Penrith').Items[0]?.Properties.ExtendedPrice).toBe(6_789 - 679);
    expect(parramatta.Items[0]?.Properties).toEqual({
      ExtendedPrice: 11_111,
      ItemGstApplied: true,
      ItemGstComponent: 1010, // 11111 / 11 = 1010.09
      ShippingGstComponent: 0,
      ItemProportionateShippingCost: 0,
      TaxTreatment: 'standard',
    });
    expect(storeOf(invoice, 'Penrith').Items[0]?.Properties.ItemGstComponent).toBe(555); // 6110 / 11 = 555.45
    expect(invoice.StoreInvoiceDetails.reduce((sum, s) => sum + s.TotalIncludingTax, 0)).toBe(order?.total_minor);
    expect(order?.total_minor).toBe(19_134 - 1913);
    // Each store numbers its own invoices.
    expect(parramatta.InvoiceNumber).toBe(`${alpha.id}-000001`);
    expect(storeOf(invoice, 'Penrith').InvoiceNumber).toBe(`${bravo.id}-000001`);
  });

  it('answers the owner, and a 404 identical to a missing order to everyone else', async () => {
    const order = await makeOrder({ shipments: [{ store: alpha, lines: [{ price: 5_000 }] }] });
    const missing = await new TestClient(au.baseUrl).get(invoicePath(newPublicReference('ORD')));
    expect(missing.status).toBe(404);

    expect((await owner.get<GstInvoiceValue>(invoicePath(order.reference))).status).toBe(200);
    // The reference as typed (lower case, without the groups' hyphens) reads the same.
    const typed = `ord-${order.reference.slice(4).replaceAll('-', '').toLowerCase()}`;
    expect((await owner.get(invoicePath(typed))).status).toBe(200);
    const refusals = {
      anotherCustomer: await other.get(invoicePath(order.reference)),
      anotherCustomerWithAWrongKey: await other.get(invoicePath(order.reference, 'nope')),
      guestWithoutKey: await new TestClient(au.baseUrl).get(invoicePath(order.reference)),
      guestWithAWrongKey: await new TestClient(au.baseUrl).get(invoicePath(order.reference, `${order.key}x`)),
      guestWithAnotherOrdersKey: await new TestClient(au.baseUrl).get(
        invoicePath(
          order.reference,
          links.key({ reference: newPublicReference('ORD'), link_version: 0, created_at: Date.now() }),
        ),
      ),
      guessedReference: await owner.get(invoicePath(newPublicReference('ORD'))),
      notAReference: await owner.get(invoicePath('12345')),
      anotherRegion: await new TestClient(uk.baseUrl).get(invoicePath(order.reference, order.key)),
    };
    for (const [who, reply] of Object.entries(refusals)) {
      expect({ who, status: reply.status, body: reply.body }).toEqual({ who, status: 404, body: missing.body });
    }
    // A guest with the signed key is the owner's equal.
    expect((await new TestClient(au.baseUrl).get(invoicePath(order.reference, order.key))).status).toBe(200);
    // A missing id is bad input, not a missing invoice.
    expect((await owner.get('/c3api/invoice')).status).toBe(400);
  });

  it('has no invoice for an order that is not confirmed, or has no registered store', async () => {
    const missing = await new TestClient(au.baseUrl).get(invoicePath(newPublicReference('ORD')));
    for (const status of ['pending_payment', 'cancelled', 'refunded', 'expired'] as const) {
      const order = await makeOrder({ status, shipments: [{ store: alpha, lines: [{ price: 5_000 }] }] });
      for (const reply of [
        await owner.get(invoicePath(order.reference)),
        await new TestClient(au.baseUrl).get(invoicePath(order.reference, order.key)),
      ]) {
        expect({ status, reply: reply.status, body: reply.body }).toEqual({ status, reply: 404, body: missing.body });
      }
    }
    const unregistered = await makeOrder({ shipments: [{ store: charlie, lines: [{ price: 5_000 }] }] });
    expect((await owner.get(invoicePath(unregistered.reference))).status).toBe(404);
    // Nothing was numbered for any of them.
    expect(await counter(charlie.id)).toBe(0);
  });

  it('numbers invoices per store, on first request, once; an unregistered store of the order issues none', async () => {
    const start = { alpha: await counter(alpha.id), bravo: await counter(bravo.id) };
    const both = await makeOrder({
      shipments: [
        { store: alpha, lines: [{ price: 1_000 }] },
        { store: bravo, lines: [{ price: 2_000 }] },
        { store: charlie, lines: [{ price: 3_000 }] },
      ],
    });
    const onlyAlpha = await makeOrder({ shipments: [{ store: alpha, lines: [{ price: 1_000 }] }] });
    const onlyBravo = await makeOrder({ shipments: [{ store: bravo, lines: [{ price: 1_000 }] }] });
    const number = (store: StoreRef, n: number) => `${store.id}-${String(n).padStart(6, '0')}`;

    // Placing orders numbers nothing: numbers are issued when an invoice is first asked for.
    expect(await counter(alpha.id)).toBe(start.alpha);

    const first = (await owner.get<GstInvoiceValue>(invoicePath(onlyBravo.reference))).body.Value;
    expect(first.StoreInvoiceDetails.map((s) => s.InvoiceNumber)).toEqual([number(bravo, start.bravo + 1)]);
    const second = (await owner.get<GstInvoiceValue>(invoicePath(both.reference))).body.Value;
    expect(second.StoreInvoiceDetails.map((s) => [s.StoreDisplayName, s.InvoiceNumber])).toEqual([
      ['Parramatta', number(alpha, start.alpha + 1)],
      ['Penrith', number(bravo, start.bravo + 2)],
    ]);
    const third = (await owner.get<GstInvoiceValue>(invoicePath(onlyAlpha.reference))).body.Value;
    expect(third.StoreInvoiceDetails.map((s) => s.InvoiceNumber)).toEqual([number(alpha, start.alpha + 2)]);
    // Asking again answers the same numbers and takes no new ones.
    const again = (await owner.get<GstInvoiceValue>(invoicePath(both.reference, both.key))).body.Value;
    expect(again.StoreInvoiceDetails.map((s) => s.InvoiceNumber)).toEqual(
      second.StoreInvoiceDetails.map((s) => s.InvoiceNumber),
    );
    // Its date of issue is when it was first numbered, and stays so.
    const issued = second.StoreInvoiceDetails.map((s) => Date.parse(s.InvoiceDate));
    for (const at of issued) expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
    expect(again.StoreInvoiceDetails.map((s) => s.InvoiceDate)).toEqual(
      second.StoreInvoiceDetails.map((s) => s.InvoiceDate),
    );
    expect([await counter(alpha.id), await counter(bravo.id), await counter(charlie.id)]).toEqual([
      start.alpha + 2,
      start.bravo + 2,
      0,
    ]);
    // Katoomba is not registered: its part of the order has no invoice and no number.
    expect(second.StoreInvoiceDetails.some((s) => s.StoreDisplayName === 'Katoomba')).toBe(false);
    const katoomba = await database.handle.db
      .selectFrom('order_shipments')
      .select('invoice_number')
      .where('order_id', '=', both.id)
      .where('store_id', '=', charlie.id)
      .executeTakeFirstOrThrow();
    expect(katoomba.invoice_number).toBeNull();
  });

  it('concurrent first requests settle on one number per store, with no gap after', async () => {
    const order = await makeOrder({
      shipments: [
        { store: alpha, lines: [{ price: 1_000 }] },
        { store: bravo, lines: [{ price: 2_000 }] },
      ],
    });
    const start = { alpha: await counter(alpha.id), bravo: await counter(bravo.id) };
    const clients = Array.from({ length: 10 }, () => new TestClient(au.baseUrl));
    const replies = await Promise.all(
      clients.map((client) => client.get<GstInvoiceValue>(invoicePath(order.reference, order.key))),
    );
    const numbers = replies.map((reply) => {
      expect(reply.status, reply.body.Message ?? '').toBe(200);
      return reply.body.Value.StoreInvoiceDetails.map((s) => s.InvoiceNumber).join(' ');
    });
    expect(new Set(numbers)).toEqual(
      new Set([
        `${alpha.id}-${String(start.alpha + 1).padStart(6, '0')} ${bravo.id}-${String(start.bravo + 1).padStart(6, '0')}`,
      ]),
    );
    expect([await counter(alpha.id), await counter(bravo.id)]).toEqual([start.alpha + 1, start.bravo + 1]);
    // The next invoice follows on: nothing was skipped by the requests that lost.
    const next = await makeOrder({ shipments: [{ store: alpha, lines: [{ price: 1_000 }] }] });
    const reply = await owner.get<GstInvoiceValue>(invoicePath(next.reference));
    expect(reply.body.Value.StoreInvoiceDetails[0]?.InvoiceNumber).toBe(
      `${alpha.id}-${String(start.alpha + 2).padStart(6, '0')}`,
    );
  });

  it('an AU order with a GST-free item (bullion): no GST on it or its postage share, flagged for the footnote', async () => {
    // $110.00 standard and $55.00 GST-free posted for $16.50, shared by price: $11.00 and $5.50.
    const order = await makeOrder({
      provider: 'Eway',
      providerReference: 'EWAY-TXN-31337',
      shipments: [{ store: alpha, postage: 1_650, lines: [{ price: 11_000 }, { price: 5_500, tax: 'gst_free' }] }],
    });
    const invoice = (await owner.get<GstInvoiceValue>(invoicePath(order.reference))).body.Value;
    expect(invoice.PaymentType).toBe('CreditCard');
    expect(invoice.PaymentGatewayReference).toBe('EWAY-TXN-31337');
    const [store] = invoice.StoreInvoiceDetails;
    expect(store?.Items.map((item) => item.Properties)).toEqual([
      {
        ExtendedPrice: 11_000,
        ItemGstApplied: true,
        ItemGstComponent: 1_000,
        ShippingGstComponent: 100,
        ItemProportionateShippingCost: 1_100,
        TaxTreatment: 'standard',
      },
      {
        ExtendedPrice: 5_500,
        ItemGstApplied: false,
        ItemGstComponent: 0,
        ShippingGstComponent: 0,
        ItemProportionateShippingCost: 550,
        TaxTreatment: 'gst_free',
      },
    ]);
    expect(store).toMatchObject({ PostageTotal: 1_650, SubTotal: 16_500, TotalIncludingTax: 18_150, TaxTotal: 1_100 });
    expect(store?.DeliveryAddress).toEqual({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      BusinessName: '',
      Line1: '1 George St',
      Line2: 'Level 2',
      City: 'Sydney',
      RegionCode: 'NSW',
      PostalCode: '2000',
      IsInStorePickup: false,
    });
  });

  it("shows the shipment's tracking number and dispatch date once dispatched", async () => {
    const order = await makeOrder({ shipments: [{ store: alpha, postage: 995, lines: [{ price: 4_000 }] }] });
    const dispatchedAt = Date.UTC(2026, 10, 21, 0, 30);
    await database.handle.db
      .updateTable('order_shipments')
      .set({ fulfilment: 'dispatched', dispatched_at: dispatchedAt, tracking_number: 'AP123456789AU' })
      .where('order_id', '=', order.id)
      .execute();
    const [store] = (await owner.get<GstInvoiceValue>(invoicePath(order.reference))).body.Value.StoreInvoiceDetails;
    expect(store?.PostageReference).toBe('AP123456789AU');
    expect(store?.DispatchDate).toBe(new Date(dispatchedAt).toISOString());
  });

  it('dates a pickup by its collection: it leaves the store then', async () => {
    const order = await makeOrder({ shipments: [{ store: alpha, lines: [{ price: 4_000 }] }] });
    const collectedAt = Date.UTC(2026, 10, 22, 3, 0);
    await database.handle.db
      .updateTable('order_shipments')
      .set({ fulfilment: 'collected', collected_at: collectedAt })
      .where('order_id', '=', order.id)
      .execute();
    const [store] = (await owner.get<GstInvoiceValue>(invoicePath(order.reference))).body.Value.StoreInvoiceDetails;
    expect(store?.DeliveryAddress.IsInStorePickup).toBe(true);
    expect(store?.DispatchDate).toBe(new Date(collectedAt).toISOString());
  });

  it("asks for the buyer's identity from A$1,000", async () => {
    const at = await makeOrder({ provider: 'PayPal', shipments: [{ store: alpha, lines: [{ price: 100_000 }] }] });
    const below = await makeOrder({ provider: 'Clearpay', shipments: [{ store: alpha, lines: [{ price: 99_999 }] }] });
    const atInvoice = (await owner.get<GstInvoiceValue>(invoicePath(at.reference))).body.Value;
    const belowInvoice = (await owner.get<GstInvoiceValue>(invoicePath(below.reference))).body.Value;
    expect([atInvoice.BuyerIdentityRequired, belowInvoice.BuyerIdentityRequired]).toEqual([true, false]);
    // PayPal and Clearpay keep their names; without a provider reference, our attempt's tracking number.
    expect([atInvoice.PaymentType, belowInvoice.PaymentType]).toEqual(['PayPal', 'Clearpay']);
    expect(atInvoice.PaymentGatewayReference).toBe(at.attempt.tracking_number);
  });

  it('a multi-store order with postage and a discount: the store invoices add up to the order total', async () => {
    const order = await makeOrder({
      discount: 2_345,
      shipments: [
        { store: alpha, postage: 1_295, lines: [{ price: 4_995 }, { price: 12_950 }, { price: 399 }] },
        { store: bravo, lines: [{ price: 33_333 }, { price: 7 }] },
        { store: charlie, postage: 995, lines: [{ price: 2_500 }] },
      ],
    });
    const invoice = (await owner.get<GstInvoiceValue>(invoicePath(order.reference))).body.Value;
    const lines = await au.services.orders.lines(au.ctx(), order.id);
    const katoomba = lines.filter((l) => l.code.startsWith('INV') && l.price_minor === 2_500);
    const katoombaTotal = katoomba.reduce((s, l) => s + l.price_minor - l.discount_minor + l.postage_share_minor, 0);
    // The registered stores' invoices plus the unregistered store's part are exactly what was paid.
    expect(invoice.StoreInvoiceDetails.reduce((s, d) => s + d.TotalIncludingTax, 0) + katoombaTotal).toBe(
      order.totalMinor,
    );
    for (const store of invoice.StoreInvoiceDetails) {
      expect(store.SubTotal).toBe(store.Items.reduce((s, i) => s + i.Properties.ExtendedPrice, 0));
      expect(store.PostageTotal).toBe(store.Items.reduce((s, i) => s + i.Properties.ItemProportionateShippingCost, 0));
      expect(store.TotalIncludingTax).toBe(store.SubTotal + store.PostageTotal);
      expect(store.TaxTotal).toBe(
        store.Items.reduce((s, i) => s + i.Properties.ItemGstComponent + i.Properties.ShippingGstComponent, 0),
      );
      for (const item of store.Items) {
        expect(item.Properties.ItemGstComponent).toBe(Math.round(item.Properties.ExtendedPrice / 11));
        expect(item.Properties.ShippingGstComponent).toBe(
          Math.round(item.Properties.ItemProportionateShippingCost / 11),
        );
      }
    }
    expect(storeOf(invoice, 'Parramatta').PostageTotal).toBe(1_295);
    expect(storeOf(invoice, 'Penrith').PostageTotal).toBe(0);
  });

  it('a UK order: a VAT receipt, margin-scheme items without VAT (nor on their postage), a standard item with it', async () => {
    // £64.00 and £16.00 under the margin scheme, £36.00 standard; £5.80 postage shared by price.
    const order = await makeOrder({
      region: 'UK',
      provider: 'GlobalPay',
      providerReference: 'GP-PASREF-77',
      shipments: [
        {
          store: leeds,
          postage: 580,
          lines: [{ price: 6_400, tax: 'margin' }, { price: 1_600, tax: 'margin' }, { price: 3_600 }],
        },
      ],
    });
    const reply = await new TestClient(uk.baseUrl).get<GstInvoiceValue>(invoicePath(order.reference, order.key));
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const invoice = reply.body.Value;
    expect(invoice).toMatchObject({
      DocumentKind: 'VatReceipt',
      Currency: 'GBP',
      OrderDateTimeZone: 'GMT',
      PaymentType: 'CreditCard',
      PaymentGatewayReference: 'GP-PASREF-77',
      BuyerIdentityRequired: false,
      CustomerDetails: {
        City: 'Leeds',
        RegionCode: 'West Yorkshire',
        PostalCode: 'LS1 6HD',
        CountryName: 'United Kingdom',
      },
    });
    const [store] = invoice.StoreInvoiceDetails;
    expect(store).toMatchObject({
      InvoiceNumber: `${leeds.id}-000001`,
      EntityName: 'Leeds Resale Ltd',
      ABN: 'GB999999973',
      Licenses: [],
      AddressLine1: '40 Boar Lane',
      AddressLine2: 'Leeds LS1 5DA',
    });
    // Shares of 580 by price over 6400, 1600, 3600 (of 11600): 320, 80, 180.
    expect(
      store?.Items.map((i) => [
        i.Properties.TaxTreatment,
        i.Properties.ItemGstApplied,
        i.Properties.ItemGstComponent,
        i.Properties.ItemProportionateShippingCost,
        i.Properties.ShippingGstComponent,
      ]),
    ).toEqual([
      ['margin', false, 0, 320, 0],
      ['margin', false, 0, 80, 0],
      ['standard', true, 600, 180, 30],
    ]);
    expect(store).toMatchObject({ PostageTotal: 580, SubTotal: 11_600, TotalIncludingTax: 12_180, TaxTotal: 630 });
    // The AU server does not answer for a UK order.
    expect((await new TestClient(au.baseUrl).get(invoicePath(order.reference, order.key))).status).toBe(404);
  });

  it('has no invoices at all when GST_INVOICES_ENABLED=false', async () => {
    const order = await makeOrder({ shipments: [{ store: alpha, lines: [{ price: 5_000 }] }] });
    const off = await startServer({
      TRUST_PROXY: 'true',
      SECRET_KEY,
      GST_INVOICES_ENABLED: 'false',
      JOBS_IN_PROCESS: 'false',
    });
    try {
      const reply = await new TestClient(off.baseUrl).get(invoicePath(order.reference, order.key));
      expect(reply.status).toBe(404);
    } finally {
      await off.close();
    }
    expect((await new TestClient(au.baseUrl).get(invoicePath(order.reference, order.key))).status).toBe(200);
  });
});
