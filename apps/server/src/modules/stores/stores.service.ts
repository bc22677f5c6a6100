import { greatCircleKm, type StoreQuery, statesOf } from '@shop/contract';
import type { Updateable } from 'kysely';
import type { StoreRow, StoresTable } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { openingHoursOf, type StoreToday, storeToday } from './opening-hours.js';
import { storeTimeZone } from './store-time-zone.js';
import { StoresRepository } from './stores.repository.js';

/** What the store console may change of a store (StoresService.updateSettings); absent: unchanged. */
export interface StoreSettingsChanges {
  phone?: string;
  email?: string;
  /** The whole address as stored ('12 Main St, Ballarat VIC 3350'; see composeStoreAddress). */
  address?: string;
  suburb?: string;
  postcode?: string;
  openingHours?: { Day: string; Hours: string }[];
  pickupDisabled?: boolean;
  entityName?: string;
  businessNumber?: string;
  vatNumber?: string;
  taxRegistered?: boolean;
  dealerLicences?: string[];
}

/** Great-circle distance in kilometres (the contract's formula, so the web's figures agree). */
export const haversineKm = greatCircleKm;

/** The region's stores: for the location facet, store pages and "nearest store". */
export class StoresService {
  private readonly repository = new StoresRepository();

  /** `now`: the clock "open now" reads (tests fix it). */
  constructor(private readonly now: () => number = Date.now) {}

  listRows(ctx: Ctx): Promise<StoreRow[]> {
    return this.repository.listByRegion(ctx, ctx.region);
  }

  /** One of this region's stores, or null. */
  async storeById(ctx: Ctx, id: number): Promise<StoreRow | null> {
    const row = await this.repository.findById(ctx, id);
    return row && row.region === ctx.region ? row : null;
  }

  /**
   * Changes a store's own settings (the store console): contact, address line, opening hours,
   * pickup and the invoice identity. Only the given fields change; the caller's transaction (if
   * any) holds it. Answers the store as it now is.
   */
  async updateSettings(ctx: Ctx, id: number, changes: StoreSettingsChanges): Promise<StoreRow> {
    const row: Updateable<StoresTable> = {};
    if (changes.phone !== undefined) row.phone = changes.phone;
    if (changes.email !== undefined) row.email = changes.email;
    if (changes.address !== undefined) row.address = changes.address;
    if (changes.suburb !== undefined) row.suburb = changes.suburb;
    if (changes.postcode !== undefined) row.postcode = changes.postcode;
    if (changes.openingHours !== undefined) row.opening_hours = JSON.stringify(changes.openingHours);
    if (changes.pickupDisabled !== undefined) row.pickup_disabled = changes.pickupDisabled ? 1 : 0;
    if (changes.entityName !== undefined) row.entity_name = changes.entityName;
    if (changes.businessNumber !== undefined) row.business_number = changes.businessNumber;
    if (changes.vatNumber !== undefined) row.vat_number = changes.vatNumber;
    if (changes.taxRegistered !== undefined) row.tax_registered = changes.taxRegistered ? 1 : 0;
    if (changes.dealerLicences !== undefined) row.dealer_licences = JSON.stringify(changes.dealerLicences);
    const updated =
      Object.keys(row).length > 0
        ? await this.repository.updateDetails(ctx, id, row)
        : await this.repository.findById(ctx, id);
    if (!updated) throw new RangeError(`No store ${id}`);
    return updated;
  }

  /**
   * The region's stores for a query, in the order asked, each with its distance when a point was
   * given (`place`, the shopper's resolved place, wins over the query's latitude and longitude)
   * and its day (open now, today's hours) in its own time zone.
   */
  async query(
    ctx: Ctx,
    query: StoreQuery,
    place: { latitude: number; longitude: number } | null = null,
  ): Promise<{ row: StoreRow; distanceKm: number | null; today: StoreToday }[]> {
    const rows = await this.repository.listByRegion(ctx, ctx.region);
    const text = query.query?.toLowerCase();
    const states = query.state ? new Set(query.state) : null;
    const origin = place
      ? { lat: place.latitude, lng: place.longitude }
      : query.latitude !== undefined && query.longitude !== undefined
        ? { lat: query.latitude, lng: query.longitude }
        : null;
    const now = this.now();
    const stateOrder = new Map(statesOf(ctx.region).map((s, i) => [s.code, i]));
    const stores = rows
      .filter((r) => !states || states.has(r.state))
      .filter(
        (r) =>
          !text ||
          r.name.toLowerCase().includes(text) ||
          r.suburb.toLowerCase().includes(text) ||
          r.postcode.toLowerCase().startsWith(text) ||
          // The store page finds its store by the slug's first word, which need not be in the name.
          r.slug.startsWith(text),
      )
      .map((row) => ({
        row,
        distanceKm: origin ? haversineKm(origin.lat, origin.lng, row.latitude, row.longitude) : null,
        today: storeToday(openingHoursOf(row), storeTimeZone(row), now),
      }));
    const sort = query.sort === 'distance' && !origin ? 'state' : query.sort;
    stores.sort((a, b) => {
      if (sort === 'distance') return (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || a.row.name.localeCompare(b.row.name);
      if (sort === 'state') {
        const byState = (stateOrder.get(a.row.state) ?? 99) - (stateOrder.get(b.row.state) ?? 99);
        if (byState !== 0) return byState;
      }
      return a.row.name.localeCompare(b.row.name);
    });
    return stores;
  }

  // ---- the marketplace admin's ----

  /** Every store of both regions, by region then name. */
  listAll(ctx: Ctx): Promise<StoreRow[]> {
    return this.repository.listAll(ctx);
  }

  /** The store with this slug in any region (slugs are unique across the marketplace), or null. */
  async storeBySlug(ctx: Ctx, slug: string): Promise<StoreRow | null> {
    return (await this.repository.findBySlug(ctx, slug)) ?? null;
  }

  /** Any region's store by id (the admin's edit), or null. */
  async anyStoreById(ctx: Ctx, id: number): Promise<StoreRow | null> {
    return (await this.repository.findById(ctx, id)) ?? null;
  }

  /**
   * A new store with its name, address and contact; the rest starts empty (no opening hours, no
   * licences, pickup on) for the store's own settings to fill. Run it in the caller's transaction.
   */
  createStore(ctx: Ctx, details: StoreDetails): Promise<StoreRow> {
    return this.repository.insertStore(ctx, {
      ...storeColumns(details),
      opening_hours: '[]',
      business_number: '',
      dealer_licences: '[]',
      pickup_disabled: 0,
    });
  }

  /** Changes a store's name, slug, region, address and contact; null when there is no such store. */
  async updateStore(ctx: Ctx, id: number, details: StoreDetails): Promise<StoreRow | null> {
    return (await this.repository.updateDetails(ctx, id, storeColumns(details))) ?? null;
  }
}

/** What the marketplace admin sets of a store (its own settings hold the rest). */
export interface StoreDetails {
  name: string;
  slug: string;
  region: 'AU' | 'UK';
  /** The street line ('12 Main St'); stored as the whole address, the town line after it. */
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  phone: string;
  email: string;
  latitude: number;
  longitude: number;
}

function storeColumns(d: StoreDetails) {
  return {
    name: d.name,
    slug: d.slug,
    region: d.region,
    // Stored whole, as every store's address is: storeAddressLines cuts the town line off again.
    address: `${d.street}, ${storeAddressLines({ ...d, address: '' }).line2}`,
    suburb: d.suburb,
    state: d.state,
    postcode: d.postcode,
    phone: d.phone,
    email: d.email,
    latitude: d.latitude,
    longitude: d.longitude,
  };
}

/**
 * A store's address as two lines: the street, then the town line ("Parramatta NSW 2150"; in the UK
 * "Croydon CR0 1AB", the county code is ours, not the post's). `address` holds the whole address,
 * so its town part is cut off the street line rather than shown twice.
 */
export function storeAddressLines(store: {
  address: string;
  suburb: string;
  state: string;
  postcode: string;
  region: string;
}): { line1: string; line2: string } {
  const line2 =
    store.region === 'AU' ? `${store.suburb} ${store.state} ${store.postcode}` : `${store.suburb} ${store.postcode}`;
  // The last comma: a street line may hold one of its own ('Shop 4, 12 Main St').
  const comma = store.address.lastIndexOf(', ');
  const line1 = comma > 0 && store.address.endsWith(store.postcode) ? store.address.slice(0, comma) : store.address;
  return { line1, line2 };
}

/** The stored whole address from its street line, the inverse of storeAddressLines: the town line follows the street. */
export function composeStoreAddress(
  street: string,
  store: { suburb: string; state: string; postcode: string; region: string },
): string {
  return `${street}, ${storeAddressLines({ ...store, address: '' }).line2}`;
}
