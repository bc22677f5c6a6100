import { FEATURE_FLAG_NAMES, type FeatureFlagName, REGION_INFO, type SiteValue } from '@shop/contract';
import type { Config } from '../../config.js';
import type { Ctx } from '../../lib/context.js';
import { SiteRepository } from './site.repository.js';

export type SiteConfig = Pick<
  Config,
  | 'WISHLISTS_ENABLED'
  | 'DISCOUNTS_ENABLED'
  | 'WISHLIST_ALERTS_ENABLED'
  | 'SAVED_SEARCHES_ENABLED'
  | 'SUGGESTION_MIN_LENGTH'
>;

/** One feature flag as the admin sees it: their switch, the environment's, and what the shop does. */
export interface FeatureFlagState {
  name: FeatureFlagName;
  enabled: boolean;
  environmentEnabled: boolean;
  effective: boolean;
}

/**
 * What the spec calls "page-level settings": the region, its currency and the feature flags. Each
 * flag has two switches: the environment's (the operator's, e.g. WISHLISTS_ENABLED=false, which
 * nothing in the shop can overrule) and the marketplace admin's, stored per region (no row: on). A
 * flag is on only when both are.
 */
export class SiteService {
  private readonly repository = new SiteRepository();

  constructor(private readonly config: SiteConfig) {}

  async settings(ctx: Ctx): Promise<SiteValue> {
    const region = REGION_INFO[ctx.region];
    const flags = new Map((await this.flags(ctx)).map((f) => [f.name, f.effective]));
    return {
      Region: region.code,
      CurrencyCode: region.currencyCode,
      CurrencySymbol: region.currencySymbol,
      WishlistsEnabled: flags.get('WishlistsEnabled') ?? false,
      DiscountsEnabled: flags.get('DiscountsEnabled') ?? false,
      WishlistAlertsEnabled: flags.get('WishlistAlertsEnabled') ?? false,
      SavedSearchesEnabled: flags.get('SavedSearchesEnabled') ?? false,
      SuggestionMinLength: this.config.SUGGESTION_MIN_LENGTH,
    };
  }

  /** Every flag of the region, in the contract's order. */
  async flags(ctx: Ctx): Promise<FeatureFlagState[]> {
    const stored = await this.repository.flags(ctx, ctx.region);
    return FEATURE_FLAG_NAMES.map((name) => {
      const enabled = stored.get(name) ?? true;
      const environmentEnabled = this.environment(name);
      return { name, enabled, environmentEnabled, effective: enabled && environmentEnabled };
    });
  }

  /** The admin switches a flag of the region (in the caller's transaction). */
  setFlag(ctx: Ctx, name: FeatureFlagName, enabled: boolean, userId: number | null, now: number): Promise<void> {
    return this.repository.setFlag(ctx, { region: ctx.region, name, enabled, updatedAt: now, updatedBy: userId });
  }

  private environment(name: FeatureFlagName): boolean {
    switch (name) {
      case 'WishlistsEnabled':
        return this.config.WISHLISTS_ENABLED;
      case 'DiscountsEnabled':
        return this.config.DISCOUNTS_ENABLED;
      case 'WishlistAlertsEnabled':
        return this.config.WISHLIST_ALERTS_ENABLED;
      case 'SavedSearchesEnabled':
        return this.config.SAVED_SEARCHES_ENABLED;
    }
  }
}
