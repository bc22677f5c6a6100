import type { Store } from '@shop/contract';
import { Link } from 'react-router';
import { OpeningHours } from '../../../components/opening-hours';
import { useSiteSettings } from '../../../lib/site-settings';
import '../product.css';
import { StoreContactItems } from '../../../components/store-contact';

/** Where the item is: the store, its address, phone and e-mail links, and its opening hours. */
export function StoreDetails({ store, headingLevel = 2 }: { store: Store; headingLevel?: 2 | 3 }) {
  const { regionInfo } = useSiteSettings();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="store-details" aria-labelledby={`store-${store.Id}`}>
      <Heading id={`store-${store.Id}`} className="store-details__title">
        Held at our {store.Name} store
      </Heading>
      <address className="store-details__address">
        {store.Address}
        <br />
        <span className="store-details__region">
          {regionInfo.stateLabel}: {store.StateName}
        </span>
      </address>
      <ul className="store-details__contact">
        <StoreContactItems store={store} labelClassName="store-details__label" />
      </ul>
      {store.OpeningHours.length > 0 ? (
        <OpeningHours
          rows={store.OpeningHours}
          className="hours"
          todayClassName="hours--today"
          caption="Opening hours"
        />
      ) : null}
      <p>
        <Link to={store.Url}>Store information</Link>
      </p>
    </section>
  );
}
