import { itemsAtStores, type OrderDetailValue, type Region } from '@shop/contract';
import { Link } from 'react-router';
import { discountText, orderDateWithZone } from '../order-format';

/**
 * The invoice area (account.md 2.3): when the order has an invoice and GST invoices are on, the
 * document's name and a 'Print Receipt' button to it; otherwise 'Tax invoice currently unavailable'.
 * In the UK the document is a VAT receipt, and says so.
 */
export function InvoiceArea({ order, region }: { order: OrderDetailValue; region: Region }) {
  if (order.invoiceUrl && order.gstInvoicesEnabled) {
    return (
      <div className="order-invoice">
        <p className="order-invoice__text">{region === 'UK' ? 'VAT receipt available' : 'GST invoice available'}</p>
        <Link className="button button--secondary order-invoice__print" to={order.invoiceUrl}>
          Print Receipt
        </Link>
      </div>
    );
  }
  return (
    <div className="order-invoice">
      <p className="order-invoice__text">Tax invoice currently unavailable</p>
    </div>
  );
}

/** The right-hand summary: counts, total with postage, any discount, date and zone, status. */
export function OrderSummaryPanel({ order, region }: { order: OrderDetailValue; region: Region }) {
  const { summary } = order;
  const discount = discountText(summary.discountAmount);
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order summary</h2>
      <p className="order-summary__counts">{itemsAtStores(summary.itemCount, summary.storeCount)}</p>
      <dl className="order-summary__rows">
        {discount ? (
          <div>
            <dt>Discount Applied</dt>
            <dd>{discount}</dd>
          </div>
        ) : null}
        <div className="order-summary__total">
          <dt>
            Total <span className="order-summary__note">Includes postage</span>
          </dt>
          <dd>{summary.price}</dd>
        </div>
        <div>
          <dt>Order date</dt>
          <dd>{orderDateWithZone(summary.orderDateTime, summary.orderDateTimeZone, region)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{summary.status}</dd>
        </div>
      </dl>
      <InvoiceArea order={order} region={region} />
    </section>
  );
}
