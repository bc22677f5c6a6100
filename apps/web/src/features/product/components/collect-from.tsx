import { greatCircleKm, type Store, type StoreFinderStore } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { usePlaceDialog } from '../../../components/use-place-dialog';
import { forgetPlace, fromPlaceText, rememberPlace, useShopperPlace } from '../../../lib/shopper-place';
import { useSiteSettings } from '../../../lib/site-settings';
import { useInBrowser } from '../../../lib/ssr-state';
import { storeBySlugQueryOptions } from '../../../lib/stores-api/get-stores';

/** "Collect from Parramatta, 12 km from 2150": whole kilometres here, from the remembered place. */
export function collectFromText(
  store: Pick<Store, 'Name' | 'Latitude' | 'Longitude'>,
  place: Parameters<typeof fromPlaceText>[0] | null,
): string {
  if (!place) return `Collect from ${store.Name}`;
  const km = Math.round(greatCircleKm(place.Latitude, place.Longitude, store.Latitude, store.Longitude));
  return `Collect from ${store.Name}, ${km} km ${fromPlaceText(place)}`;
}

/** "Open now · Today 9:00 am - 5:30 pm", from the store finder's reading of the store's own clock. */
export function storeDayText(day: Pick<StoreFinderStore, 'OpenNow' | 'TodayHours'>): string {
  const hours = day.TodayHours === '' ? '' : day.TodayHours === 'Closed' ? 'Closed today' : `Today ${day.TodayHours}`;
  return [day.OpenNow ? 'Open now' : 'Closed now', hours].filter(Boolean).join(' · ');
}

/**
 * In the product page's pickup card (DeliveryOptions' `collect`): how far the store is from the
 * shopper's place (read after hydration: the place is this browser's), its hours today and whether
 * it is open now (asked in the browser: "now" is the shopper's moment, not the page's). Without a
 * place, "Set your location" opens the location control (its code loads then).
 */
export function CollectFrom({ store }: { store: Store }) {
  const { Region: region } = useSiteSettings();
  const place = useShopperPlace(region);
  const inBrowser = useInBrowser();
  const day = useQuery({ ...storeBySlugQueryOptions(store.Slug), enabled: inBrowser });
  const dialog = usePlaceDialog();
  return (
    <div className="collect-from">
      {/* Without a place the pickup card above it has already said where ("Free from our ... store"). */}
      {place ? <p className="collect-from__line">{collectFromText(store, place)}</p> : null}
      {day.data ? <p className="collect-from__day">{storeDayText(day.data)}</p> : null}
      <button type="button" className="collect-from__change" aria-haspopup="dialog" onClick={dialog.show}>
        {place ? 'Change location' : 'Set your location'}
      </button>
      {dialog.Dialog ? (
        <dialog.Dialog
          open={dialog.open}
          region={region}
          place={place}
          onClose={dialog.close}
          onPlace={(next) => {
            rememberPlace(region, next);
            dialog.close();
          }}
          onClear={() => {
            forgetPlace(region);
            dialog.close();
          }}
        />
      ) : null}
    </div>
  );
}
