import type { Region } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx, DbCtx } from '../../lib/context.js';
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
} from './table-rates.js';

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
