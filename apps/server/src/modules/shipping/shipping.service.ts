import type { Region } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx, DbCtx } from '../../lib/context.js';
import { type CheapestTable, cheapestTable } from './cheapest-postage.js';
import { ShippingRepository } from './shipping.repository.js';
import {
  matchZone,
  type ParcelItem,
  quoteShipment,
  type RateBand,
  type ServiceName,
  type ShipmentQuote,
  type StoreShippingSettings,
  type Zone,
  type ZoneArea,
} from './table-rates.js';

export { type CheapestTable, cheapestPostage } from './cheapest-postage.js';
export type {
  CombinedEstimate,
  ParcelItem,
  ServiceQuote,
  ShipmentQuote,
} from './table-rates.js';
export { combineQuotes, itemChargeableGrams, postageSnapshot } from './table-rates.js';

/** A rate card as written: zones by AU postcode ranges or UK outward-code prefixes, each with its bands. */
export interface RateCardDefinition {
  region: Region;
  name: string;
  zones: {
    name: string;
    /** AU: inclusive [from, to] postcode ranges. */
    postcodeRanges?: [number, number][];
    /** UK: outward-code prefixes ('' is the catch-all). */
    outwardPrefixes?: string[];
    rates: { service: ServiceName; maxWeightGrams: number; priceMinor: number; minDays: number; maxDays: number }[];
  }[];
}

export interface StoreShippingSettingsInput {
  storeId: number;
  rateCardId: number;
  expressEnabled?: boolean;
  surchargeThresholdMinor?: number | null;
  surchargeMinor?: number;
  handlingMinor?: number;
}

/** One weight band of a store's table, as the store console edits it. */
export type StoreRateInput = RateBand;

/** A store's postage as the store console shows it: its settings, its table's zones and bands. */
export interface StorePostage {
  settings: StoreShippingSettings;
  rateCardName: string;
  /** Other stores use the same table. */
  shared: boolean;
  zones: { id: number; name: string; areas: ZoneArea[] }[];
  rates: StoreRateInput[];
}

export interface StorePostageChange {
  expressEnabled: boolean;
  surchargeThresholdMinor: number | null;
  surchargeMinor: number;
  handlingMinor: number;
  /** The whole table: every band of every zone (a zone left without rows cannot be posted to). */
  rates: StoreRateInput[];
}

export type StorePostageOutcome =
  | { kind: 'no-settings' }
  /** rates[index] names a zone that is not in the store's table. */
  | { kind: 'unknown-zone'; index: number }
  /** copied: the table was shared, so the store now has its own copy with the new rates. */
  | { kind: 'saved'; changed: boolean; copied: boolean };

/** One store's items to quote for. */
export interface ShipmentRequest {
  storeId: number;
  items: ParcelItem[];
}

/**
 * Table-rate postage per store (table-rates.ts has the rules). Quotes read the store's settings,
 * its rate card's zones and the matched zones' bands: three queries however many stores.
 */
export class ShippingService {
  private readonly repository = new ShippingRepository();

  /** Each store's shipment to this postcode (in the caller's region), in the order asked. */
  async quote(ctx: Ctx, shipments: ShipmentRequest[], postcode: string): Promise<ShipmentQuote[]> {
    const settingsRows = await this.repository.settingsFor(ctx, [...new Set(shipments.map((s) => s.storeId))]);
    const settings = new Map<number, StoreShippingSettings>(
      settingsRows.map((row) => [
        row.store_id,
        {
          storeId: row.store_id,
          rateCardId: row.rate_card_id,
          expressEnabled: row.express_enabled === 1,
          surchargeThresholdMinor:
            row.surcharge_threshold_minor === null ? null : Number(row.surcharge_threshold_minor),
          surchargeMinor: Number(row.surcharge_minor),
          handlingMinor: Number(row.handling_minor),
        },
      ]),
    );
    const zonesByCard = await this.zonesOf(ctx, [...new Set(settingsRows.map((s) => s.rate_card_id))]);
    const matched = new Set<number>();
    for (const s of settings.values()) {
      const zone = matchZone(zonesByCard.get(s.rateCardId) ?? [], ctx.region, postcode);
      if (zone) matched.add(zone.id);
    }
    const rates: RateBand[] = (await this.repository.ratesForZones(ctx, [...matched])).map((r) => ({
      zoneId: r.zone_id,
      service: r.service,
      maxWeightGrams: r.max_weight_grams,
      priceMinor: Number(r.price_minor),
      minDays: r.min_days,
      maxDays: r.max_days,
    }));
    return shipments.map((shipment) => {
      const storeSettings = settings.get(shipment.storeId) ?? null;
      return quoteShipment({
        storeId: shipment.storeId,
        settings: storeSettings,
        zones: storeSettings ? (zonesByCard.get(storeSettings.rateCardId) ?? []) : [],
        rates,
        region: ctx.region,
        postcode,
        items: shipment.items,
      });
    });
  }

  /**
   * Each of these stores' tables for the "Postage from" price (cheapest-postage.ts); a store
   * without postage settings is left out (it cannot post). Three queries however many stores.
   */
  async cheapestTables(ctx: Ctx, storeIds: number[]): Promise<Map<number, CheapestTable>> {
    const settingsRows = await this.repository.settingsFor(ctx, [...new Set(storeIds)]);
    const zonesByCard = await this.zonesOf(ctx, [...new Set(settingsRows.map((s) => s.rate_card_id))]);
    const zoneIds = [...zonesByCard.values()].flatMap((zones) => zones.map((zone) => zone.id));
    const rates = (await this.repository.ratesForZones(ctx, zoneIds)).map(rateInputOf);
    return new Map(
      settingsRows.map((row) => [
        row.store_id,
        cheapestTable(settingsOf(row), zonesByCard.get(row.rate_card_id) ?? [], rates),
      ]),
    );
  }

  private async zonesOf(ctx: DbCtx, rateCardIds: number[]): Promise<Map<number, Zone[]>> {
    const byCard = new Map<number, Map<number, Zone>>();
    for (const row of await this.repository.zoneAreas(ctx, rateCardIds)) {
      let zones = byCard.get(row.rate_card_id);
      if (!zones) {
        zones = new Map();
        byCard.set(row.rate_card_id, zones);
      }
      let zone = zones.get(row.zone_id);
      if (!zone) {
        zone = { id: row.zone_id, name: row.zone_name, areas: [] };
        zones.set(row.zone_id, zone);
      }
      zone.areas.push({
        postcodeFrom: row.postcode_from,
        postcodeTo: row.postcode_to,
        outwardPrefix: row.outward_prefix,
      });
    }
    return new Map([...byCard].map(([card, zones]) => [card, [...zones.values()]]));
  }

  /** Writes a rate card with its zones, areas and bands; answers its id. */
  async createRateCard(ctx: Ctx, card: RateCardDefinition): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const cardId = await this.repository.insertRateCard(tx, card.region, card.name);
      for (const zone of card.zones) {
        const zoneId = await this.repository.insertZone(tx, cardId, zone.name);
        await this.repository.insertAreas(tx, [
          ...(zone.postcodeRanges ?? []).map(([from, to]) => ({
            zone_id: zoneId,
            postcode_from: from,
            postcode_to: to,
            outward_prefix: null,
          })),
          ...(zone.outwardPrefixes ?? []).map((prefix) => ({
            zone_id: zoneId,
            postcode_from: null,
            postcode_to: null,
            outward_prefix: prefix.trim().toUpperCase(),
          })),
        ]);
        await this.repository.insertRates(
          tx,
          zone.rates.map((rate) => ({
            zone_id: zoneId,
            service: rate.service,
            max_weight_grams: rate.maxWeightGrams,
            price_minor: rate.priceMinor,
            min_days: rate.minDays,
            max_days: rate.maxDays,
          })),
        );
      }
      return cardId;
    });
  }

  /** Sets (or replaces) one store's postage settings. */
  async setStoreSettings(ctx: Ctx, input: StoreShippingSettingsInput): Promise<void> {
    await inTransaction(ctx, (tx) => this.repository.upsertSettings(tx, settingsRow(input)));
  }

  /** A store's postage settings and its whole table, or null when it has none (it cannot post). */
  async storePostage(ctx: Ctx, storeId: number): Promise<StorePostage | null> {
    const [row] = await this.repository.settingsFor(ctx, [storeId]);
    if (!row) return null;
    const card = await this.repository.rateCard(ctx, row.rate_card_id);
    const zones = (await this.zonesOf(ctx, [row.rate_card_id])).get(row.rate_card_id) ?? [];
    // A zone without areas has no area rows, so the card's zones are read on their own too.
    const named = await this.repository.zonesOfCard(ctx, row.rate_card_id);
    const areas = new Map(zones.map((z) => [z.id, z.areas]));
    const rates = await this.repository.ratesOfZones(
      ctx,
      named.map((z) => z.id),
    );
    return {
      settings: settingsOf(row),
      rateCardName: card?.name ?? '',
      shared: (await this.repository.otherStoresOnCard(ctx, row.rate_card_id, storeId)) > 0,
      zones: named.map((z) => ({ id: z.id, name: z.name, areas: areas.get(z.id) ?? [] })),
      rates: rates.map(rateInputOf),
    };
  }

  /**
   * Changes a store's postage: its settings, and its table's bands when they differ from what is
   * stored. A table is shared by many stores, so one store's new rates must not reach the others:
   * when another store uses the table, this store gets its own copy (same zones and areas, the new
   * bands) and its settings point at the copy. In one transaction (the caller's, when it has one).
   */
  async changeStorePostage(ctx: Ctx, storeId: number, change: StorePostageChange): Promise<StorePostageOutcome> {
    return inTransaction(ctx, async (tx) => {
      const [row] = await this.repository.settingsFor(tx, [storeId]);
      if (!row) return { kind: 'no-settings' } as const;
      const zones = await this.repository.zonesOfCard(tx, row.rate_card_id);
      const zoneIds = new Set(zones.map((z) => z.id));
      const unknown = change.rates.findIndex((r) => !zoneIds.has(r.zoneId));
      if (unknown >= 0) return { kind: 'unknown-zone', index: unknown } as const;

      const stored = (await this.repository.ratesOfZones(tx, [...zoneIds])).map(rateInputOf);
      const ratesChanged = rateKey(stored) !== rateKey(change.rates);
      let rateCardId = row.rate_card_id;
      let copied = false;
      if (ratesChanged) {
        let zoneIdOf = (id: number) => id;
        if ((await this.repository.otherStoresOnCard(tx, row.rate_card_id, storeId)) > 0) {
          const copy = await this.copyCardWithoutRates(tx, row.rate_card_id, storeId);
          rateCardId = copy.cardId;
          zoneIdOf = (id) => copy.zoneIds.get(id) as number;
          copied = true;
        } else {
          await this.repository.deleteRatesOfZones(tx, [...zoneIds]);
        }
        await this.repository.insertRates(
          tx,
          change.rates.map((rate) => ({
            zone_id: zoneIdOf(rate.zoneId),
            service: rate.service,
            max_weight_grams: rate.maxWeightGrams,
            price_minor: rate.priceMinor,
            min_days: rate.minDays,
            max_days: rate.maxDays,
          })),
        );
      }
      const next = settingsRow({ storeId, rateCardId, ...change });
      const before = settingsRow({ ...settingsOf(row), storeId });
      const settingsChanged = JSON.stringify(next) !== JSON.stringify(before);
      if (settingsChanged) await this.repository.upsertSettings(tx, next);
      return { kind: 'saved', changed: settingsChanged || ratesChanged, copied } as const;
    });
  }

  /**
   * A store without postage settings starts on its region's usual table (the one most stores use):
   * Express on, no surcharge, no handling; its staff then change what they need. 'exists' when it
   * already has settings, 'no-card' when the region has no table at all.
   */
  async startStorePostage(ctx: Ctx, storeId: number): Promise<'started' | 'exists' | 'no-card'> {
    return inTransaction(ctx, async (tx) => {
      if ((await this.repository.settingsFor(tx, [storeId])).length > 0) return 'exists';
      const rateCardId = await this.repository.mostUsedRateCard(tx, tx.region);
      if (rateCardId === undefined) return 'no-card';
      await this.repository.upsertSettings(tx, settingsRow({ storeId, rateCardId }));
      return 'started';
    });
  }

  /** A copy of a rate card's zones and areas (not its bands) named for the store; old zone id -> new. */
  private async copyCardWithoutRates(ctx: Ctx, rateCardId: number, storeId: number) {
    const card = await this.repository.rateCard(ctx, rateCardId);
    if (!card) throw new RangeError(`No rate card ${rateCardId}`);
    const cardId = await this.repository.insertRateCard(ctx, card.region, `${card.name} (store ${storeId})`);
    const zoneIds = new Map<number, number>();
    for (const zone of await this.repository.zonesOfCard(ctx, rateCardId))
      zoneIds.set(zone.id, await this.repository.insertZone(ctx, cardId, zone.name));
    await this.repository.insertAreas(
      ctx,
      (await this.repository.zoneAreas(ctx, [rateCardId])).map((area) => ({
        zone_id: zoneIds.get(area.zone_id) as number,
        postcode_from: area.postcode_from,
        postcode_to: area.postcode_to,
        outward_prefix: area.outward_prefix,
      })),
    );
    return { cardId, zoneIds };
  }

  /** Replaces every rate card and store setting (the demo seed). */
  async replaceAll(
    ctx: Ctx,
    cards: RateCardDefinition[],
    settingsFor: (cardIds: Map<string, number>) => StoreShippingSettingsInput[],
  ): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      await this.repository.clearAll(tx);
      const ids = new Map<string, number>();
      for (const card of cards) ids.set(card.name, await this.createRateCard(tx, card));
      await this.repository.insertSettings(tx, settingsFor(ids).map(settingsRow));
    });
  }
}

function settingsOf(row: {
  store_id: number;
  rate_card_id: number;
  express_enabled: number;
  surcharge_threshold_minor: number | null;
  surcharge_minor: number;
  handling_minor: number;
}): StoreShippingSettings {
  return {
    storeId: row.store_id,
    rateCardId: row.rate_card_id,
    expressEnabled: row.express_enabled === 1,
    surchargeThresholdMinor: row.surcharge_threshold_minor === null ? null : Number(row.surcharge_threshold_minor),
    surchargeMinor: Number(row.surcharge_minor),
    handlingMinor: Number(row.handling_minor),
  };
}

function rateInputOf(row: {
  zone_id: number;
  service: ServiceName;
  max_weight_grams: number;
  price_minor: number;
  min_days: number;
  max_days: number;
}): StoreRateInput {
  return {
    zoneId: row.zone_id,
    service: row.service,
    maxWeightGrams: row.max_weight_grams,
    priceMinor: Number(row.price_minor),
    minDays: row.min_days,
    maxDays: row.max_days,
  };
}

/** A table's bands in one order, to tell whether two tables are the same. */
function rateKey(rates: StoreRateInput[]): string {
  return rates
    .map((r) => [r.zoneId, r.service, r.maxWeightGrams, r.priceMinor, r.minDays, r.maxDays].join(':'))
    .sort()
    .join('|');
}

function settingsRow(input: StoreShippingSettingsInput) {
  return {
    store_id: input.storeId,
    rate_card_id: input.rateCardId,
    express_enabled: input.expressEnabled === false ? 0 : 1,
    surcharge_threshold_minor: input.surchargeThresholdMinor ?? null,
    surcharge_minor: input.surchargeMinor ?? 0,
    handling_minor: input.handlingMinor ?? 0,
  };
}
