import type { CardPostageItem, PostageQuote } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { combineQuotes, type ShippingService } from '../shipping/shipping.service.js';
import { cardPostage } from './card-postage.js';
import { parcelItems, toEstimate } from './postage.js';

/**
 * The product page's postcode box: one item's postage to a postcode, priced the way checkout
 * prices a cart holding just that item (the same parcel, the same table-rate quote, the same
 * estimate shape), so the figure the page shows is the figure checkout charges.
 */
export class ItemPostage {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly shipping: ShippingService,
  ) {}

  async quote(ctx: Ctx, code: string, postcode: string): Promise<PostageQuote> {
    const item = await this.catalogue.findByCode(ctx, code);
    if (!item) throw new NotFoundError(`No item with code ${code.toUpperCase()}`);
    // The parcel checkout would make of it (nothing when it is no longer on sale: no quote then).
    const items = parcelItems([item]);
    if (items.length === 0) return { ...toEstimate(combineQuotes([]), ctx.region), PostCode: postcode };
    const quotes = await this.shipping.quote(ctx, [{ storeId: item.storeId, items }], postcode);
    return { ...toEstimate(combineQuotes(quotes), ctx.region), PostCode: postcode };
  }

  /** A page of cards' postage lines to a postcode (card-postage.ts); unknown and unsold codes are left out. */
  cards(ctx: Ctx, codes: string[], postcode: string): Promise<CardPostageItem[]> {
    return cardPostage(this.catalogue, this.shipping, ctx, codes, postcode);
  }
}
