import {
  formatOrderDate,
  formatOrderDateTime,
  type GstInvoiceValue,
  paymentTypeLabel,
  type StoreInvoiceDetails,
} from '@shop/contract';
import { addressLines, type InvoiceWording } from '../invoice-wording';

/**
 * The customer (headed as the buyer's identity when the order is large enough for the tax office
 * to want it), where the items go, and the order's references.
 */
export function InvoiceParties({
  invoice,
  store,
  wording,
  sheetId,
}: {
  invoice: GstInvoiceValue;
  store: StoreInvoiceDetails;
  wording: InvoiceWording;
  sheetId: string;
}) {
  const customer = invoice.CustomerDetails;
  const delivery = store.DeliveryAddress;
  const deliveryName = `${delivery.FirstName} ${delivery.LastName}`.trim();
  const summary: [string, string][] = [
    ['Order Ref.', invoice.OrderReference],
    ['Order Date', `${formatOrderDateTime(invoice.OrderDate, wording.region)} ${invoice.OrderDateTimeZone}`.trim()],
    ['Payment', paymentTypeLabel(invoice.PaymentType)],
    ['Payment Ref.', invoice.PaymentGatewayReference || 'None'],
    ['Postage Ref.', store.PostageReference || 'None'],
    ['Dispatch Date', store.DispatchDate ? formatOrderDate(store.DispatchDate, wording.region) : 'None'],
  ];
  return (
    <div className="invoice-parties">
      <section className="invoice-party" aria-labelledby={`${sheetId}-customer`}>
        <h3 id={`${sheetId}-customer`}>{invoice.BuyerIdentityRequired ? "Buyer's identity" : 'Customer details'}</h3>
        <address>
          <span>{`${customer.FirstName} ${customer.LastName}`.trim()}</span>
          {addressLines(customer, wording.region).map((line) => (
            <span key={line}>{line}</span>
          ))}
          {customer.CountryName ? <span>{customer.CountryName}</span> : null}
          {customer.DaytimePhoneNumber ? <span>{customer.DaytimePhoneNumber}</span> : null}
        </address>
      </section>
      <section className="invoice-party" aria-labelledby={`${sheetId}-delivery`}>
        <h3 id={`${sheetId}-delivery`}>Delivery</h3>
        {delivery.IsInStorePickup ? (
          <p>In-Store Pickup</p>
        ) : (
          <address>
            {deliveryName ? <span>{deliveryName}</span> : null}
            {delivery.BusinessName ? <span>{delivery.BusinessName}</span> : null}
            {addressLines(delivery, wording.region).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        )}
      </section>
      <table className="invoice-summary">
        <caption className="visually-hidden">Order summary</caption>
        <tbody>
          {summary.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
