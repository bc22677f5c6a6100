import { FEATURE_FLAG_NAMES, type FeatureFlagName, REGION_INFO, type Region, type SiteValue } from '@shop/contract';
import type { Config } from '../../config.js';
import type { Ctx, DbCtx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
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

/** What a call of a switched-off feature answers (404: the feature is not there for shoppers). */
export const FEATURE_OFF_MESSAGE: Record<FeatureFlagName, string> = {
  WishlistsEnabled: 'Wishlists are not offered',
  DiscountsEnabled: 'Discount codes are not offered',
  WishlistAlertsEnabled: 'Wishlist alerts are not offered',
  SavedSearchesEnabled: 'Saved searches are not offered',
};

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
  async flags(ctx: DbCtx & { region: Region }): Promise<FeatureFlagState[]> {
    const stored = await this.repository.flags(ctx, ctx.region);
    return FEATURE_FLAG_NAMES.map((name) => {
      const enabled = stored.get(name) ?? true;
      const environmentEnabled = this.environment(name);
      return { name, enabled, environmentEnabled, effective: enabled && environmentEnabled };
    });
  }

  /**
   * Whether the feature is on for shoppers now (the admin's switch and the environment's): what
   * every server-side check of a feature reads, so a switch GET /c3api/site shows off is off.
   */
  async enabled(ctx: DbCtx & { region: Region }, name: FeatureFlagName): Promise<boolean> {
    if (!this.environment(name)) return false;
    return (await this.repository.flags(ctx, ctx.region)).get(name) ?? true;
  }

  /** Refuses (404 with FEATURE_OFF_MESSAGE's words) a call of a feature that is off. */
  async require(ctx: DbCtx & { region: Region }, name: FeatureFlagName): Promise<void> {
    if (!(await this.enabled(ctx, name))) throw new NotFoundError(FEATURE_OFF_MESSAGE[name]);
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
