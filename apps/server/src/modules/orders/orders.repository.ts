import type { Insertable, Selectable } from 'kysely';
import type { OrderLinesTable, OrderShipmentsTable, OrderStatus, OrdersTable } from '../../db/tables/orders.js';
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

  /** Orders whose hold has run out while in one of `statuses`. */
  async heldPast(ctx: DbCtx, statuses: OrderStatus[], now: number, limit: number): Promise<OrderRow[]> {
    return ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', statuses)
      .where('hold_expires_at', '<=', now)
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

  /** A customer's orders, newest first, with their item and store counts. */
  async forUser(ctx: DbCtx, userId: number, limit: number, offset: number) {
    return ctx.db
      .selectFrom('orders')
      .select((eb) => [
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
        eb
          .selectFrom('order_shipments')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('order_shipments.order_id', '=', 'orders.id')
          .as('store_count'),
      ])
      .where('orders.user_id', '=', userId)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countForUser(ctx: DbCtx, userId: number): Promise<number> {
    const row = await ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
