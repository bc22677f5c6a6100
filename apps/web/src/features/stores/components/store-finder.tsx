import type { Region, ShopperPlace, StoreFinderStore } from '@shop/contract';
import { Link } from 'react-router';
import { PlaceForm } from '../../../components/place-form';
import { OWN_LOCATION_LABEL } from '../../../lib/shopper-place';
import './store-finder.css';

/** A phone number as a tel: link (digits and a leading + only). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The items of one store: the search filtered to it. */
export function storeItemsUrl(slug: string): string {
  return `/search-results?${new URLSearchParams({ location: slug })}`;
}

/** "12.4 km away": the finder's one decimal, as the server rounds it. */
export function distanceText(km: number): string {
  return `${km.toFixed(1)} km away`;
}

/** Stores under their state's name, in the order given (the server's: by state, then name). */
export function byState(stores: StoreFinderStore[]): { state: string; stores: StoreFinderStore[] }[] {
  const groups: { state: string; stores: StoreFinderStore[] }[] = [];
  for (const store of stores) {
    const last = groups[groups.length - 1];
    if (last && last.state === store.StateName) last.stores.push(store);
    else groups.push({ state: store.StateName, stores: [store] });
  }
  return groups;
}

function StoreCard({ store, headingLevel }: { store: StoreFinderStore; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `store-${store.Id}`;
  return (
    <li>
      <article className="store-card" aria-labelledby={id}>
        <div className="store-card__top">
          <Heading className="store-card__name" id={id}>
            <Link to={store.Url}>{store.NameWithState}</Link>
          </Heading>
          {store.DistanceKm === null ? null : <p className="store-card__distance">{distanceText(store.DistanceKm)}</p>}
        </div>
        <address className="store-card__address">{store.Address}</address>
        <p className="store-card__day">
          <span className={store.OpenNow ? 'store-card__open' : 'store-card__closed'}>
            {store.OpenNow ? 'Open now' : 'Closed now'}
          </span>
          {store.TodayHours ? <span> · Today: {store.TodayHours}</span> : null}
        </p>
        {store.Phone ? (
          <p className="store-card__phone">
            Phone <a href={telHref(store.Phone)}>{store.Phone}</a>
          </p>
        ) : null}
        <p className="store-card__links">
          <Link to={storeItemsUrl(store.Slug)}>
            Shop this store's items<span className="visually-hidden"> ({store.NameWithState})</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

/**
 * The store finder's body: where the shopper is (the place form), then every store of the region,
 * nearest first from the place, or by state then name without one.
 */
export function StoreFinder({
  region,
  stores,
  place,
  placeError,
  onPlace,
  onClear,
}: {
  region: Region;
  stores: StoreFinderStore[] | null;
  /** The place the list is measured from: its label, or the URL's `near` as typed. */
  place: string | null;
  /** The server could not find the URL's place. */
  placeError: string | null;
  onPlace: (place: ShopperPlace) => void;
  onClear: () => void;
}) {
  return (
    <div className="store-finder">
      <header className="store-finder__header">
        <h1>Find a store</h1>
        <p className="store-finder__lead">
          {place
            ? `Nearest first from ${place === OWN_LOCATION_LABEL ? 'your location' : place}.`
            : 'Tell us where you are to see the nearest stores first.'}
        </p>
      </header>
      <section className="store-finder__place" aria-label="Your location">
        <PlaceForm
          key={place ?? ''}
          region={region}
          initialText={place && place !== OWN_LOCATION_LABEL ? place : ''}
          submitLabel="Find stores"
          onPlace={onPlace}
          onClear={place ? onClear : undefined}
        />
        {placeError ? (
          <p className="field__error" role="alert">
            {placeError}
          </p>
        ) : null}
      </section>
      {stores === null ? (
        <p aria-busy="true">Loading the stores...</p>
      ) : place ? (
        <ol className="store-finder__list" aria-label="Stores, nearest first">
          {stores.map((store) => (
            <StoreCard key={store.Id} store={store} headingLevel={2} />
          ))}
        </ol>
      ) : (
        byState(stores).map((group) => (
          <section key={group.state} className="store-finder__state" aria-label={group.state}>
            <h2 className="store-finder__state-name">{group.state}</h2>
            <ul className="store-finder__list">
              {group.stores.map((store) => (
                <StoreCard key={store.Id} store={store} headingLevel={3} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
