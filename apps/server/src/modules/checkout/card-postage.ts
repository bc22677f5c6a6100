import type { CardPostageItem } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { exactShippingLabel } from '../catalogue/catalogue.mapper.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import {
  itemChargeableGrams,
  type ParcelItem,
  type ShipmentQuote,
  type ShippingService,
} from '../shipping/shipping.service.js';
import { parcelItems } from './postage.js';

type OkQuote = Extract<ShipmentQuote, { ok: true }>;

/** The cheapest service checkout offers for a quote (Express is sometimes the cheaper), or null. */
function cheapestOf(quote: ShipmentQuote): number | null {
  if (!quote.ok) return null;
  return quote.express ? Math.min(quote.regular.totalMinor, quote.express.totalMinor) : quote.regular.totalMinor;
}

/**
 * Whether two quotes of one parcel class at two prices say the same for every price between them.
 * A refusal (not postable, no settings, no zone, no band) never depends on the price, and the
 * surcharge applies from a threshold upwards, so quotes agreeing on it agree on all prices between.
 */
function sameBetween(low: ShipmentQuote, high: ShipmentQuote): boolean {
  if (!low.ok || !high.ok) return low.ok === high.ok;
  return (low as OkQuote).surchargeApplies === (high as OkQuote).surchargeApplies;
}

/**
 * The cards' postage line once the shopper's postcode is known: for each item, what checkout
 * charges to post it alone there (item-postage.ts's quote, the cheapest service of it), worded by
 * the catalogue's card rules. Cheap for a page of cards: one query for the items, and the items
 * grouped into parcel classes (store, chargeable weight, postable) so each class is priced once
 * through ShippingService.quote (three queries for all stores). Within a class only the surcharge
 * can differ, and it applies from a price upwards: the class's cheapest and dearest items are
 * priced, and the items between only when those two disagree (a class straddling the threshold).
 */
export async function cardPostage(
  catalogue: CatalogueService,
  shipping: ShippingService,
  ctx: Ctx,
  codes: string[],
  postcode: string,
): Promise<CardPostageItem[]> {
  // Sold and reserved items are left out: their cards keep what they say.
  const items = (await catalogue.itemsByCodes(ctx, codes)).filter((item) => item.status === 'available');
  const parcels = new Map(items.map((item) => [item.id, parcelItems([item])[0] as ParcelItem]));

  const classes = new Map<string, { storeId: number; parcels: ParcelItem[] }>();
  for (const item of items) {
    const parcel = parcels.get(item.id) as ParcelItem;
    const key = `${item.storeId}:${itemChargeableGrams(parcel)}:${parcel.postable}`;
    const group = classes.get(key) ?? { storeId: item.storeId, parcels: [] };
    group.parcels.push(parcel);
    classes.set(key, group);
  }

  const quoted = new Map<number, ShipmentQuote>();
  const priceEach = async (asked: { storeId: number; parcel: ParcelItem }[]) => {
    if (asked.length === 0) return;
    const quotes = await shipping.quote(
      ctx,
      asked.map(({ storeId, parcel }) => ({ storeId, items: [parcel] })),
      postcode,
    );
    for (const [i, { parcel }] of asked.entries()) quoted.set(parcel.productId, quotes[i] as ShipmentQuote);
  };

  const ends = [...classes.values()].map((group) => {
    const sorted = [...group.parcels].sort((a, b) => a.priceMinor - b.priceMinor);
    return { storeId: group.storeId, sorted };
  });
  await priceEach(
    ends.flatMap(({ storeId, sorted }) => {
      const low = sorted[0] as ParcelItem;
      const high = sorted[sorted.length - 1] as ParcelItem;
      return low === high
        ? [{ storeId, parcel: low }]
        : [
            { storeId, parcel: low },
            { storeId, parcel: high },
          ];
    }),
  );
  const straddling: { storeId: number; parcel: ParcelItem }[] = [];
  for (const { storeId, sorted } of ends) {
    const low = quoted.get((sorted[0] as ParcelItem).productId) as ShipmentQuote;
    const high = quoted.get((sorted[sorted.length - 1] as ParcelItem).productId) as ShipmentQuote;
    const middle = sorted.slice(1, -1);
    if (sameBetween(low, high)) for (const parcel of middle) quoted.set(parcel.productId, low);
    else straddling.push(...middle.map((parcel) => ({ storeId, parcel })));
  }
  await priceEach(straddling);

  return items.map((item) => {
    const quote = quoted.get(item.id) as ShipmentQuote;
    const postageMinor = item.storePickupDisabled ? null : cheapestOf(quote);
    const postsAtAll = quote.ok || (quote.reason !== 'not-postable' && quote.reason !== 'no-settings');
    return {
      Code: item.code,
      PostageMinor: postageMinor,
      Label: exactShippingLabel(postageMinor, postsAtAll, item, item.storePickupDisabled, ctx.region, postcode),
    };
  });
}
