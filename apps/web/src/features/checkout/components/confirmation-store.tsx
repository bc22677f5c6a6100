import type { OrderConfirmationValue } from '@shop/contract';
import { CollectByNote } from '../../../components/collect-by-note';

type ConfirmedStore = OrderConfirmationValue['Stores'][number];

/** One store's part of the order: its items, and where they are collected from or posted to. */
export function ConfirmationStore({ store }: { store: ConfirmedStore }) {
  const pickup = store.Method === 'pickup';
  const address = [store.Address.Line1, store.Address.Line2].filter((line) => line.trim() !== '');
  return (
    <section className="confirmation-store" aria-label={store.StoreName}>
      <h3 className="confirmation-store__name">{store.StoreName}</h3>
      <ul className="confirmation-store__items">
        {store.Items.map((item) => (
          <li key={item.Code}>
            <span>{item.DisplayName}</span>
            <span className="confirmation-store__price">{item.Price.Display}</span>
          </li>
        ))}
        {!pickup ? (
          <li className="confirmation-store__postage">
            <span>Postage</span>
            <span className="confirmation-store__price">{store.Postage.Display}</span>
          </li>
        ) : null}
      </ul>
      <div className="confirmation-store__where">
        <div>
          <h4>{pickup ? 'Pick up from' : 'Posting to'}</h4>
          <address>
            {address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          {pickup && store.CollectBy ? <CollectByNote collectBy={store.CollectBy} /> : null}
          {store.Phone ? (
            <p>
              Phone: <a href={`tel:${store.Phone.replace(/[^\d+]/g, '')}`}>{store.Phone}</a>
            </p>
          ) : null}
        </div>
        {pickup && store.OpeningHours.length > 0 ? (
          <div>
            <h4>Opening hours</h4>
            <dl className="confirmation-store__hours">
              {store.OpeningHours.map((row) => (
                <div key={row.Day}>
                  <dt>{row.Day}</dt>
                  <dd>{row.Hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
      </div>
    </section>
  );
}
