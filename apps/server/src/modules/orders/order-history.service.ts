import type { OrderDetailValue, OrderHistoryQuery, OrderHistoryValue } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { HttpError } from '../../lib/errors.js';
import { SIGN_IN_REQUIRED } from '../../lib/route.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { hasTaxInvoice } from './invoice-availability.js';
import { type OrderLinks, orderForViewer } from './order-links.js';
import { orderStatusLabel } from './order-status.js';
import {
  customerNameOf,
  orderSummaryOf,
  toOrderDetailItem,
  toOrderSummary,
  toShippingDetails,
} from './orders.mapper.js';
import type { OrdersService } from './orders.service.js';

export interface OrderHistoryDependencies {
  orders: OrdersService;
  stores: StoresService;
  catalogue: CatalogueService;
  links: OrderLinks;
  /** GST_INVOICES_ENABLED: whether order detail offers the tax invoice at all. */
  gstInvoicesEnabled: boolean;
}

/** The same answer for a missing order, another customer's, a wrong key and a guessed reference. */

/**
 * What a shopper sees of their orders after the sale (account.md sections 2.2, 2.3, 3):
 * - history: the signed-in customer's orders in this region that were ever confirmed (an
 *   abandoned checkout never shows), newest first, a page at a time (one query per page); a page
 *   past the end answers the last page, and says so in currentPage;
 * - detail: one order by its public reference, for its customer or for anyone holding the signed
 *   key of the order e-mail's link (a guest); everyone else gets the same 404 as a missing order.
 */
export class OrderHistoryService {
  constructor(private readonly deps: OrderHistoryDependencies) {}

  async history(ctx: Ctx, query: OrderHistoryQuery): Promise<OrderHistoryValue> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, SIGN_IN_REQUIRED);
    const { userId } = ctx.viewer;
    const total = await this.deps.orders.countFor(ctx, userId);
    const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
    const currentPage = Math.min(query.page, lastPage);
    const rows =
      total === 0
        ? []
        : await this.deps.orders.historyFor(ctx, userId, query.pageSize, (currentPage - 1) * query.pageSize);
    return {
      orders: rows.map((row) => toOrderSummary(row, ctx.region)),
      totalOrderCount: total,
      currentPage,
    };
  }

  async detail(ctx: Ctx, orderId: string, key: string | undefined): Promise<OrderDetailValue> {
    const { deps } = this;
    const { order, keyed } = await orderForViewer(ctx, deps, orderId, key);

    const lines = await deps.orders.lines(ctx, order.id);
    const shipments = await deps.orders.shipments(ctx, order.id);
    const stores = await Promise.all(
      [...new Set(shipments.map((s) => s.store_id))].map((id) => deps.stores.storeById(ctx, id)),
    );
    // A picture while the item still has one (its listing may have gone since the sale; matched by
    // code too, so a product that later took the same id never lends its picture).
    const products = await deps.catalogue.items(
      ctx,
      lines.map((l) => l.product_id),
    );
    const imageOf = new Map(
      products.map((p) => [`${p.id}:${p.code}`, p.pictureCount > 0 ? `/c3api/images/product/${p.code}/1?w=300` : null]),
    );
    const invoice = hasTaxInvoice(
      order,
      stores.map((store) => store?.tax_registered === 1),
      deps.gstInvoicesEnabled,
    );
    const customerName = customerNameOf(order);
    return {
      orderNumber: order.reference,
      invoiceUrl: invoice
        ? `/gst-invoice?invoice=${order.reference}${keyed && key ? `&key=${encodeURIComponent(key)}` : ''}`
        : null,
      gstInvoicesEnabled: deps.gstInvoicesEnabled,
      summary: orderSummaryOf(
        order,
        { itemCount: lines.length, storeCount: shipments.length },
        orderStatusLabel(order.status, shipments),
        ctx.region,
      ),
      stores: shipments.map((shipment) => ({
        id: shipment.store_id,
        name: shipment.store_name,
        items: lines
          .filter((line) => line.shipment_id === shipment.id)
          .map((line) => toOrderDetailItem(line, imageOf.get(`${line.product_id}:${line.code}`) ?? null, ctx.region)),
        shippingDetails: toShippingDetails(shipment, customerName, ctx.region, order.status === 'confirmed'),
      })),
    };
  }
}
