import type { GstInvoiceValue, StoreInvoiceDetails } from '@shop/contract';
import { formatOrderDate } from '@shop/contract';
import type { InvoiceWording } from '../invoice-wording';
import { InvoiceItems } from './invoice-items';
import { InvoiceParties } from './invoice-parties';

/**
 * One store's invoice: a sheet of its own when printed (each store issues and numbers its own).
 * Who sells (display name, entity, ABN or VAT number, dealer licences), to whom, the items with
 * their tax, and how to reach the store.
 */
export function StoreInvoice({
  invoice,
  store,
  wording,
  index,
}: {
  invoice: GstInvoiceValue;
  store: StoreInvoiceDetails;
  wording: InvoiceWording;
  index: number;
}) {
  const sheetId = `invoice-store-${index}`;
  return (
    <article className="invoice-sheet" aria-labelledby={`${sheetId}-name`}>
      <header className="invoice-sheet__header">
        <div className="invoice-seller">
          <h2 id={`${sheetId}-name`}>{store.StoreDisplayName}</h2>
          {store.EntityName ? <p>{store.EntityName}</p> : null}
          {store.ABN ? (
            <p>
              {wording.registrationLabel} {store.ABN}
            </p>
          ) : null}
          {store.Licenses.length > 0 ? (
            <ul className="invoice-seller__licences" aria-label="Licences">
              {store.Licenses.map((licence) => (
                <li key={`${licence.Name} ${licence.Number}`}>
                  {licence.Name}: {licence.Number}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="invoice-sheet__kind">
          <p className="invoice-sheet__kind-name">{wording.documentName}</p>
          {store.InvoiceNumber ? <p>No. {store.InvoiceNumber}</p> : null}
          <p>Date of issue: {formatOrderDate(store.InvoiceDate, wording.region)}</p>
          <p>Order #{invoice.OrderReference}</p>
        </div>
      </header>
      <InvoiceParties invoice={invoice} store={store} wording={wording} sheetId={sheetId} />
      <InvoiceItems store={store} wording={wording} />
      <footer className="invoice-sheet__footer">
        <h3 className="visually-hidden">Contact {store.StoreDisplayName}</h3>
        <address>
          <span>{store.StoreDisplayName}</span>
          {[store.AddressLine1, store.AddressLine2]
            .filter((line) => line.trim() !== '')
            .map((line) => (
              <span key={line}>{line}</span>
            ))}
          {store.Phone ? (
            <span>
              Phone: <a href={`tel:${store.Phone.replace(/[^\d+]/g, '')}`}>{store.Phone}</a>
            </span>
          ) : null}
          {store.Email ? (
            <span>
              Email: <a href={`mailto:${store.Email}`}>{store.Email}</a>
            </span>
          ) : null}
        </address>
      </footer>
    </article>
  );
}
