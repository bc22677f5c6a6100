/** The site module's table (migration 024). Times are epoch milliseconds. */

/** An admin's switch of one feature flag in one region (no row: on). */
interface SiteFeatureFlagsTable {
  region: 'AU' | 'UK';
  /** The flag's name as GET /c3api/site calls it: 'WishlistsEnabled', ... */
  name: string;
  /** 1 on, 0 off. */
  enabled: number;
  updated_at: number;
  updated_by: number | null;
}

export interface SiteTables {
  site_feature_flags: SiteFeatureFlagsTable;
}
