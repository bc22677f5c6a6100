import { GstInvoiceQuerySchema, GstInvoiceValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { InvoiceService } from './invoice.service.js';

const MINUTE_MS = 60 * 1000;

export function invoiceRoutes(invoices: InvoiceService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/invoice',
      summary:
        "An order's tax invoice (AU) or VAT receipt (UK), one part per store registered for GST/VAT, each numbered by its store on first request: for the order's customer, or anyone with the order e-mail's signed key (else 404, as for a missing order or one without an invoice)",
      tag: 'orders',
      query: GstInvoiceQuerySchema,
      value: GstInvoiceValueSchema,
      rateLimit: { max: 120, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { query }) => invoices.invoice(ctx, query.id, query.key),
    }),
  ];
}
