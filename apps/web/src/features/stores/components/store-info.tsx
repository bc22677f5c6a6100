import { type Store, storeTitle } from '@shop/contract';
import { Link } from 'react-router';
import { useSiteSettings } from '../../../lib/site-settings';
import './store-info.css';
import { OpeningHours } from '../../../components/opening-hours';
import { StoreContactItems } from '../../../components/store-contact';

/** The page's title from the contract's rule: 'Fyshwick ACT Store', 'Lewisham Store'. */
export function pageTitle(store: Pick<Store, 'Name' | 'State' | 'Region'>): string {
  return storeTitle({ name: store.Name, state: store.State, region: store.Region });
}

/** A map at the store's coordinates (OpenStreetMap: no script of theirs runs on our page). */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5);
  const lng = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/** The store page's body: where it is, when it is open, how to reach it, and its items. */
export function StoreInfo({ store }: { store: Store }) {
  const { regionInfo } = useSiteSettings();
  const itemsUrl = `/search-results?${new URLSearchParams({ location: store.Slug })}`;
  const coordinates = `${store.Latitude.toFixed(5)}, ${store.Longitude.toFixed(5)}`;
  return (
    <article className="store-page">
      <header className="store-page__header">
        <h1>{pageTitle(store)}</h1>
        <p className="store-page__lead">
          {regionInfo.stateLabel}: {store.StateName}
        </p>
        <p>
          <Link className="button button--primary" to={itemsUrl}>
            Shop this store's items
          </Link>
        </p>
      </header>
      {store.PickupDisabled ? (
        <p className="store-page__notice" role="note">
          This store is not taking click and collect orders at the moment. Contact the store for options.
        </p>
      ) : null}
      <div className="store-page__grid">
        <section className="store-page__card" aria-labelledby="store-visit">
          <h2 id="store-visit">Visit us</h2>
          <address className="store-page__address">{store.Address}</address>
          <p className="store-page__map">
            <a href={mapUrl(store.Latitude, store.Longitude)} target="_blank" rel="noopener noreferrer">
              View on map
              <span className="visually-hidden"> (opens OpenStreetMap in a new tab)</span>
            </a>
            <span className="store-page__coordinates">
              <span className="visually-hidden">Coordinates: </span>
              {coordinates}
            </span>
          </p>
          <h2 id="store-contact">Contact</h2>
          <ul className="store-page__contact" aria-labelledby="store-contact">
            <StoreContactItems store={store} labelClassName="store-page__label" />
            {store.BusinessNumber ? (
              <li>
                <span className="store-page__label">{regionInfo.businessNumberLabel}</span> {store.BusinessNumber}
              </li>
            ) : null}
          </ul>
          {store.DealerLicences.length > 0 ? (
            <p className="store-page__licence">{store.DealerLicences.join('; ')}</p>
          ) : null}
        </section>
        <section className="store-page__card" aria-labelledby="store-hours">
          <h2 id="store-hours">Opening hours</h2>
          <OpeningHours rows={store.OpeningHours} className="store-page__hours" todayClassName="store-page__today" />
        </section>
      </div>
    </article>
  );
}
