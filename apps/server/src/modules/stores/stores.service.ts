import { type Store, type StoreQuery, type StoreQueryValue, stateName, statesOf } from '@shop/contract';
import type { StoreRow } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { StoresRepository } from './stores.repository.js';

const SORT_OPTIONS = [
  { Option: 'state', Name: 'State', Order: 1 },
  { Option: 'name', Name: 'Name', Order: 2 },
  { Option: 'distance', Name: 'Nearest', Order: 3 },
];

export function storeUrl(slug: string): string {
  return `/stores/${slug}`;
}

/** Great-circle distance in kilometres. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

export function toStore(row: StoreRow, distanceKm: number | null = null): Store {
  return {
    Id: row.id,
    Slug: row.slug,
    Name: row.name,
    NameWithState: `${row.name}, ${row.state}`,
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
    DistanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
  };
}

/** The region's stores: for the location facet, store pages and "nearest store". */
export class StoresService {
  private readonly repository = new StoresRepository();

  listRows(ctx: Ctx): Promise<StoreRow[]> {
    return this.repository.listByRegion(ctx, ctx.region);
  }

  /** One of this region's stores, or null. */
  async storeById(ctx: Ctx, id: number): Promise<Store | null> {
    const row = await this.repository.findById(ctx, id);
    return row && row.region === ctx.region ? toStore(row) : null;
  }

  async query(ctx: Ctx, query: StoreQuery): Promise<StoreQueryValue> {
    const rows = await this.repository.listByRegion(ctx, ctx.region);
    const text = query.query?.toLowerCase();
    const states = query.state ? new Set(query.state) : null;
    const origin =
      query.latitude !== undefined && query.longitude !== undefined
        ? { lat: query.latitude, lng: query.longitude }
        : null;
    const stateOrder = new Map(statesOf(ctx.region).map((s, i) => [s.code, i]));
    const stores = rows
      .filter((r) => !states || states.has(r.state))
      .filter(
        (r) =>
          !text ||
          r.name.toLowerCase().includes(text) ||
          r.suburb.toLowerCase().includes(text) ||
          r.postcode.toLowerCase().startsWith(text),
      )
      .map((r) => toStore(r, origin ? haversineKm(origin.lat, origin.lng, r.latitude, r.longitude) : null));
    const sort = query.sort === 'distance' && !origin ? 'state' : query.sort;
    stores.sort((a, b) => {
      if (sort === 'distance') return (a.DistanceKm ?? 0) - (b.DistanceKm ?? 0) || a.Name.localeCompare(b.Name);
      if (sort === 'state') {
        const byState = (stateOrder.get(a.State) ?? 99) - (stateOrder.get(b.State) ?? 99);
        if (byState !== 0) return byState;
      }
      return a.Name.localeCompare(b.Name);
    });
    return { Stores: stores, TotalStores: stores.length, SortOptions: SORT_OPTIONS };
  }
}
