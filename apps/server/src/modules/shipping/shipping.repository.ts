import type { Insertable, Selectable } from 'kysely';
import type {
  ShippingRatesTable,
  ShippingZoneAreasTable,
  StoreShippingSettingsTable,
} from '../../db/tables/shipping.js';
import type { DbCtx } from '../../lib/context.js';

export type StoreShippingSettingsRow = Selectable<StoreShippingSettingsTable>;
export type ShippingRateRow = Selectable<ShippingRatesTable>;
export type ZoneAreaRow = Selectable<ShippingZoneAreasTable> & { zone_name: string; rate_card_id: number };

/** The shipping tables (migration 008). SQL only; no rules. */
export class ShippingRepository {
  async settingsFor(ctx: DbCtx, storeIds: number[]): Promise<StoreShippingSettingsRow[]> {
    if (storeIds.length === 0) return [];
    return ctx.db.selectFrom('store_shipping_settings').selectAll().where('store_id', 'in', storeIds).execute();
  }

  /** Every area of every zone of these rate cards, with its zone's name and card. */
  async zoneAreas(ctx: DbCtx, rateCardIds: number[]): Promise<ZoneAreaRow[]> {
    if (rateCardIds.length === 0) return [];
    return ctx.db
      .selectFrom('shipping_zone_areas as a')
      .innerJoin('shipping_zones as z', 'z.id', 'a.zone_id')
      .selectAll('a')
      .select(['z.name as zone_name', 'z.rate_card_id as rate_card_id'])
      .where('z.rate_card_id', 'in', rateCardIds)
      .orderBy('a.id')
      .execute();
  }

  async ratesForZones(ctx: DbCtx, zoneIds: number[]): Promise<ShippingRateRow[]> {
    if (zoneIds.length === 0) return [];
    return ctx.db.selectFrom('shipping_rates').selectAll().where('zone_id', 'in', zoneIds).execute();
  }

  async insertRateCard(ctx: DbCtx, region: 'AU' | 'UK', name: string): Promise<number> {
    const row = await ctx.db
      .insertInto('shipping_rate_cards')
      .values({ region, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertZone(ctx: DbCtx, rateCardId: number, name: string): Promise<number> {
    const row = await ctx.db
      .insertInto('shipping_zones')
      .values({ rate_card_id: rateCardId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertAreas(ctx: DbCtx, rows: Insertable<ShippingZoneAreasTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await ctx.db
        .insertInto('shipping_zone_areas')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  async insertRates(ctx: DbCtx, rows: Insertable<ShippingRatesTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await ctx.db
        .insertInto('shipping_rates')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  /** Creates or replaces one store's settings. */
  async upsertSettings(ctx: DbCtx, row: Insertable<StoreShippingSettingsTable>): Promise<void> {
    const { store_id: _storeId, ...changes } = row;
    await ctx.db
      .insertInto('store_shipping_settings')
      .values(row)
      .onConflict((oc) => oc.column('store_id').doUpdateSet(changes))
      .execute();
  }

  async insertSettings(ctx: DbCtx, rows: Insertable<StoreShippingSettingsTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await ctx.db
        .insertInto('store_shipping_settings')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  /** Every rate card, zone, rate and store setting (the demo seed starts over). */
  async clearAll(ctx: DbCtx): Promise<void> {
    await ctx.db.deleteFrom('store_shipping_settings').execute();
    await ctx.db.deleteFrom('shipping_rates').execute();
    await ctx.db.deleteFrom('shipping_zone_areas').execute();
    await ctx.db.deleteFrom('shipping_zones').execute();
    await ctx.db.deleteFrom('shipping_rate_cards').execute();
  }

  // ---- one store's table (the store console) ----

  async rateCard(ctx: DbCtx, id: number): Promise<{ id: number; region: 'AU' | 'UK'; name: string } | undefined> {
    return ctx.db.selectFrom('shipping_rate_cards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** How many stores other than this one use the rate card. */
  async otherStoresOnCard(ctx: DbCtx, rateCardId: number, storeId: number): Promise<number> {
    const row = await ctx.db
      .selectFrom('store_shipping_settings')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('rate_card_id', '=', rateCardId)
      .where('store_id', '<>', storeId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async zonesOfCard(ctx: DbCtx, rateCardId: number): Promise<{ id: number; name: string }[]> {
    return ctx.db
      .selectFrom('shipping_zones')
      .select(['id', 'name'])
      .where('rate_card_id', '=', rateCardId)
      .orderBy('id')
      .execute();
  }

  /** Every band of these zones, in zone, service, weight order. */
  async ratesOfZones(ctx: DbCtx, zoneIds: number[]): Promise<ShippingRateRow[]> {
    if (zoneIds.length === 0) return [];
    return ctx.db
      .selectFrom('shipping_rates')
      .selectAll()
      .where('zone_id', 'in', zoneIds)
      .orderBy('zone_id')
      .orderBy('service')
      .orderBy('max_weight_grams')
      .execute();
  }

  /** The region's rate card most stores use (the lowest id among equals), or undefined when it has none. */
  async mostUsedRateCard(ctx: DbCtx, region: 'AU' | 'UK'): Promise<number | undefined> {
    const row = await ctx.db
      .selectFrom('shipping_rate_cards as c')
      .leftJoin('store_shipping_settings as s', 's.rate_card_id', 'c.id')
      .select(['c.id', (eb) => eb.fn.count<number | string>('s.store_id').as('stores')])
      .where('c.region', '=', region)
      .groupBy('c.id')
      .orderBy('stores', 'desc')
      .orderBy('c.id')
      .executeTakeFirst();
    return row?.id;
  }

  async deleteRatesOfZones(ctx: DbCtx, zoneIds: number[]): Promise<void> {
    if (zoneIds.length === 0) return;
    await ctx.db.deleteFrom('shipping_rates').where('zone_id', 'in', zoneIds).execute();
  }
}
