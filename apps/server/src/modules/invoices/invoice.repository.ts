import { sql } from 'kysely';
import type { DbCtx } from '../../lib/context.js';

/**
 * Invoice numbers: each store's counter (store_invoice_numbers) and the number a shipment was
 * given (order_shipments.invoice_number, a column this module alone writes). No rules here; the
 * service runs both writes in one transaction.
 */
export class InvoiceRepository {
  /**
   * The store's next number, by one atomic write: the counter row is created at 1 or incremented,
   * and the row lock it takes makes concurrent callers for the same store wait their turn (the
   * same statement on SQLite and PostgreSQL).
   */
  async nextNumber(ctx: DbCtx, storeId: number): Promise<number> {
    const row = await ctx.db
      .insertInto('store_invoice_numbers')
      .values({ store_id: storeId, last_number: 1 })
      .onConflict((oc) =>
        oc.column('store_id').doUpdateSet({ last_number: sql<number>`store_invoice_numbers.last_number + 1` }),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  /** Gives the shipment its number (issued now) unless it already has one; false when it had (someone else won). */
  async assignNumber(ctx: DbCtx, shipmentId: number, invoiceNumber: number, issuedAt: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('order_shipments')
      .set({ invoice_number: invoiceNumber, invoice_issued_at: issuedAt })
      .where('id', '=', shipmentId)
      .where('invoice_number', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async numberOf(ctx: DbCtx, shipmentId: number): Promise<{ number: number; issuedAt: number } | null> {
    const row = await ctx.db
      .selectFrom('order_shipments')
      .select(['invoice_number', 'invoice_issued_at'])
      .where('id', '=', shipmentId)
      .executeTakeFirst();
    if (row?.invoice_number == null) return null;
    return { number: row.invoice_number, issuedAt: Number(row.invoice_issued_at ?? 0) };
  }
}
