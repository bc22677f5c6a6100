import { greatCircleKm, type ShopperPlace } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { fromPlaceText, useShopperPlace } from '../../../lib/shopper-place';
import { useSiteSettings } from '../../../lib/site-settings';
import { storesQueryOptions } from '../../../lib/stores-api/get-stores';

/** "12 km from 2150": whole kilometres, as the product page says them. */
export function storeDistanceText(store: { Latitude: number; Longitude: number }, place: ShopperPlace): string {
  const km = Math.round(greatCircleKm(place.Latitude, place.Longitude, store.Latitude, store.Longitude));
  return `${km} km ${fromPlaceText(place)}`;
}

/**
 * A cart store's distance from the shopper's place, after its heading's name. The cart names its
 * stores by id only: their coordinates come from the store list (one call, cached, asked only once
 * the shopper has a place).
 */
export function StoreDistance({ storeId }: { storeId: number }) {
  const { Region: region } = useSiteSettings();
  const place = useShopperPlace(region);
  const stores = useQuery({ ...storesQueryOptions({ sort: 'name' }), enabled: place !== null });
  const store = stores.data?.Stores.find((s) => s.Id === storeId);
  if (!place || !store) return null;
  return <span className="cart-store__distance"> · {storeDistanceText(store, place)}</span>;
}
