import { REGION_INFO, type SiteValue } from '@shop/contract';
import type { Config } from '../../config.js';
import type { Ctx } from '../../lib/context.js';

export type SiteConfig = Pick<
  Config,
  | 'WISHLISTS_ENABLED'
  | 'DISCOUNTS_ENABLED'
  | 'WISHLIST_ALERTS_ENABLED'
  | 'SAVED_SEARCHES_ENABLED'
  | 'SUGGESTION_MIN_LENGTH'
>;

/** What the spec calls "page-level settings": the region, its currency and the feature flags. */
export class SiteService {
  constructor(private readonly config: SiteConfig) {}

  settings(ctx: Ctx): SiteValue {
    const region = REGION_INFO[ctx.region];
    return {
      Region: region.code,
      CurrencyCode: region.currencyCode,
      CurrencySymbol: region.currencySymbol,
      WishlistsEnabled: this.config.WISHLISTS_ENABLED,
      DiscountsEnabled: this.config.DISCOUNTS_ENABLED,
      WishlistAlertsEnabled: this.config.WISHLIST_ALERTS_ENABLED,
      SavedSearchesEnabled: this.config.SAVED_SEARCHES_ENABLED,
      SuggestionMinLength: this.config.SUGGESTION_MIN_LENGTH,
    };
  }
}
