import type { GstInvoiceValue } from '@shop/contract';
import { Link } from 'react-router';
import { invoiceHeading, invoiceWording } from '../invoice-wording';
import { StoreInvoice } from './store-invoice';
import '../invoice.css';

/**
 * The printable document: its links (print, My Account; left off the paper), the heading and one
 * sheet per store.
 */
export function InvoiceDocument({ invoice }: { invoice: GstInvoiceValue }) {
  const wording = invoiceWording(invoice);
  return (
    <div className="gst-invoice">
      <nav className="gst-invoice__actions" aria-label="Invoice actions">
        <button type="button" className="button button--small" onClick={() => window.print()}>
          Print
        </button>
        <Link className="button button--small button--secondary" to="/my-account">
          My Account
        </Link>
      </nav>
      <h1 className="gst-invoice__heading">{invoiceHeading(wording, invoice.OrderReference)}</h1>
      <div className="gst-invoice__sheets">
        {invoice.StoreInvoiceDetails.map((store, index) => (
          <StoreInvoice
            key={`${store.StoreDisplayName}-${store.InvoiceNumber}`}
            invoice={invoice}
            store={store}
            wording={wording}
            index={index}
          />
        ))}
      </div>
    </div>
  );
}

/** The page's other states: no reference, loading, nothing came back (account.md 2.6 and 8). */
export function InvoiceMessage({ state }: { state: 'missing' | 'loading' | 'error' }) {
  if (state === 'loading') {
    return (
      <div className="gst-invoice gst-invoice--message">
        <p role="status">Retrieving invoice...</p>
      </div>
    );
  }
  if (state === 'missing') {
    return (
      <div className="gst-invoice gst-invoice--message">
        <h1>Cannot retrieve invoice without a reference</h1>
        <p>
          Please open the invoice from your order in <Link to="/my-account/">My Account</Link>, or check your purchase
          e-mail for the link to your order.
        </p>
      </div>
    );
  }
  return (
    <div className="gst-invoice gst-invoice--message" role="alert">
      <h1>Error retrieving invoice</h1>
      <p>Please try again later</p>
      <p>
        <Link to="/my-account/">My Account</Link>
      </p>
    </div>
  );
}
