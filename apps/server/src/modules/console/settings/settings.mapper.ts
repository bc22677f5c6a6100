import { type ConsoleStoreSettingsValue, type OpeningHoursRow, stateName, WEEKDAYS } from '@shop/contract';
import type { StoreRow } from '../../../db/schema.js';
import type { StorePostage } from '../../shipping/shipping.service.js';
import { storeUrl } from '../../stores/stores.mapper.js';
import { storeAddressLines } from '../../stores/stores.service.js';

/** Stored store, postage and invoice identity -> the console's settings reply. Pure. */
export function toStoreSettingsValue(
  store: StoreRow,
  postage: StorePostage | null,
  printed: { TaxNumber: string; Licences: { Name: string; Number: string }[] },
): ConsoleStoreSettingsValue {
  return {
    StoreId: store.id,
    Name: store.name,
    Region: store.region,
    State: store.state,
    StateName: stateName(store.state),
    Url: storeUrl(store.slug),
    Details: {
      Phone: store.phone,
      Email: store.email,
      Street: storeAddressLines(store).line1,
      Suburb: store.suburb,
      Postcode: store.postcode,
      OpeningHours: weekOf(store.opening_hours),
    },
    Pickup: { PickupEnabled: store.pickup_disabled !== 1 },
    Postage: postage && {
      ExpressEnabled: postage.settings.expressEnabled,
      SurchargeThresholdMinor: postage.settings.surchargeThresholdMinor,
      SurchargeMinor: postage.settings.surchargeMinor,
      HandlingMinor: postage.settings.handlingMinor,
      RateCardName: postage.rateCardName,
      RateCardShared: postage.shared,
      Zones: postage.zones.map((zone) => ({ Id: zone.id, Name: zone.name, Areas: areasText(zone.areas) })),
      Rates: postage.rates.map((rate) => ({
        ZoneId: rate.zoneId,
        Service: rate.service,
        MaxWeightGrams: rate.maxWeightGrams,
        PriceMinor: rate.priceMinor,
        MinDays: rate.minDays,
        MaxDays: rate.maxDays,
      })),
    },
    Invoice: {
      EntityName: store.entity_name,
      BusinessNumber: store.business_number,
      VatNumber: store.vat_number,
      TaxRegistered: store.tax_registered === 1,
      Licences: stringList(store.dealer_licences),
      Printed: printed,
    },
  };
}

/**
 * The stored week as seven rows, Monday first: a store made without hours (a new one) gets blank
 * rows for the form to fill, and a day missing from older data a blank one.
 */
function weekOf(json: string): OpeningHoursRow[] {
  const stored = new Map<string, string>();
  try {
    const rows = JSON.parse(json) as unknown;
    if (Array.isArray(rows))
      for (const row of rows)
        if (row && typeof row.Day === 'string' && typeof row.Hours === 'string') stored.set(row.Day, row.Hours);
  } catch {
    // Unreadable: the form starts blank.
  }
  return WEEKDAYS.map((Day) => ({ Day, Hours: stored.get(Day) ?? '' }));
}

function stringList(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

/** Where a zone reaches, in words: AU postcode ranges, UK outward codes ('' is everywhere else). */
function areasText(areas: StorePostage['zones'][number]['areas']): string {
  const parts = areas.map((a) => {
    if (a.outwardPrefix !== null) return a.outwardPrefix === '' ? 'Everywhere else' : a.outwardPrefix;
    const from = String(a.postcodeFrom).padStart(4, '0');
    const to = String(a.postcodeTo).padStart(4, '0');
    return from === to ? from : `${from}-${to}`;
  });
  return parts.join(', ');
}
