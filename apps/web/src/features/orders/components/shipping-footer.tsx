import { formatOrderDate, type Region, type ShippingDetails } from '@shop/contract';
import { CollectByNote } from '../../../components/collect-by-note';
import { addressLines } from '../order-format';

export const CUSTOMER_PICKUP = 'Customer Pickup';

function Address({ lines }: { lines: string[] }) {
  return (
    <address className="order-shipping__address">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines may repeat and never reorder
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

/**
 * A store panel's footer (account.md 2.3): 'Customer Pickup' with the store's address (and, while it
 * waits to be collected, its collect-by); otherwise
 * the postage option, 'Dispatched {date}', the tracking number (a link when there is a tracking
 * page), the delivery address and the shipping cost.
 */
export function ShippingFooter({ shipping, region }: { shipping: ShippingDetails; region: Region }) {
  if (shipping.option === CUSTOMER_PICKUP) {
    return (
      <footer className="order-shipping">
        <p className="order-shipping__option">{CUSTOMER_PICKUP}</p>
        {shipping.address ? <Address lines={addressLines(shipping.address, { withCustomer: false })} /> : null}
        {shipping.collectBy ? <CollectByNote collectBy={shipping.collectBy} /> : null}
      </footer>
    );
  }
  return (
    <footer className="order-shipping">
      <p className="order-shipping__option">{shipping.option}</p>
      {shipping.dispatchedDate ? (
        <p className="order-shipping__dispatched">Dispatched {formatOrderDate(shipping.dispatchedDate, region)}</p>
      ) : null}
      {shipping.trackingNumber ? (
        <p className="order-shipping__tracking">
          Tracking number:{' '}
          {shipping.trackingUrl ? (
            <a href={shipping.trackingUrl} target="_blank" rel="noopener noreferrer">
              {shipping.trackingNumber}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span>{shipping.trackingNumber}</span>
          )}
        </p>
      ) : null}
      {shipping.address ? <Address lines={addressLines(shipping.address, { withCustomer: true })} /> : null}
      <p className="order-shipping__cost">
        Shipping: <strong>{shipping.cost}</strong>
      </p>
    </footer>
  );
}
