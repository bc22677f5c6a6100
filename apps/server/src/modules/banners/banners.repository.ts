import type { Insertable, Updateable } from 'kysely';
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

  /** Every banner of a region's placement, active or not (the marketplace admin's list). */
  listAll(ctx: DbCtx, region: 'AU' | 'UK', placement: string): Promise<BannerRow[]> {
    return ctx.db
      .selectFrom('banners')
      .selectAll()
      .where('region', '=', region)
      .where('placement', '=', placement)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  findInRegion(ctx: DbCtx, region: 'AU' | 'UK', id: number): Promise<BannerRow | undefined> {
    return ctx.db
      .selectFrom('banners')
      .selectAll()
      .where('id', '=', id)
      .where('region', '=', region)
      .executeTakeFirst();
  }

  insert(ctx: DbCtx, row: Insertable<BannersTable>): Promise<BannerRow> {
    return ctx.db.insertInto('banners').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(
    ctx: DbCtx,
    region: 'AU' | 'UK',
    id: number,
    changes: Updateable<BannersTable>,
  ): Promise<BannerRow | undefined> {
    return ctx.db
      .updateTable('banners')
      .set(changes)
      .where('id', '=', id)
      .where('region', '=', region)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(ctx: DbCtx, region: 'AU' | 'UK', id: number): Promise<boolean> {
    const result = await ctx.db
      .deleteFrom('banners')
      .where('id', '=', id)
      .where('region', '=', region)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
