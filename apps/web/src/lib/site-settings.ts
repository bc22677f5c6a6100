import { REGION_INFO, type RegionInfo, type SiteValue, SUGGESTION_MIN_LENGTH } from '@shop/contract';
import { createContext, useContext } from 'react';

/**
 * The page-level settings (region, currency, feature flags) that the app's provider loads from
 * GET /c3api/site. Features read them here; only app/ fetches them.
 */
export interface SiteSettings extends SiteValue {
  regionInfo: RegionInfo;
  /** False until the server has answered; the defaults below are used meanwhile. */
  loaded: boolean;
}

export function siteSettingsFrom(value: SiteValue, loaded = true): SiteSettings {
  return { ...value, regionInfo: REGION_INFO[value.Region], loaded };
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = siteSettingsFrom(
  {
    Region: 'AU',
    CurrencyCode: 'AUD',
    CurrencySymbol: '$',
    WishlistsEnabled: false,
    DiscountsEnabled: false,
    WishlistAlertsEnabled: false,
    SavedSearchesEnabled: false,
    SuggestionMinLength: SUGGESTION_MIN_LENGTH,
  },
  false,
);

export const SiteSettingsContext = createContext<SiteSettings>(DEFAULT_SITE_SETTINGS);

export function useSiteSettings(): SiteSettings {
  return useContext(SiteSettingsContext);
}
