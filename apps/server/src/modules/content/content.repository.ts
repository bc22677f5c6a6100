import type { Insertable } from 'kysely';
import type { ContentPageRow, SiteNoticesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class ContentRepository {
  listByRegion(ctx: DbCtx, region: 'AU' | 'UK'): Promise<ContentPageRow[]> {
    return ctx.db.selectFrom('content_pages').selectAll().where('region', '=', region).orderBy('id').execute();
  }

  async findNotice(ctx: DbCtx, region: 'AU' | 'UK', key: string): Promise<string | undefined> {
    const row = await ctx.db
      .selectFrom('site_notices')
      .select('html')
      .where('region', '=', region)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.html;
  }

  /** Replaces every notice (the demo seed). */
  async replaceNotices(ctx: DbCtx, rows: Insertable<SiteNoticesTable>[]): Promise<void> {
    await ctx.db.deleteFrom('site_notices').execute();
    if (rows.length > 0) await ctx.db.insertInto('site_notices').values(rows).execute();
  }
}
