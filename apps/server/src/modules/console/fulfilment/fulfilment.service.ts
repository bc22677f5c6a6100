import {
  type ConsoleCollectBody,
  type ConsoleDispatchBody,
  type ConsoleOrder,
  type ConsoleOrderListValue,
  type ConsoleOrdersQuery,
  NO_SUCH_ITEM_MESSAGE,
  NO_SUCH_ORDER_MESSAGE,
  PAYMENT_TAKEN_REQUIRED_MESSAGE,
} from '@shop/contract';
import type { Ctx } from '../../../lib/context.js';
import { invalidInput, NotFoundError } from '../../../lib/errors.js';
import { normalizePublicReference, ReferencePrefix } from '../../../lib/public-reference.js';
import type { FulfilmentHook, FulfilmentService } from '../../orders/fulfilment.service.js';
import type { OrderLine, OrdersService } from '../../orders/orders.service.js';
import type { PaymentsService } from '../../payments/payments.service.js';
import { type ConsoleAuditService, parseDetail } from '../audit/audit.service.js';
import type { StaffCaller, StaffGuard } from '../staff/staff.guard.js';
import { type StoreShipmentView, toConsoleOrder } from './fulfilment.mapper.js';

export interface ConsoleFulfilmentDependencies {
  guard: Pick<StaffGuard, 'requireStaff'>;
  audit: Pick<ConsoleAuditService, 'record'>;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  payments: Pick<PaymentsService, 'attemptsFor' | 'events'>;
}

/**
 * The store console's fulfilment: a store's orders (its shipment of each: its items only, the
 * shopper's contact, the address, this shipment's totals, what to do next) and the actions on them,
 * each run by FulfilmentService (the after-sale state machine, idempotent, one conditional write,
 * e-mails through the outbox) with the console's audit record written in the same transaction.
 * Every call passes requireStaff first; an order without a shipment from the guarded store, of
 * another region, never confirmed or unknown is the same 404, and so is an item not in the store's
 * shipment, so staff of one store learn nothing of another's orders.
 */
export class ConsoleFulfilmentService {
  constructor(private readonly deps: ConsoleFulfilmentDependencies) {}

  async list(ctx: Ctx, storeId: number, query: ConsoleOrdersQuery): Promise<ConsoleOrderListValue> {
    await this.deps.guard.requireStaff(ctx, storeId);
    const { rows, total } = await this.deps.orders.storeShipments(
      ctx,
      storeId,
      query.status === 'all' ? null : query.status,
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    const lines = await this.deps.orders.linesOfShipments(
      ctx,
      rows.map((r) => r.id),
    );
    const views = await Promise.all(
      rows.map(async (row) => {
        const own = lines.filter((l) => l.shipment_id === row.id);
        return {
          order: { ...row, id: row.order_id, status: row.order_status },
          shipment: row,
          lines: own,
          failedRefunds: await this.failedRefunds(ctx, row.order_id, own),
        };
      }),
    );
    return {
      Orders: views.map((view) => toConsoleOrder(view, ctx.region)),
      TotalCount: total,
      Page: query.page,
      PageSize: query.pageSize,
    };
  }

  async order(ctx: Ctx, storeId: number, reference: string): Promise<ConsoleOrder> {
    await this.deps.guard.requireStaff(ctx, storeId);
    return toConsoleOrder(await this.view(ctx, storeId, reference), ctx.region);
  }

  /** Ready for pickup: the shopper is e-mailed once. A repeat answers the same and sends nothing. */
  async ready(ctx: Ctx, storeId: number, reference: string): Promise<ConsoleOrder> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const found = await this.view(ctx, storeId, reference);
    await this.deps.fulfilment.markReadyForPickup(
      ctx,
      found.order.reference,
      storeId,
      this.audit(caller, storeId, 'order.ready'),
    );
    return this.order(ctx, storeId, found.order.reference);
  }

  /**
   * Collected (a pay-in-store order's payment taken at the counter is recorded). The body's ID check
   * is required by its schema; a pay-in-store order also needs PaymentTaken, known only once the
   * order is found, so a missing one is the same 400 with its field.
   */
  async collected(ctx: Ctx, storeId: number, reference: string, body: ConsoleCollectBody): Promise<ConsoleOrder> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const found = await this.view(ctx, storeId, reference);
    if (found.order.payment_option === 'Generic' && body.PaymentTaken !== true) {
      throw invalidInput('PaymentTaken', PAYMENT_TAKEN_REQUIRED_MESSAGE);
    }
    await this.deps.fulfilment.markCollected(
      ctx,
      found.order.reference,
      storeId,
      this.audit(caller, storeId, 'order.collect'),
    );
    return this.order(ctx, storeId, found.order.reference);
  }

  /** Dispatched with carrier, tracking number and link: the shopper is e-mailed once. */
  async dispatched(ctx: Ctx, storeId: number, reference: string, body: ConsoleDispatchBody): Promise<ConsoleOrder> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const found = await this.view(ctx, storeId, reference);
    await this.deps.fulfilment.markDispatched(
      ctx,
      found.order.reference,
      storeId,
      { trackingNumber: body.TrackingNumber, trackingUrl: body.TrackingUrl ?? null, carrier: body.Carrier ?? null },
      this.audit(caller, storeId, 'order.dispatch'),
    );
    return this.order(ctx, storeId, found.order.reference);
  }

  /** Cancels one item of the store's shipment, refunding it (paid online); back on sale unless Restock is false. */
  async cancelItem(
    ctx: Ctx,
    storeId: number,
    reference: string,
    code: string,
    restock: boolean,
  ): Promise<ConsoleOrder> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const found = await this.view(ctx, storeId, reference);
    const line = found.lines.find((l) => l.code.toUpperCase() === code.toUpperCase());
    if (!line) throw new NotFoundError(NO_SUCH_ITEM_MESSAGE);
    await this.deps.fulfilment.cancelItem(
      ctx,
      found.order.reference,
      storeId,
      line.code,
      { restock },
      this.audit(caller, storeId, 'order.cancel-item'),
    );
    return this.order(ctx, storeId, found.order.reference);
  }

  /** The audit record of a fulfilment change, written by the fulfilment service inside its transaction. */
  private audit(caller: StaffCaller, storeId: number, action: string): FulfilmentHook {
    return async (tx, change) => {
      await this.deps.audit.record(tx, {
        storeId,
        userId: caller.userId,
        action,
        orderReference: change.order.reference,
        itemCode: change.line?.code ?? null,
        detail: change.detail,
      });
    };
  }

  /** The guarded store's shipment of an order of this region that was ever confirmed; else 404. */
  private async view(ctx: Ctx, storeId: number, reference: string): Promise<StoreShipmentView> {
    const canonical = normalizePublicReference(ReferencePrefix.order, reference);
    const order = canonical ? await this.deps.orders.byReference(ctx, canonical) : undefined;
    if (!order || order.region !== ctx.region || order.confirmed_at === null)
      throw new NotFoundError(NO_SUCH_ORDER_MESSAGE);
    const shipment = (await this.deps.orders.shipments(ctx, order.id)).find((s) => s.store_id === storeId);
    if (!shipment) throw new NotFoundError(NO_SUCH_ORDER_MESSAGE);
    const lines = (await this.deps.orders.lines(ctx, order.id)).filter((l) => l.shipment_id === shipment.id);
    return { order, shipment, lines, failedRefunds: await this.failedRefunds(ctx, order.id, lines) };
  }

  /**
   * The store's cancelled lines whose refund last ended in an error at the provider (the payment's
   * events, keyed `line-{id}`). Only orders with a refunded line are looked up.
   */
  private async failedRefunds(ctx: Ctx, orderId: number, lines: OrderLine[]): Promise<Set<number>> {
    const failed = new Set<number>();
    const refunded = new Map(lines.filter((l) => l.refund_minor !== null).map((l) => [`line-${l.id}`, l.id]));
    if (refunded.size === 0) return failed;
    for (const attempt of await this.deps.payments.attemptsFor(ctx, orderId)) {
      for (const event of await this.deps.payments.events(ctx, attempt.id)) {
        const detail = parseDetail(event.detail);
        const id = typeof detail.key === 'string' ? refunded.get(detail.key) : undefined;
        if (id === undefined) continue;
        if (event.kind === 'error' && detail.during === 'refund') failed.add(id);
        if (event.kind === 'refund') failed.delete(id);
      }
    }
    return failed;
  }
}
