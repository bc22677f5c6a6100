import { roundDistanceKm, type Store, type StoreQueryValue, stateName, storeNameWithState } from '@shop/contract';
import type { StoreRow } from '../../db/schema.js';
import type { StoreToday } from './opening-hours.js';

export const STORE_SORT_OPTIONS = [
  { Option: 'state', Name: 'State', Order: 1 },
  { Option: 'name', Name: 'Name', Order: 2 },
  { Option: 'distance', Name: 'Nearest', Order: 3 },
];

export function storeUrl(slug: string): string {
  return `/stores/${slug}`;
}

export function toStore(row: StoreRow, distanceKm: number | null = null): Store {
  return {
    Id: row.id,
    Slug: row.slug,
    Name: row.name,
    NameWithState: storeNameWithState(row),
    State: row.state,
    StateName: stateName(row.state),
    Address: row.address,
    Suburb: row.suburb,
    Postcode: row.postcode,
    Phone: row.phone,
    Email: row.email,
    OpeningHours: JSON.parse(row.opening_hours) as Store['OpeningHours'],
    BusinessNumber: row.business_number,
    DealerLicences: JSON.parse(row.dealer_licences) as string[],
    PickupDisabled: row.pickup_disabled === 1,
    Latitude: row.latitude,
    Longitude: row.longitude,
    Region: row.region,
    Url: storeUrl(row.slug),
    DistanceKm: distanceKm === null ? null : roundDistanceKm(distanceKm),
  };
}

/** GET /c3api/store/query/: the stores in the order the service chose. */
export function toStoreQueryValue(
  stores: { row: StoreRow; distanceKm: number | null; today: StoreToday }[],
): StoreQueryValue {
  const Stores = stores.map((s) => ({
    ...toStore(s.row, s.distanceKm),
    OpenNow: s.today.openNow,
    TodayHours: s.today.todayHours,
  }));
  return { Stores, TotalStores: Stores.length, SortOptions: STORE_SORT_OPTIONS };
}
