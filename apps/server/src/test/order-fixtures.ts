import type { AddressValue } from '@shop/contract';
import type { StoreRow } from '../db/schema.js';
import type { Ctx } from '../lib/context.js';
import type { PaymentOptionName } from '../modules/payments/payment-provider.js';
import { type PastOrder, type PastShipment, placePastOrder } from '../seed/orders-seed.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL } from './factories.js';
import type { TestServer } from './test-server.js';

/**
 * Orders for the after-sale tests, written the way checkout writes them (seed/orders-seed.ts:
 * items reserved and sold through the catalogue, OrdersService.create, a payment attempt), fast
 * enough to make dozens. Each order gets fresh items.
 */

export const SYDNEY_ADDRESS: AddressValue = {
  BusinessName: '',
  Line1: '1 George St',
  Line2: 'Level 2',
  Suburb: 'Sydney',
  State: 'NSW',
  PostCode: '2000',
  CountryCode: 'AU',
  CountryName: 'Australia',
};

export interface ShipmentSpec {
  store: StoreRow;
  method: 'pickup' | 'postage';
  service?: 'Regular' | 'Express';
  postageMinor?: number;
  /** Prices of fresh items (and what else a test pins down), one per item. */
  items: ({ price: number } & Record<string, unknown>)[];
}

export interface OrderSpec {
  userId?: number | null;
  email?: string;
  firstName?: string;
  paymentOption?: PaymentOptionName;
  placedAt?: number;
  discountMinor?: number;
  status?: 'confirmed' | 'pending_payment';
  shipments: ShipmentSpec[];
}

let emails = 0;

export class OrderFixtures {
  private category = 0;
  constructor(private readonly server: TestServer) {}

  private get db() {
    return this.server.ctx().db as Ctx['db'];
  }

  /** A store of the test's region as a full row (pickup on, registered for GST unless told). */
  async store(overrides: Parameters<typeof makeStore>[1] = {}): Promise<StoreRow> {
    const { id } = await makeStore(this.db, { pickup_disabled: 0, ...overrides });
    return this.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async order(spec: OrderSpec): Promise<{ id: number; reference: string; email: string }> {
    const { services } = this.server;
    const ctx = this.server.ctx();
    this.category ||= await categoryIdBySlug(this.db, 'guitars');
    const shipments: PastShipment[] = [];
    for (const s of spec.shipments) {
      const ids: number[] = [];
      for (const item of s.items) {
        const { price, ...rest } = item;
        const made = await makeProduct(this.db, {
          store_id: s.store.id,
          category_id: this.category,
          price_minor: price,
          disable_in_store_pickup: 0,
          ...SMALL_PARCEL,
          ...rest,
        });
        ids.push(made.id);
      }
      const rows = await services.catalogue.items(ctx, ids);
      shipments.push({
        store: s.store,
        method: s.method,
        ...(s.service ? { service: s.service } : {}),
        ...(s.postageMinor !== undefined ? { postageMinor: s.postageMinor } : {}),
        address: SYDNEY_ADDRESS,
        items: ids.map((id) => rows.find((r) => r.id === id) ?? fail(`item ${id} missing`)),
      });
    }
    const email = spec.email ?? `after-sale.${++emails}.${Date.now()}@example.com`;
    const past: PastOrder = {
      userId: spec.userId ?? null,
      customer: {
        EmailAddress: email,
        FirstName: spec.firstName ?? 'Pat',
        LastName: 'Shopper',
        PhoneNumber: '0412 345 678',
      },
      billingAddress: SYDNEY_ADDRESS,
      paymentOption: spec.paymentOption ?? 'Eway',
      placedAt: spec.placedAt ?? Date.now(),
      ...(spec.discountMinor !== undefined ? { discountMinor: spec.discountMinor } : {}),
      ...(spec.status ? { status: spec.status } : {}),
      shipments,
    };
    const order = await placePastOrder(services, ctx, past);
    return { ...order, email };
  }

  async userIdOf(email: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email_key', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The messages queued to this address, oldest first. */
  mailsTo(email: string) {
    return this.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
  }

  productStatus(id: number) {
    return this.db.selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  }

  lines(orderId: number) {
    return this.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  orderRow(orderId: number) {
    return this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  }
}

function fail(message: string): never {
  throw new Error(message);
}
