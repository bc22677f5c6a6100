import type { AddressValue, Region } from '@shop/contract';
import type { StoreRow } from '../db/schema.js';
import { inTransaction } from '../db/unit-of-work.js';
import { type Ctx, type DbCtx, systemContext } from '../lib/context.js';
import { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { PasswordHasher } from '../modules/accounts/password-hasher.js';
import { type CatalogueItem, CatalogueService } from '../modules/catalogue/catalogue.service.js';
import { StaffRepository } from '../modules/console/staff/staff.repository.js';
import { FulfilmentService } from '../modules/orders/fulfilment.service.js';
import { OrderLinks } from '../modules/orders/order-links.js';
import { OrdersService, type ShipmentDraft } from '../modules/orders/orders.service.js';
import type { PaymentOptionName, PaymentProvider } from '../modules/payments/payment-provider.js';
import { PaymentsService } from '../modules/payments/payments.service.js';
import { GenericProvider } from '../modules/payments/providers/generic/generic.provider.js';
import { splitByLargestRemainder } from '../modules/promotions/split.js';
import { StoresService, storeAddressLines } from '../modules/stores/stores.service.js';

/**
 * Orders as the checkout writes them, for the demo customer and for tests: the items are reserved
 * (and sold when paid online) through the catalogue, the order with its shipments and lines is
 * written by OrdersService.create with postage shared over each shipment's lines and a discount
 * spread over all lines by price (largest remainder, as checkout does), and its payment attempt
 * is recorded by PaymentsService. What happens after the sale goes through FulfilmentService.
 */

export interface PastShipment {
  store: StoreRow;
  method: 'pickup' | 'postage';
  service?: 'Regular' | 'Express';
  postageMinor?: number;
  /** The posting address (postage only). */
  address?: AddressValue;
  items: CatalogueItem[];
}

export interface PastOrder {
  userId: number | null;
  customer: { EmailAddress: string; FirstName: string; LastName: string; PhoneNumber: string };
  billingAddress: AddressValue;
  paymentOption: PaymentOptionName;
  placedAt: number;
  /** Spread over every line by price. */
  discountMinor?: number;
  discountCode?: string | null;
  /** 'pending_payment' leaves it waiting for an online payment (never confirmed). */
  status?: 'confirmed' | 'pending_payment';
  shipments: PastShipment[];
}

export interface PastOrderDependencies {
  orders: OrdersService;
  catalogue: Pick<CatalogueService, 'reserve' | 'markSold'>;
  payments: PaymentsService;
}

/** Writes one order the way the checkout would have (inside one transaction); answers its id and reference. */
export async function placePastOrder(
  deps: PastOrderDependencies,
  ctx: Ctx,
  spec: PastOrder,
): Promise<{ id: number; reference: string }> {
  const status = spec.status ?? 'confirmed';
  const items = spec.shipments.flatMap((s) => s.items);
  const itemsMinor = items.reduce((sum, item) => sum + item.priceMinor, 0);
  const discountMinor = spec.discountMinor ?? 0;
  const discounts = splitByLargestRemainder(
    items.map((item) => ({ key: item.id, weight: item.priceMinor })),
    discountMinor,
  );
  const shipments: ShipmentDraft[] = spec.shipments.map((s) => {
    const postageMinor = s.method === 'postage' ? (s.postageMinor ?? 0) : 0;
    const shares = splitByLargestRemainder(
      s.items.map((item) => ({ key: item.id, weight: item.priceMinor })),
      postageMinor,
    );
    return {
      storeId: s.store.id,
      storeName: s.store.name,
      method: s.method,
      service: s.method === 'postage' ? (s.service ?? 'Regular') : null,
      postageMinor,
      address:
        s.method === 'pickup'
          ? {
              BusinessName: s.store.name,
              Line1: storeAddressLines(s.store).line1,
              Suburb: s.store.suburb,
              State: s.store.region === 'AU' ? s.store.state : '',
              PostCode: s.store.postcode,
            }
          : { ...(s.address ?? spec.billingAddress) },
      postageSnapshot: null,
      lines: s.items.map((item) => ({
        productId: item.id,
        code: item.code,
        title: item.title,
        priceMinor: item.priceMinor,
        discountMinor: discounts.get(item.id) ?? 0,
        postageShareMinor: shares.get(item.id) ?? 0,
        taxTreatment: item.taxTreatment,
        itemType: item.categoryName,
      })),
    };
  });
  const postageMinor = shipments.reduce((sum, s) => sum + s.postageMinor, 0);
  const totalMinor = itemsMinor - discountMinor + postageMinor;
  const payInStore = spec.paymentOption === 'Generic';
  return inTransaction(ctx, async (tx) => {
    const ids = items.map((i) => i.id);
    const reserved = await deps.catalogue.reserve(tx, ids);
    if (reserved.length !== ids.length) throw new Error('an item of the order is not available');
    // Paid online: sold at once; pay in store: held until collected.
    if (status === 'confirmed' && !payInStore) await deps.catalogue.markSold(tx, ids);
    const order = await deps.orders.create(tx, {
      region: tx.region,
      userId: spec.userId,
      cartId: null,
      email: spec.customer.EmailAddress,
      customer: { ...spec.customer, Consent: false },
      billingAddress: { ...spec.billingAddress },
      status,
      paymentOption: spec.paymentOption,
      deliveryOption: shipments.every((s) => s.method === 'pickup')
        ? 'StorePickup'
        : shipments.length > 1
          ? 'SplitPostage'
          : tx.region === 'AU'
            ? 'AustraliaPost'
            : 'Generic',
      itemsMinor,
      postageMinor,
      discountMinor,
      totalMinor,
      discountCode: spec.discountCode ?? null,
      holdExpiresAt: spec.placedAt + (payInStore ? 3 * 24 * 3600 * 1000 : 15 * 60 * 1000),
      now: spec.placedAt,
      shipments,
    });
    await deps.payments.createAttempt(tx, {
      orderId: order.id,
      provider: spec.paymentOption,
      amountMinor: totalMinor,
      region: tx.region,
      status: status === 'confirmed' ? 'succeeded' : 'pending',
      now: spec.placedAt,
    });
    return order;
  });
}

export const DEMO_CUSTOMER = {
  email: 'demo@example.com',
  password: 'secondhand-demo',
  firstName: 'Demo',
  lastName: 'Shopper',
} as const;

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

const DEMO_ADDRESS: Record<Region, AddressValue> = {
  AU: {
    BusinessName: '',
    Line1: '12 Example Street',
    Line2: '',
    Suburb: 'Sydney',
    State: 'NSW',
    PostCode: '2000',
    CountryCode: 'AU',
    CountryName: 'Australia',
  },
  UK: {
    BusinessName: '',
    Line1: '10 Example Road',
    Line2: '',
    Suburb: 'London',
    State: '',
    PostCode: 'SW1A 1AA',
    CountryCode: 'GB',
    CountryName: 'United Kingdom',
  },
};

const DEMO_PHONE: Record<Region, string> = { AU: '0412 345 678', UK: '07700 900123' };
const CARD: Record<Region, PaymentOptionName> = { AU: 'Eway', UK: 'GlobalPay' };
const POSTAGE: Record<Region, { Regular: number; Express: number }> = {
  AU: { Regular: 1295, Express: 1895 },
  UK: { Regular: 399, Express: 799 },
};

function tracking(region: Region, n: number): { trackingNumber: string; trackingUrl: string } {
  const trackingNumber = region === 'AU' ? `33DEM${String(5_000_000 + n)}` : `RM${String(100_000_000 + n)}GB`;
  const trackingUrl =
    region === 'AU'
      ? `https://auspost.com.au/mypost/track/details/${trackingNumber}`
      : `https://www.royalmail.com/track-your-item#/tracking-results/${trackingNumber}`;
  return { trackingNumber, trackingUrl };
}

/**
 * The seed's card provider: the demo's past payments never went through a provider, so giving
 * one back is only recorded (the real provider is never called from the seed).
 */
class SeedCardProvider implements PaymentProvider {
  readonly paysOnItsOwnPage = false;
  constructor(readonly name: PaymentOptionName) {}
  async start() {
    return { kind: 'confirmed' as const };
  }
  async confirm() {
    return 'succeeded' as const;
  }
  async cancel() {}
  async refund() {}
  async reconcile() {
    return 'succeeded' as const;
  }
}

/** The two pickup stores with the most candidate items (available, pictured, postable), and those items. */
async function demoStock(
  ctx: Ctx,
  catalogue: CatalogueService,
  stores: StoresService,
  need: number,
): Promise<{ store: StoreRow; items: CatalogueItem[] }[] | null> {
  // Away from the top of the popular list, so the home page's first items stay on sale.
  for (const offset of [300, 0]) {
    const ids = await catalogue.popularProductIds(ctx, offset, 400);
    const items = (await catalogue.items(ctx, ids)).filter(
      (p) => p.status === 'available' && p.pictureCount > 0 && p.postable && !p.disableInStorePickup,
    );
    const byStore = new Map<number, CatalogueItem[]>();
    for (const item of items.sort((a, b) => a.id - b.id))
      byStore.set(item.storeId, [...(byStore.get(item.storeId) ?? []), item]);
    const chosen: { store: StoreRow; items: CatalogueItem[] }[] = [];
    const ranked = [...byStore.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
    for (const [storeId, stock] of ranked) {
      const store = await stores.storeById(ctx, storeId);
      if (store && store.pickup_disabled === 0 && stock.length >= need) chosen.push({ store, items: stock });
      if (chosen.length === 2) return chosen;
    }
  }
  return null;
}

/** The demo's store console logins (README "Store console (API)"). */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'secondhand-admin',
  firstName: 'Demo',
  lastName: 'Admin',
} as const;
export const DEMO_STAFF = {
  email: 'staff@example.com',
  password: 'secondhand-staff',
  firstName: 'Demo',
  lastName: 'Staff',
} as const;

/**
 * The demo's console staff: a marketplace admin, and a store staff member of one AU store and one
 * UK store (the first of each region by id). Idempotent: run on every demo start, so a demo
 * database from before the console gets them too.
 */
export async function seedDemoStaff(handle: DbCtx, now = Date.now()): Promise<void> {
  const accounts = new AccountsRepository();
  const staff = new StaffRepository();
  const system = systemContext(handle, 'AU');
  const hasher = new PasswordHasher();
  const ensure = async (person: typeof DEMO_ADMIN | typeof DEMO_STAFF) => {
    const existing = await accounts.byEmailKey(system, person.email);
    if (existing) return existing.id;
    const id = await accounts.insert(system, {
      email: person.email,
      email_key: person.email,
      password_hash: await hasher.hash(person.password),
      first_name: person.firstName,
      last_name: person.lastName,
      billing_address: null,
      created_at: now,
      updated_at: now,
    });
    if (id === undefined) throw new Error(`could not create ${person.email}`);
    return id;
  };
  const adminId = await ensure(DEMO_ADMIN);
  const staffId = await ensure(DEMO_STAFF);
  const stores = new StoresService();
  const storeIds: number[] = [];
  for (const region of ['AU', 'UK'] as const) {
    const [first] = await stores.listRows(systemContext(handle, region));
    if (first) storeIds.push(first.id);
  }
  await inTransaction(system, async (tx) => {
    await staff.grant(tx, adminId, 'marketplace_admin', [], now);
    await staff.grant(tx, staffId, 'store_staff', storeIds, now);
  });
}

/**
 * The demo customer (demo@example.com, password 'secondhand-demo') and, in each region, a handful
 * of past orders at two stores, so order history, detail and the tax invoice show something:
 * refunded, collected (completed), posted (dispatched), a two-store order with a discount whose
 * parcel is on its way (dispatched, tracking link), one ready for pickup and one still processing.
 * Everything goes through OrdersService and FulfilmentService; the e-mails those would send are
 * dropped (nobody should get mail for a demo's history). Deterministic for a given catalogue
 * (dates are relative to now); does nothing when the demo customer already has orders.
 */
export async function seedDemoCustomer(handle: DbCtx, now = Date.now()): Promise<void> {
  const accounts = new AccountsRepository();
  const system = systemContext(handle, 'AU');
  const existing = await accounts.byEmailKey(system, DEMO_CUSTOMER.email);
  const userId =
    existing?.id ??
    (await accounts.insert(system, {
      email: DEMO_CUSTOMER.email,
      email_key: DEMO_CUSTOMER.email,
      password_hash: await new PasswordHasher().hash(DEMO_CUSTOMER.password),
      first_name: DEMO_CUSTOMER.firstName,
      last_name: DEMO_CUSTOMER.lastName,
      billing_address: null,
      created_at: now,
      updated_at: now,
    }));
  if (userId === undefined) throw new Error('could not create the demo customer');

  const stores = new StoresService();
  const catalogue = new CatalogueService(stores, async () => undefined);
  const orders = new OrdersService();
  const payments = new PaymentsService([
    new GenericProvider(),
    new SeedCardProvider('Eway'),
    new SeedCardProvider('GlobalPay'),
  ]);
  let clock = now;
  const fulfilment = new FulfilmentService({
    orders,
    catalogue,
    payments,
    stores,
    mail: { queue: async () => 0 },
    links: new OrderLinks('demo-seed', ''),
    discounts: { releaseUse: async () => undefined },
    now: () => clock,
    publicUrl: '',
  });
  const at = (time: number) => {
    clock = time;
  };

  for (const region of ['AU', 'UK'] as const) {
    const ctx = systemContext(handle, region);
    if ((await orders.countFor(ctx, userId)) > 0) continue;
    const stock = await demoStock(ctx, catalogue, stores, 5);
    if (!stock) continue;
    const [a, b] = stock as [(typeof stock)[0], (typeof stock)[0]];
    const take = (from: typeof a, n: number) => from.items.splice(0, n);
    const address = DEMO_ADDRESS[region];
    const base = {
      userId,
      customer: {
        EmailAddress: DEMO_CUSTOMER.email,
        FirstName: DEMO_CUSTOMER.firstName,
        LastName: DEMO_CUSTOMER.lastName,
        PhoneNumber: DEMO_PHONE[region],
      },
      billingAddress: address,
    };
    const card = CARD[region];
    const postage = (service: 'Regular' | 'Express') => ({
      method: 'postage' as const,
      service,
      postageMinor: POSTAGE[region][service],
      address,
    });
    const place = (spec: Omit<PastOrder, keyof typeof base>) =>
      placePastOrder({ orders, catalogue, payments }, ctx, { ...base, ...spec });

    // Refunded: the store cancelled a posted order; the item went back on sale.
    const refunded = await place({
      paymentOption: card,
      placedAt: now - 60 * DAY,
      shipments: [{ store: b.store, ...postage('Regular'), items: take(b, 1) }],
    });
    at(now - 59 * DAY);
    await fulfilment.cancelOrder(ctx, refunded.reference, { restock: true });

    // Completed: paid in store at collection.
    const collected = await place({
      paymentOption: 'Generic',
      placedAt: now - 40 * DAY,
      shipments: [{ store: a.store, method: 'pickup', items: take(a, 1) }],
    });
    at(now - 39 * DAY);
    await fulfilment.markReadyForPickup(ctx, collected.reference, a.store.id);
    at(now - 38 * DAY);
    await fulfilment.markCollected(ctx, collected.reference, a.store.id);

    // Dispatched: two items posted, with tracking.
    const posted = await place({
      paymentOption: card,
      placedAt: now - 20 * DAY,
      shipments: [{ store: b.store, ...postage('Regular'), items: take(b, 2) }],
    });
    at(now - 19 * DAY);
    await fulfilment.markDispatched(ctx, posted.reference, b.store.id, tracking(region, 1));

    // Dispatched: two stores, a discount code; the parcel is on its way, the pickup not yet ready.
    const split = [
      { store: a.store, method: 'pickup' as const, items: take(a, 1) },
      { store: b.store, ...postage('Express'), items: take(b, 1) },
    ];
    const subtotal = split.flatMap((s) => s.items).reduce((sum, item) => sum + item.priceMinor, 0);
    const twoStores = await place({
      paymentOption: card,
      placedAt: now - 6 * DAY,
      discountMinor: Math.round(subtotal / 10),
      discountCode: 'SAVE10',
      shipments: split,
    });
    at(now - 5 * DAY);
    await fulfilment.markDispatched(ctx, twoStores.reference, b.store.id, tracking(region, 2));

    // Ready for pickup: paid online, waiting at the store.
    const ready = await place({
      paymentOption: card,
      placedAt: now - 2 * DAY,
      shipments: [{ store: a.store, method: 'pickup', items: take(a, 1) }],
    });
    at(now - 1 * DAY);
    await fulfilment.markReadyForPickup(ctx, ready.reference, a.store.id);

    // Processing: placed a few hours ago.
    await place({
      paymentOption: card,
      placedAt: now - 3 * HOUR,
      shipments: [{ store: b.store, ...postage('Regular'), items: take(b, 1) }],
    });
  }
}
