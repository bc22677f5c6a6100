import { PICKUP_SERVICE, type ProductDetail } from '@shop/contract';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Accordion } from '../../../components/accordion';
import { formatLongDateText } from '../../../lib/format-date';
import { useSiteSettings } from '../../../lib/site-settings';
import { DeliveryOptions } from './delivery-options';
import '../product.css';

/** Description, Specifications, Warranty and Delivery, each a disclosure. */
export function ProductAccordions({
  product,
  warrantyRef,
}: {
  product: ProductDetail;
  warrantyRef: RefObject<HTMLDivElement | null>;
}) {
  const { Region: region } = useSiteSettings();
  const consumerLaw = region === 'UK' ? 'the Consumer Rights Act 2015' : 'the Australian Consumer Law';
  return (
    <section className="product-info" aria-labelledby="product-info-title">
      <h2 id="product-info-title" className="visually-hidden">
        About this item
      </h2>
      <Accordion title="Description" defaultOpen>
        <p className="product-info__description">{product.Description}</p>
      </Accordion>
      <Accordion title="Specifications">
        <table className="specs">
          <tbody>
            {product.Specifications.map((row) => (
              <tr key={row.Name}>
                <th scope="row">{row.Name}</th>
                <td>{row.Value}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Category</th>
              <td>{product.Category}</td>
            </tr>
            <tr>
              <th scope="row">Item code</th>
              <td>{product.Code}</td>
            </tr>
            <tr>
              <th scope="row">Listed</th>
              <td>{formatLongDateText(product.ListedDate)}</td>
            </tr>
            {product.HasAuthenticityCertificate ? (
              <tr>
                <th scope="row">Authenticity</th>
                <td>Comes with an authenticity certificate</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </Accordion>
      <div ref={warrantyRef}>
        <Accordion title="Warranty">
          <p>
            Electrical items carry a three-month store warranty from the date of purchase, on top of your rights under{' '}
            {consumerLaw}. Bring the item and your receipt to the store you bought it from.
          </p>
          <p>
            <Link to="/help/warranty">Warranty details</Link> · <Link to="/help/returns">Returns and refunds</Link>
          </p>
        </Accordion>
      </div>
      <Accordion title="Delivery">
        <DeliveryOptions product={product} />
        <p>
          Postage is charged per store by weight, and bulky items are pickup only. Pickup orders are usually ready
          within two hours; bring photo identification.
        </p>
        <p>
          <Link to="/help/click-and-collect">How {PICKUP_SERVICE[region].inSentence} works</Link>
        </p>
      </Accordion>
    </section>
  );
}
