import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  Fulfilment,
  OrderLinesTable,
  OrderShipmentsTable,
  OrderStatus,
  OrdersTable,
} from '../../db/tables/orders.js';
import type { DbCtx } from '../../lib/context.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OrderShipmentRow = Selectable<OrderShipmentsTable>;

export class OrdersRepository {
  async insertOrder(ctx: DbCtx, row: Insertable<OrdersTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async insertShipment(ctx: DbCtx, row: Insertable<OrderShipmentsTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('order_shipments').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async insertLines(ctx: DbCtx, rows: Insertable<OrderLinesTable>[]): Promise<void> {
    if (rows.length > 0) await ctx.db.insertInto('order_lines').values(rows).execute();
  }

  async byReference(ctx: DbCtx, reference: string): Promise<OrderRow | undefined> {
    return ctx.db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
  }

  async byId(ctx: DbCtx, id: number): Promise<OrderRow | undefined> {
    return ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Raises the order's link version by one write; false when the region has no such order. */
  async raiseLinkVersion(ctx: DbCtx, reference: string, region: OrderRow['region']): Promise<boolean> {
    const result = await ctx.db
      .updateTable('orders')
      .set((eb) => ({ link_version: eb('link_version', '+', 1) }))
      .where('reference', '=', reference)
      .where('region', '=', region)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async reviveLines(ctx: DbCtx, orderId: number): Promise<number[]> {
    const lines = await ctx.db
      .updateTable('order_lines')
      .set({ live: 1 })
      .where('order_id', '=', orderId)
      .where('live', '=', 0)
      .returning('product_id')
      .execute();
    return lines.map((l) => l.product_id);
  }

  async lines(ctx: DbCtx, orderId: number): Promise<OrderLineRow[]> {
    return ctx.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  async shipments(ctx: DbCtx, orderId: number): Promise<OrderShipmentRow[]> {
    return ctx.db.selectFrom('order_shipments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  /** The live orders of this owner (a customer or a cart) holding any of these items. */
  async liveOrdersHolding(
    ctx: DbCtx,
    owner: { userId: number | null; cartId: number | null },
    productIds: number[],
  ): Promise<OrderRow[]> {
    if (productIds.length === 0 || (owner.userId === null && owner.cartId === null)) return [];
    return ctx.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .selectAll('orders')
      .distinct()
      .where('order_lines.live', '=', 1)
      .where('order_lines.product_id', 'in', productIds)
      .where((eb) =>
        eb.or([
          ...(owner.userId !== null ? [eb('orders.user_id', '=', owner.userId)] : []),
          ...(owner.cartId !== null ? [eb('orders.cart_id', '=', owner.cartId)] : []),
        ]),
      )
      .execute();
  }

  /**
   * The order a shopper is still paying for: the newest of this owner's orders waiting for an
   * online payment (pending_payment) whose live lines hold any of these items, and every item such
   * orders of theirs hold.
   */
  async awaitingPaymentHolding(
    ctx: DbCtx,
    owner: { userId: number | null; cartId: number | null },
    productIds: number[],
  ): Promise<{ order: OrderRow; productIds: number[] } | undefined> {
    const orders = (await this.liveOrdersHolding(ctx, owner, productIds)).filter((o) => o.status === 'pending_payment');
    const newest = orders.sort((a, b) => Number(b.created_at) - Number(a.created_at) || b.id - a.id)[0];
    if (!newest) return undefined;
    const lines = await ctx.db
      .selectFrom('order_lines')
      .select('product_id')
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .where('live', '=', 1)
      .execute();
    return { order: newest, productIds: lines.map((l) => l.product_id) };
  }

  /** Moves a pending order's hold to `until` (a fresh span from now, so never earlier); false when it is no longer waiting for payment. */
  async extendHold(ctx: DbCtx, orderId: number, until: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('orders')
      .set({ hold_expires_at: until, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'pending_payment')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Orders whose hold has run out while in one of `statuses`. An order some of whose goods were
   * collected or dispatched is no longer held: the shopper came (the shop cancels the rest by hand).
   */
  async heldPast(ctx: DbCtx, statuses: OrderStatus[], now: number, limit: number): Promise<OrderRow[]> {
    return ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', statuses)
      .where('hold_expires_at', '<=', now)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('order_shipments')
              .select('order_shipments.id')
              .whereRef('order_shipments.order_id', '=', 'orders.id')
              .where('order_shipments.fulfilment', 'in', ['collected', 'dispatched']),
          ),
        ),
      )
      .orderBy('hold_expires_at')
      .limit(limit)
      .execute();
  }

  /** Moves an order from one status to another by one conditional write; false if it was not in `from`. */
  async moveStatus(ctx: DbCtx, orderId: number, from: OrderStatus[], to: OrderStatus, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('orders')
      .set((eb) => ({
        status: to,
        updated_at: now,
        // When it first became confirmed: history lists only orders that ever were.
        ...(to === 'confirmed' ? { confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) } : {}),
      }))
      .where('id', '=', orderId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The order no longer holds its items: its lines stop being live. Answers their product ids. */
  async endLines(ctx: DbCtx, orderId: number): Promise<number[]> {
    const lines = await ctx.db
      .updateTable('order_lines')
      .set({ live: 0 })
      .where('order_id', '=', orderId)
      .where('live', '=', 1)
      .returning('product_id')
      .execute();
    return lines.map((l) => l.product_id);
  }

  /**
   * A page of a customer's history in this region: orders that were ever confirmed (never an
   * abandoned checkout), newest first, each with its item and store counts and its shipments
   * counted by method and progress (what the status label needs). One query, whatever the page
   * size; the index orders_user_confirmed (user_id, confirmed_at) serves it.
   */
  async historyPage(ctx: DbCtx, userId: number, region: 'AU' | 'UK', limit: number, offset: number) {
    return ctx.db
      .selectFrom('orders')
      .select((eb) => {
        const shipments = (alias: string, method?: 'pickup' | 'postage', fulfilment?: Fulfilment) => {
          let query = eb
            .selectFrom('order_shipments')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('order_shipments.order_id', '=', 'orders.id');
          if (method) query = query.where('order_shipments.method', '=', method);
          if (fulfilment) query = query.where('order_shipments.fulfilment', '=', fulfilment);
          return query.as(alias);
        };
        return [
          'orders.id',
          'orders.reference',
          'orders.created_at',
          'orders.total_minor',
          'orders.status',
          eb
            .selectFrom('order_lines')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .as('item_count'),
          shipments('store_count'),
          shipments('pickup_open', 'pickup', 'open'),
          shipments('pickup_ready', 'pickup', 'ready_for_pickup'),
          shipments('pickup_collected', 'pickup', 'collected'),
          shipments('postage_open', 'postage', 'open'),
          shipments('postage_dispatched', 'postage', 'dispatched'),
        ];
      })
      .where('orders.user_id', '=', userId)
      .where('orders.region', '=', region)
      .where('orders.confirmed_at', 'is not', null)
      .orderBy('orders.confirmed_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many orders the customer's history in this region lists. */
  async countHistory(ctx: DbCtx, userId: number, region: 'AU' | 'UK'): Promise<number> {
    const row = await ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('region', '=', region)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes the order's row lock when it is in one of `statuses`; false when it is in none of them.
   * Every after-sale change starts here, so two of them for one order (a cancel and a dispatch, a
   * collection and the hold running out) run one after the other, and what the second reads next
   * is what the first committed. PostgreSQL: SELECT ... FOR UPDATE (read committed re-checks the
   * status once the other commits); SQLite: the transaction's BEGIN IMMEDIATE already holds the
   * only write lock.
   */
  async lockIn(ctx: DbCtx, orderId: number, statuses: OrderStatus[]): Promise<boolean> {
    const query = ctx.db.selectFrom('orders').select('id').where('id', '=', orderId).where('status', 'in', statuses);
    const row = await (ctx.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    return row !== undefined;
  }

  /** True when any of the order's shipments was collected or dispatched (the goods have left). */
  async anyFulfilled(ctx: DbCtx, orderId: number): Promise<boolean> {
    const row = await ctx.db
      .selectFrom('order_shipments')
      .select('id')
      .where('order_id', '=', orderId)
      .where('fulfilment', 'in', ['collected', 'dispatched'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Moves one shipment on by one conditional write (`... WHERE fulfilment IN (from)`): of two
   * callers at once exactly one changes it; false for the other, and for a repeat.
   */
  async moveFulfilment(
    ctx: DbCtx,
    shipmentId: number,
    from: Fulfilment[],
    to: Fulfilment,
    changes: Pick<
      Updateable<OrderShipmentsTable>,
      'ready_at' | 'dispatched_at' | 'collected_at' | 'tracking_number' | 'tracking_url' | 'carrier'
    >,
  ): Promise<boolean> {
    const result = await ctx.db
      .updateTable('order_shipments')
      .set({ ...changes, fulfilment: to })
      .where('id', '=', shipmentId)
      .where('fulfilment', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Cancels one item of an order by one conditional write (`... WHERE cancelled_at IS NULL`): the
   * line stops being live (the item may be sold again) and records what is given back for it.
   */
  async cancelLine(ctx: DbCtx, lineId: number, now: number, refundMinor: number | null): Promise<boolean> {
    const result = await ctx.db
      .updateTable('order_lines')
      .set({ cancelled_at: now, live: 0, refund_minor: refundMinor })
      .where('id', '=', lineId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes a cancelled item's amounts off the order's totals. */
  async reduceTotals(
    ctx: DbCtx,
    orderId: number,
    by: { itemsMinor: number; discountMinor: number; postageMinor: number },
    now: number,
  ): Promise<void> {
    const total = by.itemsMinor - by.discountMinor + by.postageMinor;
    await ctx.db
      .updateTable('orders')
      .set((eb) => ({
        items_minor: eb('items_minor', '-', by.itemsMinor),
        discount_minor: eb('discount_minor', '-', by.discountMinor),
        postage_minor: eb('postage_minor', '-', by.postageMinor),
        total_minor: eb('total_minor', '-', total),
        updated_at: now,
      }))
      .where('id', '=', orderId)
      .execute();
  }

  /** A pay-in-store shipment's payment taken at the counter (once: a repeat keeps the first record). */
  async recordPaidInStore(ctx: DbCtx, shipmentId: number, amountMinor: number, now: number): Promise<void> {
    await ctx.db
      .updateTable('order_shipments')
      .set({ paid_in_store_at: now, paid_in_store_minor: amountMinor })
      .where('id', '=', shipmentId)
      .where('paid_in_store_at', 'is', null)
      .execute();
  }

  /**
   * A page of one store's shipments of orders ever confirmed in this region, with their orders,
   * in the console's state `state` (see StoreShipmentState). Things still to do oldest first (the
   * order they should be done in); everything else newest first.
   */
  async storeShipments(
    ctx: DbCtx,
    storeId: number,
    region: 'AU' | 'UK',
    state: StoreShipmentState | null,
    page: { limit: number; offset: number } | null,
  ) {
    let query = ctx.db
      .selectFrom('order_shipments')
      .innerJoin('orders', 'orders.id', 'order_shipments.order_id')
      .selectAll('order_shipments')
      .select([
        'orders.reference',
        'orders.status as order_status',
        'orders.payment_option',
        'orders.email',
        'orders.customer',
        'orders.confirmed_at',
        'orders.created_at',
      ])
      .where('order_shipments.store_id', '=', storeId)
      .where('orders.region', '=', region)
      .where('orders.confirmed_at', 'is not', null);
    const gone = ['cancelled', 'refunded', 'expired'] as OrderStatus[];
    switch (state) {
      case 'open':
        query = query
          .where('orders.status', '=', 'confirmed')
          .where('order_shipments.fulfilment', 'in', ['open', 'ready_for_pickup']);
        break;
      case 'ready':
        query = query
          .where('orders.status', '=', 'confirmed')
          .where('order_shipments.fulfilment', '=', 'ready_for_pickup');
        break;
      case 'dispatched':
      case 'collected':
        query = query.where('order_shipments.fulfilment', '=', state);
        break;
      case 'cancelled':
        query = query.where((eb) =>
          eb.or([
            eb('order_shipments.fulfilment', '=', 'cancelled'),
            eb.and([
              eb('orders.status', 'in', gone),
              eb('order_shipments.fulfilment', 'in', ['open', 'ready_for_pickup']),
            ]),
          ]),
        );
        break;
      case null:
        break;
    }
    if (!page) {
      const row = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows: [], total: Number(row.n) };
    }
    const oldestFirst = state === 'open' || state === 'ready';
    const rows = await query
      .orderBy('orders.confirmed_at', oldestFirst ? 'asc' : 'desc')
      .orderBy('order_shipments.id', oldestFirst ? 'asc' : 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: -1 };
  }

  /** The lines of these shipments (one query for a page of them). */
  async linesOfShipments(ctx: DbCtx, shipmentIds: number[]): Promise<OrderLineRow[]> {
    if (shipmentIds.length === 0) return [];
    return ctx.db.selectFrom('order_lines').selectAll().where('shipment_id', 'in', shipmentIds).orderBy('id').execute();
  }
}

/**
 * A store's shipment as the console files it: 'open' (to do: nothing sent or handed over yet,
 * ready for pickup included), 'ready' (waiting for the shopper), 'dispatched', 'collected',
 * 'cancelled' (every item cancelled, or the whole order cancelled before anything left).
 */
export type StoreShipmentState = 'open' | 'ready' | 'dispatched' | 'collected' | 'cancelled';
