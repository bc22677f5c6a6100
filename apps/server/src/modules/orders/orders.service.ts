import type { Fulfilment, OrderStatus, TaxTreatment } from '../../db/tables/orders.js';
import type { Ctx, DbCtx } from '../../lib/context.js';
import { newPublicReference, normalizePublicReference, ReferencePrefix } from '../../lib/public-reference.js';
import { labelFromCounts, type OrderStatusLabel } from './order-status.js';
import {
  type OrderLineRow,
  type OrderRow,
  type OrderShipmentRow,
  OrdersRepository,
  type StoreShipmentState,
} from './orders.repository.js';

export type { StoreShipmentState };

/**
 * An order, its lines and its shipments as other modules take them from this service (checkout,
 * invoices, payments' callers): names of the domain, so the tables' row types stay this module's.
 */
export type Order = OrderRow;
export type OrderLine = OrderLineRow;
export type OrderShipment = OrderShipmentRow;

export interface OrderLineDraft {
  productId: number;
  code: string;
  title: string;
  priceMinor: number;
  discountMinor: number;
  postageShareMinor: number;
  /** Copied from the product: how the line is taxed on the invoice. */
  taxTreatment: TaxTreatment;
  /** The item's category name (order detail's item type). */
  itemType: string;
}

export interface ShipmentDraft {
  storeId: number;
  storeName: string;
  method: 'pickup' | 'postage';
  service: 'Regular' | 'Express' | null;
  postageMinor: number;
  /** The delivery address (postage) or the store's (pickup), as shown on the order. */
  address: Record<string, unknown>;
  postageSnapshot: Record<string, unknown> | null;
  lines: OrderLineDraft[];
  /** A pickup's last moment to collect (collect-by.ts) and the store's zone; none for parcels. */
  collectBy?: { at: number; timeZone: string } | null;
}

export interface OrderDraft {
  region: 'AU' | 'UK';
  userId: number | null;
  cartId: number | null;
  email: string;
  customer: Record<string, unknown>;
  billingAddress: Record<string, unknown>;
  status: OrderStatus;
  paymentOption: string;
  deliveryOption: string;
  itemsMinor: number;
  postageMinor: number;
  discountMinor: number;
  totalMinor: number;
  discountCode: string | null;
  holdExpiresAt: number;
  now: number;
  shipments: ShipmentDraft[];
}

/**
 * Orders. Writing one is part of the caller's transaction (checkout's place-order flow), which has
 * already reserved the items; the unique index on live order lines is the backstop that makes a
 * second live order for an item fail even if a caller forgot to reserve.
 */
export class OrdersService {
  private readonly repository = new OrdersRepository();

  async create(ctx: DbCtx, draft: OrderDraft): Promise<{ id: number; reference: string }> {
    const reference = newPublicReference('ORD');
    const id = await this.repository.insertOrder(ctx, {
      reference,
      region: draft.region,
      user_id: draft.userId,
      cart_id: draft.cartId,
      email: draft.email,
      customer: JSON.stringify(draft.customer),
      billing_address: JSON.stringify(draft.billingAddress),
      status: draft.status,
      payment_option: draft.paymentOption,
      delivery_option: draft.deliveryOption,
      items_minor: draft.itemsMinor,
      postage_minor: draft.postageMinor,
      discount_minor: draft.discountMinor,
      total_minor: draft.totalMinor,
      discount_code: draft.discountCode,
      hold_expires_at: draft.holdExpiresAt,
      created_at: draft.now,
      updated_at: draft.now,
      confirmed_at: draft.status === 'confirmed' ? draft.now : null,
    });
    for (const shipment of draft.shipments) {
      const shipmentId = await this.repository.insertShipment(ctx, {
        order_id: id,
        store_id: shipment.storeId,
        store_name: shipment.storeName,
        method: shipment.method,
        service: shipment.service,
        postage_minor: shipment.postageMinor,
        address: JSON.stringify(shipment.address),
        postage_snapshot: shipment.postageSnapshot ? JSON.stringify(shipment.postageSnapshot) : null,
        collect_by: shipment.collectBy?.at ?? null,
        collect_by_zone: shipment.collectBy?.timeZone ?? null,
      });
      await this.repository.insertLines(
        ctx,
        shipment.lines.map((line) => ({
          order_id: id,
          shipment_id: shipmentId,
          product_id: line.productId,
          code: line.code,
          title: line.title,
          price_minor: line.priceMinor,
          discount_minor: line.discountMinor,
          postage_share_minor: line.postageShareMinor,
          tax_treatment: line.taxTreatment,
          item_type: line.itemType,
          live: 1,
        })),
      );
    }
    return { id, reference };
  }

  byReference(ctx: DbCtx, reference: string): Promise<OrderRow | undefined> {
    return this.repository.byReference(ctx, reference);
  }

  byId(ctx: DbCtx, id: number): Promise<OrderRow | undefined> {
    return this.repository.byId(ctx, id);
  }

  /**
   * Revokes every signed link to the order made so far (the confirmation URL, the order and status
   * e-mails): one write raises the link version they are signed over (checkout/order-links.ts), so
   * they answer 404 like an unknown order; links signed afterwards work. The reference in any case;
   * answers the order as it is now, or undefined when this region has no such order.
   */
  async revokeLinks(ctx: Ctx, reference: string): Promise<OrderRow | undefined> {
    const canonical = normalizePublicReference(ReferencePrefix.order, reference);
    if (!canonical || !(await this.repository.raiseLinkVersion(ctx, canonical, ctx.region))) return undefined;
    return this.repository.byReference(ctx, canonical);
  }

  /** One conditional status write (whoever gets there first wins). */
  moveStatus(ctx: DbCtx, orderId: number, from: OrderStatus[], to: OrderStatus, now: number): Promise<boolean> {
    return this.repository.moveStatus(ctx, orderId, from, to, now);
  }

  /**
   * An order whose hold had lapsed holds its items again (its payment arrived late and the items
   * were still free): its lines are live again. The unique live-line index refuses it if another
   * order holds any of them. Call inside a transaction, after reserving the items.
   */
  reviveLines(ctx: DbCtx, orderId: number): Promise<number[]> {
    return this.repository.reviveLines(ctx, orderId);
  }

  lines(ctx: DbCtx, orderId: number): Promise<OrderLineRow[]> {
    return this.repository.lines(ctx, orderId);
  }

  shipments(ctx: DbCtx, orderId: number): Promise<OrderShipmentRow[]> {
    return this.repository.shipments(ctx, orderId);
  }

  /** This shopper's live orders (by customer or by cart) that hold any of these items: the ExistingOrder rule. */
  liveOrdersHolding(ctx: DbCtx, owner: { userId: number | null; cartId: number | null }, productIds: number[]) {
    return this.repository.liveOrdersHolding(ctx, owner, productIds);
  }

  /**
   * The shopper's own unfinished payment: their newest order still waiting for an online payment
   * that holds any of these items, with the items it holds. Such items are theirs, not sold.
   */
  awaitingPaymentHolding(ctx: DbCtx, owner: { userId: number | null; cartId: number | null }, productIds: number[]) {
    return this.repository.awaitingPaymentHolding(ctx, owner, productIds);
  }

  /** Gives a pending order's hold a fresh span (a resumed payment); false when it no longer waits for payment. */
  extendHold(ctx: DbCtx, orderId: number, until: number, now: number): Promise<boolean> {
    return this.repository.extendHold(ctx, orderId, until, now);
  }

  /** Orders in these statuses whose hold ran out by `now` (oldest first). */
  heldPast(ctx: DbCtx, statuses: OrderStatus[], now: number, limit = 100): Promise<OrderRow[]> {
    return this.repository.heldPast(ctx, statuses, now, limit);
  }

  /**
   * Ends an order's hold: one conditional write moves it from `from` to `to` (whoever gets there
   * first wins; the loser changes nothing), then its lines stop being live. Answers the product
   * ids to release, or null when the order was no longer in `from`, or when some of its goods were
   * already collected or dispatched (such an order never ends by its hold). Call inside a
   * transaction: the order's row is locked first, so on PostgreSQL a collection committed a
   * moment earlier is seen.
   */
  async endHold(
    ctx: DbCtx,
    orderId: number,
    from: OrderStatus[],
    to: OrderStatus,
    now: number,
  ): Promise<number[] | null> {
    if (!(await this.repository.lockIn(ctx, orderId, from))) return null;
    if (await this.repository.anyFulfilled(ctx, orderId)) return null;
    if (!(await this.repository.moveStatus(ctx, orderId, from, to, now))) return null;
    return this.repository.endLines(ctx, orderId);
  }

  /**
   * Locks the order's row for an after-sale change when it is confirmed (false when it is not):
   * see OrdersRepository.lockIn. Call inside a transaction, before reading what the change depends on.
   */
  lockConfirmed(ctx: DbCtx, orderId: number): Promise<boolean> {
    return this.repository.lockIn(ctx, orderId, ['confirmed']);
  }

  /** True when any of the order's shipments was collected or dispatched. */
  anyFulfilled(ctx: DbCtx, orderId: number): Promise<boolean> {
    return this.repository.anyFulfilled(ctx, orderId);
  }

  /** Moves one shipment from one of `from` to `to` by one conditional write; false when it was in none. */
  moveFulfilment(
    ctx: DbCtx,
    shipmentId: number,
    from: Fulfilment[],
    to: Fulfilment,
    changes: FulfilmentChanges = {},
  ): Promise<boolean> {
    return this.repository.moveFulfilment(ctx, shipmentId, from, to, changes);
  }

  /** Cancels one item by one conditional write (false when it already was); see OrdersRepository.cancelLine. */
  cancelLine(ctx: DbCtx, lineId: number, now: number, refundMinor: number | null): Promise<boolean> {
    return this.repository.cancelLine(ctx, lineId, now, refundMinor);
  }

  /** Takes a cancelled item's price, discount and (its shipment's last item) postage off the order's totals. */
  reduceTotals(
    ctx: DbCtx,
    orderId: number,
    by: { itemsMinor: number; discountMinor: number; postageMinor: number },
    now: number,
  ): Promise<void> {
    return this.repository.reduceTotals(ctx, orderId, by, now);
  }

  /** Records a pay-in-store shipment's payment taken at the counter (the first record stays). */
  recordPaidInStore(ctx: DbCtx, shipmentId: number, amountMinor: number, now: number): Promise<void> {
    return this.repository.recordPaidInStore(ctx, shipmentId, amountMinor, now);
  }

  /**
   * A page of one store's shipments (with their orders) in the context's region, by the console's
   * state (null: all), and how many there are.
   */
  async storeShipments(
    ctx: RegionCtx,
    storeId: number,
    state: StoreShipmentState | null,
    page: { limit: number; offset: number },
  ) {
    const [{ rows }, { total }] = await Promise.all([
      this.repository.storeShipments(ctx, storeId, ctx.region, state, page),
      this.repository.storeShipments(ctx, storeId, ctx.region, state, null),
    ]);
    return { rows, total };
  }

  /** The lines of these shipments, in one query. */
  linesOfShipments(ctx: DbCtx, shipmentIds: number[]): Promise<OrderLineRow[]> {
    return this.repository.linesOfShipments(ctx, shipmentIds);
  }

  /**
   * A page of the customer's order history in the context's region (orders ever confirmed,
   * newest first) with each order's counts and status label: one query for the page.
   */
  async historyFor(ctx: RegionCtx, userId: number, limit: number, offset = 0): Promise<OrderSummaryRow[]> {
    const rows = await this.repository.historyPage(ctx, userId, ctx.region, limit, offset);
    return rows.map((row) => ({
      reference: row.reference,
      createdAt: Number(row.created_at),
      totalMinor: Number(row.total_minor),
      status: labelFromCounts(row.status, {
        pickupOpen: Number(row.pickup_open ?? 0),
        pickupReady: Number(row.pickup_ready ?? 0),
        pickupCollected: Number(row.pickup_collected ?? 0),
        postageOpen: Number(row.postage_open ?? 0),
        postageDispatched: Number(row.postage_dispatched ?? 0),
      }),
      itemCount: Number(row.item_count ?? 0),
      storeCount: Number(row.store_count ?? 0),
    }));
  }

  /** How many orders the customer's history lists in the context's region. */
  countFor(ctx: RegionCtx, userId: number): Promise<number> {
    return this.repository.countHistory(ctx, userId, ctx.region);
  }
}

/** A database context that knows the shop's region. */
export type RegionCtx = DbCtx & Pick<Ctx, 'region'>;

export type FulfilmentChanges = Partial<
  Pick<OrderShipmentRow, 'ready_at' | 'dispatched_at' | 'collected_at' | 'tracking_number' | 'tracking_url' | 'carrier'>
>;

/** One order of a customer's history, as the history and the dashboard show it. */
export interface OrderSummaryRow {
  reference: string;
  createdAt: number;
  totalMinor: number;
  /** The shopper's status label (order-status.ts). */
  status: OrderStatusLabel;
  itemCount: number;
  storeCount: number;
}
