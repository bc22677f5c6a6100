import type { Insertable } from 'kysely';
import type { BannerRow, BannersTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class BannersRepository {
  listActive(ctx: DbCtx, region: 'AU' | 'UK', placement: string): Promise<BannerRow[]> {
    return ctx.db
      .selectFrom('banners')
      .selectAll()
      .where('region', '=', region)
      .where('placement', '=', placement)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async count(ctx: DbCtx): Promise<number> {
    const row = await ctx.db
      .selectFrom('banners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Replaces every banner (the demo seed). */
  async replaceAll(ctx: DbCtx, rows: Insertable<BannersTable>[]): Promise<void> {
    await ctx.db.deleteFrom('banners').execute();
    if (rows.length > 0) await ctx.db.insertInto('banners').values(rows).execute();
  }
}
