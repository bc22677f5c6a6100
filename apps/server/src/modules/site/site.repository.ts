import type { DbCtx } from '../../lib/context.js';

/** The admin's feature-flag switches (table site_feature_flags). No rules here. */
export class SiteRepository {
  /** The region's stored switches by flag name (a flag without a row is absent). */
  async flags(ctx: DbCtx, region: 'AU' | 'UK'): Promise<Map<string, boolean>> {
    const rows = await ctx.db
      .selectFrom('site_feature_flags')
      .select(['name', 'enabled'])
      .where('region', '=', region)
      .execute();
    return new Map(rows.map((r) => [r.name, r.enabled === 1]));
  }

  /** Writes one switch (insert or replace). */
  async setFlag(
    ctx: DbCtx,
    row: { region: 'AU' | 'UK'; name: string; enabled: boolean; updatedAt: number; updatedBy: number | null },
  ): Promise<void> {
    const values = {
      region: row.region,
      name: row.name,
      enabled: row.enabled ? 1 : 0,
      updated_at: row.updatedAt,
      updated_by: row.updatedBy,
    };
    await ctx.db
      .insertInto('site_feature_flags')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['region', 'name'])
          .doUpdateSet({ enabled: values.enabled, updated_at: values.updated_at, updated_by: values.updated_by }),
      )
      .execute();
  }
}
