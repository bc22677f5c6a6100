import { useSearchParams } from 'react-router';
import { useInvoice } from '../../features/invoice/api/get-invoice';
import { InvoiceDocument, InvoiceMessage } from '../../features/invoice/components/invoice-document';
import { invoiceHeading, invoiceWording } from '../../features/invoice/invoice-wording';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /gst-invoice?invoice={ref}[&key=] (account.md 2.6): the order's printable tax invoice, one sheet
 * per store. Customers open it through their session, guests with the order e-mail's signed key;
 * whoever else asks gets the same error as for a missing invoice.
 */
export function GstInvoicePage() {
  const [search] = useSearchParams();
  const reference = (search.get('invoice') ?? '').trim();
  const key = search.get('key');
  const invoice = useInvoice(reference, key);
  const title =
    reference === ''
      ? 'Invoice'
      : invoice.status === 'done'
        ? invoiceHeading(invoiceWording(invoice.value), invoice.value.OrderReference)
        : `Invoice for order #${reference}`;
  useDocumentTitle(title);

  if (reference === '') return <InvoiceMessage state="missing" />;
  if (invoice.status === 'loading') return <InvoiceMessage state="loading" />;
  if (invoice.status === 'error') return <InvoiceMessage state="error" />;
  return <InvoiceDocument invoice={invoice.value} />;
}
